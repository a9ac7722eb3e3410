/**
 * The soak runner in the suite: a short soak across the maps runs clean; a broken invariant, an
 * exception and a non-deterministic step each become a failure file that the regression machinery
 * loads and replays; the ruleset's invariants catch corrupt states.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGame } from '../../src/engine/game.ts';
import type { Ruleset } from '../../src/engine/ruleset.ts';
import { getRuleset, type RulesetEntry, loadAllRulesets } from '../../src/rulesets/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { checkRecord, gameSpec, loadRecord, rerecordFile, runSoak } from '../../src/soak/soak.ts';
import { checkInvariants, totalPopulation } from './invariants.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('gloire-et-pouvoir');
const tmp = () => mkdtempSync(join(tmpdir(), 'suzerain-soak-'));
const quiet = () => {};

test('a short soak: 3 games on the three maps, invariants every turn, some turns resolved twice, replays ok', async () => {
  const outDir = tmp();
  const lines: string[] = [];
  const s = await runSoak({ entry, games: 3, seed: 'suite', maxTurns: 10, outDir, recheck: 0.3, out: (l) => lines.push(l) });
  assert.deepEqual(s.failures.map((f) => f.failure), []);
  assert.equal(s.games, 3);
  assert.deepEqual(s.results.map((r) => r.map).sort(), ['europe', 'middle-east', 'scandinavia']);
  assert.ok(s.turns >= 20 && s.results.every((r) => r.turns > 0 && r.turns <= 10), `turns ${s.results.map((r) => r.turns)}`);
  assert.ok(s.results.some((r) => r.rechecked > 0), 'some turns were resolved a second time');
  assert.equal(readdirSync(outDir).length, 0, 'no failure file');
  // One progress line per game (index, map, lords, seed, turns, outcome, ms, running count), then the summary.
  assert.equal(lines.filter((l) => /^\d\/3 {2}\S+ +\d+ lords {2}seed [0-9a-f]{12} +\d+ turns +[\d,]+ ms {2}.+\[\d done: /.test(l)).length, 3, lines.join('\n'));
  assert.ok(lines.some((l) => /^ {2}failures {2}0$/.test(l)));
  assert.ok(lines.some((l) => /^ {2}time .* ms a turn/.test(l)));
  // The list of games is the run seed's: game i is the same in a run of any length.
  assert.deepEqual(s.results.map(({ index, map, players, seed }) => ({ index, map, players, seed })), [1, 2, 3].map((i) => gameSpec(entry, 'suite', i)));
});

/** The real entry with one invariant more, broken once two turns have been resolved. */
const brokenAtTurn2: RulesetEntry = {
  ...entry,
  invariants: (state, context) => {
    entry.invariants!(state, context);
    if (context.step === 2) throw new Error('deliberately broken after turn 2');
  },
};

test('a broken invariant: the failing game is written whole, the run goes on and reports the failure', async () => {
  const outDir = tmp();
  const s = await runSoak({ entry: brokenAtTurn2, games: 2, seed: 'broken', maxTurns: 4, maps: ['scandinavia'], players: 4, outDir, out: quiet });
  assert.equal(s.games, 2, 'the run went on after the first failure');
  assert.equal(s.failures.length, 2);
  const f = s.failures[0]!;
  assert.equal(f.failure!.kind, 'invariant');
  assert.equal(f.failure!.step, 2);
  const file = join(outDir, `scandinavia-${f.seed}.json`);
  assert.equal(f.file, file);
  assert.ok(existsSync(file));
  // The file is a game file (setup, seed, every step's sheets and hashes) with the failure.
  const record = loadRecord(file);
  assert.equal(record.seed, f.seed);
  assert.equal(record.steps.length, 2);
  assert.ok(record.steps.every((st) => st.submissions.length === 4 && /^[0-9a-f]{64}$/.test(st.hash)));
  assert.match(record.failure!.message, /deliberately broken after turn 2/);
  assert.deepEqual(record.failure!.soak, { runSeed: 'broken', index: 1, map: 'scandinavia', players: 4, maxTurns: 4 });
  // The regression machinery loads it: it replays to its hashes, and finds the broken invariant again.
  assert.deepEqual(checkRecord(brokenAtTurn2, record), { steps: 1, problems: ['step 2: invariant broken: deliberately broken after turn 2'] });
  // With the invariant "fixed", the same file is clean.
  assert.deepEqual(checkRecord(entry, record), { steps: 2, problems: [] });
});

test('an exception while resolving: the sheets of the failing turn are kept, and resolved by the regression check', async () => {
  const outDir = tmp();
  const gp = entry.ruleset as Ruleset<GPState>;
  const crashing: RulesetEntry = {
    ...entry,
    ruleset: { ...gp, resolve: (s, subs, rng) => { if (s.turn === 3) throw new Error('referee crash on turn 3'); return gp.resolve(s, subs, rng); } },
  };
  const s = await runSoak({ entry: crashing, games: 1, seed: 'crash', maxTurns: 5, maps: ['scandinavia'], players: 3, outDir, out: quiet });
  const f = s.failures[0]!.failure!;
  assert.equal(f.kind, 'exception');
  assert.equal(f.stage, 'resolve');
  assert.equal(f.step, 3);
  assert.match(f.stack ?? '', /referee crash on turn 3/);
  const record = loadRecord(s.failures[0]!.file!);
  assert.equal(record.steps.length, 2);
  assert.equal(record.pending.length, 3, 'the order sheets of turn 3');
  assert.deepEqual(checkRecord(crashing, record).problems, ['step 3: referee crash on turn 3']);
  assert.deepEqual(checkRecord(entry, record).problems, []);
  // Once fixed, --rerecord turns it into a fixture of three clean steps.
  const fixed = rerecordFile(entry, record);
  assert.equal(fixed.steps.length, 3);
  assert.ok(!('failure' in fixed));
  assert.deepEqual(checkRecord(entry, fixed), { steps: 3, problems: [] });
});

test('a step that does not resolve the same way twice is a determinism failure', async () => {
  const outDir = tmp();
  const gp = entry.ruleset as Ruleset<GPState>;
  let calls = 0;
  const flaky: RulesetEntry = {
    ...entry,
    ruleset: { ...gp, resolve: (s, subs, rng) => { const r = gp.resolve(s, subs, rng); (r.state as GPState & { calls?: number }).calls = ++calls; return r; } },
  };
  const s = await runSoak({ entry: flaky, games: 1, seed: 'flaky', maxTurns: 3, maps: ['scandinavia'], players: 3, outDir, recheck: 1, out: quiet });
  const f = s.failures[0]!.failure!;
  assert.equal(f.kind, 'determinism');
  assert.equal(f.step, 1);
  assert.match(f.message, /step 1 resolved again from the previous state gives hash/);
  // Without the sampled re-resolution, the replay at the end of the game catches it.
  const s2 = await runSoak({ entry: flaky, games: 1, seed: 'flaky', maxTurns: 3, maps: ['scandinavia'], players: 3, outDir: tmp(), recheck: 0, out: quiet });
  assert.equal(s2.failures[0]!.failure!.kind, 'replay');
});

test('the invariants catch corrupt states, each with a message naming what is wrong', () => {
  const fresh = () => structuredClone(createGame(entry.ruleset as Ruleset<GPState>, { map: 'scandinavia', players: 4 }, 'corrupt').state);
  const pop = totalPopulation(fresh());
  assert.doesNotThrow(() => checkInvariants(fresh(), pop));
  const cases: [string, (s: GPState) => void, RegExp][] = [
    ['NaN happiness', (s) => { Object.values(s.territories)[0]!.happiness = NaN; }, /territories\.\w+\.happiness is NaN/],
    ['Infinity in a lord\'s memory', (s) => { s.lords.L1!.memory.x = { value: Infinity, lostTurn: 1 }; }, /memory\.x\.value is Infinity/],
    ['fractional treasury', (s) => { s.lords.L2!.treasury = 10.5; }, /treasury of L2: 10.5/],
    ['negative army', (s) => { s.armies['1'] = { id: 1, lord: 'L1', strength: -5, commander: s.lords.L1!.lordKnight, location: s.knights[s.lords.L1!.lordKnight]!.location, receivedTransfer: false, defThreshold: null, levyTurn: 1 }; s.knights[s.lords.L1!.lordKnight]!.army = 1; s.nextArmy = 2; }, /army 1 strength -5/],
    ['relation with a dead lord', (s) => { s.lords.L3!.alive = false; s.lords.L3!.outTurn = 1; for (const k of Object.values(s.knights)) if (k.lord === 'L3') delete s.knights[k.id]; for (const t of Object.values(s.territories)) if (t.owner === 'L3') t.owner = null; s.relations['L1|L3'] = 'war'; }, /relation L1\|L3 \(war\) involves a lord who is out/],
    ['relation key out of order', (s) => { s.relations['L2|L1'] = 'alliance'; }, /relation key L2\|L1/],
    ['land of a dead lord', (s) => { s.lords.L4!.alive = false; s.lords.L4!.outTurn = 1; }, /owned by L4, who is not a living lord|serves L4/],
    ['population created', (s) => { Object.values(s.territories)[0]!.population += 1; }, /migration conserves the population/],
    ['knight number reused', (s) => { s.nextKnight = 1; }, /next knight number 1/],
    ['victory without a king', (s) => { s.finished = true; s.victory = 'renown'; }, /renown victory's king null/],
  ];
  for (const [what, corrupt, message] of cases) {
    const s = fresh();
    corrupt(s);
    assert.throws(() => checkInvariants(s, pop), message, what);
  }
});
