/**
 * Random host overrides within the declared bounds, for the properties "a turn with any
 * in-bounds constants resolves" of each ruleset: a few constants drawn at a time, each set to its
 * minimum, its maximum or a value between (the extremes are where turns used to break).
 */
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { advance, createGame } from '../../src/engine/game.ts';
import { LocalizedError, type Spec } from '../../src/engine/constants.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

export interface LeafSpec { type: string; min?: number; max?: number; values?: readonly string[]; minLength?: number; maxLength?: number }
export interface Leaf { path: string[]; spec: LeafSpec; value: unknown }

/** Every constant of a table with its bound and default, walking the defaults (tables of `each` expanded key by key). */
export function constantLeaves(bounds: Spec, defaults: unknown, path: string[] = []): Leaf[] {
  const b = ('default' in (bounds as object) && (bounds as { spec?: Spec }).spec ? (bounds as { spec: Spec }).spec : bounds) as unknown as Record<string, unknown> & LeafSpec;
  if (b.type === 'each') return Object.entries(defaults as object).flatMap(([k, v]) => constantLeaves((b as unknown as { of: Spec }).of, v, [...path, k]));
  if (['int', 'number', 'boolean', 'enum', 'list'].includes(String(b.type))) return [{ path, spec: b, value: defaults }];
  return Object.entries(defaults as object).flatMap(([k, v]) => constantLeaves((b as unknown as Record<string, Spec>)[k]!, v, [...path, k]));
}

/** The scalar constants of a table (lists are left at their defaults). */
export function scalarLeaves(bounds: Spec, defaults: unknown): Leaf[] {
  return constantLeaves(bounds, defaults).filter((l) => l.spec.type !== 'list');
}

function valueOf(spec: LeafSpec): fc.Arbitrary<unknown> {
  switch (spec.type) {
    case 'int': return fc.oneof(fc.constant(spec.min!), fc.constant(spec.max!), fc.integer({ min: spec.min!, max: spec.max! }));
    case 'number': return fc.oneof(fc.constant(spec.min!), fc.constant(spec.max!), fc.double({ min: spec.min!, max: spec.max!, noNaN: true }));
    case 'boolean': return fc.boolean();
    default: return fc.constantFrom(...spec.values!);
  }
}

/** Overrides setting `count` random constants of the table to random in-bounds values. */
export function overridesArb(leaves: Leaf[], count: number): fc.Arbitrary<Record<string, unknown>> {
  return fc.uniqueArray(fc.integer({ min: 0, max: leaves.length - 1 }), { minLength: 1, maxLength: count }).chain((idx) =>
    fc.tuple(...idx.map((i) => valueOf(leaves[i]!.spec))).map((values) => {
      const out: Record<string, unknown> = {};
      idx.forEach((i, n) => {
        const { path } = leaves[i]!;
        let t = out;
        for (const k of path.slice(0, -1)) t = (t[k] ??= {}) as Record<string, unknown>;
        t[path[path.length - 1]!] = values[n];
      });
      return out;
    }));
}

/**
 * Creates a game with these overrides and resolves `turns` turns with bots. The creation may be
 * refused, but only with a LocalizedError (a relation between constants, a world that cannot be
 * drawn); once created, every turn must resolve. Returns whether the game was created.
 */
export function playTurns(entryId: string, options: (config: Record<string, unknown>) => unknown, config: Record<string, unknown>, turns: number): boolean {
  const entry = getRuleset(entryId);
  let g;
  try { g = createGame(entry.ruleset, options(config), 'bounds'); } catch (e) {
    assert.ok(e instanceof LocalizedError, `${JSON.stringify(config)}: refused at creation without a localized message: ${(e as Error).stack}`);
    return false;
  }
  for (let i = 0; i < turns && entry.ruleset.decisions(g.state).length; i++) {
    try {
      g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
    } catch (e) {
      assert.fail(`${JSON.stringify(config)}: turn ${i + 1} failed: ${(e as Error).stack}`);
    }
  }
  return true;
}
