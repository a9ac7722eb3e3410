/**
 * Pointed, quick tests of the fog of war's helpers (the `ak-fog` mutation area, docs/quality.md):
 * run first in that area, so that most mutants die in a second. The one message for every kind of
 * "not found" (orders/absent.ts, S8.1), the income bands (§2.2, G-56), the seat of a player.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { knowsCharacter, nobodyHere, noSiteHere, noTrace, positiveId } from '../../src/rulesets/adventurer-kings/orders/absent.ts';
import { bandOf, kingdomOfPlayer, playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { alignmentKings, alignmentVp, officeStandings, royalTitleStandings } from '../../src/rulesets/adventurer-kings/report/offices.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { army, character, emptyState, kingdom, province } from './fixture.ts';

test('S8.1 "not found" messages: one text per kind, in French and English, with the number asked', () => {
  assert.deepEqual(nobodyHere(17), { fr: 'personne du n° 17 ici', en: 'nobody of number 17 here' });
  assert.deepEqual(noSiteHere(4), { fr: 'il n’y a pas de lieu n° 4 dans sa province', en: 'there is no site 4 in his province' });
  assert.deepEqual(noTrace(230), { fr: 'aucune trace d’un personnage n° 230', en: 'no trace of any character 230' });
});

test('S8.1/G-100 a kingdom may name its own characters and those it has seen; an NPC anyone; nobody a character that does not exist', () => {
  const s = emptyState({
    kingdoms: { 1: kingdom(1), 2: kingdom(2) },
    characters: { 1: character(1), 2: character(2, { kingdom: 2 }), 3: character(3, { kingdom: 2 }), 4: character(4, { kingdom: 1 }), 5: character(5, { kingdom: null, role: 'WanderingHero' }) },
    knowledge: { 1: { provinces: {}, sites: {}, alignments: {}, characters: { 3: { id: 3, name: 'Char3', kingdom: 2, asOf: { turn: 1, phase: 1 } } } } },
  });
  const c = (id: number) => s.characters[id]!;
  assert.equal(knowsCharacter(s, c(1), 4), true, 'own character');
  assert.equal(knowsCharacter(s, c(1), 1), true, 'himself');
  assert.equal(knowsCharacter(s, c(1), 3), true, 'a foreign character seen');
  assert.equal(knowsCharacter(s, c(1), 2), false, 'a foreign character never seen');
  assert.equal(knowsCharacter(s, c(1), 99), false, 'no such character');
  assert.equal(knowsCharacter(s, c(5), 2), true, 'an NPC knows anyone');
  assert.equal(knowsCharacter(s, c(5), 99), false, 'but not a character that does not exist');
  assert.equal(knowsCharacter(s, c(2), 1), false, 'a kingdom with no knowledge record knows no foreigner');
  assert.equal(knowsCharacter(s, c(2), 3), true, 'but knows its own');
  assert.equal(s.knowledge[2], undefined, 'asking creates no knowledge record');
});

test('a character or site number: a positive integer, nothing else', () => {
  assert.equal(positiveId('1'), 1);
  assert.equal(positiveId('230'), 230);
  assert.equal(positiveId('007'), 7);
  for (const w of [undefined, '', '0', '00', '-3', '+3', '3.5', '1e3', ' 3', '3 ', 'x3', '3x', 'III']) assert.equal(positiveId(w), null, JSON.stringify(w));
});

test('§2.2 income bands at their edges: poor 0–2, prosperous 3–6, rich 7–10', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(bandOf),
    ['Poor', 'Poor', 'Poor', 'Prosperous', 'Prosperous', 'Prosperous', 'Prosperous', 'Rich', 'Rich', 'Rich', 'Rich']);
});

test('the kingdom seated as a player: by its player, none for the public view or a stranger', () => {
  const s = emptyState({ kingdoms: { 3: kingdom(3, { player: 'carol' }), 1: kingdom(1, { player: 'alice' }), 2: kingdom(2, { player: 'bob' }) } });
  assert.equal(kingdomOfPlayer(s, 'alice'), 1);
  assert.equal(kingdomOfPlayer(s, 'bob'), 2);
  assert.equal(kingdomOfPlayer(s, 'carol'), 3);
  assert.equal(kingdomOfPlayer(s, 'dave'), null);
  assert.equal(kingdomOfPlayer(s, null), null);
});

/**
 * Two kingdoms and the natives. Kingdom 1 (p1) owns 101 (its capital, named, with a ruler, a
 * site and fallen it explored) and 102 (contested by kingdom 2); it knows 201 (kingdom 2's
 * capital) at 40 %, 202 at 100 %, 203 at 0 %, the island 301 at 1 %, the unowned 302 (contested
 * by it) at 60 % and 304 at 5 % (its owner, not its terrain); it never heard of 303. Kingdom 2 attacks 102 and 202.
 */
function world(): AKState {
  const at = (turn: number) => ({ turn, phase: 2 });
  const s = emptyState({
    turn: 5,
    kingdoms: { 1: kingdom(1, { alignment: 'Good', relations: { 2: 'Enemy' } }), 2: kingdom(2, { alignment: 'Evil', treasury: 777 }) },
    characters: {
      1: character(1, { name: 'Arthur', role: 'King', kingdom: 1, province: 101, items: [7] }),
      2: character(2, { name: 'Mordred', role: 'King', kingdom: 2, province: 201, items: [8] }),
      3: character(3, { name: 'Lancelot', kingdom: 1, province: 102 }),
      4: character(4, { name: 'Agravain', kingdom: 2, province: 202 }),
    },
    armies: { 10: army(10, 'LE', { kingdom: 1, province: 101 }), 20: army(20, 'LE', { kingdom: 2, province: 201 }) },
    items: { 7: { id: 7, name: 'Excalibur' } as never, 8: { id: 8, name: 'Carnwennan' } as never },
    provinces: {
      101: province(101, { owner: 1, capitalOf: 1, name: 'Camelot', ruler: 1, taxBase: 9, terrain: 'Mountain', race: 'Elf', types: ['BO', 'LE'], sites: [5] }),
      102: province(102, { owner: 1, taxBase: 2, contested: { attackers: [2] }, straits: [301], isthmus: true }),
      201: province(201, { owner: 2, capitalOf: 2, name: 'Orkney', taxBase: 8, terrain: 'Forest', race: 'Dwarf', types: ['AX'] }),
      202: province(202, { owner: 2, taxBase: 6, contested: { attackers: [2] }, name: 'Lothian' }),
      203: province(203, { owner: 2, taxBase: 4, name: 'Gore' }),
      301: province(301, { terrain: 'Sea', island: 'Mountain', taxBase: 3, name: 'Avalon' }),
      302: province(302, { taxBase: 1, contested: { attackers: [1] } }),
      303: province(303, { owner: 2, name: 'Listenois', sites: [6], island: 'Forest' }),
      304: province(304, { owner: 2 }),
    },
    sites: {},
    knowledge: {
      1: {
        provinces: {
          101: { pct: 100, sites: [5], fallen: [{ type: 'LE', race: 'Human', quality: 2, turn: 3 }] },
          201: { pct: 40, terrain: 'Forest', race: 'Dwarf', types: ['AX'], owner: { kingdom: 2, ruler: 2, asOf: at(3) }, band: 'Prosperous', capitalOf: 2, capital: { of: 2, asOf: at(3) }, sites: [9, 6],
            military: { asOf: at(4), armies: [{ type: 'LE', count: 2, kingdom: 2 }], characters: [2], margin: 1 } },
          202: { pct: 100, terrain: 'Plain', race: 'Human', types: ['LE'], owner: { kingdom: 2, asOf: at(2) }, exactTax: 5, sites: [], fallen: [] },
          203: { pct: 0, terrain: 'Plain', sites: [] },
          301: { pct: 1, terrain: 'Sea', sites: [] },
          302: { pct: 60, terrain: 'Plain', sites: [] },
          304: { pct: 5, owner: { kingdom: 2, asOf: at(4) }, sites: [] }, // a record with no terrain
        },
        sites: { 5: { name: 'Tintagel', type: 'Castle' }, 9: { name: 'Dun Eidyn', type: 'Ruin' }, 11: { name: 'Nowhere', type: 'Cave' } },
        characters: {
          2: { id: 2, name: 'Mordred', kingdom: 2, province: 201, asOf: at(4) },
          3: { id: 3, name: 'Lancelot', kingdom: 1, province: 102, asOf: at(4) },
        },
        alignments: { 2: 'Evil' },
      },
    },
  });
  return s;
}

test('S8.2–S8.5 a kingdom’s view, field by field: its own exactly, the rest as its records say, the contested flag to the attackers only', () => {
  const s = world();
  const v = playerView(s, 'p1');
  assert.equal(v.turn, 5);
  assert.equal(v.finished, null);
  assert.deepEqual(v.kings, [
    { kingdom: 1, name: 'Realm1', king: 'Arthur', eliminated: false, relation: null, alignment: 'Good' },
    { kingdom: 2, name: 'Realm2', king: 'Mordred', eliminated: false, relation: 'Enemy', alignment: 'Evil' },
  ]);
  assert.deepEqual(v.me, {
    kingdom: s.kingdoms[1], characters: [s.characters[1], s.characters[3]], armies: [s.armies[10]], items: [s.items[7]], offices: officeStandings(s, 1),
  });
  assert.notEqual(v.me!.kingdom, s.kingdoms[1], 'a copy, not the state itself');
  const own = (turn: number) => ({ kingdom: 1, asOf: { turn, phase: 0 } });
  assert.deepEqual(v.provinces, {
    101: { id: 101, row: 1, col: 1, pct: 100, own: true, sites: [5], terrain: 'Mountain', race: 'Elf', types: ['BO', 'LE'], owner: { ...own(5), ruler: 1 }, tax: 9, capitalOf: 1,
      fallen: [{ type: 'LE', race: 'Human', quality: 2, turn: 3 }], name: 'Camelot' },
    102: { id: 102, row: 1, col: 2, pct: 0, own: true, sites: [], terrain: 'Plain', race: 'Human', types: ['LE'], owner: own(5), tax: 2, contested: true, straits: [301], isthmus: true },
    201: { id: 201, row: 2, col: 1, pct: 40, own: false, sites: [6, 9], terrain: 'Forest', race: 'Dwarf', types: ['AX'], owner: { kingdom: 2, ruler: 2, asOf: { turn: 3, phase: 2 } },
      capitalOf: 2, capital: { of: 2, asOf: { turn: 3, phase: 2 } }, band: 'Prosperous',
      military: { asOf: { turn: 4, phase: 2 }, armies: [{ type: 'LE', count: 2, kingdom: 2 }], characters: [2], margin: 1 }, name: 'Orkney' },
    202: { id: 202, row: 2, col: 2, pct: 100, own: false, sites: [], terrain: 'Plain', race: 'Human', types: ['LE'], owner: { kingdom: 2, asOf: { turn: 2, phase: 2 } }, tax: 5, name: 'Lothian' },
    203: { id: 203, row: 2, col: 3, pct: 0, own: false, sites: [] },
    301: { id: 301, row: 3, col: 1, pct: 1, own: false, sites: [], terrain: 'Sea', band: 'Prosperous', name: 'Avalon', island: 'Mountain' },
    302: { id: 302, row: 3, col: 2, pct: 60, own: false, sites: [], terrain: 'Plain', band: 'Poor', contested: true },
    303: { id: 303, row: 3, col: 3, pct: 0, own: false, sites: [] },
    304: { id: 304, row: 3, col: 4, pct: 5, own: false, sites: [], owner: { kingdom: 2, asOf: { turn: 4, phase: 2 } }, band: 'Prosperous' },
  });
  assert.deepEqual(v.sites, {
    5: { name: 'Tintagel', type: 'Castle', id: 5, province: 101 },
    9: { name: 'Dun Eidyn', type: 'Ruin', id: 9, province: 201 },
    11: { name: 'Nowhere', type: 'Cave', id: 11 },
  });
  assert.deepEqual(v.characters, [{ id: 2, name: 'Mordred', kingdom: 2, province: 201, asOf: { turn: 4, phase: 2 } }], 'foreign characters seen, not its own');
  // The view is a copy: editing it leaves the state as it was.
  v.provinces[201]!.military!.armies.push({ type: 'AX', count: 1, kingdom: 2 });
  v.provinces[101]!.fallen!.push({ type: 'AX', race: 'Elf', quality: 1, turn: 4 });
  v.provinces[201]!.owner!.kingdom = 1;
  v.provinces[201]!.capital!.of = 1;
  v.provinces[101]!.types!.push('GA');
  v.provinces[201]!.types!.push('GA');
  v.provinces[102]!.straits!.push(999);
  v.characters[0]!.name = 'x';
  v.sites[5]!.name = 'x';
  v.me!.characters[0]!.name = 'x';
  const k1 = s.knowledge[1]!.provinces;
  assert.equal(k1[201]!.military!.armies.length, 1);
  assert.equal(k1[101]!.fallen!.length, 1);
  assert.equal(k1[201]!.owner!.kingdom, 2);
  assert.equal(k1[201]!.capital!.of, 2);
  assert.deepEqual([s.provinces[101]!.types, k1[201]!.types, s.provinces[102]!.straits], [['BO', 'LE'], ['AX'], [301]]);
  assert.deepEqual([s.knowledge[1]!.characters[2]!.name, s.knowledge[1]!.sites[5]!.name, s.characters[1]!.name], ['Mordred', 'Tintagel', 'Arthur']);
});

test('S8.5 the other kingdom’s view and the public view: the same world from elsewhere', () => {
  const s = world();
  const v2 = playerView(s, 'p2');
  assert.deepEqual(v2.kings.map((k) => [k.kingdom, k.relation, k.alignment]), [[1, 'Neutral', undefined], [2, null, 'Evil']]);
  assert.deepEqual(v2.provinces[102], { id: 102, row: 1, col: 2, pct: 0, own: false, sites: [], straits: [301], isthmus: true }, 'no record: its attack tells it nothing without one');
  assert.deepEqual(v2.provinces[202]!.contested, true, 'its own province, contested');
  assert.deepEqual(v2.me!.items, [s.items[8]]);
  assert.deepEqual(v2.characters, []);
  const pub = playerView(s, null);
  assert.deepEqual(pub, {
    turn: 5, finished: null, me: null, provinces: {}, sites: {}, characters: [],
    kings: [
      { kingdom: 1, name: 'Realm1', king: 'Arthur', eliminated: false, relation: null },
      { kingdom: 2, name: 'Realm2', king: 'Mordred', eliminated: false, relation: null },
    ],
  });
  s.kingdoms[2]!.eliminated = true;
  delete s.characters[2];
  assert.deepEqual(playerView(s, 'nobody').kings.map((k) => [k.king, k.eliminated]), [['Arthur', false], ['', true]]);
  // A foreign character seen once and gone from the world since: his last sighting stays in the view.
  assert.deepEqual(playerView(s, 'p1').characters.map((c) => c.name), ['Mordred']);
});

test('§14.3 Super AK: the kingdom’s own part of the view adds its Royal Titles, its alignment’s VP and the names of its fellow Kings; the other games do not', () => {
  const s = world();
  s.kingdoms[3] = kingdom(3, { alignment: 'Good', king: 5 });
  s.characters[5] = character(5, { name: 'Pellinore', role: 'King', kingdom: 3, province: 303 });
  s.variant = 'super';
  const me = playerView(s, 'p1').me!;
  assert.deepEqual(me.titles, royalTitleStandings(s, 1));
  assert.equal(me.alignmentVp, alignmentVp(s, 1));
  assert.equal(typeof me.alignmentVp, 'number');
  assert.deepEqual(me.alignmentKings, ['Pellinore']);
  assert.deepEqual(alignmentKings(s, 1), ['Pellinore']);
  assert.deepEqual(Object.keys(me), ['kingdom', 'characters', 'armies', 'items', 'offices', 'titles', 'alignmentVp', 'alignmentKings']);
  for (const variant of [undefined, 'europe', 'terre'] as const) {
    s.variant = variant;
    assert.deepEqual(Object.keys(playerView(s, 'p1').me!), ['kingdom', 'characters', 'armies', 'items', 'offices'], String(variant));
  }
});
