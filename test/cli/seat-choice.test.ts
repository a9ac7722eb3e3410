/**
 * The King's creation on the command line (§15.14): `suzerain new --choice` gives each lord's
 * choices at join (the ruleset's seat form, checked by the ruleset: a refusal names the lord and
 * the field), `suzerain seat-form` lists the fields and their limits; the same seed and choices
 * make the same game, and `replay` reproduces it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { GameRecord } from '../../src/engine/game.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' }, out, err };
}
const dir = mkdtempSync(join(tmpdir(), 'suzerain-seat-'));
const path = (f: string) => join(dir, f);
const readGame = (f: string) => JSON.parse(readFileSync(path(f), 'utf8')) as GameRecord;
const NEW = ['new', '--ruleset', 'adventurer-kings', '--players', '3', '--seed', 'kings'];

test('--choice per lord, in order or by number; the rest is drawn; same seed and choices, same game', async () => {
  const args = [...NEW, '--choice', 'race=Elfe,alignment=Druid,Ta=2,Dr=2', '--choice', '3:race=Dwarf;alignment=Undead;fallbackAlignment=Evil;Me=2'];
  assert.equal(await main([...args, '--out', path('a.json')], capture().io), 0);
  assert.equal(await main([...args, '--out', path('b.json')], capture().io), 0);
  const a = readGame('a.json');
  const s = a.state as AKState;
  assert.deepEqual([s.characters[1]!.race, s.characters[1]!.alignment, s.characters[1]!.talent.Ta, s.characters[1]!.talent.Dr], ['Elf', 'Druid', 2, 2]);
  assert.deepEqual([s.characters[3]!.race, s.characters[3]!.alignment, s.characters[3]!.talent.Me], ['Dwarf', 'Undead', 2]);
  assert.deepEqual((a.options as { choices: unknown[] }).choices[1], null);
  assert.equal(a.initialHash, readGame('b.json').initialHash);
  assert.equal(await main(['resolve', path('a.json'), '--bots'], capture().io), 0);
  const r = capture();
  assert.equal(await main(['replay', path('a.json')], r.io), 0);
  assert.match(r.out.join('\n'), /replay ok/);
});

test('a refused choice names the lord and the field, and writes nothing', async () => {
  for (const [choice, message] of [
    ['2:Ta=3', /--choice for lord 2: Ta: Tactics: 0 to 2 levels \(not "3"\)/],
    ['Ta=2,Ma=2,Dr=1', /--choice for lord 1: talents: 5 talent levels asked: 4 at most/],
    ['alignment=Divine', /fallbackAlignment: a Divine King names a fallback alignment/],
    ['colour=red', /"colour=red" is not field=value; fields: race, alignment/],
  ] as const) {
    const c = capture();
    assert.equal(await main([...NEW, '--choice', choice, '--out', path('bad.json')], c.io), 2);
    assert.match(c.err.join('\n'), message);
  }
  const g = capture();
  assert.equal(await main(['new', '--ruleset', 'gloire-et-pouvoir', '--players', '3', '--choice', 'race=Elf', '--out', path('gp.json')], g.io), 2);
  assert.match(g.err.join('\n'), /no choices at join/);
});

test('seat-form lists the fields and the limits in the language asked', async () => {
  const c = capture();
  assert.equal(await main(['seat-form', '--ruleset', 'adventurer-kings', '--lang', 'fr'], c.io), 0);
  const text = c.out.join('\n');
  assert.match(text, /race\s+Race du Roi: Human \(Humain\), Elf \(Elfe\)/);
  assert.match(text, /4 niveaux en tout, au plus 2 dans une caractéristique/);
  assert.match(text, /Ta\s+Tactique \(Ta\): 0\.\.2/);
});
