/**
 * Combat arithmetic and the death of a noble (rules §6.6–§6.12): TV-12's numbers, TV-13, TV-14's
 * numbers, TV-16 (death), TV-19, TV-21's ransom, TV-23, TV-24, TV-27 as named tests; the battle,
 * assault and siege protocols are played in combat-protocol.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CITY_ROLES } from '../../src/rulesets/warrior-knights/board.ts';
import { NOBLE_ROLES } from '../../src/rulesets/warrior-knights/barons.ts';
import { FATE_DECK, mercenary } from '../../src/rulesets/warrior-knights/cards.ts';
import { DEFAULT_CONFIG as C } from '../../src/rulesets/warrior-knights/constants.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { cityStrength, dies, discards, fateDraw, ransomCrowns, razeLoot, siegeAllowed, suffered, takeBreaches, victory } from '../../src/rulesets/warrior-knights/rules/combat.ts';
import { killNoble, maximalLoss } from '../../src/rulesets/warrior-knights/rules/death.ts';
import { runWages } from '../../src/rulesets/warrior-knights/rules/wages.ts';
import type { CityState } from '../../src/rulesets/warrior-knights/state.ts';
import { troopMen } from '../../src/rulesets/warrior-knights/troops.ts';
import { freeMercenary, game } from './fixture.ts';

const men = (n: number): string[] => { // troop cards adding up to n men, from the regulars of several barons (only their strengths matter here)
  const pool = ['green-reg-100', 'blue-reg-100', 'red-reg-100', 'yellow-reg-100', 'green-reg-50a', 'blue-reg-50a'];
  const out: string[] = []; let left = n;
  for (const c of pool) if (troopMen(c) <= left) { out.push(c); left -= troopMen(c); }
  assert.equal(left, 0); return out;
};
const cityAt = (id: string, over: Partial<CityState> = {}): CityState => ({ id, razed: false, controller: null, fortified: false, breaches: 0, besiegedBy: null, siegeSince: null, ...over });

test('TV-12 Battle numbers: green 300 + 200 draws 5, blue 250 + 200 draws 4; each discards 2; green suffers 1 (square), blue 2; Ernesto dies at 1 token, Otto survives 2; 1 victory to 0: partial', () => {
  const green = fateDraw([{ troops: men(200), casualties: 0 }, { troops: men(100), casualties: 0 }], true, 0, C);
  const blue = fateDraw([{ troops: men(250), casualties: 0 }], true, 0, C);
  assert.deepEqual([green, blue], [5, 4]);
  assert.deepEqual([green - discards(green, true, C), blue - discards(blue, true, C)], [3, 2]);
  assert.equal(suffered(2, false, 0, true), 1, 'blue’s 2 Inflict against Alan of Smalt’s square ability');
  assert.equal(suffered(2, false, 0, false), 2, 'Otto is exhausted: no ability');
  assert.equal(dies(100, 1, C), true, 'Ernesto: 1 token on 100 men');
  assert.equal(dies(250, 2, C), false, 'Otto: 200 < 250');
  assert.equal(victory(1, 0), 'partial');
  assert.equal(victory(0, 1), 'partial-defeat');
  assert.equal(victory(3, 1), 'total');
});

test('TV-13 Assault draw count: 200 men defending Vecht (300) draw 5 + 2 = 7; 8 if Vecht is fortified', () => {
  const vecht = CITY_ROLES.Vecht;
  assert.equal(cityStrength(cityAt(vecht), C), 300);
  assert.equal(fateDraw([{ troops: men(200), casualties: 0 }], true, cityStrength(cityAt(vecht), C), C), 7);
  assert.equal(fateDraw([{ troops: men(200), casualties: 0 }], true, cityStrength(cityAt(vecht, { fortified: true }), C), C), 8);
});

test('TV-14 numbers: Madder’s 200 + 200 draws 4, keeps 2; neutral Fröli (200) draws 2 and discards none; 1 Inflict + star = 2 breaches: strength 0', () => {
  const froli = cityAt(CITY_ROLES['Fröli']);
  assert.equal(fateDraw([{ troops: men(100), casualties: 0 }, { troops: men(100), casualties: 0 }], true, 0, C), 4);
  assert.equal(discards(4, true, C), 2);
  const cityDraw = fateDraw([], false, cityStrength(froli, C), C);
  assert.equal(cityDraw, 2);
  assert.equal(discards(cityDraw, false, C), 0);
  assert.equal(suffered(1, true, 0, false), 2);
  assert.equal(suffered(1, false, 1, false), 0, 'the city’s 100 is avoided');
  assert.equal(takeBreaches(froli, 2, C), 2);
  assert.equal(cityStrength(froli, C), 0);
  assert.equal(takeBreaches(froli, 1, C), 0, 'at 0 the city takes no more breaches');
});

test('TV-19 Fortified city breached to 0: strength 200 fortified (300) takes 3 breaches → unfortified, one breach removed: 2 remain, strength 0', () => {
  const c = cityAt('marbrouck', { fortified: true });
  assert.equal(cityStrength(c, C), 300);
  assert.equal(takeBreaches(c, 3, C), 3);
  assert.deepEqual([c.fortified, c.breaches, cityStrength(c, C)], [false, 2, 0]);
});

test('TV-15 / TV-23 Siege legality: 50 + 200 = 250 > Monz 200 allowed; 100 + 200 = 300 against 300 not', () => {
  assert.equal(siegeAllowed(50 + 200, cityStrength(cityAt(CITY_ROLES.Monz), C)), true);
  assert.equal(siegeAllowed(100 + 200, 300), false);
});

test('TV-24 Discard when only 2 drawn: 50 men + 200 = 250 → 2 cards, discard 1', () => {
  const n = fateDraw([{ troops: ['green-reg-50a'], casualties: 0 }], true, 0, C);
  assert.equal(n, 2);
  assert.equal(discards(n, true, C), 1);
  assert.equal(fateDraw([{ troops: men(300), casualties: 2 }], true, 0, C), 3, 'each token already there costs a card');
});

test('TV-21 Stronghold ransom: 15 crowns → 7; TV-27 Raze loot: income 3 → 9 crowns', () => {
  assert.equal(ransomCrowns(15), 7);
  const income3 = 'gueville';
  assert.equal(razeLoot(income3, C), 9);
});

test('TV-16 Death of a noble: Almos Topaz, 200 regulars + 50, 100 English + 100 Polish, 5 tokens; Fate "English": the 50 English deserts; 100 English + 100 Polish lost; the heir keeps 200 regulars', () => {
  const s = game(['yellow', 'green'], 'tv16');
  const almos = NOBLE_ROLES['Almos Topaz'];
  const yellowAll = Object.values(s.nobles).filter((n) => n.baron === 'yellow').flatMap((n) => n.troops);
  for (const n of Object.values(s.nobles)) if (n.baron === 'yellow') { n.troops = []; n.location = { kind: 'off' }; }
  const e50 = freeMercenary(s, 'english', 50), e100 = freeMercenary(s, 'english', 100), p100 = freeMercenary(s, 'polish', 100);
  s.secret.mercenaryDeck = [...s.secret.mercenaryDeck.filter((m) => ![e50, e100, p100].includes(m)), ...yellowAll.filter((t) => t.startsWith('merc-'))];
  s.display = s.display.filter((m) => ![e50, e100, p100].includes(m));
  const regulars200 = ['yellow-reg-50a', 'yellow-reg-50b', 'yellow-reg-100'];
  s.nobles[almos]!.troops = [...regulars200, e50, e100, p100];
  s.nobles[almos]!.casualties = 5;
  s.nobles[almos]!.location = { kind: 'region', region: s.strongholds.yellow.region! };
  s.nobles['yellow-circle']!.troops = ['yellow-reg-50c'];
  s.nobles['yellow-circle']!.location = { kind: 'region', region: s.strongholds.yellow.region! };
  const english = FATE_DECK.find((f) => f.nation === 'english')!.id;
  s.secret.fateDeck = [english, ...s.secret.fateDeck.filter((f) => f !== english)];
  assert.deepEqual(checkInvariants(s), []);
  killNoble(s, almos, { deserter: e50 });
  const n = s.nobles[almos]!;
  assert.deepEqual(n.troops, regulars200);
  assert.equal(n.casualties, 0);
  assert.deepEqual(n.location, { kind: 'off' });
  assert.ok([e50, e100, p100].every((m) => s.secret.mercenaryDeck.includes(m)));
  assert.deepEqual(checkInvariants(s), []);
});

test('§6.12 troop loss: the largest total of mercenaries ≤ 100 × tokens; without an heir, mercenaries to the deck and regulars out of the game', () => {
  const cards = ['merc-english-1', 'merc-english-5', 'merc-english-9']; // 50, 100, 150
  assert.deepEqual(cards.map((c) => mercenary(c).strength), [50, 100, 150]);
  assert.deepEqual(maximalLoss(cards, 200).map(troopMen).reduce((a, b) => a + b, 0), 200);
  assert.deepEqual(maximalLoss(cards, 100), ['merc-english-5']);
  assert.deepEqual(maximalLoss(cards, 0), []);
  const s = game(['green', 'blue'], 'noheir');
  const circle = s.nobles['green-circle']!;
  circle.hasHeir = false;
  const regs = circle.troops.filter((t) => !t.startsWith('merc-'));
  killNoble(s, circle.id);
  assert.deepEqual(s.nobles['green-circle']!.troops, []);
  assert.deepEqual(s.outOfGame, regs);
  assert.deepEqual(checkInvariants(s), []);
});

test('§4.6 [P G-A35] a noble whose mercenaries desert at Wages, left with casualty tokens ≥ his troops, is killed', () => {
  let s = game(['green', 'blue'], 'ga35');
  const circle = s.nobles['green-circle']!;
  const star = s.nobles['green-star']!;
  star.troops = circle.troops.filter((t) => t.startsWith('merc-'));
  star.troops.push('green-reg-50a');
  circle.troops = circle.troops.filter((t) => !star.troops.includes(t));
  star.location = { ...circle.location };
  star.casualties = 1;
  s.barons.green.crowns = 5; // regulars on the circle noble are exempt; the star's 50 regular costs 1; 4 left is enough for the mercenaries, but he pays none
  s = runWages(s, { green: { pay: [] } });
  assert.deepEqual(s.nobles['green-star']!.location, { kind: 'off' }, '1 token ≥ 50 men: killed, not merely lifted');
  assert.ok(s.log.some((e) => e.t === 'noble-died' && e.noble === 'green-star'));
  assert.deepEqual(s.nobles['green-star']!.troops, ['green-reg-50a'], 'the heir keeps the regular');
  assert.deepEqual(checkInvariants(s), []);
});
