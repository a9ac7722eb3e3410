/**
 * Wages, a special phase (rules §4.6; §9.2 #26, parallel, applied in chairman order [P G-A62]):
 * 1. regular troops first, all of them wherever they are: as many cards as he can pay, cheapest
 *    first, never part of a card; unpaid regulars stay [P G-A25];
 * 2. then mercenaries, card by card as he answers (default: largest first while affordable);
 *    unpaid mercenary cards desert and are shuffled into the Mercenary deck;
 * 3. casualty tokens do not reduce wages;
 * 4. the circle noble's troops cost nothing while they total ≤ `wages.circleExemptUpTo` men
 *    (on or off the board, ready or exhausted [P]);
 * 5. a noble left without troops leaves the board (not killed); one left with casualty tokens ≥
 *    his troops is killed at once, by the death procedure of §6.12 [P G-A35];
 * 6. every baron takes back his cards from the Wages zone.
 * A submitted answer is re-validated when applied (§9.5): the cards he listed are paid in his
 * order while he can afford them; a listed card he cannot afford and every card he did not list
 * desert. Deserters are shuffled in on the stream `<moment>/wages` (streams.ts `moment`).
 */
import type { BaronId } from '../barons.ts';
import type { WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { isMercenary, troopMen, troopWage } from '../troops.ts';
import { liftEmptyNobles, removeTroop, returnZone, troopsOf } from './armies.ts';
import { killNoble } from './death.ts';
import { officeMen } from './effects.ts';
import { moment, streamShuffle, type Shuffle } from './streams.ts';

/** The circle noble's troops, exempt while they total ≤ the limit (§2.3, TV-20). */
export function exemptCards(s: WkState, b: BaronId): string[] {
  const circle = s.nobles[`${b}-circle`];
  if (!circle) return [];
  const men = circle.troops.reduce((m, t) => m + troopMen(t), 0) + officeMen(s, circle.id); // [T §10.9] an Office's free troops count toward the 400
  return men <= s.config.wages.circleExemptUpTo ? [...circle.troops] : [];
}

/** What a baron owes: his paying regulars and mercenaries (exempt cards left out). */
export function wagesDue(s: WkState, b: BaronId): { regulars: string[]; mercenaries: string[] } {
  const exempt = new Set(exemptCards(s, b));
  const cards = troopsOf(s, b).map((x) => x.card).filter((c) => !exempt.has(c));
  return { regulars: cards.filter((c) => !isMercenary(c)), mercenaries: cards.filter(isMercenary) };
}

export interface WagesAnswer { pay: string[] }

/** #26 default: mercenary cards largest first, each paid if still affordable after the regulars. */
export function defaultWages(s: WkState, b: BaronId): WagesAnswer {
  const { regulars, mercenaries } = wagesDue(s, b);
  let left = s.barons[b].crowns - paidRegulars(regulars, s.barons[b].crowns).cost;
  const pay: string[] = [];
  for (const m of [...mercenaries].sort((x, y) => troopMen(y) - troopMen(x) || (x < y ? -1 : 1))) {
    if (troopWage(m) <= left) { pay.push(m); left -= troopWage(m); }
  }
  return { pay };
}

/** [P G-A25] as many regular cards as affordable: cheapest first. */
function paidRegulars(regulars: string[], crowns: number): { cost: number; paid: number } {
  let cost = 0, paid = 0;
  for (const w of regulars.map(troopWage).sort((x, y) => x - y)) { if (cost + w > crowns) break; cost += w; paid++; }
  return { cost, paid };
}

export function runWages(s: WkState, answers: Partial<Record<BaronId, WagesAnswer>> = {}, inject?: Shuffle): WkState {
  const out = structuredClone(s);
  const deserters: string[] = [];
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const me = out.barons[b];
    const { regulars, mercenaries } = wagesDue(out, b);
    me.crowns -= paidRegulars(regulars, me.crowns).cost;
    const answer = answers[b] ?? defaultWages(out, b);
    const paid = new Set<string>();
    for (const m of answer.pay) {
      if (!mercenaries.includes(m) || paid.has(m)) continue;
      if (troopWage(m) <= me.crowns) { me.crowns -= troopWage(m); paid.add(m); }
    }
    for (const m of mercenaries) if (!paid.has(m)) { removeTroop(out, b, m); deserters.push(m); }
  }
  // [P G-A35] a noble left with casualty tokens ≥ his troops is killed at once; then those left without troops leave the board
  for (const n of Object.values(out.nobles)) {
    if (n.casualties > 0 && out.config.combat.casualtyMen * n.casualties >= n.troops.reduce((m, t) => m + troopMen(t), 0) + officeMen(out, n.id)) killNoble(out, n.id, {}, `${moment(out)}/wages`, inject);
  }
  liftEmptyNobles(out);
  if (deserters.length > 0) {
    const shuffle = inject ?? streamShuffle(out);
    out.secret.mercenaryDeck = shuffle(`${moment(out)}/wages`, [...out.secret.mercenaryDeck, ...deserters]);
  }
  returnZone(out, 'wages');
  return out;
}
