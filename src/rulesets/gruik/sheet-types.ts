/**
 * One state's order sheet for a season (rules §2.12, §3.3 S2), as the platform stores it: the
 * answer to the `orders` decision. The text sheet (one order a line, `sheet/`), the guided form
 * and the bots all produce this shape; the season's runner splits it into the steps' inputs
 * (`StepInputs` of turn.ts: `orders` → S3.1, `moves` → S4.1, `naval` → S5, `postures` and
 * `retreat` → S6.2, `disband` → S8.7).
 *
 * Standing parts (§3.4, decisions.ts rows marked `standing`) are kept from season to season by the
 * flow when a new sheet leaves them out: `postures`, `retreat`, `reactions`, `sovereignPresent`,
 * the besieger's `relief` answers and `sortieConsent` (§8.1.5, A-61), and each fleet's naval policy
 * (§7.15, `policies`: fleet by fleet, the last `policy` given for it stands until another is given).
 */
import type { StateOrders } from './season-types.ts';
import type { MoveOrder } from './rules/movement.ts';
import type { NavalOrder, StandingPolicies } from './rules/naval-orders.ts';
import type { Posture, RetreatOption } from './rules/retreat.ts';
import type { ReliefOrder } from './rules/sortie.ts';
import type { ArmyId, ForceId, ProvinceId } from './state.ts';

/**
 * A standing reaction (§5.6): when the movement report shows an enemy move that triggers `force`
 * (T1–T3), it moves one province, to `to` (default: toward the trigger where legal). `when`
 * narrows it to triggers in these provinces (default: any).
 */
export interface ReactionPolicy {
  force: ForceId;
  to?: ProvinceId;
  when?: ProvinceId[];
}

export interface GruikSheet {
  /** S3.1: diplomacy, money, organisation, raids, sieges, declarations, rumours, treaties. */
  orders?: StateOrders;
  /** S4.1: land moves. */
  moves?: MoveOrder[];
  /** S5: each fleet's actions, end posture and policy (a policy given here becomes the fleet's standing one, `policies`). */
  naval?: NavalOrder[];
  /**
   * §7.15 (standing): each own fleet's naval policy in force, by fleet. The flow sets it (flow.ts
   * `sheetWithStanding`): the standing policies, each replaced by the policy the sheet gives that
   * fleet (here, or in its `naval` order); a fleet given none keeps its own; a fleet gone is dropped.
   */
  policies?: StandingPolicies;
  /** S6.2 (standing): main armies' posture, default `engage`. */
  postures?: Record<ArmyId, Posture>;
  /** S6.2 and the loser's retreat (standing): each force's retreat preferences, default §5.9's order. */
  retreat?: Record<ForceId, RetreatOption[]>;
  /** §5.6 (standing): the reactions the state makes when no one answers the reaction window. */
  reactions?: ReactionPolicy[];
  /** §6.4, A-60 (standing): armies whose sovereign is present in battle. */
  sovereignPresent?: ArmyId[];
  /** S8.7 (#disband-army): the army disbanded at the term, when one must go. */
  disband?: ArmyId;
  /** S6.1 (§8.1.5), the besieged: the provinces whose garrison sallies out this season. */
  sorties?: ProvinceId[];
  /** S6.1 (§8.1.5, #relief-sortie, standing), the besieger: its answer to a relief force, by besieged province; missing: the A-61 default. */
  relief?: Record<ProvinceId, ReliefOrder>;
  /** S6.1 (§8.1.5, J14, #relief-sortie, standing), the besieger: its consent to an under-strength sortie, by province; missing: refused. */
  sortieConsent?: Record<ProvinceId, boolean>;
  /** S6.1 (§8.1.5 case 2), the besieged: the AP sent beside a relief force, by province. */
  contingents?: Record<ProvinceId, number>;
  /** S6.3 (§8.1.5 case 2 [T §8.4]), the besieged: the provinces whose garrison retreats to another province if the besieger beats the relief force. */
  withdraw?: ProvinceId[];
}

/** The keys that stand from season to season (§3.4). */
export const STANDING_KEYS = ['postures', 'retreat', 'reactions', 'sovereignPresent', 'relief', 'sortieConsent', 'policies'] as const satisfies readonly (keyof GruikSheet)[];
