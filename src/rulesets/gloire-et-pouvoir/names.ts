/** Default knight names [P G-40]: a stable Arthurian name per knight id, unique in the game. */
import type { GPState } from './state.ts';

const POOL = [
  'Gauvain', 'Perceval', 'Lancelot', 'Galaad', 'Bohort', 'Lionel', 'Yvain', 'Keu', 'Sagremor', 'Girflet',
  'Érec', 'Caradoc', 'Dodinel', 'Hector', 'Lamorak', 'Tristan', 'Palamède', 'Agravain', 'Gaheris', 'Gareth',
  'Mordret', 'Bédoier', 'Lucan', 'Blioberis', 'Méliant', 'Yder', 'Calogrenant', 'Dinadan', 'Escanor', 'Guerrehet',
  'Aglovale', 'Pellinore', 'Baudemagu', 'Méléagant', 'Brandelis', 'Cligès', 'Lionors', 'Safir', 'Segurade', 'Ladinas',
];
const ORDINALS = ['', ' le Jeune', ' le Hardi', ' le Preux', ' le Sage', ' le Blanc', ' le Noir', ' le Roux', ' le Bel', ' le Fort'];

export function knightName(s: GPState, id: string): string {
  const n = Number(id.slice(1));
  const base = POOL[(n - 1) % POOL.length]!;
  const gen = Math.floor((n - 1) / POOL.length);
  let name = `${base}${ORDINALS[gen % ORDINALS.length]}${gen >= ORDINALS.length ? ` ${Math.floor(gen / ORDINALS.length) + 1}` : ''}`;
  // A lord may have renamed a knight to this name already: add the id to stay unique.
  if (Object.values(s.knights).some((k) => k.name.toLowerCase() === name.toLowerCase())) name = `${name} (${id})`;
  return name;
}
