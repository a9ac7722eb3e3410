/**
 * The command line for games of prompts (src/cli/prompts.ts) on a game of Fief, through `main` as
 * `bin/suzerain.mjs` calls it: `prompts` lists what is asked and of whom (with --player: his
 * default and free actions), `answer` stores an answer (a refused one names why, in the language
 * asked, and stores nothing) and resolves the step once everyone asked has answered, `act` takes a
 * free action (a refusal changes nothing); the game file replays to its hashes afterwards.
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
const dir = mkdtempSync(join(tmpdir(), 'suzerain-prompts-'));
const file = join(dir, 'fief.json');
const read = () => JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
async function run(...argv: string[]) { const c = capture(); const rc = await main(argv, c.io); return { rc, out: c.out.join('\n'), err: c.err.join('\n') }; }

test('prompts, answer and act on a game of Fief', async () => {
  assert.equal((await run('new', '--ruleset', 'fief', '--players', '4', '--seed', 'cli-prompts', '--out', file)).rc, 0);
  const first = await run('prompts', file);
  assert.equal(first.rc, 0);
  const m = /- (S10\/(P\d)) \[start-village, TURN\]: Setup — choose your starting village\./.exec(first.out);
  assert.ok(m, first.out);
  const [, decision, who] = m!;
  assert.match(first.out, new RegExp(`waiting\\s+${who}`));
  // A refused answer: named in French, nothing stored.
  const before = read();
  const bad = await run('answer', file, '--player', who!, '--answer', 'NOWHERE', '--lang', 'fr');
  assert.equal(bad.rc, 1);
  assert.match(bad.err, /Ce choix n’est pas proposé/);
  assert.deepEqual(read(), before, 'the file is unchanged');
  // His own view of the question: the default and the choices.
  const mine = await run('prompts', file, '--player', who!);
  assert.match(mine.out, /default: [A-Z_]+/);
  // Every seat answers its default: each answer resolves its step (one question at a time).
  for (let i = 0; i < 4; i++) {
    const p = (await run('prompts', file)).out.match(/waiting\s+(P\d)/)![1]!;
    const dflt = (await run('prompts', file, '--player', p)).out.match(/default: (\S+)/)![1]!;
    const r = await run('answer', file, '--player', p, '--answer', dflt);
    assert.equal(r.rc, 0, r.err);
    assert.match(r.out, /answer stored; step \d+ resolved/);
    assert.match(r.out, /settles in/);
  }
  assert.ok(decision);
  // Free actions: listed, taken, refused.
  const acts = await run('prompts', file, '--player', 'P1');
  assert.match(acts.out, /free actions:\n {2}give to=P2\|P3\|P4/);
  const gift = await run('act', file, '--player', 'P1', '--action', 'give', 'to=P2', 'ecus=2');
  assert.equal(gift.rc, 0, gift.err);
  assert.match(gift.out, /gives Player 2: 2 ecus/);
  const snapshot = read();
  const refused = await run('act', file, '--player', 'P1', '--action', 'give', 'to=P2', 'ecus=99', '--lang', 'fr');
  assert.equal(refused.rc, 1);
  assert.match(refused.err, /Vous n’avez pas autant d’écus/);
  assert.deepEqual(read(), snapshot, 'a refused action changes nothing');
  const offer = await run('act', file, '--player', 'P1', '--action', 'offer', 'to=P3', 'give_ecus=1', 'ask_ecus=1');
  assert.match(offer.out, /Offer #1/);
  assert.match((await run('prompts', file, '--player', 'P3')).out, /accept offer=1/);
  const accept = await run('act', file, '--player', 'P3', '--action', 'accept', 'offer=1');
  assert.match(accept.out, /Trade between Player 1 and Player 3/);
  // The report of a free-action step and the replay of the whole file.
  const rep = await run('report', file, '--lord', 'P2', '--lang', 'en');
  assert.match(rep.out, /Trade between/);
  assert.match((await run('replay', file)).out, /replay ok/);
  // Usage errors.
  assert.equal((await run('answer', file, '--answer', 'x')).rc, 2);
  assert.equal((await run('act', file, '--player', 'P1')).rc, 2);
  assert.equal((await run('act', file, '--player', 'P1', '--action', 'give', 'oops')).rc, 2);
});
