/**
 * The soak runner on Fief (src/soak/soak.ts through the registry: bot, invariants, soakGame): bot
 * games of 3 to 6 players on the original board, the invariants after every step, some steps
 * resolved twice from their JSON, the replay of every game; the summary counts each decision kind asked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSoak } from '../../src/soak/soak.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('soak: Fief bot games without failure, and the count of each decision kind', { timeout: 300_000 }, async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'fief-soak-'));
  const lines: string[] = [];
  const s = await runSoak({ entry: getRuleset('fief'), games: 3, seed: 'fief-suite', maxTurns: 150, outDir, recheck: 0.2, out: (l) => lines.push(l) });
  assert.deepEqual(s.failures.map((f) => f.failure), []);
  assert.equal(s.rejectedBotOrders, 0);
  assert.ok(s.results.every((r) => r.players >= 3 && r.players <= 6 && r.map === 'original'));
  assert.equal(readdirSync(outDir).length, 0, 'no failure file');
  const kinds = lines.find((l) => /^ {2}decisions /.test(l));
  assert.ok(kinds, lines.join('\n'));
  for (const k of ['start-village', 'discard-draw', 'purchases', 'movement']) assert.match(kinds!, new RegExp(`${k} \\d`));
  assert.ok(s.results.every((r) => (r.kinds['start-village'] ?? 0) === r.players), 'one start village a player');
});
