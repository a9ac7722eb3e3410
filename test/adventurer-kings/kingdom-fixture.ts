/**
 * Small hand-built Adventurer Kings states for the kingdom domain's tests: provinces on row 1–2,
 * kingdoms with their Kings, Heroes, armies, and a turn context with scripted or seeded draws.
 */
import { createRng, scriptedRng, type Rng } from '../../src/engine/rng.ts';
import type { AKState, Alignment, Army, ArmyType, Character, CharCode, Kingdom, Levels, Province } from '../../src/rulesets/adventurer-kings/state.ts';
import { CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';
import type { AKSheet, SlotOrder, TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';

export function levels(over: Partial<Levels> = {}): Levels {
  return { ...(Object.fromEntries(CHAR_CODES.map((c) => [c, 0])) as Levels), ...over };
}

export function province(id: number, over: Partial<Province> = {}): Province {
  return { id, row: Math.floor(id / 100), col: id % 100, terrain: 'Plain', race: 'Human', types: ['LE'], taxBase: 5, owner: null, sites: [], fallen: [], ...over };
}

export function character(id: number, over: Partial<Character> = {}): Character {
  return {
    id, name: `Char${id}`, sex: 'M', role: 'HeroInService', kingdom: 1, alignment: 'Good', temperament: 'Brave', race: 'Human',
    talent: levels(), aptitude: levels(), startedAtZero: [], items: [], province: 101, alive: true, specialPlan: [{ code: 'ME' }],
    orderableFrom: 1, merit: {}, ...over,
  };
}

export function army(id: number, type: ArmyType, over: Partial<Army> = {}): Army {
  return { id, type, race: 'Human', quality: 2, kingdom: 1, status: 'Garrison', province: 101, mpUsed: 0, ...over };
}

export function kingdom(id: number, over: Partial<Kingdom> = {}): Kingdom {
  return { id, name: `Realm${id}`, player: `p${id}`, king: id, alignment: 'Good', treasury: 10, treasuryAtTurnStart: 10, capital: 100 + id * 2, relations: {}, inventions: [], ...over };
}

/**
 * Two kingdoms (ids 1 and 2, Kings 1 and 2, capitals 103 and 105), Neutral to each other, each
 * owning its capital (tax 10). Alignments may be given.
 */
export function twoKingdoms(a: Alignment = 'Good', b: Alignment = 'Good', n = 2): AKState {
  const s: AKState = {
    ruleset: 'adventurer-kings', turn: 1, config: {}, provinces: {}, characters: {}, armies: {}, sites: {}, items: {}, kingdoms: {}, knowledge: {},
    next: { character: 100, army: 100, site: 100, item: 100 },
  };
  for (let c = 1; c <= 18; c++) s.provinces[100 + c] = province(100 + c);
  const aligns = [a, b, 'Good', 'Good', 'Good', 'Good'] as Alignment[];
  for (let k = 1; k <= n; k++) {
    const cap = 100 + k * 2 + 1;
    s.kingdoms[k] = kingdom(k, { alignment: aligns[k - 1]!, capital: cap });
    s.provinces[cap]!.owner = k;
    s.provinces[cap]!.taxBase = 10;
    s.provinces[cap]!.capitalOf = k;
    s.characters[k] = character(k, { role: 'King', kingdom: k, alignment: aligns[k - 1]!, province: cap, name: `King${k}` });
  }
  for (let k = 1; k <= n; k++) for (let j = 1; j <= n; j++) if (j !== k) s.kingdoms[k]!.relations[j] = 'Neutral';
  return s;
}

export function emptySheet(over: Partial<AKSheet> = {}): AKSheet {
  return { treaties: [], breaks: [], callVote: false, characters: {}, ...over };
}

export function ctxFor(s: AKState, rng: Rng | number[] = [], sheets: Record<number, AKSheet> = {}, phase = 1): TurnCtx {
  const r = Array.isArray(rng) ? scriptedRng(rng) : rng;
  // A context like turn/turn.ts's createCtx, built here so these tests load only the kingdom domain.
  const ctx: TurnCtx = {
    s, cfg: resolveConfig(s.config), rng: r, phase, events: [], sheets, scratch: {},
    emit(e) { ctx.events.push({ ...e, phase: e.phase ?? ctx.phase } as AKEvent); },
  };
  return ctx;
}

export function seeded(seed: string | number): Rng {
  return createRng(seed, 'kingdom-test');
}

export function slot<V>(code: SlotOrder['code'], value: V, text = `${code}`): SlotOrder<V> {
  return { code, value, text };
}

/** Puts `order` in phase `phase` of character `c`'s slots on kingdom `k`'s sheet. */
export function order(sheets: Record<number, AKSheet>, k: number, c: number, phase: number, o: SlotOrder): void {
  const sh = (sheets[k] ??= emptySheet());
  const co = (sh.characters[c] ??= { phases: [null, null, null, null, null] });
  co.phases[phase - 1] = o;
}

export function eventsOf(ctx: TurnCtx, t: string) {
  return ctx.events.filter((e) => e.t === t);
}

export type { CharCode };
