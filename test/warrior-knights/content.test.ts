/**
 * The original content (rules §10): the shipped board and cards pass every MUST and SHOULD we
 * check, each MUST broken on a copy is reported, the role aliases of §10.10 are filled, and the
 * Fate deck has the distribution §10.6 suggests (doubled to 48 cards). Names and texts exist in
 * French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD, city, CITY_ROLES, passable } from '../../src/rulesets/warrior-knights/board.ts';
import { NOBLE_ROLES, noble } from '../../src/rulesets/warrior-knights/barons.ts';
import { BARON_CARD_TYPES, DESTINATIONS, FATE_DECK, MERCENARIES, NEUTRAL_CARD_TYPES, baronCards, NEUTRAL_CARDS, actionCard } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkContent, SHIPPED, type Content } from '../../src/rulesets/warrior-knights/content-check.ts';

const broken = (f: (c: Content) => void): string[] => { const c = structuredClone(SHIPPED) as Content; f(c); return checkContent(c).errors; };

test('§10.11 the shipped content has no error and no warning', () => {
  assert.deepEqual(checkContent(SHIPPED), { errors: [], warnings: [] });
});

test('§10.2 the Kingdom: 48 regions, 18 cities, 4 bridges, a road of 12 regions, mountains', () => {
  assert.equal(BOARD.regions.filter((r) => !r.overseas).length, 48);
  assert.equal(BOARD.cities.filter((c) => !c.overseas).length, 18);
  assert.equal(BOARD.edges.filter((e) => e.bridge).length, 4);
  assert.equal(BOARD.road.length, 12);
  assert.ok(BOARD.edges.filter((e) => e.blocked === 'mountain').every((e) => !passable(e)));
  assert.ok(BOARD.edges.filter((e) => e.blocked === 'river').every((e) => passable(e) === e.bridge));
  assert.deepEqual(BOARD.cities.filter((c) => !c.overseas).map((c) => c.strength).sort().join(), [100, 100, 100, 100, 200, 200, 200, 200, 200, 200, 200, 200, 300, 300, 300, 300, 400, 400].sort().join());
});

test('§10.10 role aliases: Vecht 300, Fröli and Monz 200, Ballin a port, Alan of Smalt a green square, Guy de Solferino a red star', () => {
  assert.equal(city(CITY_ROLES.Vecht).strength, 300);
  assert.equal(city(CITY_ROLES['Fröli']).strength, 200);
  assert.equal(city(CITY_ROLES.Monz).strength, 200);
  assert.ok(BOARD.regions.find((r) => r.id === city(CITY_ROLES.Ballin).region)!.port);
  assert.ok(city(CITY_ROLES.Cadix).overseas && city(CITY_ROLES.Alexandrie).overseas);
  assert.equal(noble(NOBLE_ROLES['Alan of Smalt']).shape, 'square');
  assert.equal(noble(NOBLE_ROLES['Guy de Solferino']).shape, 'star');
});

test('§10.6 the Fate deck: 48 cards, each baron on 8, each noble and city on 2, the suggested results doubled', () => {
  assert.equal(FATE_DECK.length, 48);
  const count = <T>(f: (x: (typeof FATE_DECK)[number]) => T, v: T) => FATE_DECK.filter((x) => f(x) === v).length;
  for (const b of ['green', 'blue', 'red', 'yellow', 'black', 'violet'] as const) assert.equal(count((x) => x.baron, b), 8);
  assert.equal(count((x) => x.revolt, true), 16);
  assert.deepEqual(['inflict', 'avoid', 'victory', 'draw'].map((v) => count((x) => x.battle, v)), [18, 12, 12, 6]);
  const dist = (d: (typeof DESTINATIONS)[number]) => ['lost', 'no-news', 1, 2, 3, 4].map((v) => count((x) => x.expedition[d], v as never));
  assert.deepEqual(dist('ceylon'), [6, 10, 12, 16, 4, 0]);
  assert.deepEqual(dist('spice'), [12, 10, 8, 10, 6, 2]);
  assert.deepEqual(dist('china'), [18, 10, 4, 4, 6, 6]);
  assert.equal(new Set(FATE_DECK.map((f) => f.city)).size, 24);
  assert.equal(new Set(FATE_DECK.map((f) => f.noble)).size, 24);
});

test('§10.5 mercenaries: 60 cards, wage = strength ÷ 50, the cards TV-05 and TV-16 need', () => {
  assert.equal(MERCENARIES.length, 60);
  assert.ok(MERCENARIES.every((m) => m.wage * 50 === m.strength));
  for (const [n, s] of [['english', 150], ['polish', 100], ['polish', 50], ['romanian', 50]] as const) assert.ok(MERCENARIES.some((m) => m.nation === n && m.strength === s));
});

test('§10.7 action cards: 12 per baron, 8 neutral, names and texts in French and English', () => {
  assert.equal(baronCards('green').length, 12);
  assert.equal(NEUTRAL_CARDS.length, 8);
  for (const t of [...Object.values(BARON_CARD_TYPES), ...Object.values(NEUTRAL_CARD_TYPES)]) {
    assert.ok(t.name.fr && t.name.en && t.text.fr && t.text.en && t.name.fr !== '' && t.text.en !== t.text.fr);
  }
  assert.deepEqual(actionCard('green:levy:2'), { neutral: false, owner: 'green', type: 'levy' });
  assert.throws(() => actionCard('green:levy:3'));
});

test('§10.11 each MUST broken is an error', () => {
  assert.ok(broken((c) => { c.board.cities = c.board.cities.filter((x) => x.id !== 'tornay'); }).some((e) => /cities, 18 are required/.test(e)));
  assert.ok(broken((c) => { c.board.edges.find((e) => e.blocked === 'river' && !e.bridge)!.bridge = true; }).some((e) => /5 bridges/.test(e)));
  assert.ok(broken((c) => { c.board.edges.find((e) => e.road)!.blocked = 'mountain'; }).some((e) => /crosses a mountain/.test(e)));
  assert.ok(broken((c) => { for (const e of c.board.edges) if (e.blocked === 'river') e.bridge = false; }).some((e) => /not connected by land/.test(e)));
  assert.ok(broken((c) => { c.board.cities.find((x) => x.id === 'gueville')!.strength = 250; }).some((e) => /multiple of 100/.test(e)));
  assert.ok(broken((c) => { c.cityRoles.Vecht = 'aubreval'; }).some((e) => /role Vecht/.test(e)));
  assert.ok(broken((c) => { c.track = c.track.map((s) => (s.label === 3 ? { ...s, cost: 4 } : s)); }).some((e) => /labelled 3 does not cost 5/.test(e)));
  assert.ok(broken((c) => { c.mercenaries = c.mercenaries.slice(1); }).some((e) => /60 required/.test(e)));
  assert.ok(broken((c) => { c.fate = c.fate.map((f) => ({ ...f, expedition: { ...f.expedition, china: f.expedition.ceylon } })); }).some((e) => /success shares/.test(e)));
  assert.ok(broken((c) => { c.baronCards = { ...c.baronCards, levy: 0, church: 1, military: 6 }; }).some((e) => /Taxes cannot reach 2N/.test(e)));
  assert.ok(broken((c) => { c.neutralCards = { ...c.neutralCards, 'uncertain-times': 0, 'major-event': 3 }; }).some((e) => /uncertain-times is missing/.test(e)));
  assert.ok(broken((c) => { c.board.regions = c.board.regions.filter((r) => r.id !== 'sea-acre'); }).some((e) => /5 Overseas regions/.test(e)));
});
