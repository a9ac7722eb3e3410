/**
 * Appendix A with bounds (issue 12 item 2): a game created with any constants within their
 * declared bounds resolves its turns with bots (a few games, two turns each: bounded), and the
 * constants of the attack run that wedged games are refused at creation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ConstantError } from '../../src/engine/constants.ts';
import { CONSTANTS, DEFAULT_CONFIG } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import { dryRunOptions, getRuleset } from '../../src/rulesets/index.ts';
import { overridesArb, playTurns, scalarLeaves } from '../engine/constants-fixture.ts';

const options = (config: Record<string, unknown>) => getRuleset('gloire-et-pouvoir').options({ map: 'scandinavia', players: 10, config });

test('Appendix A: turns resolve with any in-bounds constants (random overrides, extremes included)', () => {
  const leaves = scalarLeaves(CONSTANTS, DEFAULT_CONFIG);
  fc.assert(fc.property(overridesArb(leaves, 12), (config) => { playTurns('gloire-et-pouvoir', options, config, 2); }), { numRuns: 12, seed: 12 });
});

test('Appendix A: the issue’s costly jousts are now cheap: the largest joust caps and a royal joust every turn', () => {
  const t0 = performance.now();
  assert.ok(playTurns('gloire-et-pouvoir', options, { joustPassCap: 1000, joustTieBand: 0.5, royalJoustEvery: 1 }, 2));
  assert.ok(performance.now() - t0 < 5000);
});

test('dryRunOptions: a game with these options plays a first turn, or the options are refused with a localized error', () => {
  assert.doesNotThrow(() => dryRunOptions('gloire-et-pouvoir', options({ startTreasury: 0 })));
  assert.throws(() => dryRunOptions('gloire-et-pouvoir', options({ treasuryDivisor: 0 })), ConstantError);
  assert.throws(() => dryRunOptions('gloire-et-pouvoir', { map: 'atlantis' }), (e: unknown) => e instanceof Error && 'localized' in e);
});
