/**
 * The command line's messages (issue 13 §7): a missing file in one line without a stack, swapped
 * arguments with a usage line, French map names, `orders` replacing the whole sheet and
 * `orders --append` adding lines, orders counted (Adventurer Kings too), `status` with the kingdoms.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' }, out, err };
}
const dir = mkdtempSync(join(tmpdir(), 'suzerain-cli-'));
const path = (f: string) => join(dir, f);
const readGame = (f: string) => JSON.parse(readFileSync(path(f), 'utf8')) as GameRecord;

/** A bot's sheet for one player, as the text a player would write. */
function botSheet(f: string, player: string): string {
  const g = readGame(f);
  const entry = getRuleset(g.ruleset);
  const value = entry.bot!(g.state, player, 'orders', createRng('cli-test', player));
  const v = entry.ruleset.validate(g.state, player, 'orders', value);
  assert.deepEqual(v.issues, []);
  return entry.ruleset.answerText!(g.state, player, 'orders', v.value);
}

test('French map names are accepted; an unknown map lists the known ones', async () => {
  const c = capture();
  assert.equal(await main(['new', '--map', 'scandinavie', '--players', '3', '--seed', '1', '--out', path('g.json')], c.io), 0);
  assert.equal((readGame('g.json').state as { map: string }).map, 'scandinavia');
  assert.equal(await main(['new', '--map', 'Moyen-Orient', '--players', '3', '--seed', '1', '--out', path('me.json')], capture().io), 0);
  assert.equal((readGame('me.json').state as { map: string }).map, 'middle-east');
  const bad = capture();
  assert.equal(await main(['new', '--map', 'atlantide', '--players', '3', '--out', path('x.json')], bad.io), 2);
  assert.deepEqual(bad.err, ['suzerain: unknown map "atlantide" for gloire-et-pouvoir; known: scandinavia (Scandinavie), middle-east (Moyen-Orient), europe (Europe)']);
});

test('a missing file: one line naming it, no stack', async () => {
  for (const [args, line] of [
    [['status', path('nope.json')], `suzerain: game file ${path('nope.json')}: no such file`],
    [['orders', path('g.json'), '--lord', 'L1', '--file', path('nope.txt')], `suzerain: orders file ${path('nope.txt')}: no such file`],
    [['new', '--players', '3', '--config', path('nope-config.json'), '--out', path('y.json')], `suzerain: --config ${path('nope-config.json')}: no such file`],
  ] as const) {
    const c = capture();
    assert.equal(await main([...args], c.io), 2);
    assert.deepEqual(c.err, [line]);
  }
});

test('swapped arguments get a usage line, not a JSON parser error', async () => {
  writeFileSync(path('o.txt'), 'IMP 5 Gotland\n');
  const c = capture();
  assert.equal(await main(['orders', path('o.txt'), '--lord', 'L1', '--file', path('g.json')], c.io), 2);
  const text = c.err.join('\n');
  assert.doesNotMatch(text, /Unexpected token|is not valid JSON/);
  assert.match(text, /is not a Suzerain game file \(but .*g\.json is: the game file comes first, the orders after --file\)/);
  assert.match(text, /\nusage: suzerain orders game\.json --lord NAME --file orders\.txt \[--append\]/);
  // A game file given as the orders.
  const d = capture();
  assert.equal(await main(['orders', path('g.json'), '--lord', 'L1', '--file', path('me.json')], d.io), 2);
  assert.match(d.err.join('\n'), /me\.json is a game file, not an order sheet\nusage: /);
});

test('orders replaces the whole sheet and says so; --append adds lines; the orders are counted', async () => {
  const lines = botSheet('g.json', 'L1').split('\n').filter((l) => l.trim());
  assert.ok(lines.length >= 2, 'the bot gives at least two orders');
  const [first, ...rest] = lines;
  writeFileSync(path('one.txt'), `${first}\n`);
  writeFileSync(path('rest.txt'), `${rest.join('\n')}\n`);
  const a = capture();
  assert.equal(await main(['orders', path('g.json'), '--lord', 'L1', '--file', path('rest.txt')], a.io), 0);
  assert.deepEqual(a.out, [`Seigneur 1: whole sheet replaced, ${rest.length} ${rest.length === 1 ? 'order' : 'orders'} stored`]);
  // Again without --append: the previous sheet is gone, and the message says how to add instead.
  const b = capture();
  assert.equal(await main(['orders', path('g.json'), '--lord', 'L1', '--file', path('one.txt'), '--lang', 'fr'], b.io), 0);
  assert.deepEqual(b.out, ['Seigneur 1 : feuille entière remplacée, 1 ordre enregistré (la feuille précédente est effacée ; --append ajoute des lignes)']);
  // --append adds the rest to the stored sheet.
  const c = capture();
  assert.equal(await main(['orders', path('g.json'), '--lord', 'L1', '--file', path('rest.txt'), '--append'], c.io), 0);
  assert.deepEqual(c.out, [`Seigneur 1: ${rest.length} ${rest.length === 1 ? 'order' : 'orders'} added; the sheet now holds ${lines.length} orders`]);
  const pending = readGame('g.json').pending.find((p) => p.player === 'L1')!;
  assert.equal((pending.value as { lines: unknown[] }).lines.length, lines.length);
});

test('Adventurer Kings: orders counted (not "1 order(s)"), status lists the Kings with their kingdoms', async () => {
  const c = capture();
  assert.equal(await main(['new', '--ruleset', 'adventurer-kings', '--players', '3', '--seed', '1', '--out', path('ak.json')], c.io), 0);
  const sheet = botSheet('ak.json', 'K1');
  writeFileSync(path('ak.txt'), sheet);
  const g = readGame('ak.json');
  const entry = getRuleset('adventurer-kings');
  const expected = entry.countOrders!(entry.ruleset.validate(g.state, 'K1', 'orders', sheet).value);
  assert.ok(expected > 1, `the bot's sheet has several orders (${expected})`);
  const o = capture();
  assert.equal(await main(['orders', path('ak.json'), '--kingdom', 'K1', '--file', path('ak.txt')], o.io), 0);
  assert.equal(o.out.length, 1);
  assert.match(o.out[0]!, new RegExp(`: whole sheet replaced, ${expected} orders stored$`));
  assert.doesNotMatch(o.out[0]!, /\(s\)/);
  const s = capture();
  assert.equal(await main(['status', path('ak.json')], s.io), 0);
  const kingdoms = Object.values((g.state as { kingdoms: Record<string, { player: string; name: string }> }).kingdoms);
  for (const k of kingdoms) {
    const king = entry.ruleset.players(g.state).find((p) => p.id === k.player)!.name;
    assert.ok(s.out.some((l) => l.includes(`${k.player}  ${king} (${k.name})`)), `${king} of ${k.name} in:\n${s.out.join('\n')}`);
  }
  assert.ok(s.out.some((l) => /^ {2}given +K1 /.test(l)));
});
