/**
 * Every rules constant of every ruleset has a type and bounds (style guide §3, issue 12 item 2):
 * a table-driven test over each constant of Gloire & Pouvoir and Adventurer Kings. The default
 * lies within its bounds; the minimum and the maximum are accepted; below the minimum, above the
 * maximum, a fraction for an integer, NaN, ±1e308 and a wrong type are refused with a
 * ConstantError naming the constant in French and in English. Then the engine helper itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConstantError, LocalizedError, checkDefaults, constant, each, errorIn, int, list, num, oneOf, range, resolveConfig,
  type Spec, type TableInfo,
} from '../../src/engine/constants.ts';
import * as gp from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import * as ak from '../../src/rulesets/adventurer-kings/config.ts';
import { constantLeaves } from './constants-fixture.ts';

interface Table { name: string; info: TableInfo; bounds: Spec; defaults: unknown; resolve: (o: Record<string, unknown>) => unknown }
const TABLES: Table[] = [
  { name: 'Gloire & Pouvoir', info: gp.TABLE_INFO, bounds: gp.CONSTANTS, defaults: gp.DEFAULT_CONFIG, resolve: (o) => gp.resolveConfig(o) },
  { name: 'Adventurer Kings', info: ak.TABLE_INFO, bounds: ak.BOUNDS, defaults: ak.DEFAULT_CONFIG, resolve: (o) => ak.checkOverrides(o) },
];

function nest(path: string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((acc, k) => ({ [k]: acc }), value) as Record<string, unknown>;
}

function refused(t: Table, path: string[], value: unknown, why: string): void {
  const name = path.join('.');
  let err: unknown = null;
  try { t.resolve(nest(path, value)); } catch (e) { err = e; }
  assert.ok(err instanceof ConstantError, `${t.name} ${name} = ${String(value)} (${why}) should be refused`);
  assert.ok(err.path.startsWith(name), `${name}: the error names ${err.path}`);
  for (const lang of ['fr', 'en'] as const) assert.ok(errorIn(err, lang).includes(name), `${name}: the ${lang} message names it: ${errorIn(err, lang)}`);
  assert.match(err.localized.fr, /ne peut valoir/);
  assert.match(err.localized.en, /cannot be/);
}

/** Accepted, or refused only because another constant must stay on its side (xMin ≤ xMax). */
function accepted(t: Table, path: string[], value: unknown): void {
  try { t.resolve(nest(path, value)); } catch (e) {
    assert.ok(e instanceof ConstantError && e.problem === 'relation', `${t.name} ${path.join('.')} = ${JSON.stringify(value)} should be accepted: ${(e as Error).message}`);
  }
}

for (const t of TABLES) {
  const leaves = constantLeaves(t.bounds, t.defaults);

  test(`${t.name}: every constant has bounds, and every default lies within them`, () => {
    assert.deepEqual(checkDefaults(t.info, t.bounds, t.defaults), []);
    assert.ok(leaves.length > (t.name === 'Adventurer Kings' ? 300 : 90), `${leaves.length} constants`);
    assert.doesNotThrow(() => t.resolve({}));
  });

  test(`${t.name}: each constant's minimum and maximum are accepted; out of bounds, fractions, NaN, ±1e308 and wrong types are refused, named in both languages`, () => {
    let numbers = 0;
    for (const { path, spec, value } of leaves) {
      switch (spec.type) {
        case 'int':
        case 'number': {
          numbers++;
          const { min, max } = spec as { min: number; max: number };
          accepted(t, path, min);
          accepted(t, path, max);
          refused(t, path, min - 1, 'below the minimum');
          refused(t, path, max + 1, 'above the maximum');
          if (spec.type === 'int' && max > min) refused(t, path, min + 0.5, 'not an integer');
          refused(t, path, Number.NaN, 'NaN');
          refused(t, path, 1e308, 'huge');
          refused(t, path, -1e308, 'huge negative');
          refused(t, path, String(value), 'a string');
          refused(t, path, null, 'null');
          break;
        }
        case 'boolean':
          accepted(t, path, !value);
          refused(t, path, 1, 'a number');
          break;
        case 'enum':
          for (const v of spec.values!) accepted(t, path, v);
          refused(t, path, 'no-such-value', 'not one of the values');
          break;
        case 'list': {
          accepted(t, path, value);
          refused(t, path, 'x', 'not a list');
          if (spec.maxLength! < 1000) refused(t, path, Array.from({ length: spec.maxLength! + 1 }, () => (value as unknown[])[0]), 'too long');
          break;
        }
        default: assert.fail(`${path.join('.')}: unexpected spec ${spec.type}`);
      }
    }
    assert.ok(numbers > 50);
  });

  test(`${t.name}: unknown constants and unknown keys of a table are refused, in both languages`, () => {
    refused(t, ['noSuchConstant'], 1, 'unknown');
    const table = leaves.find((l) => l.path.length > 1)!;
    refused(t, [...table.path.slice(0, -1), 'noSuchKey'], 1, 'unknown key');
    refused(t, [table.path[0]!], 5, 'a number for a table');
  });
}

test('issue 12 config bombs are refused: treasuryDivisor 0, taxFactor 1e308, startTreasury 1e308 / -1e308 / 0.5, a joust that never ends', () => {
  for (const o of [{ treasuryDivisor: 0 }, { taxFactor: 1e308 }, { startTreasury: 1e308 }, { startTreasury: -1e308 }, { startTreasury: 0.5 }, { joustPassCap: 1e7 }, { joustTieBand: 1e9 }, { passCap: 1e12 }]) {
    assert.throws(() => gp.resolveConfig(o), ConstantError, JSON.stringify(o));
  }
  const e = (() => { try { gp.resolveConfig({ treasuryDivisor: 0 }); } catch (x) { return x as ConstantError; } })()!;
  assert.equal(e.localized.fr, 'Gloire & Pouvoir : la constante « treasuryDivisor » ne peut valoir 0 : un nombre de 1 à 1000000 est attendu.');
  assert.equal(e.localized.en, 'Gloire & Pouvoir: constant "treasuryDivisor" cannot be 0: a number from 1 to 1000000 is expected.');
  assert.deepEqual([e.path, e.value, e.problem], ['treasuryDivisor', 0, 'range']);
});

test('relations between constants: a minimum above its maximum is refused (G&P coefMin/coefMax, AK xMin/xMax and minOffer/maxOffer)', () => {
  assert.throws(() => gp.resolveConfig({ coefMin: 0.9, coefMax: 0.5 }), (e: unknown) => e instanceof ConstantError && e.path === 'coefMin' && e.problem === 'relation');
  assert.doesNotThrow(() => gp.resolveConfig({ coefMin: 0.5, coefMax: 0.5 }));
  assert.throws(() => ak.checkOverrides({ encounters: { rageMin: 5, rageMax: 4 } }), (e: unknown) => e instanceof ConstantError && e.path === 'encounters.rageMin');
  assert.throws(() => ak.checkOverrides({ kingdom: { hiring: { minOffer: 4, maxOffer: 3 } } }), (e: unknown) => e instanceof ConstantError && e.path === 'kingdom.hiring.minOffer');
  assert.throws(() => ak.checkOverrides({ armies: { elephantRange: [5, 2] } }), (e: unknown) => e instanceof ConstantError && e.path === 'armies.elephantRange' && e.problem === 'order');
  assert.throws(() => ak.checkOverrides({ world: { defaultPlayers: 12, maxPlayers: 4 } }), ConstantError);
});

test('engine: resolveConfig merges tables key by key, replaces lists whole, never shares the defaults', () => {
  const info: TableInfo = { name: { fr: 'T', en: 'T' } };
  const bounds = { a: int(0, 10), t: { x: num(0, 1), y: num(0, 1) }, l: list(int(0, 9), 1, 3), r: range(int(0, 9)), e: each(oneOf('p', 'q')) };
  const defaults = { a: 1, t: { x: 0.5, y: 0.25 }, l: [1, 2], r: [1, 2], e: { k: 'p', m: 'q' } };
  const out = resolveConfig(info, bounds, defaults, { t: { y: 1 }, l: [9], e: { m: 'p' } });
  assert.deepEqual(out, { a: 1, t: { x: 0.5, y: 1 }, l: [9], r: [1, 2], e: { k: 'p', m: 'p' } });
  out.t.x = 7;
  assert.equal(defaults.t.x, 0.5);
  assert.throws(() => resolveConfig(info, bounds, defaults, { e: { z: 'p' } }), (e: unknown) => e instanceof ConstantError && e.path === 'e.z' && e.problem === 'unknown');
  assert.throws(() => resolveConfig(info, bounds, defaults, { l: [] }), (e: unknown) => e instanceof ConstantError && e.problem === 'length');
  assert.throws(() => resolveConfig(info, bounds, defaults, { l: [1, 10] }), (e: unknown) => e instanceof ConstantError && e.path === 'l[1]');
  assert.throws(() => resolveConfig(info, bounds, defaults, { __proto__: { a: 1 } } as unknown as Record<string, unknown>), ConstantError);
  assert.throws(() => resolveConfig(info, bounds, defaults, [1]), ConstantError);
  // a table of constant() specs carries its defaults
  assert.deepEqual(checkDefaults(info, { c: constant(3, int(0, 2)) }, { c: 3 }).length, 1);
  assert.deepEqual(checkDefaults(info, bounds, { ...defaults, extra: 1 }), ['extra: no bounds declared']);
  // the error is a LocalizedError, rendered in each language
  const e = new LocalizedError({ fr: 'bonjour', en: 'hello' });
  assert.equal(errorIn(e, 'fr'), 'bonjour');
  assert.equal(errorIn(new Error('plain'), 'fr'), 'plain');
});

test('a game created before the bounds goes on: its stored overrides are read without the bounds (types and unknown keys still refused)', () => {
  assert.equal(ak.resolveConfig({ armies: { armyCap: 0 } }).armies.armyCap, 0);
  assert.throws(() => ak.checkOverrides({ armies: { armyCap: 0 } }), ConstantError);
  assert.throws(() => ak.resolveConfig({ armies: { armyCapp: 3 } }), ConstantError);
  assert.throws(() => ak.resolveConfig({ armies: { armyCap: 'many' } }), ConstantError);
});
