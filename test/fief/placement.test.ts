/**
 * The placement cascade, rules §6.4.1 and G-57 (rules/placement.ts): each level allowed only when
 * every level above is impossible; a free village never needs consent; with no free village the
 * consent of every other controller is asked at once (the setting of TV-56; the REPLY batch itself
 * belongs to the flow to come).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placementOptions } from '../../src/rulesets/fief/rules/placement.ts';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { given, lordOf, occupy } from './fixture.ts';

test('level 1: one’s own castle (the starting village) comes first', () => {
  const s = given(3, 'place');
  const home = s.lords[lordOf(s, 'P1')]!.at!.village;
  occupy(s, 'P1', 'SIGY');
  assert.deepEqual(placementOptions(s, 'P1'), { level: 1, villages: [home], consentFrom: {} });
});

test('levels 2, 3 and 4 in turn, as the levels above become impossible', () => {
  const s = given(3, 'place');
  const home = s.lords[lordOf(s, 'P1')]!.at!.village;
  s.villages[home]!.fortification = null; // the castle burnt (a revolt)
  s.supply.castleTiles += 1;
  assert.deepEqual(placementOptions(s, 'P1'), { level: 2, villages: [home], consentFrom: {} });
  // His lord a prisoner elsewhere: level 2 counts only free lords; he still controls his village: level 3.
  const lord = lordOf(s, 'P1');
  s.lords[lord]!.prisonerOf = 'P2';
  assert.equal(placementOptions(s, 'P1').level, 3);
  // Nothing controlled: any free village, without consent.
  s.villages[home]!.controller = null;
  const four = placementOptions(s, 'P1');
  assert.equal(four.level, 4);
  assert.deepEqual(four.consentFrom, {});
  assert.ok(four.villages.includes(home) && four.villages.length === 24 - 2);
});

test('TV-56 setting: every village controlled by others, so each needs its controller’s consent (one batch)', () => {
  const s = given(3, 'place');
  const lord = lordOf(s, 'P3');
  s.lords[lord]!.prisonerOf = 'P1';
  const home = s.lords[lord]!.at!.village;
  s.villages[home]!.controller = null;
  s.villages[home]!.fortification = null;
  s.supply.castleTiles += 1;
  for (const v of BOARD.villageIds) if (s.villages[v]!.controller === null) s.villages[v]!.controller = v < 'M' ? 'P1' : 'P2';
  const r = placementOptions(s, 'P3');
  assert.equal(r.level, 4);
  assert.equal(r.villages.length, 24);
  assert.deepEqual(new Set(Object.values(r.consentFrom)), new Set(['P1', 'P2']));
});
