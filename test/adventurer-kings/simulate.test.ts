/** Whole Adventurer Kings games through the command line: simulate, replay, and a hand-played game file. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' }, out, err };
}

test('suzerain simulate --ruleset adventurer-kings: 8 bots play to win — an Emperor within 30 turns; the same seed gives the same hash; replay reproduces it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-ak-'));
  const file = join(dir, 'ak.json');
  const c = capture();
  const code = await main(['simulate', '--ruleset', 'adventurer-kings', '--players', '8', '--turns', '30', '--seed', 'AK1', '--json', '--out', file], c.io);
  assert.equal(code, 0, c.err.join('\n'));
  const result = JSON.parse(c.out.join('\n'));
  assert.equal(result.ruleset, 'adventurer-kings');
  t.diagnostic(`winner ${result.winner} (${result.victory}), turns ${result.turns}, hash ${result.hash}`);
  // Seed AK1: the bots' alliance elects its largest King (S5.6.2) in turn 24.
  assert.ok(['emperor', 'election'].includes(result.victory), `an Emperor crowned (${result.victory})`);
  assert.ok(result.turns <= 30 && result.turns >= 15, `ended in turn ${result.turns}`);
  assert.equal(typeof result.winner, 'string');
  assert.ok(result.winners.length >= 1);
  assert.match(result.hash, /^[0-9a-f]{64}$/);
  assert.equal(result.rejectedBotOrders, 0);
  assert.ok(Array.isArray(result.winners));
  const r = capture();
  assert.equal(await main(['replay', file], r.io), 0, r.err.join('\n'));
  assert.match(r.out.join('\n'), new RegExp(`replay ok: ${result.turns} step\\(s\\).*final hash ${result.hash}`));
  const again = capture();
  assert.equal(await main(['simulate', '--ruleset', 'adventurer-kings', '--players', '8', '--turns', '3', '--seed', 'AK1', '--json'], again.io), 0);
  const other = capture();
  assert.equal(await main(['simulate', '--ruleset', 'adventurer-kings', '--players', '8', '--turns', '3', '--seed', 'AK1', '--json'], other.io), 0);
  assert.equal(JSON.parse(again.out.join('\n')).hash, JSON.parse(other.out.join('\n')).hash);
});

test('command-line Adventurer Kings game: new, orders by kingdom name with a bad line, resolve with bots, report fr/en, status, replay', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-ak-'));
  const file = join(dir, 'game.json');
  let c = capture();
  assert.equal(await main(['new', '--ruleset', 'adventurer-kings', '--players', '3', '--seed', '7', '--out', file], c.io), 0, c.err.join('\n'));
  const g0 = JSON.parse(readFileSync(file, 'utf8'));
  const kingdoms = Object.values(g0.state.kingdoms) as { id: number; name: string; king: number; player: string }[];
  const k = kingdoms[0]!;
  const king = g0.state.characters[k.king];
  const orders = join(dir, 'orders.txt');
  writeFileSync(orders, [`PERSO ${king.id} ${king.name}`, '1 PR Ta', '2 PR Ta', '3 XX 12', 'SPECIAL FL, ME'].join('\n'));
  c = capture();
  assert.equal(await main(['orders', file, '--kingdom', k.name, '--file', orders, '--lang', 'fr'], c.io), 1);
  assert.match(c.err.join('\n'), /^ligne 4 : ordre inconnu/m);
  c = capture();
  assert.equal(await main(['resolve', file, '--bots'], c.io), 0, c.err.join('\n'));
  assert.ok(c.out.some((l) => /^turn 1: /.test(l)), c.out.join('\n'));
  for (const lang of ['fr', 'en']) {
    c = capture();
    assert.equal(await main(['report', file, '--lord', king.name, '--lang', lang], c.io), 0, c.err.join('\n'));
    const out = c.out.join('\n');
    assert.ok(out.length > 100, 'a prose report');
    // Printed as plain text: no Markdown syntax (headings, table rules, bold markers) left.
    assert.ok(!/^#|^\|.*\|$|\*\*/m.test(out), out);
    assert.match(out, lang === 'fr' ? /^Provinces connues\n─+$/m : /^Known provinces\n─+$/m);
  }
  c = capture();
  assert.equal(await main(['report', file, '--lord', king.name, '--lang', 'en', '--markdown'], c.io), 0, c.err.join('\n'));
  assert.match(c.out.join('\n'), /^## Known provinces\n\n\| Province \|/m, '--markdown prints the document itself');
  c = capture();
  assert.equal(await main(['status', file], c.io), 0);
  assert.match(c.out.join('\n'), /Adventurer Kings/);
  c = capture();
  assert.equal(await main(['view', file, '--kingdom', k.name], c.io), 0);
  c = capture();
  assert.equal(await main(['replay', file], c.io), 0);
  assert.match(c.out.join('\n'), /replay ok: 1 step/);
});
