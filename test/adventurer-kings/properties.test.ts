/** Properties of the Adventurer Kings sheet, bot, caretaker and invariants over random inputs and real games. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatSheet, parseSheet } from '../../src/rulesets/adventurer-kings/orders/sheet.ts';
import { SAMPLE_SHEET, sampleState } from './sheet-fixture.ts';

const WORDS = ['PERSO 3', 'PERSO 25 Rainulf', 'CHAR 52', 'PERSO 40', '1 MO 207', '2 SE 82 / ME, FL', '3 PR Ta', '4 EX', '5 SP', '2 CA BL 208',
  'TRAITES 5', 'BREAKS ALL', 'VOTE', 'SPECIAL FL, ME', 'SPECIAL ZZ', '1 ZZ 3', '(', ')', '"', '/', '#', 'PLAN ME', '3.1 MO 207', '7 MO 1', ''];

test('parseSheet never throws; issues point at real lines; what it keeps formats and reads back the same', () => {
  const s = sampleState();
  fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 20 })), { maxLength: 25 }), (lines) => {
    const text = lines.join('\n');
    const r = parseSheet(s, 1, text);
    const n = text.split(/\r?\n/).length;
    for (const i of r.issues) assert.ok(i.line !== undefined && i.line >= 1 && i.line <= n && i.text?.fr && i.text.en, JSON.stringify(i));
    const again = parseSheet(s, 1, formatSheet(r.sheet, 'en', s));
    assert.deepEqual(again.sheet, r.sheet);
  }), { numRuns: 200 });
});

test('removing any one line of the sample sheet never loses the orders of the other lines', () => {
  const s = sampleState();
  const lines = SAMPLE_SHEET.split('\n');
  const full = parseSheet(s, 1, SAMPLE_SHEET).sheet;
  const count = (sheet: typeof full) => Object.values(sheet.characters).reduce((a, c) => a + c.phases.filter(Boolean).length, 0);
  for (let i = 0; i < lines.length; i++) {
    if (!/^[1-5] /.test(lines[i]!)) continue;
    const r = parseSheet(s, 1, [...lines.slice(0, i), 'GARBAGE LINE', ...lines.slice(i + 1)].join('\n'));
    // One order less (or its dependants, when the removed line was the CA RE that makes Alain orderable).
    const lost = count(full) - count(r.sheet);
    assert.ok(lost === 1 || (lines[i] === '2 CA RE 33' && lost === 4), `line ${i + 1} "${lines[i]}": lost ${lost}`);
    assert.ok(r.issues.some((x) => x.line === i + 1));
  }
});

test('in real games the bot\'s and the steward\'s sheets validate with no issue, and the invariants hold every turn', async () => {
  const { createGame, advance, submit } = await import('../../src/engine/game.ts');
  const { createRng } = await import('../../src/engine/rng.ts');
  const { RULESETS, loadAllRulesets } = await import('../../src/rulesets/index.ts');
  await loadAllRulesets();
  const entry = RULESETS['adventurer-kings']!;
  for (const seed of ['p1', 'p2']) {
    let g = createGame(entry.ruleset, entry.options({ players: 4 }), seed);
    const initial = g.state;
    let previous: unknown = null;
    entry.invariants!(g.state, { initial, previous: null, step: 0 });
    for (let turn = 1; turn <= 6 && !entry.ruleset.outcome(g.state); turn++) {
      for (const [i, p] of entry.ruleset.players(g.state).entries()) {
        const rng = createRng(seed, `bot/${turn}/${p.id}`);
        const answer = i % 2 === 0 ? entry.bot!(g.state, p.id, 'orders', rng) : entry.caretaker!(g.state, p.id, 'orders', rng);
        const v = entry.ruleset.validate(g.state, p.id, 'orders', answer);
        assert.deepEqual(v.issues, [], `turn ${turn}, ${p.name}: ${typeof answer === 'string' ? answer : JSON.stringify(answer)}`);
        g = submit(entry.ruleset, g, p.id, 'orders', answer).game;
      }
      previous = g.state;
      g = advance(entry.ruleset, g, { useDefaults: true });
      entry.invariants!(g.state, { initial, previous, step: g.steps.length });
    }
  }
});
