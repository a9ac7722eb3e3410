/**
 * Game of Gruik from the command line (issue 16 "Command line"), through `main` as
 * `bin/suzerain.mjs` calls it: `scenario check` (errors exit 1, warnings exit 2, the summary),
 * `new --scenario FILE|default` (a GM's own file, refused with its errors named in the language
 * asked, nothing written), order sheets through `orders` and `answer`, the GM's `gm queue` and
 * `gm approve` (rulings as @gm, the step resolved once nothing else waits, the game replaying),
 * `resolve` (silence takes the §11.6 defaults, `--bots` and `--caretaker` answer first) and `report`
 * (a state's season report of a step, Appendix B, in French or English, its own part alone), and
 * `simulate --json`: the same seed gives the same hash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { DEFAULT_SCENARIO, FIXTURE_SCENARIO, type ScenarioFile } from '../../src/rulesets/gruik/scenario.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), stdin: () => '' }, out, err };
}
async function run(...argv: string[]) { const c = capture(); const rc = await main(argv, c.io); return { rc, out: c.out.join('\n'), err: c.err.join('\n') }; }
const dir = mkdtempSync(join(tmpdir(), 'suzerain-gruik-'));
const path = (name: string) => join(dir, name);
const read = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as GameRecord<GruikGame>;
const write = (name: string, f: unknown) => { writeFileSync(path(name), typeof f === 'string' ? f : JSON.stringify(f)); return path(name); };
const edited = (base: ScenarioFile, edit: (f: ScenarioFile) => void): ScenarioFile => { const f = structuredClone(base); edit(f); return f; };

const ISLE = write('isle.json', edited(FIXTURE_SCENARIO, (f) => { f.id = 'mon-ile'; f.title = 'Mon île'; }));
const RING = write('ring.json', DEFAULT_SCENARIO);
const BROKEN = write('broken.json', edited(FIXTURE_SCENARIO, (f) => { f.id = 'casse'; f.provinces.find((p) => p.id === 'sylve')!.taxValue = 0; }));

test('scenario check: a sound file prints its summary (exit 0), a file with warnings adds them (exit 2), a broken one its errors (exit 1)', async () => {
  const ring = await run('scenario', 'check', RING, '--variant', '4');
  assert.equal(ring.rc, 0, ring.err);
  assert.match(ring.out, /^Scenario gruik-anneau — .*, variant 4/);
  assert.match(ring.out, /tax total \d+; yearly income 3 \+ \d+ = \d+/);
  const isle = await run('scenario', 'check', ISLE, '--lang', 'fr');
  assert.equal(isle.rc, 2, 'warnings: exit 2');
  assert.match(isle.out, /^Scénario mon-ile — Mon île/);
  assert.match(isle.out, /Avertissements \(\d+\)\nW-\d\d /);
  assert.match(isle.err, /\d+ avertissement\(s\)/);
  const broken = await run('scenario', 'check', BROKEN);
  assert.equal(broken.rc, 1);
  assert.equal(broken.out, 'M-01 sylve: the tax value must be an integer of at least 1 (it is 0)');
  assert.match((await run('scenario', 'check', BROKEN, '--lang', 'fr')).out, /^M-01 sylve : la valeur en impôts/);
  const unknown = await run('scenario', 'check', RING, '--variant', 'nine');
  assert.equal(unknown.rc, 1);
  assert.match(unknown.out, /^FORMAT variant nine: no such variant/);
  assert.equal((await run('scenario', 'check', RING, '--variant', '-')).rc, 0, 'the default map as written');
  const notJson = await run('scenario', 'check', write('text.txt', 'hello'));
  assert.equal(notJson.rc, 2);
  assert.match(notJson.err, /scenario file .*text\.txt: not JSON/);
  assert.match((await run('scenario', 'check', RING, '--ruleset', 'fief')).err, /fief takes no scenario file/);
});

test('new --scenario FILE: a GM’s own scenario, its drawing in the state; refused with its errors named (nothing written); --scenario default', async () => {
  const g = path('isle-game.json');
  const made = await run('new', '--ruleset', 'gruik', '--scenario', ISLE, '--players', '2', '--seed', 'isle', '--out', g);
  assert.equal(made.rc, 0, made.err);
  assert.match(made.out, /elves {2}Royaume de Sylvebrune\n {2}dwarves {2}Thanat d’Enclumegarde/);
  const game = read(g);
  assert.equal((game.options as { scenario: ScenarioFile }).scenario.id, 'mon-ile', 'the file is kept in the options (the replay sets it up again)');
  assert.ok(game.state.gruik.display?.regions.sylve, 'the drawing is kept');
  assert.match((await run('replay', g)).out, /^replay ok/);

  const no = path('refused.json');
  const bad = await run('new', '--ruleset', 'gruik', '--scenario', BROKEN, '--players', '2', '--seed', 'x', '--out', no, '--lang', 'fr');
  assert.equal(bad.rc, 2);
  assert.equal(bad.err, 'suzerain: le scénario est refusé (1 erreur(s)) : M-01 sylve : la valeur en impôts doit être un entier d’au moins 1 (elle vaut 0)');
  assert.ok(!existsSync(no), 'no game file written');
  const seats = await run('new', '--ruleset', 'gruik', '--scenario', ISLE, '--players', '3', '--seed', 'x', '--out', no);
  assert.equal(seats.err, 'suzerain: this scenario is for 2 players (3 asked)');
  assert.equal((await run('new', '--ruleset', 'gruik', '--scenario', ISLE, '--map', 'fixture', '--out', no)).rc, 2, '--scenario and --map exclude each other');
  assert.match((await run('new', '--ruleset', 'fief', '--scenario', ISLE, '--out', no)).err, /fief takes no scenario file/);

  const d = path('default.json');
  assert.equal((await run('new', '--ruleset', 'gruik', '--scenario', 'default', '--players', '4', '--seed', 'd', '--out', d)).rc, 0);
  const dg = read(d);
  assert.equal((dg.options as { map: string }).map, 'anneau');
  assert.deepEqual(dg.state.seats, DEFAULT_SCENARIO.variants!.find((v) => v.players === 4)!.playerStates);
});

test('orders and answer take a Gruik order sheet as the player wrote it; the step resolves once both have answered', async () => {
  const g = path('orders.json');
  assert.equal((await run('new', '--ruleset', 'gruik', '--map', 'fixture', '--players', '2', '--seed', 'setup-1', '--out', g)).rc, 0);
  assert.equal(read(g).state.flow.phase, 'orders');
  const elves = { moves: [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }], orders: { friendship: { declare: ['fens'] } } };
  const o = await run('orders', g, '--lord', 'elves', '--file', write('elves.txt', JSON.stringify(elves, null, 2)));
  assert.equal(o.rc, 0, o.err);
  assert.equal(o.out, 'Royaume de Sylvebrune: whole sheet replaced, 2 orders stored', 'each order counted (countSheetOrders)');
  const stored = read(g).pending.find((s) => s.player === 'elves')?.value as typeof elves;
  assert.deepEqual(stored.moves, elves.moves, 'the sheet is stored as validated');
  assert.deepEqual(stored.orders.friendship.declare, ['fens']);
  const refused = await run('orders', g, '--lord', 'dwarves', '--file', write('bad.txt', JSON.stringify({ moves: [{ force: 'elves:A1', path: ['tourbe'] }] })));
  assert.equal(refused.rc, 1, 'a force of another state is refused');
  const a = await run('answer', g, '--player', 'dwarves', '--file', write('dwarves.txt', JSON.stringify({ moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] })));
  assert.equal(a.rc, 0, a.err);
  assert.match(a.out, /^answer stored; step 1 resolved/);
  assert.match((await run('replay', g)).out, /^replay ok: 1 step/);
});

// The text sheet is parsed by the ruleset's validate (parseSheet): the command line passes the text unchanged.
test('orders takes a text order sheet: each refused line named, --append adds lines, answer takes one too', async () => {
  const g = path('text.json');
  assert.equal((await run('new', '--ruleset', 'gruik', '--map', 'fixture', '--players', '2', '--seed', 'setup-1', '--out', g)).rc, 0);
  const o = await run('orders', g, '--lord', 'elves', '--file', write('elves-text.txt', 'move A1 coudre tourbe\nfriend nowhere\n'));
  assert.equal(o.rc, 1, 'a line refused');
  assert.equal(o.err, 'line 2: unknown state "nowhere"');
  assert.equal(o.out, 'Royaume de Sylvebrune: whole sheet replaced, 1 order stored, 1 line rejected');
  const more = await run('orders', g, '--lord', 'elves', '--append', '--file', write('elves-more.txt', 'friend fens\n'));
  assert.equal(more.rc, 0, more.err);
  assert.equal(more.out, 'Royaume de Sylvebrune: 1 order added; the sheet now holds 2 orders');
  const stored = read(g).pending.find((s) => s.player === 'elves')?.value as { moves: unknown[]; orders: { friendship: { declare: string[] } } };
  assert.deepEqual([stored.moves, stored.orders.friendship.declare], [[{ force: 'elves:A1', path: ['coudre', 'tourbe'] }], ['fens']]);
  const a = await run('answer', g, '--player', 'dwarves', '--answer', 'deplacer A1 marche tourbe', '--lang', 'fr');
  assert.equal(a.rc, 0, a.err);
  assert.match(a.out, /^réponse enregistrée ; l’étape 1 est résolue/);
});

test('gm queue lists the open items with their defaults and ages; gm approve rules as @gm, refuses what is not a choice, and resolves the step', async () => {
  const g = path('gm.json');
  // A seed whose first season draws an invasion (J18, blocking) and a catastrophe (J17, timed), as test/gruik/flow.test.ts.
  assert.equal((await run('new', '--ruleset', 'gruik', '--map', 'fixture', '--players', '2', '--seed', 'gm85', '--out', g)).rc, 0);
  const q = await run('gm', 'queue', g);
  assert.equal(q.rc, 0);
  assert.match(q.out, /^- gm:(\S+J18\S*) \[J18, blocking, deadline 72 h\] open since step 0 \(0 step\(s\) ago\)$/m);
  assert.match(q.out, /^- gm:\S+J17\S* \[J17, timed, deadline 24 h\]/m);
  assert.match(q.out, /^ {4}default: invade$/m);
  assert.match(q.out, /^ {4}choices: invade \(.*\), cancel \(No invasion\)$/m);
  assert.match(q.out, /^ {4}concerns: (Royaume de Sylvebrune|Thanat d’Enclumegarde)$/m);
  assert.match((await run('gm', 'queue', g, '--lang', 'fr')).out, /^ {4}par défaut : invade$/m);

  const before = readFileSync(g, 'utf8');
  const bad = await run('gm', 'approve', g, 'J18', '--value', 'maybe');
  assert.equal(bad.rc, 1);
  assert.match(bad.err, /not one of the options/);
  assert.equal(readFileSync(g, 'utf8'), before, 'nothing stored');
  assert.match((await run('gm', 'approve', g, 'J99')).err, /no open GM item "J99"/);

  const cancel = await run('gm', 'approve', g, 'J18', '--value', 'cancel');
  assert.equal(cancel.rc, 0, cancel.err);
  assert.equal(cancel.out, 'ruling stored; still waiting for the GM');
  assert.deepEqual(read(g).pending.map((s) => [s.player, s.value]), [[GM_SEAT, { value: 'cancel', by: 'gm' }]]);
  assert.match((await run('gm', 'queue', g)).out, /J18.* — ruled$/m);
  const j17 = /gm:(\S+J17\S*)/.exec(q.out)![1]!;
  const dflt = await run('gm', 'approve', g, j17);
  assert.equal(dflt.rc, 0, dflt.err);
  assert.match(dflt.out, /^ruling stored; step 1 resolved/);
  const game = read(g);
  const ruled = game.steps[0]!.submissions.map((s) => s.value as { value: string; by: string }).sort((x, y) => JSON.stringify(x) < JSON.stringify(y) ? -1 : 1);
  assert.deepEqual(ruled.map((r) => r.by), ['gm', 'gm'], 'the default approved is the GM’s own ruling');
  assert.equal(ruled[0]!.value, 'cancel');
  // J17's default is what the program applied: the catastrophe and its flavour text (flavour.ts), as the queue showed it
  assert.match(ruled[1]!.value, /^invasion — “[^”]+”$/);
  assert.ok(q.out.includes(`default: ${ruled[1]!.value}`), 'the default the queue showed');
  assert.ok(!Object.values(game.state.gruik.realms).some((r) => r.invasionDue !== undefined), 'the invasion was cancelled');
  assert.match((await run('gm', 'queue', g)).out, /no open item for the GM/);
  assert.match((await run('replay', g)).out, /^replay ok/);
  const none = await run('gm', 'override', g);
  assert.equal(none.rc, 1, 'no step awaits the GM now');
  assert.match(none.out, /no roll to override/);
});

test('gm override: lists the rolls of the step awaiting the GM, sets one, re-runs the step; gm orders: a neutral\'s sheet', async () => {
  const g = path('override.json');
  // This seed's first season raises J17 at S0.3 (test/gruik/gm-override.test.ts).
  assert.equal((await run('new', '--ruleset', 'gruik', '--map', 'fixture', '--players', '2', '--seed', 'gm-play', '--out', g)).rc, 0);
  const list = await run('gm', 'override', g);
  assert.equal(list.rc, 0, list.err);
  assert.match(list.out, /^- S0\.3\|base:elves\|1 {3}S0\.3 — seasonal base \(2d8\) — base:elves #1: d8 = \d$/m);
  const before = readFileSync(g, 'utf8');
  const bad = await run('gm', 'override', g, 'S0.3|base:elves|1', '--value', '9', '--lang', 'fr');
  assert.equal(bad.rc, 1);
  assert.match(bad.err, /valeur du dé : un nombre entier de 1 à 8/);
  assert.equal(readFileSync(g, 'utf8'), before, 'nothing stored');
  const ok = await run('gm', 'override', g, 'S0.3|base:elves|1', '--value', '1');
  assert.equal(ok.rc, 0, ok.err);
  assert.match(ok.out, /^roll overridden \(GM ruling\); the step is re-run/);
  assert.match(ok.out, /^- gm:s0\/J17\/q0r1 \[J17\]/m);
  const game = read(g);
  assert.equal(game.state.gruik.rollLog.find((r) => r.event === 'base:elves' && r.index === 1)?.face, 1, 'the roll shows 1');
  assert.match((await run('replay', g)).out, /^replay ok/);
  // The GM approves, the orders are awaited: the neutral's sheet.
  assert.equal((await run('gm', 'approve', g, 'J17')).rc, 0);
  const sheet = write('fens.txt', 'move A1 marche\n');
  const o = await run('gm', 'orders', g, 'fens', '--file', sheet);
  assert.equal(o.rc, 0, o.err);
  assert.match(o.out, /^orders of .* stored/);
  assert.ok(read(g).state.flow.gmOrders?.fens, 'kept for the orders deadline');
  const p = await run('gm', 'orders', g, 'elves', '--file', sheet);
  assert.equal(p.rc, 1);
  assert.match(p.err, /no such GM-run state/);
  assert.match((await run('gm', 'orders', g, 'fens')).err, /--file F is required/);
});

test('resolve: the open pause resolves by the defaults (silence holds), naming who gave nothing; --bots and --caretaker answer first; the game replays', async () => {
  const g = path('resolve.json');
  assert.equal((await run('new', '--ruleset', 'gruik', '--map', 'fixture', '--players', '2', '--seed', 'setup-1', '--out', g)).rc, 0);
  const first = await run('resolve', g);
  assert.equal(first.rc, 0, first.err);
  const lines = first.out.split('\n');
  assert.equal(lines[0], 'no orders from: Royaume de Sylvebrune, Thanat d’Enclumegarde (defaults used)', 'both held (§11.6)');
  assert.equal(lines[1], 'season 2 orders', 'the whole first season ran: the next one’s orders are asked');
  const game = read(g);
  assert.equal(lines[2], `state hash ${game.steps[0]!.hash}`, 'the step’s hash');
  assert.deepEqual([game.steps.length, game.state.gruik.season, game.state.flow.phase], [1, 1, 'orders']);
  assert.equal(game.state.gruik.armies['elves:A1']!.location, 'sylve', 'the elves held at home');
  const bots = await run('resolve', g, '--bots');
  assert.equal(bots.rc, 0, bots.err);
  assert.doesNotMatch(bots.out, /no orders from/, 'the bots answered every question');
  assert.ok(read(g).steps[1]!.submissions.some((x) => x.player === 'elves' && typeof x.value === 'object'), 'a bot’s sheet is stored with the step');
  const cared = await run('resolve', g, '--caretaker');
  assert.equal(cared.rc, 0, cared.err);
  assert.match(cared.out, /^no orders from: .+ \(played by the caretaker\)$/m, 'the caretaker holds for the absent');
  assert.match((await run('resolve', g, '--bots', '--caretaker')).err, /--bots and --caretaker exclude each other/);
  assert.match((await run('replay', g)).out, /^replay ok: 3 step\(s\), every state hash reproduced/);
});

test('report: a state’s season report of a step (App. B) in French and English, its own forces alone; the key revealed; an unknown turn or state refused', async () => {
  const g = path('report.json');
  assert.equal((await run('new', '--ruleset', 'gruik', '--map', 'fixture', '--players', '2', '--seed', 'setup-1', '--out', g)).rc, 0);
  assert.equal((await run('orders', g, '--lord', 'elves', '--file', write('report-elves.txt', 'move A1 coudre\ndeclare "Paix aux marais."\n'))).rc, 0);
  assert.equal((await run('resolve', g)).rc, 0);
  const game = read(g);
  const key = game.state.gruik.dice.revealedKeys[0]!;
  const en = await run('report', g, '--lord', 'elves', '--lang', 'en');
  assert.equal(en.rc, 0, en.err);
  assert.match(en.out, /^Spring 67 — Royaume de Sylvebrune\n═+/, 'the season report, as plain text');
  for (const part of ['Political map', 'Prestige ranking and titles', 'Your forces', 'Treasury and prestige']) assert.ok(en.out.includes(`\n${part}\n`), `its part ${part}`);
  assert.match(en.out, /Declaration by Royaume de Sylvebrune: “Paix aux marais\.”/, 'the declaration published (S3.7)');
  assert.match(en.out, /- Army elves:A1: \d+ AP, modifier -?\d+, Coudraie/, 'its army, where it marched');
  assert.ok(!en.out.includes('Army dwarves:A1'), 'not the other state’s forces');
  assert.ok(en.out.includes(key), 'the season’s key revealed (§11.1)');
  const fr = await run('report', g, '--kingdom', 'dwarves', '--lang', 'fr', '--markdown');
  assert.equal(fr.rc, 0, fr.err);
  assert.match(fr.out, /^# Printemps 67 — Thanat d’Enclumegarde$/m, 'in French, as Markdown');
  assert.match(fr.out, /Déclaration de Royaume de Sylvebrune : « Paix aux marais\. »/);
  assert.ok(!/Your forces|Army elves:A1/.test(fr.out), 'no English part, nothing of the elves’ forces');
  assert.equal((await run('report', g, '--lord', 'elves', '--turn', '1', '--lang', 'en')).out, en.out, '--turn 1: the same step');
  assert.equal((await run('report', g, '--lord', 'elves', '--turn', '4')).err, 'suzerain: no resolved turn 4 (1..1)');
  assert.equal((await run('report', g, '--lord', 'nobody')).err, 'suzerain: unknown lord "nobody"');
  assert.match((await run('report', g, '--lord', 'elves', '--lang', 'de')).err, /--lang is fr or en/);
});

test('simulate --ruleset gruik --json: the same seed gives the same hash, another seed another', async () => {
  const sim = async (seed: string) => {
    const r = await run('simulate', '--ruleset', 'gruik', '--players', '4', '--turns', '4', '--seed', seed, '--json');
    assert.equal(r.rc, 0, r.err);
    return JSON.parse(r.out) as { ruleset: string; turns: number; hash: string };
  };
  const a = await sim('det-1');
  const b = await sim('det-1');
  assert.equal(a.ruleset, 'gruik');
  assert.equal(a.turns, 4);
  assert.equal(a.hash, b.hash, 'deterministic');
  assert.notEqual((await sim('det-2')).hash, a.hash, 'the seed matters');
});
