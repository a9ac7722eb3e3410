/**
 * The command line on a game of Warrior Knights (issue 21 "Around it": "Command line as for Fief:
 * new, prompts, answer, simulate --json (deterministic hash)"), through `main` as
 * `bin/suzerain.mjs` calls it: `new` writes a game of three barons; `prompts` shows the setup's
 * secret troop assignment asked of all three, and with --player his default, his guided form and
 * his free action (crowns); a malformed answer is refused in the language asked and stores
 * nothing; the step resolves once the last baron asked has answered; `act` gives crowns; the file
 * replays to its hashes; `simulate --json` gives the same hash for the same seed, another for
 * another seed, and plays a whole game to its winner.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { GameRecord } from '../../src/engine/game.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' }, out, err };
}
const dir = mkdtempSync(join(tmpdir(), 'suzerain-wk-'));
const file = join(dir, 'wk.json');
const read = () => JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
async function run(...argv: string[]) { const c = capture(); const rc = await main(argv, c.io); return { rc, out: c.out.join('\n'), err: c.err.join('\n') }; }

test('new, prompts, answer and act on a game of Warrior Knights', async () => {
  const made = await run('new', '--ruleset', 'warrior-knights', '--players', '3', '--seed', 'cli-wk', '--out', file);
  assert.equal(made.rc, 0, made.err);
  assert.match(made.out, /new Warrior Knights game/);
  const barons = [...made.out.matchAll(/^ {2}(green|blue|red|yellow|black|violet) /gm)].map((m) => m[1]!);
  assert.equal(barons.length, 3, made.out);
  // The setup's troops: one question asked of all three at once (secret until everyone has answered).
  const first = await run('prompts', file);
  assert.equal(first.rc, 0, first.err);
  assert.match(first.out, /- assign-troops#0 \[assign-troops, TURN\]: Setup — Assign your troop cards/);
  for (const b of barons) assert.match(first.out, new RegExp(`waiting\\s+${b}\\b`));
  const mine = await run('prompts', file, '--player', barons[0]!, '--lang', 'fr');
  assert.match(mine.out, /Mise en place — Répartissez vos cartes de troupe/);
  assert.match(mine.out, /default: default/);
  assert.match(mine.out, new RegExp(`give-crowns to=${barons.slice(1).join('\\|')} amount=1\\.\\.15`));
  // A malformed answer: refused in French, nothing stored.
  const before = read();
  const bad = await run('answer', file, '--player', barons[0]!, '--answer', '"r1c1"', '--lang', 'fr');
  assert.equal(bad.rc, 1);
  assert.match(bad.err, /Réponse mal formée/);
  assert.deepEqual(read(), before, 'the file is unchanged');
  // Each baron answers the default; the last answer resolves the step and prints its report.
  for (const [i, b] of barons.entries()) {
    const r = await run('answer', file, '--player', b, '--answer', 'default');
    assert.equal(r.rc, 0, r.err);
    if (i < barons.length - 1) assert.match(r.out, /answer stored; still waiting for/);
    else assert.match(r.out, /answer stored; step 1 resolved/);
  }
  assert.equal(read().steps.length, 1);
  assert.match((await run('prompts', file)).out, /place-stronghold#1 \[place-stronghold, TURN\]/);
  // Crowns given at any moment (a free action); a gift beyond his purse is refused and changes nothing.
  const gift = await run('act', file, '--player', barons[0]!, '--action', 'give-crowns', `to=${barons[1]}`, 'amount=2');
  assert.equal(gift.rc, 0, gift.err);
  assert.match(gift.out, /gives .* 2 crowns/);
  const snapshot = read();
  const refused = await run('act', file, '--player', barons[0]!, '--action', 'give-crowns', `to=${barons[1]}`, 'amount=99');
  assert.equal(refused.rc, 1);
  assert.deepEqual(read(), snapshot, 'a refused gift changes nothing');
  assert.match((await run('replay', file)).out, /replay ok: 2 step\(s\)/);
});

test('simulate --ruleset warrior-knights --json: the same seed gives the same hash, another seed another; a whole game ends', { timeout: 120_000 }, async () => {
  const sim = async (seed: string, turns: string) => {
    const r = await run('simulate', '--ruleset', 'warrior-knights', '--players', '3', '--turns', turns, '--seed', seed, '--json');
    assert.equal(r.rc, 0, r.err);
    return JSON.parse(r.out) as { ruleset: string; turns: number; hash: string; winnerId: string | null; victory: string | null; rejectedBotOrders: number };
  };
  const a = await sim('wk-det-1', '60');
  const b = await sim('wk-det-1', '60');
  assert.equal(a.ruleset, 'warrior-knights');
  assert.equal(a.turns, 60, 'a "turn" is one question');
  assert.equal(a.hash, b.hash, 'deterministic');
  assert.equal(a.rejectedBotOrders, 0);
  assert.notEqual((await sim('wk-det-2', '60')).hash, a.hash, 'the seed matters');
  // Played to its end: a winner, by Influence or arms (seed s1: 664 questions).
  const whole = await sim('s1', '100000');
  assert.ok(whole.winnerId, 'a winner');
  assert.ok(whole.victory === 'influence' || whole.victory === 'military', String(whole.victory));
  assert.equal(whole.hash, (await sim('s1', '100000')).hash, 'a whole game, deterministic');
});
