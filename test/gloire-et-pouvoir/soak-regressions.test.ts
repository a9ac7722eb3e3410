/**
 * Regression games: every game file in regressions/ (soak failures once fixed, and a short game
 * written by the soak runner) replays from its setup to its recorded state hashes, and the
 * ruleset's invariants hold at every step.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { checkRecord, loadRecord } from '../../src/soak/soak.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const dir = join(import.meta.dirname, 'regressions');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

test('the regressions folder holds at least one game', () => {
  assert.ok(files.length > 0, `no game file in ${dir}`);
});

for (const file of files) {
  test(`regression ${file}: replays to its recorded hashes, invariants at every step`, () => {
    const record = loadRecord(join(dir, file));
    const { steps, problems } = checkRecord(getRuleset(record.ruleset), record);
    assert.deepEqual(problems, []);
    assert.equal(steps, record.steps.length);
  });
}
