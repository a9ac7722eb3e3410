/**
 * Game of Gruik's dice checked on the command line (rules §11.1; src/cli/dice.ts): a game played by
 * the bots through its first season, whose key is then revealed: `dice check` finds the key equal
 * to its published hash and every roll of the season given by it (exit 0); a roll whose face was
 * changed in the file, or a revealed key changed, is named (exit 1). `dice roll` recomputes one roll
 * from the key as a player would from his report's line, which names the roll.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { GameRecord } from '../../src/engine/game.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import type { Localized } from '../../src/engine/ruleset.ts';

async function run(...argv: string[]) {
  const out: string[] = [], err: string[] = [];
  const rc = await main(argv, { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' });
  return { rc, out: out.join('\n'), err: err.join('\n') };
}
const dir = mkdtempSync(join(tmpdir(), 'suzerain-dice-'));
const file = join(dir, 'g.json');
const read = () => JSON.parse(readFileSync(file, 'utf8')) as GameRecord<GruikGame>;

test('dice check: a season revealed, its key and every roll verified; a changed roll or key is named; dice roll recomputes one roll', { timeout: 120_000 }, async () => {
  assert.equal((await run('new', '--ruleset', 'gruik', '--scenario', 'default', '--players', '4', '--seed', 'dice-cli', '--out', file)).rc, 0);
  const none = await run('dice', 'check', file);
  assert.equal(none.rc, 0);
  assert.match(none.out, /no season key revealed yet/);
  for (let i = 0; i < 300 && !Object.keys(read().state.gruik.dice.revealedKeys).length; i++) {
    const r = await run('resolve', file, '--bots');
    assert.equal(r.rc, 0, r.err);
  }
  const g = read();
  const key = g.state.gruik.dice.revealedKeys[0];
  assert.ok(key, 'season 0 revealed');
  const rolls = g.state.gruik.rollLog.filter((r) => r.season === 0);
  assert.ok(rolls.length > 5, `the season rolled dice (${rolls.length})`);

  const ok = await run('dice', 'check', file);
  assert.equal(ok.rc, 0, ok.out);
  assert.match(ok.out, new RegExp(`^season 0: key matches its published hash, ${rolls.length} roll\\(s\\) recomputed, 0 differing`, 'm'));
  assert.match((await run('dice', 'check', file, '--lang', 'fr')).out, /^saison 0 : clé conforme à l’empreinte publiée/m);

  // the report names each roll as `phase|event|index`, which dice roll takes with the key
  const first = rolls[0]!;
  const name = `${first.phase}|${first.event}|${first.index}`;
  const seat = g.state.seats.find((p) => first.audience.length === 0 || first.audience.includes(p))!;
  const reports = g.steps.flatMap((s) => (s.events as { t: string; reports?: Record<string, Localized> }[]).filter((e) => e.t === 'season-report').map((e) => e.reports![seat]!));
  assert.equal(reports.length, 1, 'one season report for him');
  for (const lang of ['fr', 'en'] as const) assert.ok(reports[0]![lang].includes(`\`${name}\``), `his ${lang} report names the roll ${name}`);
  const one = await run('dice', 'roll', '--key', key!, '--roll', name, '--sides', String(first.sides));
  assert.equal(one.rc, 0, one.err);
  assert.match(one.out, new RegExp(`^face ${first.keyed ?? first.face} \\(d${first.sides}, roll `));
  assert.match(one.out, new RegExp(`key hash: ${g.state.gruik.dice.keyHashes[0]}`), 'the hash published before the season');
  assert.match((await run('dice', 'roll', '--key', key!, '--roll', 'nonsense', '--sides', '6')).err, /--roll is PHASE\|EVENT\|INDEX/);
  assert.match((await run('dice', 'roll', '--key', key!, '--roll', name, '--sides', '6', '--ruleset', 'fief')).err, /fief: its dice are not checked this way/);

  // a face changed in the file: named, exit 1
  const tampered = structuredClone(g);
  const r0 = tampered.state.gruik.rollLog.find((r) => r.season === 0 && r.sides > 1 && r.keyed === undefined)!;
  r0.face = r0.face === 1 ? 2 : 1;
  writeFileSync(file, JSON.stringify(tampered));
  const bad = await run('dice', 'check', file);
  assert.equal(bad.rc, 1);
  assert.match(bad.out, new RegExp(`1 differing\\n  ${r0.phase.replace(/\./g, '\\.')}\\|.*: recorded ${r0.face}, the key gives `));
  // a revealed key changed: it no longer matches its hash
  const badKey = structuredClone(g);
  badKey.state.gruik.dice.revealedKeys[0] = `${key}x`;
  writeFileSync(file, JSON.stringify(badKey));
  const k = await run('dice', 'check', file);
  assert.equal(k.rc, 1);
  assert.match(k.out, /season 0: key does NOT match its published hash/);
});
