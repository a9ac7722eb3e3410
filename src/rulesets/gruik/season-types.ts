/**
 * Foundation types of the rest of the season (rules §3.3 S0, S3, S7, S8; §8): the orders of rules
 * §2.12 that those steps read, and the typed events they emit, each with its audience (`[]`:
 * public, Appendix B's general report). The sentences of the events are in `season-events.ts`; the
 * rules that make them in `rules/treasury.ts`, `siege.ts`, `raids.ts`, `civil-war.ts`,
 * `diplomacy.ts`, `end-of-season.ts`. Foundation-level: imports only the engine's `Localized`.
 */
import type { Localized } from '../../engine/ruleset.ts';

type StateId = string;
type ProvinceId = string;

/** A money order of S3.5 [T §12.2, §12.1.3, §12.3], in the order the player listed them (A-37 drops from the end). */
export type MoneyOrder =
  | { kind: 'gift'; to: StateId; amount: number; note?: string }            // [T §12.3]
  | { kind: 'ships'; ships: number; at?: ProvinceId }                         // [T §12.2.1; P A-52]
  | { kind: 'effort'; army: string; amount: number }                          // [T §4.1.2] M9
  | { kind: 'prestige'; province: ProvinceId }                                // [T §12.2.3]
  | { kind: 'pillage'; province: ProvinceId };                                // [T §12.1.3] a credit

/** A raid order [T §9.1]: the forces (armies, detachments, fleets) of one state against one target state. */
export interface RaidOrder { target: StateId; forces: string[] }

/** A force organisation order of S3.6 [T §4.2; rules §4.5], in the order listed. */
export type ForceOrder =
  | { kind: 'detach'; army: string; ap: number }
  | { kind: 'resize'; detachment: string; ap: number }
  | { kind: 'recall'; detachment: string }
  | { kind: 'ally'; army: string; host: string; ap: number; forced?: boolean }
  | { kind: 'join'; force: string; host: string }
  // [T §4.2.2, §11.3; P §4.5.4, A-63] a master demands a forced ally of its tributary for one of its armies (S3.6, with the orders)
  | { kind: 'demand-ally'; tributary: StateId; host: string }
  // [T §7.2, §7.7; P A-38] fleets on the same coast at season start: split, merge, exchange ships; combined fleets (both states order it).
  | { kind: 'split-fleet'; fleet: string; ships: number }
  | { kind: 'merge-fleets'; into: string; from: string }
  | { kind: 'exchange-ships'; from: string; to: string; ships: number }
  | { kind: 'combine-fleets'; fleet: string; with: string; commander: string };

/** A treaty submitted by a signatory [T §17]. */
export interface TreatyOrder { id: string; text: string; signatories: StateId[] }

/** One state's orders of the season for the steps S3, S7 and S8 (rules §2.12). Every field optional: a state that sends nothing holds (§11.6). */
export interface StateOrders {
  friendship?: { declare?: StateId[]; cancel?: StateId[] };                 // §1.5
  /** §8.3; `transferOwnership`: the cedent ticks "transfer ownership" [P A-22] (with the recipient's `acceptOwnership` and the GM's approval). */
  cessions?: { province: ProvinceId; to: StateId; transferOwnership?: boolean }[];
  /** [P A-22] the recipient's tick: it takes the ownership of the provinces ceded to it this season with "transfer ownership" (the GM approves each). */
  acceptOwnership?: boolean;
  /** Voluntary vassalage: offer to become this state's tributary; the master must accept it the same season [T §11.1]. */
  offerVassalage?: StateId;
  acceptVassals?: StateId[];
  /** Liberation of tributaries, effective at the end of this turn [T §11.2]. */
  freeTributaries?: StateId[];
  tributeRates?: { tributary: StateId; rate: number }[];                     // [T §12.1.1]
  throwOffYoke?: boolean;                                                    // §8.4.3
  /** The armies whose captive general is replaced by a new appointment (D7: d6 ≤ 2 civil war) [T §13.2]. */
  appointGenerals?: string[];
  /** Captives this state holds and frees [P §8.7]. */
  releasePrisoners?: string[];
  money?: MoneyOrder[];
  /** S3.6: detachments created, resized, recalled; allies sent; joins. */
  forces?: ForceOrder[];
  raids?: RaidOrder[];
  /**
   * [P J26, §3.3 S3.1–S3.2] States whose forces this state attacks this season (its moves into their provinces with an
   * attack posture, its attacks on their forces): a hostile act that cancels each one's friendship toward it at S3.2
   * [T §2.3]. Refused against its own tributary or master [T §11.3], and against a state it declares a friend unless the
   * same orders break that friendship.
   */
  attack?: StateId[];
  /** Provinces this state orders besieged: a hostile act that cancels the controller's friendship toward it at S3.2 [T §2.3; J26]. */
  besiege?: ProvinceId[];
  /** Armies that shall not besiege though they could (default: besiege, §8.1.1). */
  noSiege?: string[];
  /** Besieged provinces this state surrenders or abandons (§8.1.5). */
  surrender?: ProvinceId[];
  abandon?: ProvinceId[];
  /** A new army, when the provinces controlled allow one more (#create-army): it appears at the capital next season [T §4.4]. */
  createArmy?: boolean;
  /** The master chosen on a tie of automatic vassalage (J22). */
  masterChoice?: StateId;
  declarations?: string[];
  rumours?: string[];
  treaties?: TreatyOrder[];
  confirmTreaties?: string[];
}

export type CivilWarCause = 'catastrophe' | 'character-lost' | 'replacement' | 'captivity';
export type FreedHow = 'liberated' | 'yoke' | 'temples' | 'master-gone';

/** The events of those steps; `audience` [] is public. */
export type SeasonEvent =
  | { t: 'taxes'; audience: StateId[]; state: StateId; gross: number; net: number; civilWarSeasons: number }
  | { t: 'tribute'; audience: StateId[]; from: StateId; to: StateId; amount: number }
  | { t: 'refused'; audience: StateId[]; state: StateId; order: string; message: Localized }
  /** [P §4.5.4] a master's forced-ally demand: met with `ap` AP (the tributary's own order, else FORCED_ALLY_MIN), or failed (null), told to both. */
  | { t: 'ally-demand'; audience: StateId[]; master: StateId; tributary: StateId; host: string; ap: number | null }
  | { t: 'gift'; audience: StateId[]; from: StateId; to: StateId; amount: number }
  | { t: 'ships-bought'; audience: StateId[]; state: StateId; ships: number; at: ProvinceId }
  | { t: 'effort'; audience: StateId[]; state: StateId; army: string; amount: number; bonus: number }
  | { t: 'monument'; audience: StateId[]; state: StateId; province: ProvinceId; cost: number; prestige: number }
  /** [T §15; GM §8.6.3] a prestige expense destroyed (a catastrophe's or an invasion's story, the GM's ruling): `state` the one that enjoyed it. */
  | { t: 'monument-destroyed'; audience: StateId[]; state: StateId | null; province: ProvinceId; points: number }
  | { t: 'temples'; audience: StateId[]; state: StateId; province: ProvinceId; amount: number }
  | { t: 'friendship'; audience: StateId[]; from: StateId; to: StateId; change: 'declared' | 'cancelled'; automatic: boolean }
  | { t: 'cession'; audience: StateId[]; from: StateId; to: StateId; province: ProvinceId }
  | { t: 'tributary'; audience: StateId[]; state: StateId; master: StateId; how: 'voluntary' | 'automatic' | 'siege' }
  | { t: 'freed'; audience: StateId[]; state: StateId; master: StateId; how: FreedHow }
  | { t: 'liberation-announced'; audience: StateId[]; state: StateId; master: StateId }
  | { t: 'civil-war'; audience: StateId[]; state: StateId; cause: CivilWarCause }
  | { t: 'civil-war-over'; audience: StateId[]; state: StateId }
  | { t: 'appointed'; audience: StateId[]; state: StateId; army: string; face: number }
  | { t: 'siege'; audience: StateId[]; state: StateId; province: ProvinceId; season: number }
  | { t: 'siege-roll'; audience: StateId[]; state: StateId; province: ProvinceId; face: number; modifier: number; success: boolean }
  | { t: 'siege-won'; audience: StateId[]; state: StateId; from: StateId; province: ProvinceId; pillage: number; surrendered: boolean }
  | { t: 'siege-lifted'; audience: StateId[]; state: StateId; province: ProvinceId }
  | { t: 'raid'; audience: StateId[]; raider: StateId; target: StateId; success: boolean }
  | { t: 'raid-roll'; audience: StateId[]; raider: StateId; target: StateId; face: number; modifier: number }
  | { t: 'raid-gain'; audience: StateId[]; raider: StateId; target: StateId; amount: number }
  | { t: 'raid-loss'; audience: StateId[]; raider: StateId; target: StateId; amount: number }
  | { t: 'annexed'; audience: StateId[]; province: ProvinceId; from: StateId | null; to: StateId }
  | { t: 'capital'; audience: StateId[]; state: StateId; province: ProvinceId | null }
  | { t: 'season-prestige'; audience: StateId[]; state: StateId; delta: number; why: 'captive' | 'civil-war' | 'deficit' }
  | { t: 'declaration'; audience: StateId[]; author: StateId; text: string }
  | { t: 'rumour'; audience: StateId[]; text: string }
  | { t: 'treaty'; audience: StateId[]; signatories: StateId[]; text: string }
  | { t: 'invasion'; audience: StateId[]; state: StateId; province: ProvinceId }
  /** [T §14; P §8.8, J17] a catastrophe told as a story: its kind and the flavour text drawn (index in `FLAVOUR[kind]`, flavour.ts). */
  | { t: 'catastrophe'; audience: StateId[]; state: StateId; kind: 'money' | 'civilWar' | 'invasion'; flavour: number }
  | { t: 'disappeared'; audience: StateId[]; state: StateId }
  | { t: 'army-raised'; audience: StateId[]; state: StateId; army: string; province: ProvinceId }
  | { t: 'army-disbanded'; audience: StateId[]; state: StateId; army: string }
  | { t: 'invasion-over'; audience: StateId[]; state: StateId };

export type SeasonEventKind = SeasonEvent['t'];
