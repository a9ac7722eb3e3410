/** Whole games played by bots: long runs stay clean, replays match, the CLI simulate is deterministic. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { gloireEtPouvoir } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { main } from '../../src/cli/main.ts';
import { checkInvariants, totalPopulation } from './invariants.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' }, out, err };
}

test('suzerain simulate: a 200-turn game of 10 bots runs clean (invariants after every turn, no bot order rejected, replay ok)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-'));
  const cfg = join(dir, 'no-victory.json');
  const file = join(dir, 'long.json');
  // Victory switched off (a host option) so that all 200 turns are played.
  writeFileSync(cfg, JSON.stringify({ victories: { renown: false, conquest: false, alliance: false } }));
  const c = capture();
  assert.equal(await main(['simulate', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '10', '--turns', '200', '--seed', 'long', '--config', cfg, '--out', file, '--json'], c.io), 0);
  const result = JSON.parse(c.out.join('\n'));
  assert.equal(result.turns, 200);
  assert.equal(result.rejectedBotOrders, 0);
  const game = JSON.parse(readFileSync(file, 'utf8')) as GameRecord<GPState>;
  // Fold the game again step by step, checking the invariants after every turn.
  let g = createGame(gloireEtPouvoir, game.options, game.seed);
  const pop = totalPopulation(g.state);
  let battles = 0;
  let conquests = 0;
  for (const step of game.steps) {
    g = advance(gloireEtPouvoir, { ...g, pending: step.submissions }, { useDefaults: false });
    assert.equal(g.steps[g.steps.length - 1]!.hash, step.hash, `step ${step.index} reproduces its hash`);
    checkInvariants(g.state, pop);
    const ev = step.events as { type: string }[];
    battles += ev.filter((e) => e.type === 'battle').length;
    conquests += ev.filter((e) => e.type === 'conquest').length;
  }
  assert.equal(g.state.turn, 201);
  assert.equal(hashState(g.state), result.hash);
  assert.ok(battles > 50 && conquests > 10, `the bots fight (${battles} battles, ${conquests} conquests)`);
});

test('suzerain simulate: same seed, same hash; a winner is found with the normal rules', async () => {
  const runs = [];
  for (let i = 0; i < 2; i++) {
    const c = capture();
    assert.equal(await main(['simulate', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '10', '--turns', '80', '--seed', 'S1', '--json'], c.io), 0);
    runs.push(JSON.parse(c.out.join('\n')));
  }
  assert.equal(runs[0].hash, runs[1].hash);
  assert.equal(runs[0].turns, runs[1].turns);
  assert.match(runs[0].hash, /^[0-9a-f]{64}$/);
  assert.ok(runs[0].winner, 'someone wins within 80 turns');
  assert.ok(['renown', 'conquest', 'alliance'].includes(runs[0].victory));
  const other = capture();
  await main(['simulate', '--players', '10', '--turns', '5', '--seed', 'S2', '--json'], other.io);
  assert.notEqual(JSON.parse(other.out.join('\n')).hash, runs[0].hash);
});

test('suzerain simulate prints a line per turn, then the winner, the turns and the final hash', async () => {
  const c = capture();
  assert.equal(await main(['simulate', '--players', '10', '--turns', '3', '--seed', 'S3'], c.io), 0);
  assert.equal(c.out.filter((l) => /^turn \d+: /.test(l)).length, 3);
  assert.ok(c.out.some((l) => l.startsWith('turns played: 3')));
  assert.ok(c.out.some((l) => /^final state hash: [0-9a-f]{64}$/.test(l)));
});

test('command-line game: new, orders with errors kept per line, resolve, report fr/en, status, replay', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-'));
  const file = join(dir, 'game.json');
  let c = capture();
  assert.equal(await main(['new', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '3', '--lords', 'Hawkmoon,Hylith,Amaréthuse', '--seed', '7', '--out', file], c.io), 0);
  const g0 = JSON.parse(readFileSync(file, 'utf8'));
  const home = Object.values(g0.state.territories as Record<string, { id: string; owner: string | null }>).find((t) => t.owner === 'L1')!.id;
  const orders = join(dir, 'orders.txt');
  writeFileSync(orders, `IMP 9 ${home}\nIMP 12 ${home}\nARM ${home} 5000 hawkmoon\nGUE Amarethuse\nATT Hawkmon ${home} 400\nCHE 5\n`);
  c = capture();
  assert.equal(await main(['orders', file, '--lord', 'hawkmoon', '--file', orders], c.io), 1, 'exit 1 when lines were rejected');
  assert.ok(c.err.some((l) => l.startsWith('line 2:') && /0 to 10/.test(l)), c.err.join('\n'));
  assert.ok(c.err.some((l) => l.startsWith('line 5:') && /Hawkmoon/.test(l)), 'the unknown knight error names the nearest candidate');
  assert.deepEqual(c.out, ['Hawkmoon: whole sheet replaced, 4 orders stored, 2 lines rejected']);
  // The same sheet again, its errors in French (the sheet is replaced, not doubled).
  c = capture();
  assert.equal(await main(['orders', file, '--lord', 'hawkmoon', '--file', orders, '--lang', 'fr'], c.io), 1);
  assert.ok(c.err.some((l) => l === 'ligne 2 : IMP : le niveau doit être un entier de 0 à 10, et non « 12 »'), c.err.join('\n'));
  assert.ok(c.err.some((l) => l.startsWith('ligne 5 : ATT : chevalier inconnu « Hawkmon »')), c.err.join('\n'));
  assert.deepEqual(c.out, ['Hawkmoon : feuille entière remplacée, 4 ordres enregistrés, 2 lignes refusées (la feuille précédente est effacée ; --append ajoute des lignes)']);
  c = capture();
  await main(['status', file], c.io);
  assert.ok(c.out.some((l) => /given\s+L1\s+Hawkmoon$/.test(l)) && c.out.some((l) => /absent\s+L2\s+Hylith$/.test(l)), c.out.join('\n'));
  c = capture();
  assert.equal(await main(['resolve', file], c.io), 0);
  assert.ok(c.out.some((l) => l.startsWith('no orders from: ')));
  for (const lang of ['fr', 'en']) {
    c = capture();
    assert.equal(await main(['report', file, '--lord', 'Hawkmoon', '--turn', '1', '--lang', lang], c.io), 0);
    const text = c.out.join('\n');
    assert.match(text, lang === 'fr' ? /4 948/ : /4,948/);
  }
  c = capture();
  assert.equal(await main(['resolve', file, '--bots'], c.io), 0);
  c = capture();
  assert.equal(await main(['replay', file], c.io), 0);
  assert.match(c.out.join('\n'), /replay ok: 2 step/);
  c = capture();
  assert.equal(await main(['report', file, '--lord', 'Nobody'], c.io), 2);
  assert.match(c.err.join('\n'), /unknown lord/);
});
