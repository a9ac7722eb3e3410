/**
 * The Revolt card, rules §6.5.3 (rules/revolt.ts): test vectors TV-22 to TV-25 of rules §9.3 with
 * the dice they give (the revolt with a castle, the cause restriction, the bishop's and the
 * cardinal's calming), and the revolt that kills prisoners too (« prisonniers compris »).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CardId } from '../../src/rulesets/fief/cards.ts';
import type { D6 } from '../../src/rulesets/fief/rules/dice.ts';
import { addTroops, troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import { checkRevolt, resolveRevolt, revoltCauses, type RevoltCard } from '../../src/rulesets/fief/rules/revolt.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { assertValid, dice, FRANCK, given, giveTitles, INGRID, lay, lordOf, OLIVIER, toHand } from './fixture.ts';

const none: D6 = (name) => assert.fail(`no die expected (${name})`);
const revoltCard = (s: FiefState, p: string): CardId => toHand(s, p, 'REVOLT');

/** TV-22's given: MAZILLES (bishopric 2, famine) with a castle, a mill and 2 of INGRID's sergeants, and one of her lords. */
function mazilles() {
  const s = given(3, 'tv22');
  const v = s.villages.MAZILLES!;
  addTroops(s, 'MAZILLES', INGRID, 2, 0);
  v.controller = INGRID;
  v.fortification = 'CASTLE'; s.supply.castleTiles -= 1;
  v.mills = 1; s.supply.mills -= 1;
  const lord = lordOf(s, INGRID, 1);
  s.lords[lord]!.at = { village: 'MAZILLES', position: { kind: 'CENTER' } };
  lay(s, 'FAMINE', 2);
  assertValid(s);
  return { s, lord };
}

test('TV-22 revolt with castle: one card, 1 die − 1 = 0: cancelled, no +1; two cards, dice=[1]: 1 + 1 = 2, both sergeants, the castle, the mill and the lord gone', () => {
  const { s, lord } = mazilles();
  const thierry: RevoltCard = { player: FRANCK, card: revoltCard(s, FRANCK), cause: 'famine' };
  assert.equal(checkRevolt(s, 'MAZILLES', thierry), null);
  const one = resolveRevolt(s, 'MAZILLES', [thierry], {}, none, none);
  assert.deepEqual(one.outcome.dice, []);
  assert.equal(one.outcome.damage, 0);
  assert.deepEqual(troopsOf(one.state, 'MAZILLES', INGRID), { sergeants: 2, knights: 0 });
  assert.ok(one.state.secret.eventDiscard.includes(thierry.card), 'the card is discarded');
  assertValid(one.state);
  const franck: RevoltCard = { player: OLIVIER, card: revoltCard(s, OLIVIER), cause: 'famine' };
  const two = resolveRevolt(s, 'MAZILLES', [thierry, franck], {}, none, dice([1]));
  assert.deepEqual(two.outcome.dice, [1]);
  assert.equal(two.outcome.damage, 2);
  assert.ok(two.outcome.wipedOut);
  assert.deepEqual(troopsOf(two.state, 'MAZILLES', INGRID), { sergeants: 0, knights: 0 });
  const v = two.state.villages.MAZILLES!;
  assert.equal(v.fortification, null);
  assert.equal(v.mills, 0);
  assert.equal(two.state.lords[lord], undefined, 'the lord there is killed');
  assert.equal(v.controller, null);
  assertValid(two.state);
  // A city would have stood.
  const city = structuredClone(s);
  city.villages.MAZILLES!.fortification = 'CITY';
  const three: RevoltCard = { player: FRANCK, card: revoltCard(city, FRANCK), cause: 'famine' };
  const c = resolveRevolt(city, 'MAZILLES', [thierry, franck, three], {}, none, dice([1]));
  assert.equal(c.state.villages.MAZILLES!.fortification, 'CITY');
});

test('§6.5.3 [T §10.1]: the revolt kills the lords present, prisoners included; a lone lord always dies', () => {
  const s = given(3, 'revolt-prisoner');
  const lone = lordOf(s, OLIVIER, 1), prisoner = lordOf(s, FRANCK, 1);
  s.lords[lone]!.at = { village: 'BOURG', position: { kind: 'CENTER' } };
  s.villages.BOURG!.controller = OLIVIER;
  s.lords[prisoner]!.at = { village: 'BOURG', position: { kind: 'OUTSKIRTS' } };
  s.lords[prisoner]!.prisonerOf = OLIVIER;
  lay(s, 'FAMINE', 4);
  const r = resolveRevolt(s, 'BOURG', [{ player: INGRID, card: revoltCard(s, INGRID), cause: 'famine' }], {}, none, dice([1]));
  assert.equal(r.state.lords[lone], undefined);
  assert.equal(r.state.lords[prisoner], undefined, '« prisonniers compris »');
  assert.equal(r.state.villages.BOURG!.controller, null);
  assertValid(r.state);
});

test('TV-23 revolt cause restriction: P tithes bishopric 2 which also starves: famine yes, tithe no; without famine, no revolt', () => {
  const s = given(3, 'tv23');
  giveTitles(s, lordOf(s, FRANCK, 1), 'BISHOP:2');
  s.bishoprics[2].tithes.push({ player: FRANCK, as: 'BISHOP', order: 1 });
  s.families[FRANCK]!.taxMarkers -= 1;
  lay(s, 'FAMINE', 2);
  const card = revoltCard(s, FRANCK);
  assert.deepEqual(revoltCauses(s, 'TOURNUS', FRANCK), ['famine']);
  assert.equal(checkRevolt(s, 'TOURNUS', { player: FRANCK, card, cause: 'famine' }), null);
  assert.equal(checkRevolt(s, 'TOURNUS', { player: FRANCK, card, cause: 'tithe' }), 'own-tax');
  assert.deepEqual(revoltCauses(s, 'TOURNUS', INGRID), ['tithe', 'famine'], 'another player may cite the tithe');
  const fed = structuredClone(s);
  fed.secret.eventDiscard.push(...fed.bishoprics[2].calamities);
  fed.bishoprics[2].calamities = [];
  assert.deepEqual(revoltCauses(fed, 'TOURNUS', FRANCK), []);
  assert.equal(checkRevolt(fed, 'TOURNUS', { player: FRANCK, card, cause: 'famine' }), 'no-cause');
});

/** A revolt on BOURG (bishopric 4, famine) where INGRID has 3 sergeants; its bishop is OLIVIER's lord. */
function bourg() {
  const s = given(3, 'tv24');
  addTroops(s, 'BOURG', INGRID, 3, 0);
  s.villages.BOURG!.controller = INGRID;
  const bishop = lordOf(s, OLIVIER, 1);
  giveTitles(s, bishop, 'BISHOP:4');
  lay(s, 'FAMINE', 4);
  assertValid(s);
  return { s, bishop };
}

test('TV-24 bishop calming: d6=2 the bishop dies (crosier back) and the revolt resolves; d6=5 the card is discarded and nothing happens', () => {
  const { s, bishop } = bourg();
  const card: RevoltCard = { player: FRANCK, card: revoltCard(s, FRANCK), cause: 'famine' };
  const fail = resolveRevolt(s, 'BOURG', [card], { bishopTries: true }, dice([2]), dice([2]));
  assert.equal(fail.state.lords[bishop], undefined);
  assert.equal(fail.state.titles['BISHOP:4'].holder, null, 'the crosier is back on the board');
  assert.equal(fail.outcome.damage, 3);
  assert.deepEqual(troopsOf(fail.state, 'BOURG', INGRID), { sergeants: 0, knights: 0 });
  assertValid(fail.state);
  const calm = resolveRevolt(s, 'BOURG', [card], { bishopTries: true }, dice([5]), none);
  assert.ok(calm.state.lords[bishop]);
  assert.deepEqual(calm.outcome.calming.map((x) => x.calmed), [true]);
  assert.deepEqual(troopsOf(calm.state, 'BOURG', INGRID), { sergeants: 3, knights: 0 });
  assert.ok(calm.state.secret.eventDiscard.includes(card.card));
  const noTry = resolveRevolt(s, 'BOURG', [card], {}, none, dice([1]));
  assert.equal(noTry.outcome.calming.length, 0, '#38 default: no attempt');
});

test('TV-25 cardinal calming costs 3 per card: with 5 ecus, C tries one card (2 left) but not the second, and cannot die; flag off: one payment for both', () => {
  const { s } = bourg();
  const cardinal = lordOf(s, FRANCK, 1);
  giveTitles(s, cardinal, 'BISHOP:2', 'CARDINAL:BOUGHT');
  s.families[FRANCK]!.ecus = 5;
  const cards: RevoltCard[] = [{ player: INGRID, card: revoltCard(s, INGRID), cause: 'famine' }, { player: OLIVIER, card: revoltCard(s, OLIVIER), cause: 'famine' }];
  const r = resolveRevolt(s, 'BOURG', cards, { cardinalsTry: [cardinal] }, dice([1]), dice([1, 1]));
  assert.deepEqual(r.outcome.calming.map((x) => [x.as, x.paid, x.calmed]), [['cardinal', 3, false]]);
  assert.equal(r.state.families[FRANCK]!.ecus, 2);
  assert.ok(r.state.lords[cardinal], 'a cardinal does not die from failing');
  assert.equal(r.outcome.dice.length, 2, 'both cards stand: 2 dice, no fortification');
  assertValid(r.state);
  const once = structuredClone(s);
  once.config = { ...once.config, church: { ...once.config.church, cardinalCalmCostPerCard: false } };
  const r2 = resolveRevolt(once, 'BOURG', cards, { cardinalsTry: [cardinal] }, dice([4, 5]), none);
  assert.deepEqual(r2.outcome.calming.map((x) => [x.paid, x.calmed]), [[3, true], [0, true]]);
  assert.equal(r2.state.families[FRANCK]!.ecus, 2);
  assert.deepEqual(r2.outcome.dice, []);
});
