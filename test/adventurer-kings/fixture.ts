/**
 * The pieces every hand-built Adventurer Kings test state is made of (the domain fixtures and
 * tests compose them with their own defaults): levels, a province, a character, an army, a
 * kingdom, an empty state, a turn context with scripted or seeded draws, an order slot.
 */
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { scriptedRng, type Rng } from '../../src/engine/rng.ts';
import { RULESETS, botAnswers, loadAllRulesets } from '../../src/rulesets/index.ts';
import type { AKState, Army, ArmyType, Character, Kingdom, Levels, Province } from '../../src/rulesets/adventurer-kings/state.ts';
import { CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';
import type { AKSheet, SlotOrder, TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** Every characteristic at `base`, except those given. */
export function levels(over: Partial<Levels> = {}, base = 0): Levels {
  return Object.fromEntries(CHAR_CODES.map((c) => [c, over[c] ?? base])) as Levels;
}

/** A Plain Human province (LE recruitable, tax 5), unowned. */
export function province(id: number, over: Partial<Province> = {}): Province {
  return { id, row: Math.floor(id / 100), col: id % 100, terrain: 'Plain', race: 'Human', types: ['LE'], taxBase: 5, owner: null, sites: [], fallen: [], ...over };
}

/** A Good Brave Human Hero of kingdom 1 in 101, every level 0, special plan ME. */
export function character(id: number, over: Partial<Character> = {}): Character {
  return {
    id, name: `Char${id}`, sex: 'M', role: 'HeroInService', kingdom: 1, alignment: 'Good', temperament: 'Brave', race: 'Human',
    talent: levels(), aptitude: levels(), startedAtZero: [], items: [], province: 101, alive: true, specialPlan: [{ code: 'ME' }],
    orderableFrom: 1, merit: {}, ...over,
  };
}

/** A Human garrison army of quality 2 of kingdom 1 in 101. */
export function army(id: number, type: ArmyType, over: Partial<Army> = {}): Army {
  return { id, type, race: 'Human', quality: 2, kingdom: 1, status: 'Garrison', province: 101, mpUsed: 0, ...over };
}

/** A Good kingdom whose King is character `id`, 10 écus, no relations. */
export function kingdom(id: number, over: Partial<Kingdom> = {}): Kingdom {
  return { id, name: `Realm${id}`, player: `p${id}`, king: id, alignment: 'Good', treasury: 10, treasuryAtTurnStart: 10, capital: 100 + id * 2, relations: {}, inventions: [], ...over };
}

/** A state with nothing in it (turn 1 unless given). */
export function emptyState(over: Partial<AKState> = {}): AKState {
  return {
    ruleset: 'adventurer-kings', turn: 1, config: {}, provinces: {}, characters: {}, armies: {}, sites: {}, items: {}, kingdoms: {}, knowledge: {},
    next: { character: 100, army: 100, site: 100, item: 100 }, ...over,
  };
}

/** A turn context like turn/turn.ts's createCtx, with scripted draws (an array) or the given stream. */
export function testCtx(s: AKState, rng: Rng | number[] = [], sheets: Record<number, AKSheet> = {}, phase = 1): TurnCtx {
  const r = Array.isArray(rng) ? scriptedRng(rng) : rng;
  const ctx: TurnCtx = {
    s, cfg: resolveConfig(s.config), rng: r, phase, events: [], sheets, scratch: {},
    emit(e) { ctx.events.push({ ...e, phase: e.phase ?? ctx.phase } as AKEvent); },
  };
  return ctx;
}

export function slot<V>(code: SlotOrder['code'], value: V, text = `${code}`): SlotOrder<V> {
  return { code, value, text };
}

/** A bot game of the real ruleset: the state and the events after each turn (it stops when the game ends). */
export function simulateBots(players: number, turns: number, seed: string): { states: AKState[]; steps: AKEvent[][] } {
  const entry = RULESETS['adventurer-kings']!;
  let game = createGame(entry.ruleset, entry.options({ players }), seed) as GameRecord<AKState>;
  const states: AKState[] = [];
  const steps: AKEvent[][] = [];
  while (game.steps.length < turns && !entry.ruleset.outcome(game.state)) {
    game = advance(entry.ruleset, botAnswers(entry, game), { useDefaults: true }) as GameRecord<AKState>;
    states.push(game.state);
    steps.push(game.steps[game.steps.length - 1]!.events as AKEvent[]);
  }
  return { states, steps };
}
