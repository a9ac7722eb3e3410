/**
 * The command as a shell runs it: its output piped into a reader that stops early
 * (`suzerain status game.json | head`) ends the command quietly, with no stack trace.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';

test('suzerain status piped into a reader that closes at once: exit 0, nothing on stderr', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'suzerain-pipe-')), 'game.json');
  const quiet = { out: () => {}, err: () => {}, stdin: () => '' };
  assert.equal(await main(['new', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '10', '--seed', '1', '--out', file], quiet), 0, 'the game is created');
  // `true` reads nothing and exits before node has started, so every write meets a closed pipe.
  const r = spawnSync('bash', ['-c', `node bin/suzerain.mjs status '${file}' | true; echo "rc=\${PIPESTATUS[0]}" >&2`], { encoding: 'utf8' });
  assert.match(r.stderr, /rc=0\s*$/, `the command ends with 0, got: ${r.stderr.slice(-400)}`);
  assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, 'no stack trace');
});
