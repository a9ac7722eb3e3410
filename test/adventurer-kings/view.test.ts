/**
 * What a kingdom may know (S8.2–S8.5): own assets exactly, the world only through its knowledge
 * store — never hidden sites, unspied foreign armies, another treasury, the truth under an
 * illusion, or another player's orders; the public view holds only public facts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bandOf, playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { presentView } from '../../src/rulesets/adventurer-kings/present.ts';
import { fixture, SECRETS_OF_2 } from './report-fixture.ts';

test('own kingdom exactly: characters, armies, items, own provinces with their tax base', () => {
  const v = playerView(fixture(), 'p1');
  assert.equal(v.me!.kingdom.treasury, 23);
  assert.deepEqual(v.me!.characters.map((c) => c.name), ['Arthur', 'Tilden']);
  assert.deepEqual(v.me!.armies.map((a) => a.id), [10, 11]);
  assert.deepEqual(v.me!.items.map((i) => i.name), ['Excalibur']);
  assert.equal(v.provinces[305]!.tax, 10);
  assert.equal(v.provinces[305]!.own, true);
  assert.equal(v.provinces[305]!.capitalOf, 1);
  assert.equal(Object.keys(v.provinces).length, 162);
});

test('nothing of another kingdom beyond what was learnt (S8.5): treasury, unseen Hero, unspied army, hidden site', () => {
  const s = fixture();
  const json = JSON.stringify(playerView(s, 'p1'));
  for (const secret of SECRETS_OF_2) assert.ok(!json.includes(secret), `${secret} in kingdom 1's view`);
  const v = playerView(s, 'p1');
  assert.ok(!v.me!.armies.some((a) => a.id === 20));
  assert.deepEqual(v.provinces[306]!.sites, [], 'the hidden site of 306 is not known');
  assert.equal(v.sites[2], undefined);
  assert.deepEqual(v.characters.map((c) => c.name), ['Gauvain'], 'only the seen foreign character');
  assert.equal(v.kings.find((k) => k.kingdom === 2)!.alignment, undefined, 'alignments are hidden');
  assert.equal(v.kings.find((k) => k.kingdom === 1)!.alignment, 'Good');
});

test('TV-54 illusory terrain: seen from outside, the false terrain; the truth is not in the view', () => {
  const v = playerView(fixture(), 'p1');
  assert.equal(v.provinces[307]!.terrain, 'Mountain');
});

test('income: exact tax when owned or at 100 %, otherwise the band (G-56, TV-50); 0 % shows nothing', () => {
  const s = fixture();
  const v = playerView(s, 'p1');
  assert.equal(v.provinces[306]!.tax, undefined);
  assert.equal(v.provinces[306]!.band, 'Rich');
  assert.equal(v.provinces[307]!.band, 'Prosperous');
  assert.equal(v.provinces[310]!.pct, 0);
  assert.equal(v.provinces[310]!.terrain, undefined);
  assert.equal(v.provinces[310]!.owner, undefined);
  assert.equal(v.provinces[310]!.name, undefined, 'the name of an unknown province is unknown');
  s.knowledge[1]!.provinces[306]!.pct = 100;
  s.knowledge[1]!.provinces[306]!.exactTax = 8;
  assert.equal(playerView(s, 'p1').provinces[306]!.tax, 8);
  assert.deepEqual([0, 2, 3, 6, 7, 10].map(bandOf), ['Poor', 'Poor', 'Prosperous', 'Prosperous', 'Rich', 'Rich']);
});

test('TV-52 exploration at 100 % shows sites and tax but no armies or leaders', () => {
  const s = fixture();
  s.knowledge[1]!.provinces[307] = { pct: 100, terrain: 'Mountain', exactTax: 5, sites: [] };
  const v = playerView(s, 'p1');
  assert.equal(v.provinces[307]!.tax, 5);
  assert.equal(v.provinces[307]!.military, undefined);
  assert.ok(!JSON.stringify(v).includes('Mordred'));
});

test('the view of player A holds nothing of B’s orders, and the public view only public facts', () => {
  const s = fixture() as ReturnType<typeof fixture> & { pendingOrders?: unknown };
  const v = playerView(s, 'p1');
  assert.ok(!JSON.stringify(v).includes('SE 2'));
  const pub = playerView(s, null);
  assert.equal(pub.me, null);
  assert.deepEqual(pub.provinces, {});
  assert.deepEqual(pub.sites, {});
  assert.deepEqual(pub.characters, []);
  assert.deepEqual(pub.kings.map((k) => [k.kingdom, k.name, k.king, k.relation]), [[1, 'Logres', 'Arthur', null], [2, 'Avalon', 'Morgane', null]]);
  assert.ok(pub.kings.every((k) => k.alignment === undefined));
  const json = JSON.stringify(pub);
  for (const x of ['Tilden', 'Zzyzx', '4321', 'Excalibur']) assert.ok(!json.includes(x));
});

test('presentView lays out the kingdom, characters, armies, offices, kings, provinces and sites in both languages', () => {
  const s = fixture();
  for (const lang of ['fr', 'en'] as const) {
    const doc = presentView(s, 'p1', lang);
    const titles = doc.sections.map((x) => x.title);
    assert.ok(titles.length >= 7, titles.join(', '));
    const json = JSON.stringify(doc);
    for (const secret of SECRETS_OF_2) assert.ok(!json.includes(secret), `${secret} in the presented view`);
    assert.ok(!/undefined|\[object Object\]|NaN/.test(json));
    assert.ok(json.includes('Excalibur'));
  }
  const fr = presentView(s, 'p1', 'fr');
  assert.deepEqual(fr.sections.map((x) => x.title), ['Votre royaume', 'Vos personnages', 'Talents et aptitudes', 'Vos armées', 'Charges impériales (en % du meneur)', 'Les Rois', 'Provinces connues', 'Lieux connus', 'Personnages étrangers aperçus']);
  const pub = presentView(s, null, 'en');
  assert.deepEqual(pub.sections.map((x) => x.title), ['The Kings']);
});
