/**
 * Setup, rules §3 step by step (steps S1–S11 of phases.ts), for 3 to 6 players [P G-06].
 * Deterministic: the engine's Rng gives the game's seed, and each shuffle or draw uses its own
 * named stream of that seed (`setup/event-deck`, `setup/character-deck`, `setup/starting-lords`,
 * `setup/first-player`, `setup/relics`; style §9), so a replay or a reordered call draws the same.
 *
 * - `createGame` runs S1–S9 and the random first player of S10; the game then waits for each
 *   player, in turn order, to choose a starting village (`placeStart`, S10); after the last one
 *   `finishSetup` places the relics (option A.1) and opens turn 1 (S11).
 * - `setupGame` does it all with a chooser (default: the first free village in board order [P]).
 *
 * Refusals are named values (`SetupRefusal`) with their text in both languages.
 */
import { LocalizedError } from '../../engine/constants.ts';
import { fill } from '../../engine/localize.ts';
import type { Localized, PlayerId } from '../../engine/ruleset.ts';
import { createRng, type Rng } from '../../engine/rng.ts';
import { BISHOPRIC_NOS, BOARD, type BishopricNo, type VillageId } from './board.ts';
import { cardKind, deckCards, LORD_CARDS, RELIC_IDS, type CardId, type RelicId } from './cards.ts';
import { resolveFiefConfig, type FiefConfig } from './constants.ts';
import { CARDINAL_HATS, COLOURS, type BishopricState, type Family, type FiefState, type Lord, type LordId, type RelicState, type TitleId, type VillageState } from './state.ts';
import { turnOrder } from './turn-order.ts';

export interface FiefOptions {
  /** Number of players (3–6 by default: `players.min`…`players.max` of the constants). */
  players: number;
  /** Display names by seat (default `Player 1`…). */
  names?: string[];
  /** The host's overrides of the constants table (constants.ts), options of Appendix A included. */
  config?: unknown;
}

/** Seat ids, clockwise. */
export const seatIds = (n: number): PlayerId[] => Array.from({ length: n }, (_, i) => `P${i + 1}`);

// ─── S9: the starting lords [T-setup 9] ────────────────────────────────────────────────────────

export interface StartingDraw { lords: Record<PlayerId, CardId>; deck: CardId[]; setAside: CardId[] }

/**
 * Each player in seating order [P] draws from the top of the Character deck until a Lord card;
 * Cardinal and d'Arc cards drawn are set aside, then shuffled back into the deck once every
 * player has a Lord (TV-02). The loop is bounded by the deck: a deck without enough Lord cards
 * throws (the constants fix 18 Lord cards for at most 6 players, so it cannot happen in a game).
 */
export function drawStartingLords(deck: readonly CardId[], players: readonly PlayerId[], rng: Rng): StartingDraw {
  const pile = [...deck];
  const setAside: CardId[] = [];
  const lords: Record<PlayerId, CardId> = {};
  for (const p of players) {
    for (let guard = pile.length; ; guard--) {
      const card = pile.shift();
      if (card === undefined || guard <= 0) throw new Error('setup: the Character deck has too few Lord cards');
      if (cardKind(card) === 'LORD') { lords[p] = card; break; }
      setAside.push(card);
    }
  }
  return { lords, deck: setAside.length > 0 ? rng.shuffle([...pile, ...setAside]) : pile, setAside };
}

// ─── S1–S10: a new game ────────────────────────────────────────────────────────────────────────

const MSG = {
  players: { fr: 'Fief se joue de {min} à {max} joueurs ({n} demandés).', en: 'Fief is played by {min} to {max} players ({n} asked).' },
} satisfies Record<string, Localized>;

/** A new lord of a family, from his card (S9, and later the Lord card of §6.4.1). */
export function newLord(state: Pick<FiefState, 'nextLordSerial'>, card: CardId, owner: PlayerId): Lord {
  const row = LORD_CARDS[card];
  if (!row) throw new Error(`${card} is not a Lord card`);
  return {
    id: `${card}#${state.nextLordSerial}`, card, name: row.name, gender: row.gender, owner, at: null, prisonerOf: null, titles: [],
    darc: false, spouse: null, excommunicated: false, assassinSponsor: false, bishopSince: null, stepsThisTurn: 0, plagueTestedThisTurn: false,
  };
}

/** Every title, unassigned, with its marker on its board space (S5–S7) [P G-05]. */
function allTitles(): Record<TitleId, { holder: null; card: null }> {
  const ids: TitleId[] = [...BOARD.fiefIds.map((f) => `FIEF:${f}` as TitleId), ...BISHOPRIC_NOS.map((n) => `BISHOP:${n}` as TitleId), ...CARDINAL_HATS, 'KING', 'QUEEN', 'POPE', 'CROWN_PRINCE'];
  return Object.fromEntries(ids.map((id) => [id, { holder: null, card: null }])) as Record<TitleId, { holder: null; card: null }>;
}

/**
 * Steps S1–S9 and the first player of S10: a game waiting for the first player to choose his
 * starting village. Throws a LocalizedError for a player count or constants the game cannot take.
 */
export function createGame(options: FiefOptions, rng: Rng): FiefState {
  const config: FiefConfig = resolveFiefConfig(options.config ?? {});
  const n = options.players;
  if (!Number.isInteger(n) || n < config.players.min || n > config.players.max) {
    throw new LocalizedError(fill(MSG.players, { min: config.players.min, max: config.players.max, n: String(n) }));
  }
  const seed = Array.from({ length: 4 }, () => rng.int(0, 0xffff_ffff).toString(16).padStart(8, '0')).join('');
  const stream = (name: string) => createRng(seed, `setup/${name}`);
  const players = seatIds(n);

  // S1 board: BOARD (board.ts); every village free.
  const villages: Record<VillageId, VillageState> = Object.fromEntries(BOARD.villageIds.map((v) => [v, { controller: null, fortification: null, mills: 0, stacks: [], sieges: [] }]));
  // S2, S3: the two draw piles, shuffled; discard piles empty.
  const eventDeck = stream('event-deck').shuffle(deckCards('event', config));
  const shuffledCharacters = stream('character-deck').shuffle(deckCards('character', config));
  // S8: families (colours by seat [P]), each with its reserve and 5 ecus; troops and castle are
  // taken from reserve and supply when placed (S10).
  const families: Record<PlayerId, Family> = {};
  players.forEach((p, i) => {
    families[p] = {
      player: p, name: options.names?.[i] ?? `Player ${i + 1}`, colour: COLOURS[i]!, ecus: config.start.ecus,
      reserve: { sergeants: config.reserve.sergeants, knights: config.reserve.knights, siegeEngines: config.reserve.siegeEngines },
      embassy: config.reserve.embassy, taxMarkers: config.reserve.taxMarkers, lords: [], absent: false,
    };
  });
  // S9: the starting lords.
  const draw = drawStartingLords(shuffledCharacters, players, stream('starting-lords'));
  const lords: Record<LordId, Lord> = {};
  let nextLordSerial = 1;
  for (const p of players) {
    const lord = newLord({ nextLordSerial }, draw.lords[p]!, p);
    nextLordSerial += 1;
    lords[lord.id] = lord;
    families[p]!.lords.push(lord.id);
  }
  // S10: the first player at random; then each chooses a village in turn order (placeStart).
  const firstPlayer = stream('first-player').pick(players);
  const bishoprics = {} as Record<BishopricNo, BishopricState>;
  for (const b of BISHOPRIC_NOS) bishoprics[b] = { calamities: [], bonuses: [], tithes: [] };

  return {
    ruleset: 'fief', version: 1, config, players, firstPlayer,
    cursor: { turn: 0, phase: 0, step: 'S10' },
    placing: turnOrder(players, firstPlayer),
    families, lords, nextLordSerial, villages,
    titles: allTitles(), // S5–S7
    bishoprics,
    taille: Object.fromEntries(BOARD.fiefIds.map((f) => [f, null])),
    papalTithe: null,
    supply: { castleTiles: config.supply.castleTiles, mills: config.supply.mills }, // S4
    darcCard: null, excommunicated: null, popeExcommunicationsThisTurn: 0,
    relics: null,
    hands: Object.fromEntries(players.map((p) => [p, []])),
    secret: { seed, characterDeck: draw.deck, eventDeck, characterDiscard: [], eventDiscard: [], calamityTrack: Array.from({ length: config.draw.calamitySlots }, () => null), setAside: [] },
    winners: null,
  };
}

// ─── S10: starting villages [T-setup 10] ───────────────────────────────────────────────────────

export type SetupRefusal = 'setup-over' | 'not-your-turn' | 'unknown-village' | 'occupied';

export const SETUP_REFUSALS: Record<SetupRefusal, Localized> = {
  'setup-over': { fr: 'Les villages de départ sont déjà tous choisis.', en: 'Every starting village has already been chosen.' },
  'not-your-turn': { fr: 'Ce n’est pas à vous de choisir votre village de départ.', en: 'It is not your turn to choose a starting village.' },
  'unknown-village': { fr: 'Ce village n’existe pas sur le plateau.', en: 'There is no such village on the board.' },
  occupied: { fr: 'Un autre joueur occupe déjà ce village.', en: 'Another player already occupies this village.' },
};

/** A village holds pieces of a player other than `player` (troops or lords). */
function occupiedByOther(state: FiefState, village: VillageId, player: PlayerId): boolean {
  if (state.villages[village]!.stacks.some((s) => s.player !== player)) return true;
  return Object.values(state.lords).some((l) => l.at?.village === village && l.owner !== player);
}

/** The villages `player` may choose now: any not occupied by another player [T-setup 10], in board order. */
export function startingVillages(state: FiefState, player: PlayerId): VillageId[] {
  if (state.placing[0] !== player) return [];
  return BOARD.villageIds.filter((v) => !occupiedByOther(state, v, player));
}

export type SetupResult = { ok: true; state: FiefState } | { ok: false; reason: SetupRefusal };

/**
 * The player whose turn it is places his lord, 1 knight, 3 sergeants and 1 castle (numbers from
 * the constants `start`) on the chosen village and controls it [T-setup 10] (TV-01). After the
 * last player, the game opens (finishSetup). Pure: returns a new state.
 */
export function placeStart(state: FiefState, player: PlayerId, village: VillageId): SetupResult {
  if (state.placing.length === 0) return { ok: false, reason: 'setup-over' };
  if (state.placing[0] !== player) return { ok: false, reason: 'not-your-turn' };
  if (!BOARD.villages[village]) return { ok: false, reason: 'unknown-village' };
  if (occupiedByOther(state, village, player)) return { ok: false, reason: 'occupied' };
  const s = structuredClone(state);
  const c = s.config.start;
  const fam = s.families[player]!;
  const v = s.villages[village]!;
  for (const id of fam.lords) s.lords[id]!.at = { village, position: { kind: 'CENTER' } };
  fam.reserve.knights -= c.knights;
  fam.reserve.sergeants -= c.sergeants;
  if (c.knights + c.sergeants > 0) v.stacks.push({ player, position: { kind: 'CENTER' }, groups: [{ sergeants: c.sergeants, knights: c.knights, steps: 0, plagued: false }] });
  if (c.castle) { v.fortification = 'CASTLE'; s.supply.castleTiles -= 1; }
  v.controller = player;
  s.placing.shift();
  return { ok: true, state: s.placing.length === 0 ? finishSetup(s) : s };
}

/**
 * S11: with option A.1, the five relics go at random on the five seats, after every player has
 * placed [T §11.1]; then turn 1 begins with phase 1.
 */
export function finishSetup(state: FiefState): FiefState {
  const s = structuredClone(state);
  if (s.config.options.relics) {
    const seats = BISHOPRIC_NOS.map((b) => BOARD.bishoprics[b].seat);
    const order = createRng(s.secret.seed, 'setup/relics').shuffle(RELIC_IDS);
    s.relics = Object.fromEntries(order.map((r, i) => [r, { holder: null, village: seats[i]!, removed: false } satisfies RelicState])) as Record<RelicId, RelicState>;
  }
  s.cursor = { turn: 1, phase: 1, step: '1.A' };
  return s;
}

/** The default choice of a starting village: the first free one in board order [P]. */
export const firstFreeVillage = (state: FiefState, player: PlayerId): VillageId => startingVillages(state, player)[0]!;

/** A whole setup: createGame, then every starting village from `choose` (a refused choice throws). */
export function setupGame(options: FiefOptions, rng: Rng, choose: (state: FiefState, player: PlayerId) => VillageId = firstFreeVillage): FiefState {
  let state = createGame(options, rng);
  for (let guard = state.players.length; state.placing.length > 0; guard--) {
    if (guard <= 0) throw new Error('setup: placement did not end');
    const player = state.placing[0]!;
    const r = placeStart(state, player, choose(state, player));
    if (!r.ok) throw new LocalizedError(SETUP_REFUSALS[r.reason]);
    state = r.state;
  }
  return state;
}
