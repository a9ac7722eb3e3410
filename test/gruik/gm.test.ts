/**
 * Gruik's judgment rows in the engine's GM contract (src/rulesets/gruik/gm.ts): the rows that go to
 * the GM and their kinds (§11.4), the hours of each kind from the constants (§11.3), no item at
 * all with GM_PRESENT false, and never an item for a row the program decides alone.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { DEFAULT_CONFIG } from '../../src/rulesets/gruik/constants.ts';
import { GM_ROWS, gruikJudgment, rowKind } from '../../src/rulesets/gruik/gm.ts';

const base = {
  id: 's1/J18', decides: { fr: 'invasion', en: 'invasion' }, brief: { fr: 'b', en: 'b' }, byDefault: 'the default AI runs',
  free: { label: { fr: 'issue', en: 'outcome' }, maxLength: 200 }, concerns: ['p1'], playersSee: { fr: 'Le MJ arbitre.', en: 'The GM rules.' },
};

describe('Gruik judgment rows as GM items', () => {
  test('the rows that go to the GM, with their kinds from the §11.4 table', () => {
    assert.deepEqual(GM_ROWS, ['J1', 'J4', 'J6', 'J7', 'J8', 'J9', 'J10', 'J13', 'J16', 'J17', 'J18', 'J19', 'J21', 'J27', 'ABR', 'A-22'], 'the rows with a GM step (§11.4), then §11.6’s reviews');
    assert.equal(rowKind('J18'), 'blocking', 'J18 is blocking');
    assert.equal(rowKind('J1'), 'timed', 'J1 is a timed review');
    assert.equal(rowKind('J21'), 'optional', 'J21 is optional moderation');
    assert.equal(rowKind('J2'), null, 'J2 is the program’s alone');
  });

  test('each kind gets its hours from the constants; J17 may be raised as blocking (an invasion)', () => {
    const d = gruikJudgment({ ...base, row: 'J18' }, DEFAULT_CONFIG)!;
    assert.deepEqual(d.deadline, { kind: 'after', hours: 72 }, 'GM_BLOCKING_TIMEOUT_HOURS');
    assert.deepEqual(d.players, [GM_SEAT], 'asks the GM alone');
    assert.equal(d.judgment!.row, 'J18', 'names its row');
    const timed = gruikJudgment({ ...base, id: 's1/J16', row: 'J16' }, { gm: { ...DEFAULT_CONFIG.gm, timedReviewHours: 6 } })!;
    assert.deepEqual(timed.deadline, { kind: 'after', hours: 6 }, 'GM_TIMED_REVIEW_HOURS as the host set it');
    assert.equal(gruikJudgment({ ...base, id: 's1/J17', row: 'J17', kind: 'blocking' }, DEFAULT_CONFIG)!.judgment!.kind, 'blocking', 'an invasion');
  });

  test('GM_PRESENT false raises nothing; a program-only row is a caller’s bug', () => {
    assert.equal(gruikJudgment({ ...base, row: 'J18' }, { gm: { ...DEFAULT_CONFIG.gm, present: false } }), null, 'the default applies at once');
    assert.throws(() => gruikJudgment({ ...base, row: 'J2' }, DEFAULT_CONFIG), /program alone/, 'J2 never goes to the GM');
  });
});
