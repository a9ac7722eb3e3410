/**
 * The rulesets this installation knows. The platform and the command line find a ruleset here
 * by id; nothing outside a ruleset's folder knows its rules.
 */
import { LocalizedError } from '../engine/constants.ts';
import { advance, createGame, missing, submit, type GameRecord } from '../engine/game.ts';
import { fill } from '../engine/localize.ts';
import { createRng, type Rng } from '../engine/rng.ts';
import type { ActionInput, Lang, Localized, PlayerId, Ruleset, SeatField, SeatIssue } from '../engine/ruleset.ts';
import { gloireEtPouvoir } from './gloire-et-pouvoir/index.ts';
import { botOrders, botOrdersFromView } from './gloire-et-pouvoir/bot.ts';
import type { GPView } from './gloire-et-pouvoir/view.ts';
import { caretakerAnswer } from './gloire-et-pouvoir/caretaker.ts';
import { summarizeTurn } from './gloire-et-pouvoir/summary.ts';
import { gpInvariants } from './gloire-et-pouvoir/invariants.ts';
import { soakGame } from './gloire-et-pouvoir/soak.ts';
import type { GPState } from './gloire-et-pouvoir/state.ts';
import type { GPEvent } from './gloire-et-pouvoir/events.ts';
import { adventurerKings, summarizeTurn as akSummarize, VALHALLA_DECISION, valhallaEntered } from './adventurer-kings/index.ts';
import { defaultAnswer as akValhallaDefault, entrantOf as akEntrantOf } from './adventurer-kings/valhalla/answer.ts';
import { heroSummary as akHeroSummary } from './adventurer-kings/valhalla/messages.ts';
import { botOrders as akBotOrders } from './adventurer-kings/bot.ts';
import { caretakerAnswer as akCaretakerAnswer } from './adventurer-kings/caretaker.ts';
import { akInvariants } from './adventurer-kings/invariants.ts';
import { AK_VARIANT, soakGame as akSoakGame } from './adventurer-kings/soak.ts';
import type { AKState } from './adventurer-kings/state.ts';
import { answerLetter, type LetterAnswer } from './gloire-et-pouvoir/bot-letters.ts';
import type { AKSheet } from './adventurer-kings/turn/context.ts';
import type { AKEvent } from './adventurer-kings/events.ts';
import { fief } from './fief/index.ts';
import { botAnswer as fiefBot, soakGame as fiefSoakGame } from './fief/bot.ts';
import { checkInvariants as fiefInvariants } from './fief/invariants.ts';
import type { FiefEvent, FiefGame } from './fief/flow.ts';
import type { FreeEvent as FiefFreeEvent } from './fief/free.ts';
import { botActionsOf as fiefBotActions } from './fief/bot-free.ts';
import { warriorKnights } from './warrior-knights/index.ts';
import { botAnswer as wkBot } from './warrior-knights/bot.ts';
import { checkInvariants as wkInvariants } from './warrior-knights/invariants.ts';
import type { FlowEvent as WkFlowEvent, WkGame } from './warrior-knights/flow.ts';
import { gruik, gruikBot, holdBot as gruikHold } from './gruik/index.ts';
import { checkInvariants as gruikInvariants } from './gruik/invariants.ts';
import { gruikHostFields, gruikHostOptions } from './gruik/host-form.ts';
import { checkScenario as checkGruikScenario } from './gruik/scenario.ts';
import { countSheetOrders } from './gruik/sheet/count.ts';
import type { GruikFlowEvent, GruikGame } from './gruik/flow.ts';

/**
 * A kind of game a host can start with a ruleset (a map, an edition): its id is passed to
 * `options` as `map` and stored with the game; `seats` bounds the number of players.
 */
export interface GameVariant { id: string; name: Localized; seats: { min: number; max: number; default: number } }

export interface RulesetEntry<S = any, E = any> {
  ruleset: Ruleset<S, any, E>;
  /** The games a host can start (the lobby and the creation form offer them); the first is the default. */
  variants: GameVariant[];
  /** A bot's answer to one decision (legal, sensible play), for demos, simulations and soak tests. */
  bot?: (state: S, player: PlayerId, decision: string, rng: Rng, options?: BotOptions) => unknown;
  /**
   * Optional: a bot that plays from one player's view alone (`ruleset.view(state, player)`, what the
   * API gives a player's token), for clients outside the server such as the reference API client
   * examples/bot.ts. It never sees the state, so it can never use what the player may not know.
   */
  viewBot?: (view: unknown, player: PlayerId, decision: string, rng: Rng) => unknown;
  /**
   * The caretaker's answer for a player who sent none by the deadline (a host option): sensible,
   * defensive play reading only what that player may know, marked so that his report says so.
   * Returns the structured answer to submit (validated like any other answer).
   */
  caretaker?: (state: S, player: PlayerId, decision: string, rng: Rng) => unknown;
  /**
   * Optional: a hall of heroes across games (Adventurer Kings' Valhalla, §12.3). `entered`: the
   * heroes a finished game sends there, each with the player who placed him (plain JSON, the
   * player's text already checked by the ruleset); `option`: the key of the host options under
   * which a new game receives the hall's roster when it starts (a snapshot, stored with the game).
   */
  hall?: {
    option: string;
    entered(state: S): { player: PlayerId; hero: Record<string, unknown> }[];
    /** One line about a hero in `lang` (his race, alignment, the item he took), for the hall's pages. */
    summary(hero: Record<string, unknown>, lang: Lang): string;
  };
  /**
   * Optional (games with free actions): the free actions a bot seat takes now, from `rng` alone,
   * each validated like a player's. `answer` (the default): in answer to what other players'
   * actions ask of it (a trade offer, a request), taken by the platform after a player's free
   * action (never after a bot's). `spontaneous`: the same answers and initiatives of its own
   * (offers, gifts…), bounded by the ruleset per phase, taken between steps: by the platform after
   * each resolution of a game of prompts (rng from the game's seed and step), and by the soak runner.
   */
  botActions?: (state: S, player: PlayerId, rng: Rng, mode?: 'answer' | 'spontaneous') => ActionInput[];
  /** One progress line after a step, for the command line. */
  summarize?: (state: S, events: E[]) => string;
  /**
   * Options for a new game from command-line style arguments. `choices`: each lord's seat-form
   * value (`ruleset.seatForm`'s check), in the order of `lords` (or of the seats); null or absent:
   * drawn by the ruleset from the game's seed.
   */
  /**
   * Optional: the host's options of the site's creation form beyond the variant, the seats and the
   * constants (a Gruik campaign's length, tabletop battles): their fields, and the options they make
   * (merged into the game's options) or the issues by field. `gm`: whether the game has a GM.
   */
  hostForm?: {
    fields(lang: Lang): SeatField[];
    options(values: Record<string, string>, ctx: { gm: boolean }): { options: Record<string, unknown> } | { issues: SeatIssue[] };
  };
  options: (args: { map?: string; players?: number; lords?: string[]; choices?: (Record<string, unknown> | null)[]; config?: Record<string, unknown>; scenario?: unknown }) => unknown;
  /**
   * Optional (rulesets whose host may bring his own scenario file, Game of Gruik §12.4): checks a
   * file (parsed JSON) for a variant (undefined: the ruleset's choice; null: the file as written).
   * `errors`: what stops the load, one line each; `warnings`: the design targets missed; `summary`:
   * the text for checking by eye (null when refused). `options({ scenario })` then starts a game on it.
   */
  scenario?: { check(json: unknown, variant: string | null | undefined, lang: Lang): { errors: string[]; warnings: string[]; summary: string | null } };
  /**
   * The state invariants: throws an Error naming the first one broken. `initial` is the state
   * after setup, `previous` the state before the step just resolved (null for the initial state),
   * `step` the number of steps resolved. Checked after every step by the soak runner and tests.
   */
  invariants?: (state: S, context: { initial: S; previous: S | null; step: number }) => void;
  /** The soak runner's mix of games: one game's map and number of players, drawn from `rng` (among `maps` when given). */
  soakGame?: (rng: Rng, maps?: string[]) => { map: string; players: number };
  /** Other names a player answers to on the command line (`--lord`), e.g. his kingdom's name. */
  aliases?: (state: S, player: PlayerId) => string[];
  /**
   * Optional: the key of the host options under which a new game receives whether the platform
   * gave it a GM (`games.gm_user_id` set), when it starts (Gruik: `gm`, GM_PRESENT), so that the
   * ruleset's GM and the platform's agree.
   */
  gmOption?: string;
  /** The number of orders in a validated answer (the command line's count; default: its `lines`). */
  countOrders?: (value: unknown) => number;
  /**
   * How a bot answers a letter from `writer` asking for an alliance or peace (the demo's diplomacy):
   * `answer` is one of the platform's stock replies; `order` (a line of the bot's sheet) is the order
   * it gives for it this turn. Without it, bots answer politely and commit to nothing.
   */
  botLetter?: (state: S, bot: PlayerId, writer: PlayerId, topic: 'alliance' | 'peace' | 'other') => { answer: BotLetterAnswer; order?: string };
}

/**
 * How the platform asks the bots to play. `prey`: players the bots go for (in a demo game, the
 * human seats, so that a newcomer soon sees a battle on his own land); a ruleset may ignore it.
 */
export interface BotOptions { prey?: PlayerId[] }

/** The stock replies a bot may give to a letter (worded by the platform in French and English). */
export type BotLetterAnswer = LetterAnswer;

const gp: RulesetEntry<GPState, GPEvent> = {
  ruleset: gloireEtPouvoir,
  variants: [
    { id: 'scandinavia', name: { fr: 'Scandinavie', en: 'Scandinavia' }, seats: { min: 2, max: 30, default: 10 } },
    { id: 'middle-east', name: { fr: 'Moyen-Orient', en: 'Middle East' }, seats: { min: 2, max: 30, default: 20 } },
    { id: 'europe', name: { fr: 'Europe', en: 'Europe' }, seats: { min: 2, max: 30, default: 30 } },
  ],
  bot: (state, player, _decision, rng, options) => botOrders(state, player, rng, undefined, options?.prey),
  viewBot: (view, player, _decision, rng) => botOrdersFromView(view as GPView, player, rng),
  caretaker: (state, player) => caretakerAnswer(state, player),
  summarize: summarizeTurn,
  options: (a) => ({ map: a.map ?? 'scandinavia', players: a.players, lords: a.lords, config: a.config }),
  invariants: gpInvariants,
  soakGame,
  botLetter: answerLetter,
};

const ak: RulesetEntry<AKState, AKEvent> = {
  ruleset: adventurerKings,
  variants: [
    { id: AK_VARIANT, name: { fr: 'Monde standard (162 provinces)', en: 'Standard world (162 provinces)' }, seats: { min: 2, max: 12, default: 8 } },
    { id: 'europe', name: { fr: 'AK Europe — un continent de l’an mil, 12 pays', en: 'AK Europe — a continent of the year 1000, 12 countries' }, seats: { min: 2, max: 12, default: 12 } },
    { id: 'super', name: { fr: 'Super AK — 450 provinces, jusqu’à 28 rois, Titres royaux', en: 'Super AK — 450 provinces, up to 28 kings, Royal Titles' }, seats: { min: 2, max: 28, default: 16 } },
    { id: 'terre', name: { fr: 'AK Terre — une Terre préhistorique, 20 empires', en: 'AK Terre — a prehistoric Earth, 20 empires' }, seats: { min: 2, max: 20, default: 20 } },
  ],
  // The Valhalla decision after the end (§12.3): a bot and the caretaker take its default.
  bot: (state, player, decision, rng) => (decision === VALHALLA_DECISION ? akValhallaDefault(akEntrantOf(state, player)!) : akBotOrders(state, player, rng)),
  caretaker: (state, player, decision) => (decision === VALHALLA_DECISION ? akValhallaDefault(akEntrantOf(state, player)!) : akCaretakerAnswer(state, player)),
  hall: {
    option: 'valhalla',
    entered: (s) => valhallaEntered(s).map((e) => ({ player: e.player, hero: e.hero as unknown as Record<string, unknown> })),
    summary: (hero, lang) => akHeroSummary(hero, lang),
  },
  summarize: akSummarize,
  options: (a) => ({
    ...(a.map ? { map: a.map } : {}), ...(a.lords ? { lords: a.lords } : { players: a.players ?? 8 }),
    ...(a.choices?.some((c) => c) ? { choices: a.choices } : {}), ...(a.config ? { config: a.config } : {}),
  }),
  invariants: akInvariants,
  soakGame: akSoakGame,
  aliases: (s, player) => Object.values(s.kingdoms).filter((k) => k.player === player).map((k) => k.name),
  countOrders: (value) => countAkOrders(value as AKSheet),
};

/**
 * The orders of an Adventurer Kings sheet: each character's order of each phase, each treaty
 * offered or broken, a call for a vote, a vote, and each turn-1 choice (names, the heir's talents).
 */
function countAkOrders(v: AKSheet | null): number {
  if (!v || typeof v !== 'object') return 0;
  if ((v as { valhalla?: unknown }).valhalla === true) return 1; // the Valhalla answer (§12.3)
  const list = (x: number[] | 'all' | undefined) => (x === 'all' ? 1 : x?.length ?? 0);
  let n = list(v.treaties) + list(v.breaks) + (v.callVote ? 1 : 0) + (v.voteFor !== undefined ? 1 : 0) + (v.capitalName ? 1 : 0);
  n += v.heirTalents || v.heirSex || v.heirTemperament ? 1 : 0;
  for (const c of Object.values(v.characters ?? {})) n += c.phases.filter((o) => o !== null).length + (c.rename ? 1 : 0) + (c.special ? 1 : 0);
  return n;
}

const fiefEntry: RulesetEntry<FiefGame, FiefEvent | FiefFreeEvent> = {
  ruleset: fief,
  variants: [{ id: 'original', name: { fr: 'Plateau original de l’édition en ligne', en: 'Original board of the online edition' }, seats: { min: 3, max: 6, default: 4 } }],
  bot: (g, player, decision, rng) => fiefBot(g, player, decision, rng),
  botActions: (g, player, rng, mode) => fiefBotActions(g, player, rng, mode),
  options: (a) => ({ ...(a.lords ? { lords: a.lords } : { players: a.players ?? 4 }), ...(a.config ? { config: a.config } : {}) }),
  invariants: (g) => { const v = fiefInvariants(g.fief); if (v.length) throw new Error(`fief invariants: ${v.join('; ')}`); },
  soakGame: (rng) => fiefSoakGame(rng),
  summarize: (g) => `${fief.stepLabel(g)}${g.fief.winners ? ` — winners ${g.fief.winners.join(', ')}` : ''}`,
};

const wkEntry: RulesetEntry<WkGame, WkFlowEvent> = {
  ruleset: warriorKnights,
  variants: [{ id: 'original', name: { fr: 'Plateau original (8×6 hexagones)', en: 'Original board (8×6 hexes)' }, seats: { min: 2, max: 6, default: 4 } }],
  bot: (g, player, decision, rng) => wkBot(g, player, decision, rng),
  options: (a) => ({ ...(a.lords ? { lords: a.lords } : { players: a.players ?? 4 }), ...(a.config ? { config: a.config } : {}) }),
  invariants: (g) => { const v = wkInvariants(g.wk); if (v.length) throw new Error(`warrior-knights invariants: ${v.join('; ')}`); },
  soakGame: (rng) => ({ map: 'original', players: rng.int(2, 6) }),
  summarize: (g) => `${warriorKnights.stepLabel(g)}${g.wk.winner ? ` — winner ${g.wk.winner}` : ''}`,
};

const gruikEntry: RulesetEntry<GruikGame, GruikFlowEvent> = {
  ruleset: gruik,
  // The original default map (4–8 players, its §12.5 variant by the number of players), then the §12.7 test fixture.
  variants: [
    { id: 'anneau', name: { fr: 'L’Anneau de Gruik (carte originale, 4 à 8 joueurs)', en: 'The Ring of Gruik (original map, 4 to 8 players)' }, seats: { min: 4, max: 8, default: 6 } },
    { id: 'fixture', name: { fr: 'Terrain d’essai (§12.7) : elfes et nains', en: 'Test fixture (§12.7): elves and dwarves' }, seats: { min: 2, max: 2, default: 2 } },
  ],
  bot: (g, player, decision, rng) => gruikBot(g, player, decision, rng),
  hostForm: { fields: gruikHostFields, options: gruikHostOptions },
  // A caretaker holds (the §11.6 default of every decision): it never plays an absent player's campaign for him.
  caretaker: (g, player, decision) => gruikHold(g, player, decision),
  options: (a) => (a.scenario !== undefined
    // A GM's own scenario (§12.4) takes the place of the map; with no number of players, the file's default variant.
    ? { scenario: a.scenario, ...(a.lords ? { lords: a.lords } : a.players !== undefined ? { players: a.players } : {}), ...(a.config ? { config: a.config } : {}) }
    : { map: a.map ?? 'anneau', ...(a.lords ? { lords: a.lords } : { players: a.players ?? ((a.map ?? 'anneau') === 'anneau' ? 6 : 2) }), ...(a.config ? { config: a.config } : {}) }),
  scenario: { check: checkGruikScenario },
  invariants: (g) => { const v = gruikInvariants(g.gruik); if (v.length) throw new Error(`gruik invariants: ${v.join('; ')}`); },
  soakGame: (rng) => (rng.int(0, 3) === 0 ? { map: 'fixture', players: 2 } : { map: 'anneau', players: rng.int(4, 8) }),
  countOrders: (v) => countSheetOrders(v),
  summarize: (g) => `${gruik.stepLabel(g)}${g.flow.phase === 'over' ? ` — prestige ${g.seats.map((st) => `${st} ${g.gruik.realms[st]?.prestige ?? '—'}`).join(', ')}` : ''}`,
  // The platform's GM is the game's GM_PRESENT (games/service.ts startGame).
  gmOption: 'gm',
};

export const RULESETS: Record<string, RulesetEntry> = { [gloireEtPouvoir.id]: gp, [adventurerKings.id]: ak, [fief.id]: fiefEntry, [warriorKnights.id]: wkEntry, [gruik.id]: gruikEntry };

/** Every (ruleset, variant) a host can start, in registry order. */
export function gameKinds(): { ruleset: string; variant: GameVariant; title: Localized }[] {
  return Object.values(RULESETS).flatMap((e) => e.variants.map((variant) => ({ ruleset: e.ruleset.id, variant, title: e.ruleset.title })));
}

/**
 * Adds a ruleset to this process's registry (test fixtures: a ruleset with injected faults). The
 * referee's worker threads have their own registry: a module that registers a ruleset is given to
 * them too (`preloadInWorkers` in platform/referee/pool.ts).
 */
export function registerRuleset(entry: RulesetEntry): void {
  RULESETS[entry.ruleset.id] = entry;
}

export function getRuleset(id: string): RulesetEntry {
  const r = RULESETS[id];
  if (!r) throw new Error(`unknown ruleset "${id}"; known: ${Object.keys(RULESETS).join(', ')}`);
  return r;
}

/** Gives every absent player (but `skip`) a bot's answer (its own RNG stream per step and player). */
export function botAnswers(entry: RulesetEntry, game: GameRecord, rejected?: string[], options?: BotOptions & { skip?: PlayerId[] }): GameRecord {
  let g = game;
  for (const m of missing(entry.ruleset, g)) {
    if (options?.skip?.includes(m.player)) continue;
    const rng = createRng(g.seed, `bot/${g.steps.length + 1}/${m.player}`);
    const r = submit(entry.ruleset, g, m.player, m.decision, entry.bot!(g.state, m.player, m.decision, rng, options));
    for (const i of r.validation.issues) rejected?.push(`step ${g.steps.length + 1}, ${m.player}: ${i.message}`);
    g = r.game;
  }
  return g;
}

/**
 * A dry run of a new game with these options (the ruleset's options, as `entry.options` builds
 * them): the game is set up and one turn is resolved with every player's bot answer. Pure (its
 * own seed, no I/O); throws a LocalizedError when the options are refused (a ConstantError names
 * the constant) or when the first turn fails (its message in both languages). The platform may
 * run it at creation, under its time budget.
 */
export function dryRunOptions(entryId: string, options: unknown): void {
  const entry = getRuleset(entryId);
  try {
    let g = createGame(entry.ruleset, options, 'dry-run');
    if (entry.bot) g = botAnswers(entry, g);
    advance(entry.ruleset, g, { useDefaults: true });
  } catch (e) {
    if (e instanceof LocalizedError) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new LocalizedError(fill({
      fr: 'l’arbitre n’a pas pu jouer un premier tour avec ces réglages ({message})',
      en: 'the referee could not play a first turn with these settings ({message})',
    }, { message }));
  }
}
