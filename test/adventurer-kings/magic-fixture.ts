/**
 * A small hand-built state for the magic tests: kingdoms 1 (Neutral, King 1) and 2 (Pagan,
 * King 2, at war with 1), provinces around 207 (row 2, col 7), a sea at 208, a mountain at 306.
 */
import type { AKState, Army, Character, Kingdom, Levels, Province } from '../../src/rulesets/adventurer-kings/state.ts';
import type { TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import type { Rng } from '../../src/engine/rng.ts';
import { createRng, rngFromSource } from '../../src/engine/rng.ts';
import * as F from './fixture.ts';
import { CA } from '../../src/rulesets/adventurer-kings/orders/ca.ts';
import { slot } from './fixture.ts';

export { levels, slot } from './fixture.ts';

export function char(id: number, kingdom: number | null, province: number, over: Partial<Character> = {}, talents: Partial<Levels> = {}): Character {
  return F.character(id, {
    name: `C${id}`, kingdom, alignment: 'Neutral', talent: F.levels(talents), aptitude: F.levels(talents, 2), province,
    specialPlan: [], wage: 1, ...over,
  });
}

function prov(id: number, owner: number | null, over: Partial<Province> = {}): Province {
  return F.province(id, { taxBase: 6, owner, ...over });
}

function kingdom(id: number, king: number, alignment: Kingdom['alignment'], relations: Record<number, 'Allied' | 'Neutral' | 'Enemy'>): Kingdom {
  return F.kingdom(id, { name: `K${id}`, king, alignment, treasury: 20, treasuryAtTurnStart: 20, capital: 0, relations });
}

export function army(id: number, province: number, kingdomId: number | null, over: Partial<Army> = {}): Army {
  return F.army(id, 'LE', { kingdom: kingdomId, province, ...over });
}

export function state(): AKState {
  const provinces: Record<number, Province> = {};
  for (const id of [106, 107, 206, 207, 208, 209, 306, 307, 406]) provinces[id] = prov(id, 1);
  provinces[208]!.terrain = 'Sea'; provinces[208]!.owner = null; provinces[208]!.race = null;
  provinces[306]!.terrain = 'Mountain';
  provinces[209]!.owner = 2;
  provinces[107]!.owner = null;
  return F.emptyState({
    turn: 5,
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
  });
}

export function ctxOf(s: AKState, draws: number[] | Rng = [], phase = 1): TurnCtx {
  return F.testCtx(s, draws, {}, phase);
}

/** Scripted draws first, then a seeded stream (for tests that run a whole encounter afterwards). */
export function thenSeeded(values: number[], seed = 7): Rng {
  const rest = createRng(seed, 'magic-test');
  let i = 0;
  return rngFromSource(() => (i < values.length ? values[i++]! : rest.next()));
}

/** Casts an action spell as a CA order line would (`CA BL 207`): parsed, then executed; returns the events so far. */
export function cast(ctx: TurnCtx, c: Character, text: string): TurnCtx['events'] {
  const args = text.split(/\s+/).slice(1);
  const r = CA.parse(args, { s: ctx.s, char: c, phase: ctx.phase });
  if ('error' in r) throw new Error(r.error.en);
  CA.execute(ctx, c, r.value, slot('CA', r.value, text));
  return ctx.events;
}
