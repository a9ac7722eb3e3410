/**
 * Default knight names [P G-40]: a stable Arthurian name per knight id, distinct among the
 * recruiting lord's knights (as REN's names are: 'name-taken' is checked per lord).
 */
import type { GPState, Knight, LordId } from './state.ts';

const POOL = [
  'Gauvain', 'Perceval', 'Lancelot', 'Galaad', 'Bohort', 'Lionel', 'Yvain', 'Keu', 'Sagremor', 'Girflet',
  'Érec', 'Caradoc', 'Dodinel', 'Hector', 'Lamorak', 'Tristan', 'Palamède', 'Agravain', 'Gaheris', 'Gareth',
  'Mordret', 'Bédoier', 'Lucan', 'Blioberis', 'Méliant', 'Yder', 'Calogrenant', 'Dinadan', 'Escanor', 'Guerrehet',
  'Aglovale', 'Pellinore', 'Baudemagu', 'Méléagant', 'Brandelis', 'Cligès', 'Lionors', 'Safir', 'Segurade', 'Ladinas',
];
const ORDINALS = ['', ' le Jeune', ' le Hardi', ' le Preux', ' le Sage', ' le Blanc', ' le Noir', ' le Roux', ' le Bel', ' le Fort'];

/** `own`: the lord's knights, when the caller keeps them indexed (the same knights as the scan finds). */
export function knightName(s: GPState, id: string, lord: LordId, own?: readonly Knight[]): string {
  const n = Number(id.slice(1));
  const base = POOL[(n - 1) % POOL.length]!;
  const gen = Math.floor((n - 1) / POOL.length);
  let name = `${base}${ORDINALS[gen % ORDINALS.length]}${gen >= ORDINALS.length ? ` ${Math.floor(gen / ORDINALS.length) + 1}` : ''}`;
  // The lord may have renamed one of his knights to this name already: add the id to tell them
  // apart. Only his own knights are looked at: a clash with another lord's (perhaps hidden)
  // knight would tell him that such a name exists somewhere (fog of war, view.ts); orders tell
  // knights of different lords apart as Lord/Knight.
  const lower = name.toLowerCase();
  if (own) {
    for (const k of own) if (k.lord === lord && k.name.toLowerCase() === lower) return `${name} (${id})`;
    return name;
  }
  for (const kid in s.knights) {
    const k = s.knights[kid]!;
    if (k.lord === lord && k.name.toLowerCase() === lower) { name = `${name} (${id})`; break; }
  }
  return name;
}
