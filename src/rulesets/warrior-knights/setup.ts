/**
 * Setup, rules §3 step by step (S1–S16 of phases.ts), for 2 to 6 barons with the per-player-count
 * table of §1.2 (constants.ts). Deterministic: the engine's Rng gives the game's secret seed, and
 * every shuffle uses its own named stream of it (`setup/colours`, `setup/fate`,
 * `setup/fate-reshuffle`, `setup/mercenaries`, `setup/mercenary-deck`, `setup/stronghold/<baron>`).
 *
 * - `createGame` runs S1–S13 (S3 the Event deck, S4 the Proposal deck, S13 the agenda, with the
 *   streams `setup/events`, `setup/proposals`) and opens S11's troop assignment (§9.2 #1, parallel, hidden until all are in);
 * - `assignTroops` takes one baron's assignment; `closeTroops` reveals them all (a missing one gets
 *   its default) and opens S14;
 * - `placeStronghold` (S14, chairman order, #2), then `placeNoble` (S15, the counter-clockwise
 *   snake from the last stronghold placed, #3); after the last noble, turn 1 begins (S16);
 * - `setupGame` runs it all with choosers (defaults: §9.2's).
 *
 * Refusals are named values (`SetupRefusal`) with their text in French and English.
 */
import { LocalizedError } from '../../engine/constants.ts';
import { fill } from '../../engine/localize.ts';
import type { Localized } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { ALL_CITIES, city, cityIn, KINGDOM_REGIONS, region as regionOf, type CityId, type RegionId } from './board.ts';
import { BARON_IDS, noblesOf, REGULARS, SHAPES, type BaronId } from './barons.ts';
import { baronCards, FATE_DECK, mercenary, MERCENARIES } from './cards.ts';
import { borderBanned, displaySize, influenceReserve, razedAtSetup, resolveWkConfig } from './constants.ts';
import type { WkEvent } from './events.ts';
import { EVENT_CARDS } from './event-cards.ts';
import { PROPOSAL_CARDS } from './proposal-cards.ts';
import { drawFate } from './rules/fate.ts';
import { streamPick, streamShuffle, type Shuffle } from './rules/streams.ts';
import { own, type BaronState, type CityState, type NobleState, type StrongholdState, type WkState } from './state.ts';
import { chairmanOrder } from './turn-order.ts';
import { troopMen } from './troops.ts';
import { initialHeirs } from './rules/heirs.ts';

export interface WkOptions {
  /** Number of barons (2–6 by default: `players.min`…`players.max`). */
  players: number;
  /** The barons by seat, clockwise (default: drawn at random [P §3 S1]). */
  barons?: BaronId[];
  /** The host's overrides of the constants table. */
  config?: unknown;
}

export type SetupRefusal = 'bad-players' | 'wrong-stage' | 'not-your-turn' | 'not-in-game' | 'bad-assignment' | 'illegal-region' | 'unknown-noble' | 'noble-without-troops' | 'noble-placed';

export const SETUP_REFUSALS: Record<SetupRefusal, Localized> = {
  'bad-players': { fr: 'Il faut de {min} à {max} barons, chacun d’une couleur différente.', en: 'From {min} to {max} barons are needed, each of a different colour.' },
  'wrong-stage': { fr: 'Ce n’est pas le moment de la mise en place pour cela.', en: 'This is not the moment of the setup for that.' },
  'not-your-turn': { fr: 'Ce n’est pas à vous de jouer.', en: 'It is not your turn.' },
  'not-in-game': { fr: 'Ce baron ne joue pas dans cette partie.', en: 'This baron is not in this game.' },
  'bad-assignment': { fr: 'Chacune de vos cartes de troupe doit aller à l’un de vos nobles ou à votre forteresse, et rien d’autre.', en: 'Each of your troop cards must go to one of your nobles or to your stronghold, and nothing else.' },
  'illegal-region': { fr: 'Vous ne pouvez pas vous installer dans cette région.', en: 'You cannot set up in this region.' },
  'unknown-noble': { fr: 'Ce noble n’est pas l’un des vôtres.', en: 'This noble is not one of yours.' },
  'noble-without-troops': { fr: 'Un noble sans troupes reste hors du plateau.', en: 'A noble without troops stays off the board.' },
  'noble-placed': { fr: 'Ce noble est déjà sur le plateau.', en: 'This noble is already on the board.' },
};

export type SetupResult = { ok: true; state: WkState } | { ok: false; reason: SetupRefusal };
const refuse = (reason: SetupRefusal): SetupResult => ({ ok: false, reason });

// ─── S1–S13 ───────────────────────────────────────────────────────────────────────────────────

export function createGame(options: WkOptions, rng: Rng, inject?: Shuffle): WkState {
  const config = resolveWkConfig(options.config ?? {});
  const n = options.players;
  const seed = `${rng.int(0, 0x7fffffff)}-${rng.int(0, 0x7fffffff)}`;
  const shuffle: Shuffle = inject ?? streamShuffle({ secret: { seed } as WkState['secret'] });
  // S1 [P]: random colours unless the host gives them.
  const players = options.barons ?? shuffle('setup/colours', BARON_IDS).slice(0, n);
  if (!Number.isInteger(n) || n < config.players.min || n > config.players.max || players.length !== n || new Set(players).size !== n || players.some((b) => !BARON_IDS.includes(b))) {
    throw new LocalizedError(fill(SETUP_REFUSALS['bad-players'], { min: config.players.min, max: config.players.max }));
  }
  const log: WkEvent[] = [];
  const passes = config.setup.fateRedrawPasses;
  // S2: the Fate deck.
  let fateDeck = shuffle('setup/fate', FATE_DECK.map((f) => f.id));
  // S3: the Event deck, shuffled, then its top card to the bottom [P G-A40].
  const events = shuffle('setup/events', EVENT_CARDS.map((e) => e.id));
  const eventDeck = [...events.slice(1), ...events.slice(0, 1)];
  // S4: the Proposal deck (the neutral cards are shuffled at each Planning, P2).
  let proposalDeck = shuffle('setup/proposals', PROPOSAL_CARDS.map((p) => p.id));
  // S13 (drawn here: no draw comes between): the top 3 Proposal cards face up on the agenda.
  const agenda = proposalDeck.slice(0, config.assembly.agendaSlots);
  proposalDeck = proposalDeck.slice(config.assembly.agendaSlots);
  // S5: raze Kingdom cities by Fate draws; Overseas or already razed cities are redrawn [T §3 S5].
  const cities: Record<CityId, CityState> = {};
  for (const id of ALL_CITIES) cities[id] = { id, razed: false, controller: null, fortified: false, breaches: 0, besiegedBy: null, siegeSince: null }; // S6: all neutral
  for (let i = 0; i < razedAtSetup(config, n); i++) {
    const d = drawFate(fateDeck, (f) => !city(f.city).overseas && !cities[f.city]!.razed, passes);
    fateDeck = d.deck;
    if (!d.card) { log.push({ t: 'fate-fizzled', need: 'kingdom-city' }); continue; }
    cities[d.card.city]!.razed = true;
    log.push({ t: 'city-razed', city: d.card.city, fate: d.card.id });
  }
  // S8: each baron's material.
  const barons = {} as Record<BaronId, BaronState>;
  const nobles: Record<string, NobleState> = {};
  const strongholds = {} as Record<BaronId, StrongholdState>;
  for (const b of players) {
    barons[b] = { id: b, crowns: config.setup.crowns, votes: 0, faith: 0, influence: 0, hand: baronCards(b), titles: [], banished: false, shields: config.setup.shields, controlMarkers: config.setup.controlMarkers };
    for (const nd of noblesOf(b)) nobles[nd.id] = { id: nd.id, baron: b, location: { kind: 'off' }, ready: true, troops: [], casualties: 0, hasHeir: true, office: null };
    strongholds[b] = { baron: b, region: null, breaches: 0, garrison: [], casualties: 0, besiegedBy: null, siegeSince: null };
  }
  // S9: Chairman, then another baron for Church Support, by Fate draws [P G-A02].
  const ch = drawFate(fateDeck, (f) => players.includes(f.baron), passes);
  fateDeck = ch.deck;
  const chairman = ch.card?.baron ?? players[0]!; // unreachable with valid content: every baron is on D/6 cards (§10.6)
  const cu = drawFate(fateDeck, (f) => players.includes(f.baron) && f.baron !== chairman, passes);
  fateDeck = cu.deck;
  const church = cu.card?.baron ?? chairmanOrder(players, chairman)[1]!;
  log.push({ t: 'chairman', baron: chairman }, { t: 'church', baron: church });
  // S10: reshuffle the Fate deck.
  fateDeck = shuffle('setup/fate-reshuffle', fateDeck);
  // S11: one random 50-man and one random 100-man mercenary card each, in chairman order [P].
  let mercDeck = shuffle('setup/mercenaries', MERCENARIES.map((m) => m.id));
  const unassigned: Partial<Record<BaronId, string[]>> = {};
  for (const b of chairmanOrder(players, chairman)) {
    const m50 = mercDeck.find((id) => mercenary(id).strength === 50)!;
    const m100 = mercDeck.find((id) => mercenary(id).strength === 100)!;
    mercDeck = mercDeck.filter((id) => id !== m50 && id !== m100);
    unassigned[b] = [...REGULARS.filter((r) => r.baron === b).map((r) => r.id), m50, m100];
  }
  // S12: shuffle the Mercenary deck, reveal N + 1 [P G-A01].
  mercDeck = shuffle('setup/mercenary-deck', mercDeck);
  const display = mercDeck.slice(0, displaySize(config, n));
  mercDeck = mercDeck.slice(displaySize(config, n));

  return {
    ruleset: 'warrior-knights', version: 1, config, players, turn: 0, stage: 'troops', step: 'S11',
    chairman, church, barons, nobles, strongholds, cities,
    influenceReserve: influenceReserve(config, n), // S7
    zones: { taxes: [], wages: [], assembly: [] },
    track: Array.from({ length: 7 }, () => null),
    display, agenda, // S13
    expeditions: { ceylon: null, spice: null, china: null },
    unassigned, toAct: chairmanOrder(players, chairman), submitted: [],
    pileCounts: [], current: null, pile: 0, pendingPhases: [], outOfGame: [], log,
    secret: { seed, fateDeck, mercenaryDeck: mercDeck, eventDeck, proposalDeck, piles: [[], [], []], neutralAside: [], plans: {}, troopAssignments: {} },
    lastTurn: false, winner: null,
    eventDiscard: [], lasting: [], proposalDiscard: [], laws: [], eventPending: null,
    ...(config.options.heirExchange ? { heirs: initialHeirs({ config, nobles })!, heirOffers: [] } : {}), // §7.4 variant, absent when off
  };
}

// ─── S11: troop assignment (§9.2 #1) ──────────────────────────────────────────────────────────

/** A baron's assignment: each of his troop cards → one of his nobles' ids, or 'stronghold'. */
export type TroopAssignment = Record<string, string>;

/** §9.2 #1 default: everything to the circle noble (400 men, wage-free [T §2.3]). */
export function defaultTroops(state: WkState, baron: BaronId): TroopAssignment {
  return Object.fromEntries((state.unassigned[baron] ?? []).map((card) => [card, `${baron}-circle`]));
}

export function assignTroops(state: WkState, baron: BaronId, assignment: TroopAssignment): SetupResult {
  if (state.stage !== 'troops') return refuse('wrong-stage');
  if (!state.players.includes(baron)) return refuse('not-in-game');
  const cards = state.unassigned[baron] ?? [];
  const keys = Object.keys(assignment);
  if (keys.length !== cards.length || !cards.every((c) => c in assignment)) return refuse('bad-assignment');
  if (!keys.every((k) => assignment[k] === 'stronghold' || own(state.nobles, assignment[k])?.baron === baron)) return refuse('bad-assignment');
  const s = structuredClone(state);
  s.secret.troopAssignments[baron] = { ...assignment };
  if (!s.submitted.includes(baron)) s.submitted.push(baron);
  return { ok: true, state: s.submitted.length === s.players.length ? closeTroops(s) : s };
}

/** Reveals every assignment at once (a missing one gets its default) and opens S14. */
export function closeTroops(state: WkState): WkState {
  if (state.stage !== 'troops') throw new Error('closeTroops: not the troop stage');
  const s = structuredClone(state);
  for (const b of chairmanOrder(s.players, s.chairman)) {
    const a = s.secret.troopAssignments[b] ?? defaultTroops(s, b);
    for (const card of s.unassigned[b] ?? []) {
      const to = a[card]!;
      if (to === 'stronghold') s.strongholds[b].garrison.push(card); else s.nobles[to]!.troops.push(card);
    }
    s.log.push({ t: 'troops-revealed', baron: b, men: (s.unassigned[b] ?? []).reduce((m, c) => m + troopMen(c), 0) });
  }
  s.unassigned = {};
  s.secret.troopAssignments = {};
  s.submitted = [];
  s.stage = 'strongholds';
  s.step = 'S14';
  s.toAct = chairmanOrder(s.players, s.chairman);
  return s;
}

// ─── S14: strongholds (§9.2 #2) ───────────────────────────────────────────────────────────────

/** Kingdom regions with no unrazed city and no stronghold; off the border with 2–3 barons [T §3 S14]. */
export function strongholdRegions(state: WkState): RegionId[] {
  const ban = borderBanned(state.config, state.players.length);
  const taken = new Set(Object.values(state.strongholds).map((h) => h.region));
  return KINGDOM_REGIONS.filter((r) => {
    const c = cityIn(r);
    return !(c && !state.cities[c.id]!.razed) && !taken.has(r) && !(ban && regionOf(r).border);
  });
}

export function placeStronghold(state: WkState, baron: BaronId, region: RegionId): SetupResult {
  if (state.stage !== 'strongholds') return refuse('wrong-stage');
  if (!state.players.includes(baron)) return refuse('not-in-game');
  if (state.toAct[0] !== baron) return refuse('not-your-turn');
  if (!strongholdRegions(state).includes(region)) return refuse('illegal-region');
  const s = structuredClone(state);
  s.strongholds[baron].region = region;
  s.log.push({ t: 'stronghold-placed', baron, region });
  s.toAct.shift();
  if (s.toAct.length === 0) {
    s.stage = 'nobles';
    s.step = 'S15';
    s.toAct = nobleRound(s);
    if (s.toAct.length === 0) return { ok: true, state: beginFirstTurn(s) };
  }
  return { ok: true, state: s };
}

/** §9.2 #2 default: a random legal region (named stream per baron). */
export function defaultStronghold(state: WkState, baron: BaronId): RegionId {
  const legal = strongholdRegions(state);
  return legal[streamPick(state, `setup/stronghold/${baron}`, legal.length)]!;
}

// ─── S15: nobles (§9.2 #3) ────────────────────────────────────────────────────────────────────

const waiting = (s: WkState, b: BaronId): string[] =>
  SHAPES.map((sh) => `${b}-${sh}`).filter((id) => s.nobles[id]!.troops.length > 0 && s.nobles[id]!.location.kind === 'off');

/** One round of the snake: from the last baron to place a stronghold, counter-clockwise; barons with no noble left skipped [T §3 S15]. */
function nobleRound(s: WkState): BaronId[] {
  return chairmanOrder(s.players, s.chairman).reverse().filter((b) => waiting(s, b).length > 0);
}

/** Kingdom regions with no enemy noble and no enemy stronghold [T §3 S15]. */
export function nobleRegions(state: WkState, baron: BaronId): RegionId[] {
  const enemy = new Set<RegionId>();
  for (const nb of Object.values(state.nobles)) if (nb.baron !== baron && nb.location.kind === 'region') enemy.add(nb.location.region);
  for (const h of Object.values(state.strongholds)) if (h.baron !== baron && h.region) enemy.add(h.region);
  return KINGDOM_REGIONS.filter((r) => !enemy.has(r));
}

export function placeNoble(state: WkState, baron: BaronId, nobleId: string, region: RegionId): SetupResult {
  if (state.stage !== 'nobles') return refuse('wrong-stage');
  if (!state.players.includes(baron)) return refuse('not-in-game');
  if (state.toAct[0] !== baron) return refuse('not-your-turn');
  const nb = own(state.nobles, nobleId);
  if (!nb || nb.baron !== baron) return refuse('unknown-noble');
  if (nb.location.kind !== 'off') return refuse('noble-placed');
  if (nb.troops.length === 0) return refuse('noble-without-troops');
  if (!nobleRegions(state, baron).includes(region)) return refuse('illegal-region');
  const s = structuredClone(state);
  s.nobles[nobleId]!.location = { kind: 'region', region };
  s.log.push({ t: 'noble-placed', baron, noble: nobleId, region });
  s.toAct.shift();
  s.toAct = s.toAct.filter((b) => waiting(s, b).length > 0);
  if (s.toAct.length === 0) s.toAct = nobleRound(s);
  return { ok: true, state: s.toAct.length === 0 ? beginFirstTurn(s) : s };
}

/** §9.2 #3 default: the first waiting noble (shape order [P]) to the stronghold's region. */
export function defaultNoble(state: WkState, baron: BaronId): { noble: string; region: RegionId } {
  return { noble: waiting(state, baron)[0]!, region: state.strongholds[baron].region! };
}

/** S16: turn 1 begins with Planning; every baron is to submit (§4.1). */
function beginFirstTurn(s: WkState): WkState {
  s.stage = 'planning';
  s.step = 'P1';
  s.turn = 1;
  s.toAct = chairmanOrder(s.players, s.chairman);
  s.submitted = [];
  return s;
}

// ─── All of it ────────────────────────────────────────────────────────────────────────────────

export interface SetupChoosers {
  troops?: (s: WkState, b: BaronId) => TroopAssignment;
  stronghold?: (s: WkState, b: BaronId) => RegionId;
  noble?: (s: WkState, b: BaronId) => { noble: string; region: RegionId };
}

const must = (r: SetupResult): WkState => {
  if (!r.ok) throw new LocalizedError(SETUP_REFUSALS[r.reason]);
  return r.state;
};

/** Runs the whole setup, each decision by its chooser (default: §9.2's). Bounded: 6 barons × (1 + 1 + 4) decisions. */
export function setupGame(options: WkOptions, rng: Rng, choose: SetupChoosers = {}, inject?: Shuffle): WkState {
  let s = createGame(options, rng, inject);
  for (const b of chairmanOrder(s.players, s.chairman)) s = must(assignTroops(s, b, (choose.troops ?? defaultTroops)(s, b)));
  while (s.stage === 'strongholds') s = must(placeStronghold(s, s.toAct[0]!, (choose.stronghold ?? defaultStronghold)(s, s.toAct[0]!)));
  for (let guard = 0; s.stage === 'nobles' && guard < 24; guard++) {
    const b = s.toAct[0]!;
    const { noble, region } = (choose.noble ?? defaultNoble)(s, b);
    s = must(placeNoble(s, b, noble, region));
  }
  return s;
}

