/**
 * Victory, rules §1.3–§1.6 and step 7.B (rules/victory.ts): test vectors TV-47 to TV-50, the
 * alliance victory, a shared victory after every tie-break [P G-47], and the optional turn limit
 * [P G-48].
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveFiefConfig } from '../../src/rulesets/fief/constants.ts';
import { checkVictory, victoryPoints } from '../../src/rulesets/fief/rules/victory.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { assertValid, FRANCK, given, giveTitles, INGRID, lordOf, marry, OLIVIER, SABINE } from './fixture.ts';

test('TV-47 solo tie-break by king: FRANCK (4 VP) and SABINE (2 fief titles + king, 3 VP) qualify; SABINE wins', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(s, lordOf(s, FRANCK, 1), 'FIEF:F_SIGY', 'FIEF:F_EPERVIER');
  giveTitles(s, lordOf(s, INGRID), 'FIEF:F_VAUDRIER');
  giveTitles(s, lordOf(s, OLIVIER), 'FIEF:F_VALSOURDE');
  giveTitles(s, lordOf(s, SABINE), 'FIEF:F_TOURNUS', 'FIEF:F_STGEROME', 'KING');
  assertValid(s);
  assert.equal(victoryPoints(s, FRANCK), 4);
  assert.equal(victoryPoints(s, SABINE), 3);
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [SABINE] });
  assert.deepEqual(runStep(s, '7.B').winners, [SABINE]);
});

test('TV-48 solo beats alliance: married FRANCK+INGRID have 5 VP, OLIVIER 3 alone; OLIVIER wins', () => {
  const s = given(4);
  const f = lordOf(s, FRANCK, 0);
  giveTitles(s, f, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(s, lordOf(s, FRANCK, 1), 'FIEF:F_SIGY');
  const w = lordOf(s, INGRID, 1, 'F');
  giveTitles(s, lordOf(s, INGRID, 0), 'FIEF:F_VAUDRIER', 'KING');
  marry(s, f, w);
  giveTitles(s, lordOf(s, OLIVIER, 0), 'FIEF:F_VALSOURDE', 'FIEF:F_TOURNUS');
  giveTitles(s, lordOf(s, OLIVIER, 1), 'FIEF:F_STGEROME');
  assertValid(s);
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [OLIVIER] });
});

test('the alliance victory: a married pair with 4 VP together wins when nobody wins alone (4+ players)', () => {
  const s = given(4);
  const a = lordOf(s, FRANCK, 0);
  const b = lordOf(s, INGRID, 1, 'F');
  giveTitles(s, a, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(s, lordOf(s, INGRID, 0), 'FIEF:F_SIGY', 'POPE');
  marry(s, a, b);
  assert.deepEqual(checkVictory(s), { kind: 'alliance', winners: [FRANCK, INGRID] });
  // An allied player with 3 VP alone does not win alone.
  const t = given(4);
  const x = lordOf(t, FRANCK, 0);
  giveTitles(t, x, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(t, lordOf(t, FRANCK, 1), 'FIEF:F_SIGY');
  marry(t, x, lordOf(t, INGRID, 1, 'F'));
  assert.equal(checkVictory(t), null);
});

test('TV-49 three-player allied solo: P married to Q wins alone with 3 VP', () => {
  const s = given(3);
  const p = lordOf(s, 'P1', 0);
  giveTitles(s, p, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(s, lordOf(s, 'P1', 1), 'FIEF:F_SIGY');
  marry(s, p, lordOf(s, 'P2', 1, 'F'));
  assertValid(s);
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: ['P1'] });
  // With 3 players an alliance never wins together.
  const t = given(3);
  const a = lordOf(t, 'P1', 0);
  giveTitles(t, a, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(t, lordOf(t, 'P2', 0), 'FIEF:F_SIGY', 'FIEF:F_TOURNUS');
  marry(t, a, lordOf(t, 'P2', 1, 'F'));
  assert.equal(checkVictory(t), null);
});

test('TV-50 the queen gives no VP: 2 fief titles and the queen regent are 2 VP, no victory', () => {
  const s = given(4);
  const q = lordOf(s, 'P1', 1, 'F');
  giveTitles(s, q, 'FIEF:F_BLAYE', 'FIEF:F_BOURG', 'QUEEN');
  s.titles.QUEEN.regent = true;
  assertValid(s);
  assert.equal(victoryPoints(s, 'P1'), 2);
  assert.equal(checkVictory(s), null);
  assert.equal(runStep(s, '7.B').winners, null);
});

test('§1.6 tie-break down to villages, then a shared victory [P G-47]', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(s, lordOf(s, FRANCK, 1), 'FIEF:F_SIGY');
  giveTitles(s, lordOf(s, OLIVIER, 0), 'FIEF:F_TOURNUS', 'FIEF:F_STGEROME');
  giveTitles(s, lordOf(s, OLIVIER, 1), 'FIEF:F_EPERVIER');
  // Both 3 fief titles, no king/pope/regent, no bishop, one village each: shared.
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [FRANCK, OLIVIER] });
  // One more bishop title decides.
  giveTitles(s, lordOf(s, OLIVIER, 2), 'BISHOP:2');
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [OLIVIER] });
});

test('[P G-48] the optional turn limit ranks every player by the tie-break at its last turn; off by default', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, INGRID, 0), 'FIEF:F_BLAYE');
  assert.equal(checkVictory({ ...s, cursor: { ...s.cursor, turn: 500 } }), null);
  const limited = { ...s, config: resolveFiefConfig({ victory: { turnLimit: 10 } }), cursor: { ...s.cursor, turn: 10 } };
  assert.deepEqual(checkVictory(limited), { kind: 'turn-limit', winners: [INGRID] });
  assert.equal(checkVictory({ ...limited, cursor: { ...limited.cursor, turn: 9 } }), null);
});
