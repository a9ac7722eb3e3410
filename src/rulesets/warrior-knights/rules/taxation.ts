/**
 * Taxation, a special phase (rules §4.5), in chairman order:
 * 1. every baron receives the income of each city he controls that is not besieged,
 *    +`neutral.fortifiedIncome` for each such city that is fortified (§4.4; a besieged city yields
 *    nothing [I]), ± the modifiers in play (rules/effects.ts `modsOf`): his Concessions' and
 *    Titles' income, his nobles' Offices, the Laws (a bonus per fortified or port city, a flat
 *    sum), lasting events (a loss never below 0); Faith from the cards that give it;
 * 2. then each Law's levy (`per-city`, `share` of what he just received, or a flat payment): he
 *    pays what he can, or refuses at the cost of banishment (§5.7, #38, default: comply); a
 *    banished baron refuses without further penalty while `assembly.banishedIgnoreLaws` [P G-A24];
 * 3. all barons take back their cards from the Taxes zone; lasting events "until the next
 *    Taxation" leave play.
 */
import { city, region } from '../board.ts';
import type { BaronId } from '../barons.ts';
import type { WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { returnZone } from './armies.ts';
import { banish, expireLasting, modsOf, type ModInPlay } from './effects.ts';

/** #38: the Laws each baron refuses to pay at this Taxation. */
export type TaxationAnswers = Partial<Record<BaronId, string[]>>;

const paying = (s: WkState, b: BaronId) => Object.values(s.cities).filter((c) => c.controller === b && !c.razed && c.besiegedBy === null);

/** A Law's levy: a modifier that makes the baron pay (§10.9 "a tax on income collected during Taxation"). */
export const isLevy = (m: ModInPlay): boolean => m.source === 'law' && (m.mod.mod === 'per-city' || m.mod.mod === 'share' || (m.mod.mod === 'income' && m.mod.n < 0));

/** Step 1: what a baron receives (crowns, Faith). */
export function taxationIncome(s: WkState, b: BaronId): number {
  const cities = paying(s, b);
  let n = cities.reduce((sum, c) => sum + city(c.id).income + (c.fortified ? s.config.neutral.fortifiedIncome : 0), 0);
  for (const m of modsOf(s, b)) {
    if (isLevy(m)) continue;
    const x = m.mod;
    if (x.mod === 'income') n += x.n;
    else if (x.mod === 'fortified-income') n += x.n * cities.filter((c) => c.fortified).length;
    else if (x.mod === 'port-income') n += x.n * cities.filter((c) => region(city(c.id).region).port).length;
  }
  return Math.max(0, n);
}

export const taxationFaith = (s: WkState, b: BaronId): number => modsOf(s, b).reduce((m, x) => m + (x.mod.mod === 'faith-income' ? x.mod.n : 0), 0);

/** Step 2: what one Law asks of a baron who has just received `income`. */
export function levyDue(s: WkState, b: BaronId, m: ModInPlay, income: number): number {
  const x = m.mod;
  if (x.mod === 'per-city') return x.n * Object.values(s.cities).filter((c) => c.controller === b && !c.razed).length;
  if (x.mod === 'share') return Math.floor((income * x.percent) / 100);
  if (x.mod === 'income') return -x.n;
  return 0;
}

export function runTaxation(s: WkState, answers: TaxationAnswers = {}): WkState {
  const out = structuredClone(s);
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const gain = taxationIncome(out, b);
    out.barons[b].crowns += gain;
    out.log.push({ t: 'crowns', baron: b, amount: gain });
    const faith = taxationFaith(out, b);
    if (faith > 0) { out.barons[b].faith += faith; out.log.push({ t: 'faith', baron: b, amount: faith }); }
    const refused = Array.isArray(answers[b]) ? answers[b]! : [];
    for (const m of modsOf(out, b).filter(isLevy)) {
      const me = out.barons[b];
      // [T §5.7] refusing a Law when it applies: banished from then on; [P G-A24] a banished baron
      // refuses without further penalty while banishedIgnoreLaws, else he must comply
      if (refused.includes(m.card) && !(me.banished && !out.config.assembly.banishedIgnoreLaws)) {
        out.log.push({ t: 'refused', card: m.card, baron: b });
        banish(out, b);
        continue;
      }
      const due = Math.min(levyDue(out, b, m, gain), me.crowns); // §10.9: he pays what he can
      if (due > 0) { me.crowns -= due; out.log.push({ t: 'law-levy', card: m.card, baron: b, amount: due }); }
    }
  }
  returnZone(out, 'taxes');
  expireLasting(out, 'next-taxation');
  return out;
}
