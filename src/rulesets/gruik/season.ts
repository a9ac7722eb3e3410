/**
 * The runners of the steps of rules §3.3 written in rules/treasury.ts, diplomacy.ts, siege.ts,
 * raids.ts, civil-war.ts, invasion.ts and end-of-season.ts: S0.1–S0.3, S3.1–S3.7,
 * S7.1–S7.4, S8.2–S8.8. turn.ts lists them with its own (one table, style §2). Each is pure and
 * returns a new state; dice come from the season's key (rules §11.1) and every roll goes to the
 * roll log; events go to `seasonEvents` with their audience (cleared at S0.1, the new season).
 *
 * S3.1 takes the season's orders (S2) and keeps those that stand in `seasonOrders` (private: the
 * view shows nobody's orders); the later steps read them there.
 */
import type { GruikState, ProvinceId, StateId } from './state.ts';
import type { StepId } from './steps.ts';
import type { StateOrders } from './season-types.ts';
import { diceOf } from './rules/dice.ts';
import type { NavalOrder, StandingPolicies } from './rules/naval-orders.ts';
import type { SortieInputs } from './rules/sortie.ts';
import { applyCessions, friendshipChanges, publish, tributaryActs, validateOrders } from './rules/diplomacy.ts';
import { civilWarTimers } from './rules/civil-war.ts';
import { annexations, armyModifiers, armyShortfall, disappearances, fallingDue, seasonalPrestige, tributaryStatus } from './rules/end-of-season.ts';
import { invasionsEnding, seasonStartStep } from './rules/invasion.ts';
import { organiseForces } from './rules/organisation.ts';
import { resolveRaids } from './rules/raids.ts';
import { establishSieges, rollSieges, surrendersAndAbandonments } from './rules/siege.ts';
import { applyMoney, collectTaxes } from './rules/treasury.ts';

/** The inputs of these steps; a missing input is the §11.6 default. */
export interface SeasonInputs {
  /** S3.1: every state's orders of the season (S2); a state with none holds. */
  'S3.1'?: { orders: Record<StateId, StateOrders> | Record<StateId, unknown> };
  /**
   * S5: each fleet's order and policy (rules §7.14, §7.15; S3.2 (J26), S3.6 and S4 read them too),
   * the answers of the interactive naval rounds by question key (flow.ts `naval-round`), and each
   * fleet's standing policy (§7.15, kept by the flow from season to season; an order's own policy wins).
   */
  'S5'?: { orders: NavalOrder[]; rounds?: Record<string, string>; policies?: StandingPolicies };
  /** S6.1's sorties and contingents (§8.1.5), read at S3.2 too: attacks on the besieger's forces (J26); land-combat.ts runs S6.1. */
  'S6.1'?: SortieInputs;
  /** S7.3: where an army friendly to the besieged was beaten this turn; default what S6.5 found. */
  'S7.3'?: { defeats: { province: ProvinceId; state: StateId }[] };
  /** S8.7: the army each state chose to disband at its term (#disband-army); default armyToDisband's. */
  'S8.7'?: { disband: Record<StateId, string>; /** #create-army (§4.8, §11.6): each asked state's answer, over its sheet's order (flow.ts). */ create?: Record<StateId, boolean> };
}

const ordersOf = (s: GruikState): Record<StateId, StateOrders> => s.seasonOrders ?? {};

/** Runs `f` with the season's dice and logs the rolls. */
function withDice(s: GruikState, f: (dice: ReturnType<typeof diceOf>) => GruikState): GruikState {
  const dice = diceOf(s);
  const t = f(dice);
  return { ...t, rollLog: [...t.rollLog, ...dice.log] };
}

export const SEASON_RUNNERS: Partial<Record<StepId, (s: GruikState, input: SeasonInputs) => GruikState>> = {
  // §3.3 S0.1, §8.6.1 [T §12.1.1, §2.2; issue 16]: Spring's taxes and tribute; a new season's events.
  'S0.1': (s) => collectTaxes({ ...s, seasonEvents: [], seasonOrders: {}, fieldEvents: [], navalLog: [], landCombat: { contested: [], defenders: {}, seaRetreats: [], defeats: [], civilWar: [], reliefDefeats: [] } }),
  // §3.3 S0.2: ships, efforts, dead generals, captured armies re-formed, flags cleared (new armies: not yet).
  'S0.2': (s) => fallingDue(s),
  // §3.3 S0.3, §4.1, §8.8, §8.10: bases, catastrophes, civil wars, invasions.
  'S0.3': (s) => withDice(s, (dice) => seasonStartStep(s, dice).state),
  // §3.3 S3.1: validation; refusals to their authors.
  'S3.1': (s, i) => {
    const v = validateOrders(s, i['S3.1']?.orders ?? {});
    return { ...s, seasonOrders: v.accepted, seasonEvents: [...(s.seasonEvents ?? []), ...v.refused] };
  },
  // §3.3 S3.2 [T §2.3]: friendships.
  'S3.2': (s, i) => friendshipChanges(s, ordersOf(s), i['S5']?.orders ?? [], i['S6.1'] ?? {}),
  // §3.3 S3.3 [T §10]: cessions.
  'S3.3': (s) => applyCessions(s, ordersOf(s)),
  // §3.3 S3.4 [T §11, §13.2]: tributary and character acts.
  'S3.4': (s) => withDice(s, (dice) => tributaryActs(s, ordersOf(s), dice)),
  // §3.3 S3.5, §8.6 [P A-37]: the season's money together.
  'S3.5': (s) => {
    const r = applyMoney(s, Object.fromEntries(Object.entries(ordersOf(s)).map(([st, o]) => [st, o.money ?? []])));
    const refused = r.refused.map((x) => ({ t: 'refused' as const, audience: [x.state], state: x.state, order: x.order.kind, message: x.refusal.message }));
    return { ...r.state, seasonEvents: [...(r.state.seasonEvents ?? []), ...refused] };
  },
  // §3.3 S3.6 [T §4.2]: detachments, allies, joins.
  'S3.6': (s) => organiseForces(s, ordersOf(s)),
  // §3.3 S3.7 [T §17]: declarations, rumours, treaties.
  'S3.7': (s) => publish(s, ordersOf(s)),
  // §3.3 S7 [T §8, §9]: sieges and raids.
  'S7.1': (s) => establishSieges(s, ordersOf(s)),
  'S7.2': (s) => surrendersAndAbandonments(s, ordersOf(s)),
  'S7.3': (s, i) => withDice(s, (dice) => rollSieges(s, dice, i['S7.3']?.defeats ?? s.landCombat?.reliefDefeats ?? [])),
  'S7.4': (s) => withDice(s, (dice) => resolveRaids(s, ordersOf(s), dice)),
  // §3.3 S8 [T §4.1.2, §10, §11, §13, §15, §4.4].
  'S8.2': (s) => armyModifiers(s),
  'S8.3': (s) => annexations(s),
  'S8.4': (s) => tributaryStatus(s, ordersOf(s)),
  'S8.5': (s) => { const t = structuredClone(s); civilWarTimers(t); return t; },
  'S8.6': (s) => seasonalPrestige(s),
  'S8.7': (s, i) => armyShortfall(s, i['S8.7']?.disband ?? {}, ordersOf(s), i['S8.7']?.create ?? {}),
  'S8.8': (s) => invasionsEnding(disappearances(s)),
};
