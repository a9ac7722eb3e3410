/**
 * The rulesets this installation knows. The platform and the command line find a ruleset here
 * by id; nothing outside a ruleset's folder knows its rules.
 */
import { LocalizedError } from '../engine/constants.ts';
import { advance, createGame, missing, submit, type GameRecord } from '../engine/game.ts';
import { fill } from '../engine/localize.ts';
import { createRng, type Rng } from '../engine/rng.ts';
import type { ActionInput, Lang, Localized, PlayerId, Ruleset, SeatField, SeatIssue } from '../engine/ruleset.ts';
import type { LetterAnswer } from './gloire-et-pouvoir/bot-letters.ts';
import { CATALOG, type GameVariant } from './catalog.ts';

export type { GameVariant } from './catalog.ts';

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
   * Optional (rulesets whose dice anyone may verify once a key is revealed, Game of Gruik §11.1):
   * `roll` recomputes one roll (`phase|event|index`, as the reports name it) from a key, with the
   * key's published hash (null: not a roll's name); `check` checks every revealed season of a game.
   */
  dice?: {
    roll(key: string, roll: string, sides: number): { face: number; keyHash: string } | null;
    check(state: S): { season: number; keyMatches: boolean; rolls: number; mismatches: { key: string; recorded: number; fromKey: number }[]; overridden: number }[];
  };
  /**
   * The state invariants: throws an Error naming the first one broken. `initial` is the state
   * after setup, `previous` the state before the step just resolved (null for the initial state),
   * `step` the number of steps resolved. Checked after every step by the soak runner and tests.
   */
  invariants?: (state: S, context: { initial: S; previous: S | null; step: number }) => void;
  /** The soak runner's mix of games: one game's map, number of players and (optional) host options, drawn from `rng` (among `maps` when given). */
  soakGame?: (rng: Rng, maps?: string[]) => SoakMix;
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
 * One soak game's mix (the registry's `soakGame`). `config` (optional, for any ruleset): host
 * options drawn for this game, given to `options({ config })` as the constants' overrides (Fief:
 * the optional rules of Appendix A, `{ options: { relics: true, … } }`), so that a soak run
 * exercises them; the soak summary counts the games by each value drawn (`soak.ts` `configLeaves`).
 */
export interface SoakMix { map: string; players: number; config?: Record<string, unknown> }

/**
 * How the platform asks the bots to play. `prey`: players the bots go for (in a demo game, the
 * human seats, so that a newcomer soon sees a battle on his own land); a ruleset may ignore it.
 */
export interface BotOptions { prey?: PlayerId[] }

/** The stock replies a bot may give to a letter (worded by the platform in French and English). */
export type BotLetterAnswer = LetterAnswer;

/**
 * The rulesets loaded in this process, by id. A ruleset of the catalog (catalog.ts) is loaded on
 * first use (`loadRuleset`), so that a server loads only the rulesets of the games it touches;
 * test rulesets are added with `registerRuleset`. To list what the installation offers, use
 * `rulesetIds`, `rulesetTitle` and `gameKinds`, which do not load any ruleset.
 */
export const RULESETS: Record<string, RulesetEntry> = {};

/** The rulesets a host can start, with their names and variants (without loading them). */
const registered = (): RulesetEntry[] => Object.values(RULESETS).filter((e) => !Object.hasOwn(CATALOG, e.ruleset.id));

/** Every ruleset id this process knows: the catalog's, then the registered test rulesets'. */
export function rulesetIds(): string[] {
  return [...Object.keys(CATALOG), ...registered().map((e) => e.ruleset.id)];
}

/** Whether `id` is a ruleset of the catalog or a registered one. */
export const isRulesetId = (id: string): boolean => Object.hasOwn(CATALOG, id) || Object.hasOwn(RULESETS, id);

/** A ruleset's title (the catalog's, without loading it); null for an unknown id. */
export function rulesetTitle(id: string): Localized | null {
  if (Object.hasOwn(CATALOG, id)) return CATALOG[id]!.title;
  return Object.hasOwn(RULESETS, id) ? RULESETS[id]!.ruleset.title : null;
}

/** The rulesets whose creation form has a seat form (`ruleset.seatForm`) or host fields (`hostForm`), without loading them. */
export function rulesetsWith(feature: 'seatForm' | 'hostForm' | 'scenario'): string[] {
  return [
    ...Object.values(CATALOG).filter((c) => c[feature]).map((c) => c.id),
    ...registered().filter((e) => (feature === 'seatForm' ? e.ruleset.seatForm : feature === 'hostForm' ? e.hostForm : e.scenario)).map((e) => e.ruleset.id),
  ];
}

/** Every (ruleset, variant) a host can start, in registry order (the catalog's, then the registered ones). */
export function gameKinds(): { ruleset: string; variant: GameVariant; title: Localized }[] {
  return [
    ...Object.values(CATALOG).flatMap((c) => c.variants.map((variant) => ({ ruleset: c.id, variant, title: c.title }))),
    ...registered().flatMap((e) => e.variants.map((variant) => ({ ruleset: e.ruleset.id, variant, title: e.ruleset.title }))),
  ];
}

/**
 * Adds a ruleset to this process's registry (test fixtures: a ruleset with injected faults). The
 * referee's worker threads have their own registry: a module that registers a ruleset is given to
 * them too (`preloadInWorkers` in platform/referee/pool.ts).
 */
export function registerRuleset(entry: RulesetEntry): void {
  RULESETS[entry.ruleset.id] = entry;
}

const unknown = (id: string): Error => new Error(`unknown ruleset "${id}"; known: ${rulesetIds().join(', ')}`);

/**
 * The entry of a ruleset already loaded (`loadRuleset`, `loadAllRulesets`, or registered).
 * Throws for an unknown id, and for a ruleset of the catalog not loaded yet (a path that forgot
 * to load it: a bug, named as such).
 */
export function getRuleset(id: string): RulesetEntry {
  const r = Object.hasOwn(RULESETS, id) ? RULESETS[id] : undefined;
  if (r) return r;
  if (Object.hasOwn(CATALOG, id)) throw new Error(`ruleset "${id}" is not loaded yet (call loadRuleset("${id}") first)`);
  throw unknown(id);
}

/**
 * The entry of a ruleset id read from stored data, or undefined when no ruleset of the catalog has
 * that id (a game of a ruleset since removed): pages then fall back to generic words. A ruleset of
 * the catalog that is not loaded yet still throws, as in getRuleset: that is a bug of the caller
 * (the platform's database loads the ruleset of every game row it reads), not a reason for
 * generic words.
 */
export function knownRuleset(id: string): RulesetEntry | undefined {
  return Object.hasOwn(CATALOG, id) ? getRuleset(id) : undefined;
}

const loading = new Map<string, Promise<RulesetEntry>>();
/** The entry of a ruleset, its modules imported on first use (then cached). Rejects for an unknown id. */
export function loadRuleset(id: string): Promise<RulesetEntry> {
  if (Object.hasOwn(RULESETS, id)) return Promise.resolve(RULESETS[id]!);
  if (!Object.hasOwn(CATALOG, id)) return Promise.reject(unknown(id));
  let p = loading.get(id);
  if (!p) {
    p = CATALOG[id]!.load().then((entry) => {
      if (entry.ruleset.id !== id) throw new Error(`the catalog's ruleset "${id}" loaded "${entry.ruleset.id}"`);
      if (!Object.hasOwn(RULESETS, id)) RULESETS[id] = entry;
      return RULESETS[id]!;
    });
    p.catch(() => loading.delete(id)); // a failed import may be tried again
    loading.set(id, p);
  }
  return p;
}

/** Loads the rulesets of the catalog among `ids` that are not loaded yet (unknown ids are ignored). */
export async function loadRulesets(ids: Iterable<string>): Promise<void> {
  const todo = [...new Set(ids)].filter((id) => !Object.hasOwn(RULESETS, id) && Object.hasOwn(CATALOG, id));
  await Promise.all(todo.map(loadRuleset));
}

/** Loads every ruleset of the catalog (the command line, scripts, benchmarks and tests). */
export async function loadAllRulesets(): Promise<Record<string, RulesetEntry>> {
  await loadRulesets(Object.keys(CATALOG));
  return RULESETS;
}

/** The ids of the rulesets loaded in this process (the catalog's and the registered ones). */
export const loadedRulesets = (): string[] => Object.keys(RULESETS);

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
