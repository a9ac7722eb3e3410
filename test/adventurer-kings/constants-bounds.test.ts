/**
 * Adventurer Kings constants with bounds (issue 12 item 2): a game created with any constants
 * within their declared bounds resolves its turns with bots (a few games, two turns each), or is
 * refused at creation in both languages (a world the constants do not allow).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ConstantError, LocalizedError } from '../../src/engine/constants.ts';
import { BOUNDS, DEFAULT_CONFIG } from '../../src/rulesets/adventurer-kings/config.ts';
import { dryRunOptions, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { overridesArb, playTurns, scalarLeaves } from '../engine/constants-fixture.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const options = (config: Record<string, unknown>) => getRuleset('adventurer-kings').options({ players: 4, config });

test('AK constants: turns resolve with any in-bounds constants (random overrides, extremes included)', () => {
  const leaves = scalarLeaves(BOUNDS, DEFAULT_CONFIG);
  fc.assert(fc.property(overridesArb(leaves, 12), (config) => { playTurns('adventurer-kings', options, config, 2); }), { numRuns: 8, seed: 12 });
});

test('AK: a world the constants cannot draw is refused at creation in both languages', () => {
  const config = { world: { landmassesMin: 12, landmassesMax: 12, landmassMinSize: 40, maxRestarts: 2 } };
  assert.throws(() => dryRunOptions('adventurer-kings', options(config)), (e: unknown) => e instanceof LocalizedError && /monde/.test(e.localized.fr) && /world/.test(e.localized.en));
  assert.throws(() => dryRunOptions('adventurer-kings', options({ armies: { engagementLogBase: 1 } })), ConstantError);
  assert.throws(() => dryRunOptions('adventurer-kings', getRuleset('adventurer-kings').options({ players: 13 })), (e: unknown) => e instanceof LocalizedError && /13/.test(e.localized.fr));
});
