/**
 * The state of a game of Fief: plain JSON data, after rules Appendix B (non-normative) and the
 * components of §2. Foundations only: no rule is applied here.
 *
 * Where things are (each piece in exactly one place, checked by invariants.ts):
 * - lords: `lords[id].at` (a village and a position in it) or null while not on the board; a lord
 *   in play sits on his family board (`families[p].lords`); his card is his family's.
 * - troops: in `villages[v].stacks` (per player, per position) or in the family's `reserve`.
 * - castles/cities and mills: on a village or in `supply`.
 * - cards: exactly one of the draw piles, discard piles, set-aside, the calamity track
 *   (`secret`), a hand (`hands`), or in play: a Lord card on its family board, a Cardinal card
 *   under its hat (`titles`), the d'Arc card beside its lady (`darcCard`), an Event or Calamity
 *   card beside a bishopric (`bishoprics`).
 *
 * What nobody may know is under `secret` (the seed of the dice streams, deck orders, discard
 * piles [T §2.1: never inspected], the face-down calamity track), and what only one player may know is under `hands[player]`
 * (style §5: a view strips `secret` and the other players' hands).
 *
 * Ids: a player is the engine's PlayerId (`P1`…`P6`, seated clockwise); a lord is
 * `${card}#${serial}` (a Lord card coming back from the discard pile is another lord of the same
 * name [T §2.2]); a title is a unique object [P G-05]: `FIEF:F_BOURG`, `BISHOP:4`, `CARDINAL:1`…
 * `CARDINAL:3` (card-linked), `CARDINAL:BOUGHT`, `KING`, `QUEEN`, `POPE`, `CROWN_PRINCE`.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type { BishopricNo, FiefId, VillageId } from './board.ts';
import type { CardId, Gender, RelicId } from './cards.ts';
import type { FiefConfig } from './constants.ts';
import type { PhaseNo, StepId } from './phases.ts';

export type { PlayerId };
export type LordId = string;
export type Colour = 'green' | 'blue' | 'magenta' | 'white' | 'yellow' | 'red';
/** [P G-06] the five colours the text names, then red. Seats take them in order [P]. */
export const COLOURS: readonly Colour[] = ['green', 'blue', 'magenta', 'white', 'yellow', 'red'];

export type CardinalHat = 'CARDINAL:1' | 'CARDINAL:2' | 'CARDINAL:3' | 'CARDINAL:BOUGHT';
export const CARDINAL_HATS: readonly CardinalHat[] = ['CARDINAL:1', 'CARDINAL:2', 'CARDINAL:3', 'CARDINAL:BOUGHT'];
export type TitleId = `FIEF:${FiefId}` | `BISHOP:${BishopricNo}` | CardinalHat | 'KING' | 'QUEEN' | 'POPE' | 'CROWN_PRINCE';

/**
 * Where a piece stands in a village [T-FAQ, §8.1.1]: the controller's pieces in the centre, those
 * of other players who arrived this turn at the entrance of their path, the rest in the outskirts.
 */
export type Position = { kind: 'CENTER' } | { kind: 'ENTRANCE'; path: string } | { kind: 'OUTSKIRTS' };
export interface Place { village: VillageId; position: Position }

/**
 * Troops of one player at one position of a village, in groups that share their per-turn flags
 * (steps moved this turn [P G-32], halved by plague this turn [P G-21]).
 */
export interface UnitGroup { sergeants: number; knights: number; steps: number; plagued: boolean }
export interface Stack { player: PlayerId; position: Position; groups: UnitGroup[] }

export interface Siege { besieger: PlayerId; engineDice: 1 | 2; sinceTurn: number }

export interface VillageState {
  controller: PlayerId | null;
  fortification: 'CASTLE' | 'CITY' | null;
  mills: number;
  stacks: Stack[];
  sieges: Siege[];
}

export interface Family {
  player: PlayerId;
  name: string;
  colour: Colour;
  ecus: number;
  reserve: { sergeants: number; knights: number; siegeEngines: number };
  embassy: number;
  taxMarkers: number;
  /** Lords in play (their Lord cards lie on the family board), in order of arrival. */
  lords: LordId[];
  /** Defaults in a row (§11.7), for the platform's absent flag. */
  absent: boolean;
}

export interface Lord {
  id: LordId;
  card: CardId;
  name: string;
  gender: Gender;
  owner: PlayerId;
  at: Place | null;
  prisonerOf: PlayerId | null;
  titles: TitleId[];
  darc: boolean;
  spouse: LordId | null;
  excommunicated: boolean;
  assassinSponsor: boolean;
  /** The turn his bishop title began (bishops elected this turn do not vote) [T §1.4]. */
  bishopSince: number | null;
  stepsThisTurn: number;
  plagueTestedThisTurn: boolean;
}

export interface TitleState {
  holder: LordId | null;
  /** The Cardinal card under a card-linked hat [T §1.5]. */
  card: CardId | null;
  /** QUEEN only: she is regent (the king died without a crown prince) [T §1.8.1]. */
  regent?: boolean;
  /**
   * CROWN_PRINCE only: the royal couple (king, queen) for whom a crown prince was put in play; it
   * stays after his death, and the pope may no longer annul their marriage [T §1.7].
   */
  couple?: [LordId, LordId];
}

export interface Tithe { player: PlayerId; as: 'BISHOP' | 'CARDINAL' | 'POPE'; order: number }
export interface BishopricState {
  /** Calamity cards beside the mitre (at most one of each kind) [T §2.3]. */
  calamities: CardId[];
  /** Good Harvest / Fair Weather cards beside the mitre (at most one bonus of each kind) [T §2.4.7]. */
  bonuses: CardId[];
  tithes: Tithe[];
}

/**
 * A relic (option A.1): carried by `holder` (then `village` is null: it goes where he goes), or
 * lying on `village` (at its seat since setup, or `dropped` there by a dead carrier), or `removed`
 * (the Tooth of St Géronce, once used).
 */
export interface RelicState {
  holder: LordId | null;
  village: VillageId | null;
  removed: boolean;
  /** Left in a village by a carrier who died: picked up by the first lord to arrive, or held by the troops there [T §11.1]. */
  dropped?: boolean;
  /**
   * Tooth of St Géronce only: the holder's player's standing answer to #38a, recorded as an input
   * (style §9): use the tooth when a lord of his family dies ('own-family') or one of these lords.
   */
  resurrect?: 'own-family' | LordId[];
}

/** Nobody's to see. */
export interface Secret {
  /**
   * Seed of the named streams (`createRng(seed, 'battle/B7/round/2')`), drawn from the engine's Rng
   * at setup. Secret: it would tell the order of the decks and every die to come.
   */
  seed: string;
  characterDeck: CardId[];
  eventDeck: CardId[];
  characterDiscard: CardId[];
  eventDiscard: CardId[];
  /** Face down, slots 1…n [T §2.3]; null: a free slot. */
  calamityTrack: (CardId | null)[];
  /** Cards set aside during setup step 9 (shuffled back at its end; empty afterwards). */
  setAside: CardId[];
}

export interface Cursor {
  /** 0 before the first turn (setup). */
  turn: number;
  phase: PhaseNo;
  step: StepId;
}

export interface FiefState {
  ruleset: 'fief';
  version: 1;
  /** The constants in force (resolved at creation, kept for replays). */
  config: FiefConfig;
  /** Seats, clockwise. */
  players: PlayerId[];
  firstPlayer: PlayerId | null;
  cursor: Cursor;
  /** Players still to choose their starting village, in turn order (setup step 10). */
  placing: PlayerId[];
  families: Record<PlayerId, Family>;
  lords: Record<LordId, Lord>;
  nextLordSerial: number;
  villages: Record<VillageId, VillageState>;
  titles: Record<TitleId, TitleState>;
  bishoprics: Record<BishopricNo, BishopricState>;
  /** The taille marker on each fief: who levied it this turn. */
  taille: Record<FiefId, PlayerId | null>;
  /** The papal tithe marker in the board centre. */
  papalTithe: PlayerId | null;
  supply: { castleTiles: number; mills: number };
  /** The d'Arc card beside its lady while she lives [T §9.1]. */
  darcCard: CardId | null;
  excommunicated: LordId | null;
  /** Excommunications the pope has pronounced this turn (a lifting does not give one back [P G-40]); reset in 7.D. */
  popeExcommunicationsThisTurn: number;
  /** Optional rule A.1; null when relics are not in play. */
  relics: Record<RelicId, RelicState> | null;
  hands: Record<PlayerId, CardId[]>;
  secret: Secret;
  /** Winners, once the game is over. */
  winners: PlayerId[] | null;
  /**
   * The king's waivers (#6) granted in a trade or gift (free.ts, §11.6 "combined offers"): used by
   * the buyer's purchase of that fief title in step 4.B, lapsed when a step 4.B ends [P]. Absent: none.
   */
  waivers?: KingWaiver[];
}

/** The king's (or queen regent's) player `king` waives the price of `fief`'s title for `buyer` (#6) [T-FAQ, §11.6]. */
export interface KingWaiver { king: PlayerId; buyer: PlayerId; fief: FiefId }
