/**
 * A small hand-built state for the magic tests: kingdoms 1 (Neutral, King 1) and 2 (Pagan,
 * King 2, at war with 1), provinces around 207 (row 2, col 7), a sea at 208, a mountain at 306.
 */
import type { AKState, Army, Character, Kingdom, Levels, Province } from '../../src/rulesets/adventurer-kings/state.ts';
import { CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';
import type { TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import type { SlotOrder } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { Rng } from '../../src/engine/rng.ts';
import { createRng, rngFromSource, scriptedRng } from '../../src/engine/rng.ts';

export function levels(over: Partial<Levels> = {}, base = 0): Levels {
  return Object.fromEntries(CHAR_CODES.map((c) => [c, over[c] ?? base])) as Levels;
}

export function char(id: number, kingdom: number | null, province: number, over: Partial<Character> = {}, talents: Partial<Levels> = {}): Character {
  return {
    id, name: `C${id}`, sex: 'M', role: 'HeroInService', kingdom, alignment: 'Neutral', temperament: 'Brave', race: 'Human',
    talent: levels(talents), aptitude: levels(talents, 2), startedAtZero: [], items: [], province, alive: true,
    specialPlan: [], orderableFrom: 1, merit: {}, wage: 1, ...over,
  };
}

function prov(id: number, owner: number | null, over: Partial<Province> = {}): Province {
  return { id, row: Math.floor(id / 100), col: id % 100, terrain: 'Plain', race: 'Human', types: ['LE'], taxBase: 6, owner, sites: [], fallen: [], ...over };
}

function kingdom(id: number, king: number, alignment: Kingdom['alignment'], relations: Record<number, 'Allied' | 'Neutral' | 'Enemy'>): Kingdom {
  return { id, name: `K${id}`, player: `p${id}`, king, alignment, treasury: 20, treasuryAtTurnStart: 20, capital: 0, relations, inventions: [] };
}

export function army(id: number, province: number, kingdomId: number | null, over: Partial<Army> = {}): Army {
  return { id, type: 'LE', race: 'Human', quality: 2, kingdom: kingdomId, status: 'Garrison', province, mpUsed: 0, ...over };
}

export function state(): AKState {
  const provinces: Record<number, Province> = {};
  for (const id of [106, 107, 206, 207, 208, 209, 306, 307, 406]) provinces[id] = prov(id, 1);
  provinces[208]!.terrain = 'Sea'; provinces[208]!.owner = null; provinces[208]!.race = null;
  provinces[306]!.terrain = 'Mountain';
  provinces[209]!.owner = 2;
  provinces[107]!.owner = null;
  return {
    ruleset: 'adventurer-kings', turn: 5, config: {},
    provinces,
    characters: {
      1: char(1, 1, 207, { role: 'King' }, { Wh: 3, Ps: 2, Il: 2, El: 3, Ne: 2, Me: 2 }),
      2: char(2, 2, 209, { role: 'King', alignment: 'Pagan' }, { El: 4, Wh: 4, Me: 1 }),
      3: char(3, 1, 207, {}, { Wh: 1, Ne: 1 }),
      4: char(4, 2, 207, { alignment: 'Pagan' }, { El: 4, Me: 1 }),
      5: char(5, null, 207, { role: 'WanderingHero', alignment: 'Good' }, { Me: 2, Th: 1 }),
    },
    armies: {},
    sites: { 50: { id: 50, province: 207, type: 'cave', name: 'Grotte Noire', treasure: { gold: 0, items: [] }, threshold: 30, ravaging: true } },
    items: {},
    kingdoms: { 1: kingdom(1, 1, 'Neutral', { 2: 'Enemy' }), 2: kingdom(2, 2, 'Pagan', { 1: 'Enemy' }) },
    knowledge: {},
    next: { character: 100, army: 100, site: 100, item: 100 },
  };
}

export function ctxOf(s: AKState, draws: number[] | Rng = [], phase = 1): TurnCtx {
  const rng = Array.isArray(draws) ? scriptedRng(draws) : draws;
  const ctx: TurnCtx = {
    s, cfg: resolveConfig(s.config), rng, phase, events: [], sheets: {}, scratch: {},
    emit(e) { ctx.events.push({ phase: ctx.phase, ...e } as TurnCtx['events'][number]); },
  };
  return ctx;
}

export function slot<V>(code: SlotOrder['code'], value: V, text: string): SlotOrder<V> {
  return { code, value, text };
}

/** Scripted draws first, then a seeded stream (for tests that run a whole encounter afterwards). */
export function thenSeeded(values: number[], seed = 7): Rng {
  const rest = createRng(seed, 'magic-test');
  let i = 0;
  return rngFromSource(() => (i < values.length ? values[i++]! : rest.next()));
}
