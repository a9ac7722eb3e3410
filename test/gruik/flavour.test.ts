/**
 * J17's flavour texts, rules §8.8 [T §14; P §8.8]: every catastrophe of S0.3 gets a text drawn with
 * a die of the season's key from its kind's list (money, civil war, invasion), told publicly as
 * narrative (App. B 9) without the amount, which stays in the victim's ledger (fog of war); the
 * same key gives the same text, the GM's override of that die gives another; every text exists in
 * French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FLAVOUR, FLAVOUR_EFFECT, flavourText } from '../../src/rulesets/gruik/flavour.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { seasonStartStep } from '../../src/rulesets/gruik/rules/invasion.ts';
import { reportLines, seasonReport } from '../../src/rulesets/gruik/report.ts';
import { renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import type { SeasonEvent } from '../../src/rulesets/gruik/season-types.ts';
import { fixture } from './fixture.ts';

type Catastrophe = Extract<SeasonEvent, { t: 'catastrophe' }>;
const catastrophes = (s: { seasonEvents?: SeasonEvent[] }) => (s.seasonEvents ?? []).filter((e): e is Catastrophe => e.t === 'catastrophe');

test('J17 lists: every kind has several texts, each in French and English, distinct, without placeholders', () => {
  for (const [kind, list] of Object.entries(FLAVOUR)) {
    assert.ok(list.length >= 4, `${kind}: a list to draw from`);
    assert.equal(new Set(list.map((x) => x.fr)).size, list.length, `${kind}: French texts distinct`);
    assert.equal(new Set(list.map((x) => x.en)).size, list.length, `${kind}: English texts distinct`);
    for (const x of list) {
      assert.ok(x.fr.length > 10 && x.en.length > 10 && x.fr !== x.en, `${kind}: ${x.en}`);
      assert.ok(!/[{}]/.test(x.fr + x.en));
    }
    assert.ok(FLAVOUR_EFFECT[kind as keyof typeof FLAVOUR].fr.length > 0);
  }
  assert.deepEqual(flavourText('money', 99), FLAVOUR.money[0], 'an index out of the list reads as the first text');
});

test('J17 at S0.3: a money catastrophe (2d6 = 7) gets the text its die draws, public, without the amount; the loss stays in the victim’s ledger', () => {
  // elves: 1+1 catastrophe, 3+4 = 7 → −5 g, reroll 4+5; dwarves 4+5; fens 4+5; then the flavour die: 3 → the third money text
  const s = fixture();
  s.realms.elves!.treasury = 20;
  const before = s.realms.elves!.treasury;
  const dice = scriptedDice([1, 1, 3, 4, 4, 5, 4, 5, 4, 5, 3]);
  const t = seasonStartStep(s, dice).state;
  t.rollLog.push(...dice.log); // as the S0.3 runner does
  assert.equal(t.realms.elves!.treasury, before - 5);
  const [e, ...rest] = catastrophes(t);
  assert.equal(rest.length, 0);
  assert.deepEqual(e, { t: 'catastrophe', audience: [], state: 'elves', kind: 'money', flavour: 2 });
  const item = t.gmQueue!.find((g) => g.item === 'J17')!;
  assert.equal(item.applied.en, `−5 gruikors — “${FLAVOUR.money[2]!.en}”`, 'the GM reads the text drawn (J17)');
  assert.equal(item.applied.fr, `−5 gruikors — « ${FLAVOUR.money[2]!.fr} »`);
  const roll = dice.log.find((r) => r.event === 'flavour:elves:0')!;
  assert.equal(roll.sides, FLAVOUR.money.length, 'one die as large as the list');
  assert.equal(roll.face, 3);
  assert.equal(renderSeasonEvent(t, e!, 'fr'), `Catastrophe — Royaume de Sylvebrune : ${FLAVOUR.money[2]!.fr} (le trésor en pâtit).`);
  assert.equal(renderSeasonEvent(t, e!, 'en'), `Catastrophe — Royaume de Sylvebrune: ${FLAVOUR.money[2]!.en} (the treasury suffers).`);
  // shown to everyone concerned: the victim, the others, the public report — in both languages
  for (const viewer of [null, 'elves', 'dwarves', 'fens'] as const) for (const lang of ['fr', 'en'] as const) {
    assert.ok(seasonReport(t, viewer, lang).includes(FLAVOUR.money[2]![lang]), `${viewer} ${lang}`);
  }
  // fog of war: the amount only in the victim's own ledger
  const ledger = (v: string) => reportLines(t, v).filter((l) => l.section === 'ledger' && /catastrophe/.test(l.text.en));
  assert.equal(ledger('elves').length, 1);
  assert.match(ledger('elves')[0]!.text.en, /-5/);
  assert.deepEqual(ledger('dwarves'), []);
  assert.ok(!reportLines(t, 'dwarves').some((l) => l.section === 'season' && /5 gruikors/.test(l.text.en)));
});

test('J17 at S0.3: civil war and invasion draw from their own lists, before the civil war is told', () => {
  // elves: 1+1, 1+2 = 3 civil war, reroll 4+5; dwarves: 1+1, 1+1 = 2 invasion, reroll 4+5; fens 4+5; flavour dice 4 and 1
  const t = seasonStartStep(fixture(), scriptedDice([1, 1, 1, 2, 4, 5, 1, 1, 1, 1, 4, 5, 4, 5, 4, 1])).state;
  const [a, b] = catastrophes(t);
  assert.deepEqual([a!.state, a!.kind, a!.flavour], ['elves', 'civilWar', 3]);
  assert.deepEqual([b!.state, b!.kind, b!.flavour], ['dwarves', 'invasion', 0]);
  assert.ok(renderSeasonEvent(t, a!, 'en').includes(FLAVOUR.civilWar[3]!.en));
  assert.ok(renderSeasonEvent(t, b!, 'fr').includes(FLAVOUR.invasion[0]!.fr));
  const kinds = (t.seasonEvents ?? []).map((e) => e.t);
  assert.ok(kinds.indexOf('catastrophe') < kinds.indexOf('civil-war'), 'the catastrophe is told before its civil war');
});

test('property: the same season key gives the same texts; the GM’s override of the flavour die picks another text (§11.3)', () => {
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 1, max: 4 }), (key, face) => {
    const s = fixture();
    s.realms.fens!.pendingCatastrophes = 1; // one catastrophe certain, whatever the key
    const a = seasonStartStep(s, seasonDice(key, 0)).state;
    const b = seasonStartStep(s, seasonDice(key, 0)).state;
    assert.deepEqual(catastrophes(a), catastrophes(b));
    const mine = catastrophes(a).filter((e) => e.state === 'fens');
    assert.ok(mine.length >= 1);
    for (const e of catastrophes(a)) assert.ok(e.flavour >= 0 && e.flavour < FLAVOUR[e.kind].length);
    const n = mine.length - 1; // the owed catastrophe is the last of fens's
    const o = seasonStartStep(s, seasonDice(key, 0, { [`S0.3|flavour:fens:${n}|0`]: face })).state;
    assert.equal(catastrophes(o).filter((e) => e.state === 'fens')[n]!.flavour, face - 1);
  }), { numRuns: 40 });
});
