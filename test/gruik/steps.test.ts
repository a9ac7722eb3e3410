/**
 * The season as data (rules §3.3 S0 … S10) and the waits of §11.6: every step in the rules' order
 * with both names; implemented steps have a runner and the others refuse to run
 * (StepNotImplemented); every decision a step opens is in the catalogue, every catalogue row is
 * opened by some step, and every deadline class has hours from the constants.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG } from '../../src/rulesets/gruik/constants.ts';
import { DECISION_KINDS, DECISIONS, deadlineHours, type DeadlineClass } from '../../src/rulesets/gruik/decisions.ts';
import { JUDGMENT_IDS, JUDGMENTS, type JudgmentRow } from '../../src/rulesets/gruik/judgments.ts';
import { STEPS, type StepId } from '../../src/rulesets/gruik/steps.ts';
import { RUNNERS, runStep, StepNotImplemented } from '../../src/rulesets/gruik/turn.ts';
import { createDetachment } from '../../src/rulesets/gruik/rules/detachments.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { fixture, withBases } from './fixture.ts';

test('§3.3: S0 … S10 in the rules’ order, each named in French and English', () => {
  const ids = STEPS.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length);
  const major = [...new Set(ids.map((id) => Number(id.slice(1).split('.')[0])))];
  assert.deepEqual(major, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const sorted = [...ids].sort((a, b) => { const [x1, y1] = a.slice(1).split('.').map(Number); const [x2, y2] = b.slice(1).split('.').map(Number); return x1! - x2! || (y1 ?? 0) - (y2 ?? 0); });
  assert.deepEqual(ids, sorted);
  for (const s of STEPS) assert.ok(s.name.fr && s.name.en && s.rule, s.id);
});

test('implemented steps have a runner; the others refuse to run', () => {
  for (const s of STEPS) assert.equal(!!RUNNERS[s.id], s.status === 'implemented', s.id);
  assert.throws(() => runStep(fixture(), 'S11' as StepId), /unknown step S11/, 'an unknown step is refused loudly');
  assert.ok(new StepNotImplemented('S9').message.includes('S9'), 'a step without a runner would be refused by name');
  assert.deepEqual(STEPS.filter((s) => s.status === 'not-implemented').map((s) => s.id), [], 'every step of the season runs');
  assert.throws(() => runStep(fixture(), 'S10'), /next season’s key/, 'S10 refuses to run without the next key (§11.1)');
  const next = runStep(fixture(), 'S10', { 'S10': { nextKey: 'k1' } });
  assert.equal(next.season, 1);
  assert.equal(next.dice.revealedKeys[0], 'test-season-key-0', 'the season’s key is revealed after its report');
  assert.equal(next.secret.seasonKeys[0], undefined, 'and no longer secret');
  assert.equal(next.secret.seasonKeys[1], 'k1');
  assert.match(next.dice.keyHashes[1]!, /^[0-9a-f]{64}$/, 'the next key’s hash is published');
  const t = runStep(withBases(fixture(), 21), 'S0.4');
  assert.equal(t.armies['elves:A1']!.seasonalSize, 21);
  assert.equal(t.step, 'S0.4');
});

test('§11.6: every decision a step opens is in the catalogue, every row is opened, every deadline has hours', () => {
  const opened = new Set(STEPS.flatMap((s) => s.decisions));
  for (const d of opened) assert.ok(DECISION_KINDS.includes(d), d);
  for (const d of DECISION_KINDS) assert.ok(opened.has(d), d);
  for (const [kind, row] of Object.entries(DECISIONS)) {
    assert.ok(row.byDefault, kind);
    if (row.deadline) assert.ok(deadlineHours(DEFAULT_CONFIG, row.deadline as DeadlineClass) > 0, kind);
  }
  assert.equal(deadlineHours(DEFAULT_CONFIG, 'TABLETOP_REPORT'), 240);
  assert.equal(deadlineHours(DEFAULT_CONFIG, 'GM_BLOCKING'), 72);
});

test('the pure rules a step names exist, with the functions it names', async () => {
  for (const s of STEPS) {
    if (!s.rules) continue;
    for (const part of s.rules.split(/[;,] (?=rules\/|view)/)) {
      const m = /^((?:rules\/)?[\w-]+\.ts)(?: (.+))?$/.exec(part.trim());
      assert.ok(m, `${s.id}: cannot read "${part}"`);
      const mod = await import(`../../src/rulesets/gruik/${m[1]}`);
      for (const fn of (m[2] ?? '').split(/,\s*/).filter((x) => /^[a-zA-Z]+$/.test(x))) assert.equal(typeof mod[fn], 'function', `${s.id}: ${m[1]} ${fn}`);
    }
  }
});

test('§11.4 the judgment items J1–J27: each with its default; every blocking item says what applies on the GM’s timeout', () => {
  assert.deepEqual(JUDGMENT_IDS, Array.from({ length: 27 }, (_, i) => `J${i + 1}`));
  for (const id of JUDGMENT_IDS) {
    const row: JudgmentRow = JUDGMENTS[id];
    assert.ok(row.byDefault && row.decides && row.text, id);
    if (row.gm === 'blocking') assert.ok(row.onTimeout, `${id} has no default on timeout (§11.6: nothing waits for ever)`);
  }
  assert.deepEqual(JUDGMENT_IDS.filter((j) => JUDGMENTS[j].gm === 'blocking'), ['J4', 'J9', 'J10', 'J18', 'J27']);
});

test('S4.1 runs the season’s moves with the season key’s dice and logs the rolls; no orders: everyone holds', () => {
  const s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['elves:A1']!.location = 'coudre';
  const orders = [{ force: 'elves:A1', path: ['tourbe'] }, { force: 'fens:A1', path: ['coudre'] }];
  const t = runStep(s, 'S4.1', { 'S4.1': { orders } });
  assert.equal(t.step, 'S4.1');
  assert.ok(t.rollLog.length >= 2 && t.rollLog.every((r) => r.phase === 'S4.1' && r.event.startsWith('crossing:1:')));
  assert.deepEqual(runStep(s, 'S4.1', { 'S4.1': { orders } }), t, 'the same key, the same season');
  const idle = runStep(s, 'S4.1');
  assert.deepEqual(idle.armies, s.armies);
});

test('TV-18 through the steps: S4.1 the dwarves end in tourbe; S4.2 the elves’ report shows it (T2), the fens’ too; S4.3 the elf detachment reacts into coudre, an illegal reaction gets the default', () => {
  let s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 24; a.seasonalSize = 24; }
  s.armies['fens:A1']!.location = 'ilot';
  s.armies['dwarves:A1']!.location = 'marche';
  const d = createDetachment(s, 'elves:A1', 4);
  assert.ok(d.ok);
  s = d.state;
  s.detachments[d.id!]!.location = 'rives';
  s = runStep(s, 'S4.1', { 'S4.1': { orders: [{ force: 'dwarves:A1', path: ['tourbe'] }] } });
  assert.deepEqual(s.landMoves, [{ force: 'dwarves:A1', state: 'dwarves', from: 'marche', to: 'tourbe' }]);
  s = runStep(s, 'S4.2');
  assert.deepEqual(s.movementReport.elves, [{ code: 'T2', force: 'dwarves:A1', kind: 'army', state: 'dwarves', from: 'marche', to: 'tourbe' }]);
  assert.deepEqual(s.movementReport.fens!.map((t) => t.code), ['T1']);
  assert.deepEqual(s.movementReport.dwarves, []);
  const t = runStep(s, 'S4.3', { 'S4.3': { reactions: { elves: [{ force: d.id!, path: ['coudre'] }, { force: 'elves:A1', path: ['rives'] }], dwarves: [{ force: d.id!, path: ['sylve'] }] } } });
  assert.equal(t.detachments[d.id!]!.location, 'coudre');
  assert.equal(t.armies['elves:A1']!.location, 'sylve', 'rives serves no purpose: no reaction');
  assert.deepEqual(t.landMoves.map((m) => m.force), ['dwarves:A1', d.id]);
  // the views: each state its own moves and its own report
  const v = viewOf(t, 'elves');
  assert.deepEqual([v.landMoves.map((m) => m.force), v.movementReport.length], [[d.id], 1]);
  assert.deepEqual(viewOf(t, null).landMoves, []);
});
