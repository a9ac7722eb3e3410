/**
 * Income, rules §7.1 [T §3.0, §2.4.2–§2.4.7, §1.8.1] (Phase 3, computed for everyone at once):
 * - each controlled village not besieged: `income.village`;
 * - each mill of such a village: `income.mill`, + Good Harvest, + Fair Weather on its bishopric,
 *   nothing under Famine; paid to the tithe collector of that bishopric instead of the controller
 *   when a tithe applies [P G-25: mills of uncontrolled or besieged villages pay no one];
 * - each taille levied: `income.taillePerVillage` × the fief's villages, whatever their control
 *   or siege [P G-61];
 * - the queen (regent or not): `income.queen` to her family.
 * Tithe priority on one bishopric [T §2.4.6]: its bishop, then cardinals (first played first), then
 * the pope's tithe, which reaches every governed bishopric.
 * Then (step 3.B) every tax marker returns to its owner and the bonus cards are discarded.
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import { BISHOPRIC_NOS, BOARD, type BishopricNo } from '../board.ts';
import { cardKind } from '../cards.ts';
import type { FiefState, Tithe } from '../state.ts';

export interface IncomeLine { villages: number; mills: number; taille: number; tithe: number; queen: number; total: number }

const RANK: Record<Tithe['as'], number> = { BISHOP: 0, CARDINAL: 1, POPE: 2 };

/** The player who collects the tithe of bishopric `b` this turn, or null. */
export function titheCollector(s: FiefState, b: BishopricNo): PlayerId | null {
  const claims: Tithe[] = [...s.bishoprics[b].tithes];
  if (s.papalTithe && s.titles[`BISHOP:${b}`].holder !== null) claims.push({ player: s.papalTithe, as: 'POPE', order: Number.MAX_SAFE_INTEGER });
  claims.sort((x, y) => RANK[x.as] - RANK[y.as] || x.order - y.order);
  return claims[0]?.player ?? null;
}

/** What one mill of bishopric `b` yields this turn. */
export function millYield(s: FiefState, b: BishopricNo): number {
  const st = s.bishoprics[b];
  const c = s.config.income;
  if (st.calamities.some((card) => cardKind(card) === 'FAMINE')) return 0;
  const kinds = st.bonuses.map(cardKind);
  return c.mill + (kinds.includes('GOOD_HARVEST') ? c.harvestBonus : 0) + (kinds.includes('FAIR_WEATHER') ? c.fairWeatherBonus : 0);
}

/** §7.1 for every player. */
export function income(s: FiefState): Record<PlayerId, IncomeLine> {
  const c = s.config.income;
  const out: Record<PlayerId, IncomeLine> = Object.fromEntries(s.players.map((p) => [p, { villages: 0, mills: 0, taille: 0, tithe: 0, queen: 0, total: 0 }]));
  const collectors = Object.fromEntries(BISHOPRIC_NOS.map((b) => [b, titheCollector(s, b)])) as Record<BishopricNo, PlayerId | null>;
  for (const id of BOARD.villageIds) {
    const v = s.villages[id]!;
    if (!v.controller || v.sieges.length > 0 || !out[v.controller]) continue;
    out[v.controller]!.villages += c.village;
    const b = BOARD.villages[id]!.bishopric;
    const paid = v.mills * millYield(s, b);
    const collector = collectors[b];
    if (collector && out[collector]) out[collector]!.tithe += paid; else out[v.controller]!.mills += paid;
  }
  for (const f of BOARD.fiefIds) {
    const p = s.taille[f];
    if (p && out[p]) out[p]!.taille += c.taillePerVillage * BOARD.fiefs[f]!.size;
  }
  const queen = s.titles.QUEEN.holder;
  const queenFamily = queen ? s.lords[queen]?.owner : undefined;
  if (queenFamily && out[queenFamily]) out[queenFamily]!.queen += c.queen;
  for (const line of Object.values(out)) line.total = line.villages + line.mills + line.taille + line.tithe + line.queen;
  return out;
}

/** Step 3.A: everyone is paid. */
export function payIncome(state: FiefState): FiefState {
  const s = structuredClone(state);
  for (const [p, line] of Object.entries(income(state))) s.families[p]!.ecus += line.total;
  return s;
}

/** Step 3.B: tax markers back to their owners; Good Harvest and Fair Weather cards discarded; calamities stay [T §3.0]. */
export function endOfIncome(state: FiefState): FiefState {
  const s = structuredClone(state);
  const back = (p: PlayerId | null) => { if (p && s.families[p]) s.families[p]!.taxMarkers += 1; };
  for (const f of BOARD.fiefIds) { back(s.taille[f] ?? null); s.taille[f] = null; }
  back(s.papalTithe);
  s.papalTithe = null;
  for (const b of BISHOPRIC_NOS) {
    const st = s.bishoprics[b];
    for (const t of st.tithes) back(t.player);
    st.tithes = [];
    s.secret.eventDiscard.push(...st.bonuses);
    st.bonuses = [];
  }
  return s;
}
