/**
 * The autosave's cache of validations (games/sheet-cache.ts, issue 20): the same text on the same
 * state object is validated once; a new state (another turn, another read) is never served what
 * was computed on the old one; the result is the one the ruleset gives uncached.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clonePlain } from '../../src/engine/clone.ts';
import { createRng } from '../../src/engine/rng.ts';
import { withWarnings } from '../../src/engine/ruleset.ts';
import { checkSheet, decisionOf, sheetCacheStats } from '../../src/platform/games/sheet-cache.ts';
import { loadAllRulesets, getRuleset } from '../../src/rulesets/index.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const rs = getRuleset('gloire-et-pouvoir').ruleset;
const fresh = () => rs.setup({ map: 'scandinavia', lords: ['Aliénor', 'Bohémond'] }, createRng('sheet-cache', 'setup'));
const uncached = (state: unknown, text: string) => {
  const v = rs.validate(state, 'L1', 'orders', text);
  const value = v.value === null ? null : JSON.stringify(v.value);
  const issues = JSON.stringify(withWarnings(rs, state, 'L1', 'orders', text, v));
  return { value, issues, parsed: { value: value === null ? null : JSON.parse(value), issues: JSON.parse(issues) } };
};

test('the same text on the same state is checked once, with the uncached result', () => {
  const s = fresh();
  const text = 'CHE 1\nINI 50 50 80\nESP Narvik\nMOV Nobody Thule\n';
  const m0 = sheetCacheStats.misses, h0 = sheetCacheStats.hits;
  const first = checkSheet(rs, s, 'L1', 'orders', text);
  const second = checkSheet(rs, s, 'L1', 'orders', text);
  assert.equal(sheetCacheStats.misses - m0, 1, 'the first check computes');
  assert.equal(sheetCacheStats.hits - h0, 1, 'the second check of the same text reuses it');
  assert.deepEqual(first, uncached(s, text));
  assert.deepEqual(second, first);
  assert.ok(JSON.parse(first.issues).some((i: { line: number }) => i.line === 4), 'the bad line is reported');
  // One line changed: computed again.
  checkSheet(rs, s, 'L1', 'orders', `${text}# edit 1\n`);
  assert.equal(sheetCacheStats.misses - m0, 2, 'a changed text is checked again');
  // Another player, same text: computed again (his own view).
  checkSheet(rs, s, 'L2', 'orders', text);
  assert.equal(sheetCacheStats.misses - m0, 3, 'another player is checked again');
});

test('a new state is never served what was computed on the old one', () => {
  const a = fresh();
  const b = clonePlain(a) as typeof a;
  (b as { knights: Record<string, { name: string }> }).knights.K1!.name = 'Zénon';
  const text = 'MOV Zénon Oulu\n';
  const onA = checkSheet(rs, a, 'L1', 'orders', text);
  const onB = checkSheet(rs, b, 'L1', 'orders', text);
  assert.ok(JSON.parse(onA.issues).length > 0, 'Zénon is unknown in the first state');
  assert.ok(!onB.issues.includes('Zénon'), 'Zénon is the lord-knight in the second state, not an unknown knight');
  assert.notEqual(onB.value, null, 'the sheet is valid in the second state');
  assert.deepEqual(onB, uncached(b, text));
  assert.deepEqual(checkSheet(rs, a, 'L1', 'orders', text), onA, 'the first state keeps its own result');
});

test('the decision of a player is the ruleset\'s, computed once per state', () => {
  const s = fresh();
  assert.equal(decisionOf(rs, s, 'L1')?.id, 'orders');
  assert.equal(decisionOf(rs, s, 'L9'), null, 'a player not asked has no decision');
  assert.equal(decisionOf(rs, s, 'L2'), decisionOf(rs, s, 'L2'), 'the same decision object for the same state');
});

test('the cache stays bounded (SHEET_CACHE_ENTRIES entries at most, oldest dropped)', () => {
  const s = fresh();
  const m0 = sheetCacheStats.misses;
  for (let i = 0; i < 4100; i++) checkSheet(rs, s, 'L1', 'orders', `# ${i}\n`);
  const h0 = sheetCacheStats.hits;
  checkSheet(rs, s, 'L1', 'orders', '# 4099\n');
  assert.equal(sheetCacheStats.hits - h0, 1, 'a recent text is kept');
  checkSheet(rs, s, 'L1', 'orders', '# 0\n');
  assert.equal(sheetCacheStats.misses - m0, 4101, 'the oldest text was dropped (4,000 entries at most)');
});
