/**
 * Typed events of a resolved turn (Eressea-style messages): the referee emits them, the BILAN
 * renders them per lord and per language (report.ts). Each event carries its phase and audience.
 */
import type { Fortification, Title } from './config.ts';
import type { KnightId, LordId, Relation, TerritoryId } from './state.ts';

export type Audience = LordId[] | 'all';

/** Why an order was not carried out (rendered in both languages by report.ts). */
export type CancelReason =
  | 'lord-out' | 'unknown-knight' | 'unknown-army' | 'not-own-knight' | 'not-own-army' | 'not-own-territory'
  | 'lord-knight' | 'name-taken' | 'duplicate' | 'no-funds' | 'too-many-recruits' | 'no-territory'
  | 'knight-too-far' | 'not-garrison' | 'already-received-transfer' | 'enemy-receiver' | 'receiver-out-of-reach' | 'not-enough-men'
  | 'no-army' | 'already-attacked' | 'own-territory' | 'allied-territory' | 'not-adjacent' | 'below-threshold'
  | 'self' | 'already-at-war' | 'not-at-war' | 'not-allied' | 'at-war' | 'allied-with-enemy' | 'no-match'
  | 'already-moved' | 'conquered-this-turn' | 'hostile-destination' | 'destination-not-allowed'
  | 'reward-too-low' | 'already-organised' | 'no-joust' | 'wrong-password' | 'already-jousting' | 'joust-full'
  | 'first-turn' | 'already-bought' | 'enemy-border' | 'sold-last-turn' | 'first-vnd-only' | 'price-mismatch'
  | 'not-weaker-fortification' | 'lord-dead' | 'no-enemy' | 'capacity';

export interface DefenderReport {
  kind: 'peasants' | 'garrison' | 'knight';
  lord: LordId | null;
  knight: KnightId | null;
  name: string | null;
  commanderRenown: number;
  start: number;
  end: number;
  threshold: number;
  outcome: 'retreated' | 'destroyed' | 'died' | 'held';
  passes: number;
}

export type GPEventBody =
  /** The lord sent no orders: his steward gave these (their text), reported at the top of his BILAN. */
  | { type: 'caretaker'; lord: LordId; orders: string[] }
  /** `line`: the order's line on the sheet as the order page numbers it (1-based), cited by the BILAN. */
  | { type: 'order-cancelled'; lord: LordId; seq: number; line: number; text: string; reason: CancelReason }
  | { type: 'abdicated'; lord: LordId }
  | { type: 'renamed'; lord: LordId; knight: KnightId; from: string; to: string }
  | { type: 'knight-released'; lord: LordId; knight: KnightId; name: string; armyMen: number }
  | { type: 'army-demobilised'; lord: LordId; army: number; men: number; territory: TerritoryId; cause: 'order' | 'released' | 'upkeep' | 'death' }
  | { type: 'rent'; lord: LordId; title: Title; amount: number }
  | { type: 'tax'; lord: LordId; territory: TerritoryId; level: number; income: number; hBefore: number; hAfter: number; cBefore: number; cAfter: number }
  | { type: 'redistribution'; lord: LordId; territory: TerritoryId; amount: number; ratio: number; hBefore: number; hAfter: number; cBefore: number; cAfter: number }
  | { type: 'retreat-defaults'; lord: LordId; peasant: number; garrison: number; knight: number }
  | { type: 'special-defence'; lord: LordId; army: number; men: number }
  | { type: 'knight-recruited'; lord: LordId; knight: KnightId; name: string; renown: number; cost: number; territory: TerritoryId }
  | { type: 'recruit-unaffordable'; lord: LordId; renown: number; cost: number; treasury: number; notRecruited: number }
  | { type: 'levy'; lord: LordId; territory: TerritoryId; amount: number; men: number; factor: number; knight: KnightId | null; army: number; hBefore: number; hAfter: number }
  | { type: 'army-assigned'; lord: LordId; knight: KnightId; army: number; men: number; territory: TerritoryId; hBefore: number; hAfter: number }
  | { type: 'transfer'; lord: LordId; from: KnightId; to: KnightId; toLord: LordId; men: number }
  | { type: 'garrisoned'; lord: LordId; knight: KnightId; men: number; territory: TerritoryId }
  | {
      type: 'battle'; lord: LordId; knight: KnightId; knightName: string; from: TerritoryId; territory: TerritoryId; owner: LordId | null;
      result: 'conquest' | 'repelled' | 'died'; attackerStart: number; attackerEnd: number; threshold: number;
      renownBefore: number; renownAfter: number; defenders: DefenderReport[]; passes: number; fortification: Fortification;
    }
  | { type: 'felony'; lord: LordId; victim: LordId; renownBefore: number; renownAfter: number; cause: 'battle' | 'war-on-ally' }
  | { type: 'conquest'; territory: TerritoryId; from: LordId | null; to: LordId; happiness: number; fortificationLost: Fortification }
  | { type: 'garrison-repatriated'; lord: LordId; army: number; from: TerritoryId; to: TerritoryId | null; distance: number; before: number; after: number }
  | { type: 'lord-died'; lord: LordId; cause: 'battle' | 'abdication'; territoriesFreed: TerritoryId[] }
  | { type: 'knight-died'; lord: LordId; knight: KnightId; name: string; territory: TerritoryId }
  | { type: 'relation'; a: LordId; b: LordId; from: Relation; to: Relation; cause: 'GUE' | 'ALL' | 'PAI' | 'ANN' | 'felony' | 'common-ally' | 'death' }
  | { type: 'aid-refused'; lord: LordId; caller: LordId; penalty: number; renownBefore: number; renownAfter: number }
  | { type: 'ally-called'; caller: LordId; callee: LordId; enemies: LordId[] }
  | { type: 'moved'; lord: LordId; knight: KnightId; from: TerritoryId; to: TerritoryId; men: number }
  | { type: 'joust-organised'; lord: LordId; capacity: number; reward: number; cost: number }
  | {
      type: 'joust'; organizer: LordId | null; royal: boolean; reward: number; held: boolean;
      entrants: { knight: KnightId; lord: LordId; name: string; renown: number }[];
      refused: { knight: KnightId; lord: LordId; name: string }[];
      duels: { round: number; a: KnightId; b: KnightId; winner: KnightId; gain: number; loss: number; passes: number }[];
      byes: { round: number; knight: KnightId }[];
      winner: KnightId | null; winnerLord: LordId | null; organiserBonus: number;
    }
  | { type: 'sale'; seller: LordId; buyer: LordId; territory: TerritoryId; price: number }
  | {
      type: 'espionage'; lord: LordId; territory: TerritoryId; success: boolean; probability: number; cost: number;
      report: null | {
        owner: LordId | null; population: number; happiness: number; taxCoef: number; fortification: Fortification;
        knights: { knight: KnightId; lord: LordId; name: string; renown: number; men: number }[];
        garrison: number; peasantEstimate: number | null;
      };
    }
  | { type: 'migration'; lord: LordId; territory: TerritoryId; before: number; after: number; out: number; in: number }
  | { type: 'revolt'; lord: LordId; territory: TerritoryId }
  | { type: 'memory'; lord: LordId; territory: TerritoryId; value: number }
  | { type: 'desertion'; lord: LordId; knight: KnightId; name: string; men: number; cause: 'renown' | 'unpaid' }
  | { type: 'upkeep'; lord: LordId; pay: number; armies: number; treasuryAfter: number }
  | { type: 'garrison-bonus'; lord: LordId; territory: TerritoryId; bonus: number; hAfter: number }
  | { type: 'fortified'; lord: LordId; territory: TerritoryId; fortification: Exclude<Fortification, 'none'>; cost: number; hBefore: number; hAfter: number }
  | { type: 'title'; lord: LordId; from: Title | null; to: Title | null }
  | { type: 'repatriated'; lord: LordId; knight: KnightId | null; army: number | null; from: TerritoryId; to: TerritoryId; distance: number; before: number; after: number }
  | { type: 'ranking'; entries: { lord: LordId; renown: number; title: Title | null; territories: number }[] }
  | { type: 'treasury'; lord: LordId; start: number; end: number }
  | { type: 'victory'; lord: LordId | null; reason: 'renown' | 'conquest' | 'alliance' | 'none' };

/** The order (its lord, its line on the sheet as the order page numbers it) that caused an event. */
export interface OrderRef { lord: LordId; line: number }

/**
 * `order`: the order being carried out when the event happened, if any (the BILAN cites its line
 * to that order's lord).
 *
 * The audience is kept under its own key: several bodies have a field `to` of their own (relation,
 * conquest, title, moved, repatriated, garrison-repatriated), which an audience stored as `to`
 * overwrote (a relation event then read `to: 'all'` instead of the new relation).
 */
export type GPEvent = GPEventBody & { phase: number; audience: Audience; order?: OrderRef };

export type EventType = GPEventBody['type'];
