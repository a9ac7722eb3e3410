/**
 * Income, rules §7.1 and steps 3.A–3.B (rules/income.ts): test vectors TV-19 (harvest + weather),
 * TV-20 (royal taille), TV-21 (tithe priority), and the rules around them: besieged villages and
 * famine pay nothing, the queen's +2, tax markers back and bonus cards discarded after income.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { income, millYield, titheCollector } from '../../src/rulesets/fief/rules/income.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { assertValid, FRANCK, given, giveTitles, lay, lordOf, mills, occupy, OLIVIER, SABINE } from './fixture.ts';

/** A game whose starting villages are left alone: every player's own income is 1 (his village). */
const base = (): FiefState => given(4, 'income');

test('TV-19 harvest + weather: a mill of bishopric 2 with Good Harvest and Fair Weather pays 2 + 1 + 1 = 4', () => {
  const s = base();
  occupy(s, OLIVIER, 'TOURNUS');
  mills(s, 'TOURNUS', 1);
  lay(s, 'GOOD_HARVEST', 2);
  lay(s, 'FAIR_WEATHER', 2);
  assertValid(s);
  assert.equal(millYield(s, 2), 4);
  const before = income(s)[OLIVIER]!;
  assert.equal(before.mills, 4);
  assert.equal(before.villages, 2);
});

test('TV-20 royal taille: the king’s player levies BOURG (4 villages): +8; the controllers keep their village income', () => {
  const s = base();
  giveTitles(s, lordOf(s, SABINE), 'KING');
  for (const v of ['BOURG', 'COMBELLE', 'LES_GRANGES']) occupy(s, FRANCK, v);
  occupy(s, OLIVIER, 'MONTFROID');
  s.taille.F_BOURG = SABINE;
  s.families[SABINE]!.taxMarkers -= 1;
  assertValid(s);
  const inc = income(s);
  const start = (p: string) => Object.values(s.villages).filter((v) => v.controller === p).length;
  assert.equal(inc[SABINE]!.taille, 8);
  assert.equal(inc[FRANCK]!.villages, start(FRANCK));
  assert.equal(inc[FRANCK]!.villages - 1, 3, 'three villages of BOURG, besides his starting village');
  assert.equal(inc[OLIVIER]!.villages - 1, 1);
});

test('TV-21 tithe priority: the bishop of 3 collects bishopric 3, the pope the other governed bishopric; controllers get no mill income there', () => {
  const s = base();
  const bishop1 = lordOf(s, FRANCK, 1);
  giveTitles(s, bishop1, 'BISHOP:1');
  const bishop3 = lordOf(s, OLIVIER, 1);
  giveTitles(s, bishop3, 'BISHOP:3');
  giveTitles(s, lordOf(s, SABINE, 1), 'BISHOP:4', 'POPE');
  // The pope's player plays the papal tithe; the bishop of 3 tithes bishopric 3.
  s.papalTithe = SABINE;
  s.families[SABINE]!.taxMarkers -= 1;
  s.bishoprics[3].tithes.push({ player: OLIVIER, as: 'BISHOP', order: 1 });
  s.families[OLIVIER]!.taxMarkers -= 1;
  // Bishopric 1: 2 mills in controlled villages (none of them besieged); bishopric 3: 1.
  occupy(s, 'P2', 'CHAROLLES'); mills(s, 'CHAROLLES', 2);
  occupy(s, 'P2', 'ST_FIRMIN'); mills(s, 'ST_FIRMIN', 1);
  // Bishopric 4 is governed too but holds no mill: the pope's tithe there yields nothing.
  assertValid(s);
  assert.equal(titheCollector(s, 3), OLIVIER);
  assert.equal(titheCollector(s, 1), SABINE);
  assert.equal(titheCollector(s, 2), null, 'not governed: the papal tithe does not reach it');
  const inc = income(s);
  assert.equal(inc[OLIVIER]!.tithe, 2);
  assert.equal(inc[SABINE]!.tithe, 4);
  assert.equal(inc.P2!.mills, 0);
  assert.equal(inc.P2!.villages, 3, 'village income is unaffected');
});

test('§7.1: a besieged village pays nothing, not even its mills; famine stops the mills; the queen’s family gets +2', () => {
  const s = base();
  occupy(s, OLIVIER, 'SIGY');
  mills(s, 'SIGY', 2);
  occupy(s, OLIVIER, 'BOURG');
  mills(s, 'BOURG', 1);
  lay(s, 'FAMINE', 4);
  const q = lordOf(s, FRANCK, 1, 'F');
  giveTitles(s, q, 'QUEEN');
  const free = income(s)[OLIVIER]!;
  assert.equal(free.mills, 4, 'SIGY: 2 mills × 2; BOURG: famine');
  s.villages.SIGY!.sieges.push({ besieger: FRANCK, engineDice: 1, sinceTurn: 1 });
  s.families[FRANCK]!.reserve.siegeEngines -= 1;
  assertValid(s);
  const sieged = income(s)[OLIVIER]!;
  assert.equal(sieged.mills, 0);
  assert.equal(sieged.villages, free.villages - 1);
  assert.equal(income(s)[FRANCK]!.queen, 2);
});

test('steps 3.A then 3.B: money paid, tax markers back, bonus cards discarded, calamities kept; invariants hold', () => {
  const s = base();
  giveTitles(s, lordOf(s, SABINE), 'KING');
  s.taille.F_BOURG = SABINE;
  s.families[SABINE]!.taxMarkers -= 1;
  occupy(s, OLIVIER, 'TOURNUS');
  mills(s, 'TOURNUS', 1);
  const harvest = lay(s, 'GOOD_HARVEST', 2);
  const famine = lay(s, 'FAMINE', 5);
  assertValid(s);
  const expected = income(s);
  const paid = runStep(s, '3.A');
  for (const p of s.players) assert.equal(paid.families[p]!.ecus, s.families[p]!.ecus + expected[p]!.total);
  assertValid(paid);
  const after = runStep(paid, '3.B');
  assert.equal(after.taille.F_BOURG, null);
  assert.equal(after.families[SABINE]!.taxMarkers, 3);
  assert.deepEqual(after.bishoprics[2].bonuses, []);
  assert.ok(after.secret.eventDiscard.includes(harvest));
  assert.deepEqual(after.bishoprics[5].calamities, [famine]);
  assertValid(after);
});
