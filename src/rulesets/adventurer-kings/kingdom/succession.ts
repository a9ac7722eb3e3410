/**
 * Succession (S2.7, G-11): the line of Kings never dies out. When a King dies, his Royal Heir
 * takes the throne at once (created if the kingdom has none: in the capital if still owned,
 * else in the owned province with the highest tax base, else where the King died), with the
 * King's race, alignment and temperament, all talents 0 and aptitudes rolled as in G-02. He
 * counts as the King for every rule, orders from the next phase. The player assigns his 4 talent
 * levels on a later sheet; until then, and while he has gained at most 4 levels by training, RE
 * cast on him raises the dead King (TV-21; the magic domain does the raising).
 */
import type { Character, CharCode, Temperament } from '../state.ts';
import { CHAR_CODES, TEMPERAMENTS } from '../state.ts';
import type { AKSheet, TurnCtx } from '../turn/context.ts';
import { applySpecialKingBonus, defaultSpecialPlan, lockedCode, makeCharacter, zeroLevels } from '../world/heroes.ts';
import { KINGDOM_DEFAULTS } from './constants.ts';
import { settleConditionalGives } from './gifts.ts';
import { scanDeaths } from './offices.ts';
import { isSpecial, kingOf, liveKingdoms, sortedIds } from './util.ts';

/** TV-21: RE on the Heir can still raise the dead King (not assigned, at most 4 levels gained by training). */
export function heirCanResurrect(heir: Character, maxGained = KINGDOM_DEFAULTS.heir.maxGainedForResurrect): boolean {
  return !!heir.heir && !heir.heir.assigned && heir.heir.gained <= maxGained;
}

/**
 * The Heir's choices on the order sheet (G-11): `heirTalents` (AKSheet), and the optional sex and
 * temperament, read here when the sheet carries them (the order-sheet parser may add them as
 * `heirSex` / `heirTemperament`).
 */

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** The Heir's name: the dynasty's name with the next ordinal (Aldric → Aldric II → Aldric III). */
export function heirName(kingName: string): string {
  const m = /^(.*?)\s+([IVX]+)$/.exec(kingName);
  const base = m ? m[1]! : kingName;
  const n = m ? ROMAN.indexOf(m[2]!) + 1 : 1;
  return `${base} ${ROMAN[n] ?? String(n + 1)}`;
}

function heirProvince(ctx: TurnCtx, kingdom: number, king: Character): number {
  const s = ctx.s;
  const k = s.kingdoms[kingdom]!;
  if (s.provinces[k.capital]?.owner === kingdom) return k.capital;
  let best: number | null = null;
  for (const id of sortedIds(s.provinces)) {
    const p = s.provinces[id]!;
    if (p.owner === kingdom && (best === null || p.taxBase > s.provinces[best]!.taxBase)) best = id;
  }
  return best ?? king.body?.province ?? king.province;
}

function createHeir(ctx: TurnCtx, kingdom: number, king: Character): Character {
  const s = ctx.s;
  const id = s.next.character++;
  const heir = makeCharacter(ctx.rng, {
    id, name: heirName(king.name), sex: king.sex, role: 'King', kingdom, alignment: s.kingdoms[kingdom]!.alignment,
    temperament: king.temperament, race: king.race, talent: zeroLevels(), province: heirProvince(ctx, kingdom, king),
  }, ctx.cfg.world as Parameters<typeof makeCharacter>[2]);
  applySpecialKingBonus(heir, ctx.cfg.world as Parameters<typeof applySpecialKingBonus>[1]);
  // G-95 is judged when the Heir's characteristics are assigned; until then only the locked college is barred.
  const locked = lockedCode(heir.alignment);
  heir.startedAtZero = locked ? [locked] : [];
  s.characters[id] = heir;
  return heir;
}

/**
 * After every phase (and at the end of the turn): death losses of merit (G-88), unmatched
 * conditional gives (G-44), and a new King for every kingdom whose King is dead.
 */
export function ensureSuccession(ctx: TurnCtx): void {
  const s = ctx.s;
  scanDeaths(s, ctx.cfg.kingdom.offices);
  settleConditionalGives(ctx);
  for (const k of liveKingdoms(s)) {
    const king = kingOf(s, k.id);
    if (!king || king.alive) continue;
    const waiting = sortedIds(s.characters).map((id) => s.characters[id]!).find((c) => c.alive && c.kingdom === k.id && c.role === 'Heir');
    const heir = waiting ?? createHeir(ctx, k.id, king);
    heir.role = 'King';
    heir.kingdom = k.id;
    heir.alignment = k.alignment; // S2.7: the Heir cannot change the kingdom's alignment
    delete heir.wage;
    heir.heir = { gained: 0, assigned: false, ofKing: king.id };
    heir.orderableFrom = ctx.phase + 1;
    k.king = heir.id;
    k.heirSince = s.turn;
    ctx.emit({ t: 'king-succeeded', to: [k.id], who: heir.id, at: heir.province, dead: king.id, heir: heir.id, created: !waiting });
  }
}

/**
 * Pre-turn (G-11): the player's assignment of the Heir's 4 talent levels (at most 2 per
 * characteristic, none in the alignment's locked college), added to what he has trained.
 * The King-recovery option is then lost (TV-21).
 */
export function assignHeir(ctx: TurnCtx): void {
  const s = ctx.s;
  const cfg = ctx.cfg.kingdom.heir;
  for (const k of liveKingdoms(s)) {
    const sheet = ctx.sheets[k.id] as AKSheet | undefined;
    const asked = sheet?.heirTalents;
    if (!asked || Object.keys(asked).length === 0) continue;
    const heir = kingOf(s, k.id);
    const refuse = (fr: string, en: string) => ctx.emit({ t: 'heir-assignment-refused', to: [k.id], who: heir?.id, reason: { fr, en } });
    if (!heir || !heir.heir || heir.heir.assigned) { refuse('il n’y a pas d’Héritier dont fixer les caractéristiques', 'there is no Heir whose characteristics can be assigned'); continue; }
    const locked = lockedCode(k.alignment);
    let total = 0;
    let bad: string | null = null;
    const levels: Partial<Record<CharCode, number>> = {};
    for (const [key, v] of Object.entries(asked)) {
      const code = CHAR_CODES.find((c) => c.toLowerCase() === key.toLowerCase());
      if (!code || v === undefined || !Number.isInteger(v) || v < 0) { bad = key; break; }
      if (v > cfg.assignMaxPerCode || (code === locked && v > 0)) { bad = key; break; }
      levels[code] = (levels[code] ?? 0) + v;
      total += v;
    }
    if (bad !== null || total > cfg.assignLevels || total === 0) {
      refuse(`répartition refusée : ${cfg.assignLevels} niveaux au plus, ${cfg.assignMaxPerCode} au plus par caractéristique${locked ? `, aucun en ${locked}` : ''}`,
        `assignment refused: at most ${cfg.assignLevels} levels, at most ${cfg.assignMaxPerCode} per characteristic${locked ? `, none in ${locked}` : ''}`);
      continue;
    }
    const max = ctx.cfg.kingdom.training.maxLevel;
    for (const code of CHAR_CODES) {
      const v = levels[code] ?? 0;
      if (v === 0) continue;
      heir.talent[code] = Math.min(max, heir.talent[code] + v);
      heir.aptitude[code] = Math.max(heir.aptitude[code], heir.talent[code]);
    }
    heir.heir.assigned = true;
    if (isSpecial(k.alignment)) heir.startedAtZero = CHAR_CODES.filter((c) => heir.talent[c] === 0);
    // G-11: sex and temperament may be chosen with the characteristics (alignment may not, S2.7).
    const chosen: { sex?: 'M' | 'F'; temperament?: Temperament } = {};
    if (sheet?.heirSex === 'M' || sheet?.heirSex === 'F') heir.sex = chosen.sex = sheet.heirSex;
    if (sheet?.heirTemperament && TEMPERAMENTS.includes(sheet.heirTemperament)) {
      const wasDefault = JSON.stringify(heir.specialPlan) === JSON.stringify(defaultSpecialPlan(heir.temperament));
      heir.temperament = chosen.temperament = sheet.heirTemperament;
      if (wasDefault) heir.specialPlan = defaultSpecialPlan(heir.temperament); // G-37 default follows the temperament
    }
    ctx.emit({ t: 'heir-assigned', to: [k.id], who: heir.id, levels, ...chosen });
  }
}
