/**
 * Test harness for Gloire & Pouvoir scenarios: build a state by hand on the Scandinavia map,
 * write order sheets as text, run a whole turn or only chosen phases.
 */
import assert from 'node:assert/strict';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import type { Ctx, TurnSheet } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import { createCtx, takeSnapshot } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import type { Fortification } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { setupGame } from '../../src/rulesets/gloire-et-pouvoir/setup.ts';
import type { GPState, LordId, TerritoryId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { relKey } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { PHASES, resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import { getMap, mapIndex } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';

/**
 * A game with the given lords (ids L1, L2… in this order) on Scandinavia, every lord owning no
 * territory and standing nowhere special yet: call `home` to give each one land. Every territory
 * is reset to POP 16 500, C 0.40, H 20 (the rules' "calibrated territory") unless `keepMap`.
 */
export function scenario(lords: string[], config: Record<string, unknown> = {}, keepMap = false): GPState {
  const s = setupGame({ map: 'scandinavia', lords, config }, createRng('harness', 'setup'));
  for (const t of Object.values(s.territories)) {
    t.owner = null;
    if (!keepMap) { t.population = 16500; t.taxCoef = 0.4; t.happiness = 20; }
  }
  return s;
}

export function lordId(s: GPState, name: string): LordId {
  const l = Object.values(s.lords).find((x) => x.name === name);
  assert.ok(l, `no lord ${name}`);
  return l.id;
}

/** Gives territories to a lord; the first one also hosts his lord-knight. */
export function home(s: GPState, lord: LordId, ...territories: TerritoryId[]): void {
  for (const t of territories) { assert.ok(s.territories[t], `no territory ${t}`); s.territories[t]!.owner = lord; }
  s.knights[s.lords[lord]!.lordKnight]!.location = territories[0]!;
}

export function setTerritory(s: GPState, id: TerritoryId, v: Partial<{ owner: LordId | null; population: number; happiness: number; taxCoef: number; fortification: Fortification }>): void {
  Object.assign(s.territories[id]!, v);
}

/** Adds a knight (optionally with an army) and returns its id. */
export function addKnight(s: GPState, lord: LordId, o: { name: string; renown: number; location: TerritoryId; men?: number; hiredTurn?: number; hireRenown?: number }): string {
  const id = `K${s.nextKnight++}`;
  s.knights[id] = { id, name: o.name, lord, isLordKnight: false, renown: o.renown, hireRenown: o.hireRenown ?? o.renown, hiredTurn: o.hiredTurn ?? 0, location: o.location, army: null };
  if (o.men) giveArmy(s, id, o.men);
  return id;
}

/** Gives a knight (lord-knights too) an army of `men`. Returns the army id. */
export function giveArmy(s: GPState, knight: string, men: number): number {
  const k = s.knights[knight]!;
  const id = s.nextArmy++;
  s.armies[String(id)] = { id, lord: k.lord, strength: men, commander: knight, location: k.location, receivedTransfer: false, defThreshold: null, levyTurn: 0 };
  k.army = id;
  return id;
}

export function addGarrison(s: GPState, lord: LordId, t: TerritoryId, men: number): number {
  const id = s.nextArmy++;
  s.armies[String(id)] = { id, lord, strength: men, commander: null, location: t, receivedTransfer: false, defThreshold: null, levyTurn: 0 };
  return id;
}

export function relate(s: GPState, a: LordId, b: LordId, r: 'peace' | 'war' | 'alliance'): void {
  if (r === 'peace') delete s.relations[relKey(a, b)];
  else s.relations[relKey(a, b)] = r;
}

/** Parses text sheets (failing the test on any issue). Submission order follows the object's key order. */
export function sheets(s: GPState, texts: Record<LordId, string>): Record<LordId, TurnSheet> {
  const out: Record<LordId, TurnSheet> = {};
  let n = 1;
  for (const [lord, text] of Object.entries(texts)) {
    const { sheet, issues } = parseSheet(s, lord, text);
    assert.deepEqual(issues, [], `orders of ${lord} should parse`);
    out[lord] = { lines: sheet.lines, submittedOrder: n++ };
  }
  return out;
}

/** Resolves a whole turn on a copy; returns the new state and the events. */
export function runTurn(s: GPState, texts: Record<LordId, string> = {}, rng: Rng = createRng('harness', 'turn')): { state: GPState; events: GPEvent[] } {
  const { state, events } = resolveTurn(structuredClone(s), sheets(s, texts), rng);
  return { state, events };
}

/** Runs only the listed phases (each with its snapshot), in place on `s`. */
export function runPhases(s: GPState, texts: Record<LordId, string>, phases: number[], rng: Rng = createRng('harness', 'phases')): { state: GPState; events: GPEvent[]; ctx: Ctx } {
  const ctx = createCtx(s, sheets(s, texts), rng);
  for (const p of PHASES) {
    if (!phases.includes(p.n)) continue;
    ctx.phase = p.n;
    takeSnapshot(ctx);
    p.run(ctx);
  }
  return { state: s, events: ctx.events, ctx };
}

export function eventsOf<T extends GPEvent['type']>(events: GPEvent[], type: T): Extract<GPEvent, { type: T }>[] {
  return events.filter((e) => e.type === type) as Extract<GPEvent, { type: T }>[];
}

export function near(actual: number, expected: number, eps = 1e-6, msg?: string): void {
  assert.ok(Math.abs(actual - expected) <= eps, `${msg ?? 'value'}: expected ${expected}, got ${actual}`);
}

/** Two lords: Hawkmoon (L1) on Narvik, Amarethuse (L2) on Dolon; every territory calibrated. */
export function duo(): GPState {
  const s = scenario(['Hawkmoon', 'Amarethuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'dolon');
  return s;
}

export const treasury = (s: GPState, lord = 'L1'): number => s.lords[lord]!.treasury;

/** Graph distance between two Scandinavia territories. */
export const dist = (a: string, b: string): number | undefined => mapIndex(getMap('scandinavia')).distances(a).get(b);
