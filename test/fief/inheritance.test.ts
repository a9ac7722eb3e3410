/**
 * Inheritance by the spouse, rules §5.9.2 [T §4.3.1]: a fief title passed to the spouse of the
 * family's last lord takes the fief's city with it — the old family's garrison replaced by the new
 * family's troops, knights first, what the reserve cannot match removed [P G-52] (TV-52).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { killLord } from '../../src/rulesets/fief/rules/kill-lord.ts';
import { troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { arena, fortify, station } from './arena.ts';
import { assertValid, FRANCK, giveTitles, INGRID, lordOf, marry } from './fixture.ts';

/** P (FRANCK) with one lord D, duke of BOURG, in the city of BOURG with `knights` knights and `sergeants` sergeants; D married to W of Q (INGRID). */
function tv52(knights: number, sergeants = 0): { s: FiefState; d: string; w: string } {
  const s = arena(4, 'tv52');
  const d = lordOf(s, FRANCK, 0, 'M');
  for (const id of s.families[FRANCK]!.lords.slice(1)) killLord(s, id, 'plague');
  const w = lordOf(s, INGRID, 0, 'F');
  fortify(s, 'BOURG', 'CITY');
  station(s, FRANCK, 'BOURG', sergeants, knights, [d]);
  station(s, INGRID, 'COMBELLE', 1, 0, [w]);
  giveTitles(s, d, 'FIEF:F_BOURG');
  marry(s, d, w);
  return { s, d, w };
}

test('TV-52 Inheritance by spouse: the duchy passes to W, the 2 knights in the city are replaced by 2 of Q’s knights, Q controls the city, the marriage ends', () => {
  const { s, d, w } = tv52(2);
  const qKnights = s.families[INGRID]!.reserve.knights, pKnights = s.families[FRANCK]!.reserve.knights;
  assert.ok(killLord(s, d, 'assassination'), 'D dies');
  assert.equal(s.titles['FIEF:F_BOURG'].holder, w, 'the duchy passes to W');
  assert.ok(s.lords[w]!.titles.includes('FIEF:F_BOURG'), 'W bears the title');
  assert.deepEqual(troopsOf(s, 'BOURG', INGRID), { sergeants: 0, knights: 2 }, 'two of Q’s knights in the city');
  assert.deepEqual(troopsOf(s, 'BOURG', FRANCK), { sergeants: 0, knights: 0 }, 'P’s knights are gone');
  assert.equal(s.families[INGRID]!.reserve.knights, qKnights - 2, 'Q’s knights come from his reserve');
  assert.equal(s.families[FRANCK]!.reserve.knights, pKnights + 2, 'P’s knights go back to his reserve');
  assert.equal(s.villages.BOURG!.controller, INGRID, 'Q now controls the city');
  assert.equal(s.lords[w]!.spouse, null, 'the marriage ends');
  assertValid(s);
});

test('[P G-52] a short reserve: as many as possible replaced (knights by knights, sergeants by sergeants), the rest removed', () => {
  const { s, d } = tv52(3, 2);
  station(s, INGRID, 'MONTFROID', 0, s.families[INGRID]!.reserve.knights - 1); // Q's reserve keeps a single knight
  assert.equal(s.families[INGRID]!.reserve.knights, 1, 'one knight left in Q’s reserve');
  killLord(s, d, 'plague');
  assert.deepEqual(troopsOf(s, 'BOURG', INGRID), { sergeants: 2, knights: 1 }, 'one knight replaced, both sergeants');
  assert.deepEqual(troopsOf(s, 'BOURG', FRANCK), { sergeants: 0, knights: 0 }, 'the two knights without a match are removed');
  assert.equal(s.villages.BOURG!.controller, INGRID, 'Q controls the city');
  assertValid(s);
});

test('§5.9.2: within the family no swap — the title goes to a family heir and the garrison stays', () => {
  const { s, d } = tv52(2);
  const heir = lordOf(s, FRANCK, 1, 'M');
  killLord(s, d, 'plague');
  assert.equal(s.titles['FIEF:F_BOURG'].holder, heir, 'the family heir takes the title');
  assert.deepEqual(troopsOf(s, 'BOURG', FRANCK), { sergeants: 0, knights: 2 }, 'the garrison stays');
  assert.equal(s.villages.BOURG!.controller, FRANCK, 'P keeps the city');
});
