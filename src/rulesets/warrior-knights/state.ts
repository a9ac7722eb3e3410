/**
 * The state of a game of Warrior Knights (rules §2.13's sketch, made plain JSON): everything the
 * table shows is at the top level; everything nobody may see, or only one baron, is in `secret`
 * (style §5): the seed of the named random streams, the order of every deck, the cards of the
 * action piles and the two neutral cards set aside, the Planning submissions and the setup troop
 * assignments before they are revealed (§2.12, §9.4). A baron's hand is public (§2.12 [I]: his 12
 * cards minus those lying face up in the zones), so it sits in his `BaronState`.
 *
 * Players are the barons themselves: a seat is a colour (`BaronId`), clockwise in `players`.
 */
import type { CityId, RegionId } from './board.ts';
import type { BaronId } from './barons.ts';
import type { Destination, Nation, Zone } from './cards.ts';
import type { WkConfig } from './constants.ts';
import type { WkEvent, Works } from './events.ts';

export type { Works };
import type { StepId } from './phases.ts';

export type { BaronId };

export type NobleLocation = { kind: 'off' } | { kind: 'region'; region: RegionId } | { kind: 'at-sea'; region: RegionId };

export interface NobleState {
  id: string;
  baron: BaronId;
  location: NobleLocation;
  ready: boolean;
  /** Troop card ids (regular `${baron}-reg-…` or mercenary `merc-…`), led by this noble. */
  troops: string[];
  casualties: number;
  hasHeir: boolean;
  office: string | null;
}

export interface StrongholdState {
  baron: BaronId;
  /** null: not on the board (captured, or not yet placed at setup). */
  region: RegionId | null;
  breaches: number;
  garrison: string[];
  casualties: number;
  besiegedBy: BaronId | null;
  siegeSince: number | null;
}

export interface CityState {
  id: CityId;
  razed: boolean;
  controller: BaronId | null;
  fortified: boolean;
  breaches: number;
  besiegedBy: BaronId | null;
  siegeSince: number | null;
}

export interface BaronState {
  id: BaronId;
  crowns: number;
  votes: number;
  faith: number;
  influence: number;
  /** Action cards in hand (public, §2.12). */
  hand: string[];
  titles: string[];
  banished: boolean;
  /** Shields not on the Mercenary track or an expedition [P G-A60: hard limit]. */
  shields: number;
  /** Control markers not under a city. */
  controlMarkers: number;
}

/** A side of a combat (§6.5): the baron who engaged it, and the one (or the neutral city) he attacks. */
export type CombatSide = 'attacker' | 'defender';
/** The stages of a combat, in the order of §6.6 (rules/battle.ts runs them); 'done' closes the card. */
export type CombatStage = 'commander' | 'discard' | 'ability' | 'allocate-attacker' | 'allocate-defender' | 'aftermath' | 'ransom' | 'capture' | 'done';

/**
 * The combat being fought while a Military Operations or Improvisation card waits (§6.5–§6.11).
 * All of it is public (§9.4: troops, casualties, breaches, sieges are seen by all); the cards each
 * side drew and has not revealed yet are in `secret.combatDraws`, only their number is here.
 */
export interface CombatFrame {
  card: string;
  attacker: BaronId;
  /** null: the neutral city. */
  defender: BaronId | null;
  region: RegionId;
  kind: 'battle' | 'assault' | 'siege';
  works: Works | null;
  /** Participating nobles: the attacker's chosen armies; every defending noble in the region. */
  attackers: string[];
  defenders: string[];
  /** A stronghold's garrison takes part (assault on the stronghold, G-A53). */
  garrison: boolean;
  commander: Record<CombatSide, string | null>;
  /** Nobles the card moved (exhausted at its end with the participants, §6.1). */
  moved: string[];
  /** The zone the owner chose for the card (checked when it is discarded). */
  zone: Zone | null;
  stage: CombatStage;
  drawn: Record<CombatSide, number>;
  discarded: Record<CombatSide, number>;
  /** Kept cards revealed, then the extra draws (§6.6 outcome 1): public. */
  revealed: Record<CombatSide, string[]>;
  ability: Record<CombatSide, boolean>;
  suffered: Record<CombatSide, number>;
  /** Tokens placed per absorber: a noble id, 'works' (breaches) or 'garrison'. */
  allocation: Record<CombatSide, Record<string, number>>;
  victories: Record<CombatSide, number> | null;
  /** The attacker's result (§6.6 step 5); 'skipped' when step 5 is skipped. */
  result: 'total' | 'partial' | 'draw' | 'partial-defeat' | 'total-defeat' | 'skipped' | null;
  retreating: string[];
  dying: string[];
  /** The public desertion Fate card drawn for each retreating or dying noble (null: empty deck). */
  desertion: Record<string, string | null>;
  captured: boolean;
  ransomCity: CityId | null;
  /** Half the loser's crowns, taken when his stronghold fell (§6.9). */
  ransomCrowns: number;
}

export interface Expedition { space: number; blessed: boolean; stakes: { baron: BaronId; crowns: number }[] }

export type Stage = 'troops' | 'strongholds' | 'nobles' | 'planning' | 'action' | 'upkeep' | 'over';

export interface Secret {
  /** Seed of the named streams (`createRng(seed, 'turn/3/pile/2')`): it would tell every deck and draw. */
  seed: string;
  /** Top first; discards go to the bottom (§2.7). */
  fateDeck: string[];
  mercenaryDeck: string[];
  /** Event cards, top first (§2.10; shuffled at S3). Only the top card's back colour is public (view.ts). */
  eventDeck: string[];
  proposalDeck: string[];
  /** The action piles once dealt and shuffled, top first (§4.1). */
  piles: string[][];
  /** The two neutral cards set aside this turn (§4.1 step 2). */
  neutralAside: string[];
  /** Planning submissions before the piles are dealt (§9.3). */
  plans: Partial<Record<BaronId, string[][]>>;
  /** Setup S11 troop assignments before they are revealed together (§9.2 #1). */
  troopAssignments: Partial<Record<BaronId, Record<string, string>>>;
  /** The Fate cards each side of the combat drew and keeps hidden until the reveal (§9.3 "private draws"). */
  combatDraws?: Record<CombatSide, string[]>;
}

export interface WkState {
  ruleset: 'warrior-knights';
  version: 1;
  config: WkConfig;
  /** The barons in play, clockwise (seat order). */
  players: BaronId[];
  turn: number;
  stage: Stage;
  step: StepId;
  chairman: BaronId;
  church: BaronId;
  barons: Record<BaronId, BaronState>;
  nobles: Record<string, NobleState>;
  strongholds: Record<BaronId, StrongholdState>;
  cities: Record<CityId, CityState>;
  influenceReserve: number;
  /** Cards lying face up in each trigger zone (§4.2.2). */
  zones: Record<Zone, string[]>;
  /** The Mercenary track, left to right: the baron whose shield is on each space. */
  track: (BaronId | null)[];
  /** The face-up mercenary cards (§4.9). */
  display: string[];
  agenda: string[];
  expeditions: Record<Destination, Expedition | null>;
  /** Setup S11: the troop cards each baron received and has not yet assigned (public: troops are visible, §2.12). */
  unassigned: Partial<Record<BaronId, string[]>>;
  /** Setup S14/S15 and Planning: who is to act, in order (public). */
  toAct: BaronId[];
  /** Who has submitted a secret answer in the current simultaneous step (never what, §9.1). */
  submitted: BaronId[];
  /** Cards on each pile per baron (public, §9.4 [P]); the neutral cards under key 'neutral'. */
  pileCounts: Record<string, number>[];
  /** Action phase: the card revealed and waiting for its owner's answer (§4.2.1), else null. */
  current: string | null;
  /** Action phase: the pile being revealed (0-based) — §4.2.1. */
  pile: number;
  /** Special phases fired and waiting, first in first out [P G-A58]. */
  pendingPhases: ('taxation' | 'wages' | 'assembly' | 'draft')[];
  /** Regular troop cards removed from the game (a noble dead without heir, §6.12.4). */
  outOfGame: string[];
  /** Public log of typed events (§9.1 item 8), rendered by events.ts; the prompt flow keeps only its last `config.log.keep` entries (flow.ts `trimLog`). */
  log: WkEvent[];
  /** Assemblies held so far (names each Assembly's shuffle stream; absent in older states: counted from the log). */
  assemblies?: number;
  secret: Secret;
  /** The Influence reserve has reached 0: this turn is the last (§7.1, [P G-A07] as ruled). */
  lastTurn: boolean;
  winner: BaronId | null;
  /** The combat being fought (§6.5–§6.11), else null or absent. */
  combat?: CombatFrame | null;
  // ─── Events and the Assembly (§4.7, §5; rules/major-event.ts, rules/assembly.ts) ───
  /** Event cards resolved or cancelled, face up (§4.7 step 6; reshuffled when the deck runs out, §4.14). */
  eventDiscard: string[];
  /** Lasting events in play, next to their victim (baron) or the board (null) [P §4.7 step 6]. */
  lasting: LastingEvent[];
  /** Proposal cards voted and discarded, face up (§5.5 option 4 draws from it). */
  proposalDiscard: string[];
  /** Laws adopted, in play beside the board (§5.6). Titles sit in `BaronState.titles`, Offices in `NobleState.office`. */
  laws: string[];
  /**
   * A Major Event drawn, waiting: for its affected baron's choice (`choosing`, §9.2 #20), or, its
   * target known, for its cancellation window (§4.7 step 5). Public.
   */
  eventPending: { card: string; drawer: BaronId; target: BaronId | null; picked: { city?: string; noble?: string; nation?: Nation; baron?: BaronId }; choosing?: true } | null;
  // ─── The "Heir exchange" variant (§7.4, §9.2 #43; heirs.ts): absent when the option is off ───
  /** Each noble's heir: who holds it (null: dead) and whether it waits to enter after its noble's death. Public [P]. */
  heirs?: Record<string, HeirState>;
  /** Heir offers made this turn and not yet answered (they expire at the end of the turn). Public [P]. */
  heirOffers?: HeirOffer[];
  /** The last offer number given. */
  heirOfferSeq?: number;
  // ─── The "Free-form Personal Motions" variant (§7.4; house-laws.ts): absent until a free law is adopted ───
  /** Free laws adopted by the Assembly, in play until repealed: public texts the referee never applies [P]. */
  houseLaws?: HouseLaw[];
  /** The last free-law number given (names `house-<n>`). */
  houseLawSeq?: number;
  // ─── The "Player elimination" variant (§7.4, [P G-A47]; rules/elimination.ts): absent until someone is eliminated ───
  /** The barons eliminated, first eliminated first; no longer in `players`. Public. */
  eliminated?: BaronId[];
}

/** A free law of the "Free-form Personal Motions" variant (house-laws.ts): its id `house-<n>`, its text as typed (normalised spaces), who proposed it, when. */
export interface HouseLaw { id: string; text: string; by: BaronId; turn: number }

/** A noble's heir in the Heir exchange variant (heirs.ts): its holder (null: dead), and whether it waits to enter. */
export interface HeirState { holder: BaronId | null; awaiting: boolean }
/** An heir offer between two barons, open until answered or the end of its turn (heirs.ts). */
export interface HeirOffer { id: number; turn: number; from: BaronId; to: BaronId; give: string | null; giveCrowns: number; want: string | null; wantCrowns: number }

/** A lasting event in play: the card, on whom (a noble for E-NOHEIR), until when (effects.ts `Until`). */
export interface LastingEvent { card: string; baron: BaronId | null; noble: string | null; until: 'next-taxation' | 'next-assembly' | 'game' }

/** A record's own entry for a key from an answer (never `toString` or another inherited member). */
export const own = <T>(r: Record<string, T>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.hasOwn(r, key) ? r[key] : undefined;
