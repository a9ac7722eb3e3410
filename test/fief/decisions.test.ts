/**
 * The §11.4 catalogue as data (decisions.ts): 44 rows (#1–#43 and #38a) in the table's order,
 * each deadline one of the four classes of §11.1.5 with minutes in the constants, the steps of
 * phases.ts naming only rows of the catalogue, and every row reached from a step or opened at any
 * time. Spot checks of the defaults the rules fix (capture all, pope's consent refused, …).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG } from '../../src/rulesets/fief/constants.ts';
import { DECISION_KINDS, DECISIONS, type DecisionRow } from '../../src/rulesets/fief/decisions.ts';
import { TURN_STEPS } from '../../src/rulesets/fief/phases.ts';

const rows: (DecisionRow & { kind: string })[] = DECISION_KINDS.map((k) => ({ kind: k, ...DECISIONS[k] }));

test('§11.4: 44 rows, numbered 1–43 with 38a, in order', () => {
  const expected = [...Array.from({ length: 38 }, (_, i) => String(i + 1)), '38a', ...['39', '40', '41', '42', '43']];
  assert.deepEqual(rows.map((r) => r.n), expected);
});

test('deadline classes are those of §11.1.5, each with minutes at every pace', () => {
  for (const r of rows) {
    if (r.deadline === null) { assert.ok(['part-of-command', 'free-action', 'automatic'].includes(r.pattern), r.kind); continue; }
    const m = DEFAULT_CONFIG.deadlines[r.deadline];
    assert.ok(m.live > 0 && m.daily > 0 && m.weekly > 0, r.kind);
  }
  assert.equal(DECISIONS['loss-allocation'].deadline, 'BATTLE');
  assert.equal(DECISIONS['calming'].deadline, 'HOLD');
  assert.equal(DECISIONS['join-side'].deadline, 'REPLY');
});

test('the steps name only catalogue rows, and every row is reached from a step or at any time', () => {
  const numbers = new Set(rows.map((r) => r.n));
  const fromSteps = new Set(TURN_STEPS.flatMap((s) => s.decisions));
  for (const n of fromSteps) assert.ok(numbers.has(n), `step names #${n}`);
  for (const r of rows) assert.ok(fromSteps.has(r.n) || r.anytime, `#${r.n} ${r.kind} is opened nowhere`);
});

test('defaults the rules fix: capture all; the pope’s consent and the annulment are refused; an absent voter abstains', () => {
  assert.match(DECISIONS.capture.byDefault, /capture all/);
  assert.match(DECISIONS['pope-consent'].byDefault, /^refuse/);
  assert.match(DECISIONS.annulment.byDefault, /^refuse/);
  assert.equal(DECISIONS.annulment.nonBlocking, true);
  assert.match(DECISIONS['place-votes'].byDefault, /abstain/);
  assert.match(DECISIONS['placement-consent'].byDefault, /stays in hand/);
});
