/**
 * Appendix A with bounds (issue 12 item 2): a game created with any constants within their
 * declared bounds resolves its turns with bots (a few games, two turns each: bounded), and the
 * constants of the attack run that wedged games are refused at creation; a legal constant that
 * made a phase throw is resolved.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { ConstantError } from '../../src/engine/constants.ts';
import { CONSTANTS, DEFAULT_CONFIG } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import { dryRunOptions, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { overridesArb, playTurns, scalarLeaves } from '../engine/constants-fixture.ts';
import { createRng } from '../../src/engine/rng.ts';
import { eventsOf, home, runPhases, scenario } from './harness.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

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

test('CLI --config: an out-of-bounds constant or a file that is not a table of constants is one clear line, exit code 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-bounds-'));
  const run = async (config: string) => {
    const file = join(dir, 'config.json');
    writeFileSync(file, config);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['new', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '3', '--config', file, '--out', join(dir, 'g.json')], { out: (s) => out.push(s), err: (s) => err.push(s), stdin: () => '' });
    return { code, err };
  };
  const bomb = await run(JSON.stringify({ treasuryDivisor: 0 }));
  assert.equal(bomb.code, 2);
  assert.deepEqual(bomb.err, ['suzerain: Gloire & Pouvoir: constant "treasuryDivisor" cannot be 0: a number from 1 to 1000000 is expected.']);
  const list = await run('[1, 2]');
  assert.equal(list.code, 2);
  assert.equal(list.err.length, 1);
  assert.match(list.err[0]!, /an object \{…\} of constants is expected/);
  const broken = await run('{not json');
  assert.equal(broken.code, 2);
  assert.match(broken.err[0]!, /--config .*: not JSON; an object \{…\} of constants is expected/);
});

test('[P G-02] a host’s recruit minimum above a weak lord-knight’s cap draws the cap (the phase used to throw, every turn)', () => {
  const s = scenario(['Hawkmoon', 'Amarethuse'], { recruitRenownMin: 500 });
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'dolon');
  s.lords.L1!.treasury = 1_000_000;
  const { events } = runPhases(s, { L1: 'CHE 2' }, [5], createRng('g02', 'cap'));
  assert.deepEqual(eventsOf(events, 'knight-recruited').map((e) => e.renown), [101, 101]);
});
