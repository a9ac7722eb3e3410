/**
 * The map (rules §2.2, §12.2 M-01 … M-07, M-16, §12.7): the fixture passes every geometry check,
 * the loader's derivations (straits as land links, zone coasts), and one broken map per check,
 * each refused with its code, the entity and a sentence in both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkMap, indexMap, landDistance, landLink, type GruikMap } from '../../src/rulesets/gruik/map.ts';
import { FIXTURE_MAP } from '../../src/rulesets/gruik/maps/fixture.ts';

const broken = (edit: (m: GruikMap) => void): GruikMap => { const m = structuredClone(FIXTURE_MAP); edit(m); return m; };
const codes = (m: GruikMap) => checkMap(m).map((p) => `${p.check} ${p.entity}`);

test('§12.7 the fixture: 10 provinces, 3 sea zones with one open-sea edge, 1 strait; no breach', () => {
  assert.deepEqual(checkMap(FIXTURE_MAP), []);
  assert.equal(FIXTURE_MAP.provinces.length, 10);
  assert.equal(FIXTURE_MAP.seaZones.length, 3);
  assert.equal(FIXTURE_MAP.seaZones.flatMap((z) => z.neighbours).filter((n) => !n.coastal).length, 2, 'one open-sea edge, listed from both sides');
  assert.equal(FIXTURE_MAP.straits.length, 1);
});

test('the loader derives strait crossings as land links with viaStrait, and each zone’s coasts', () => {
  const ix = indexMap(FIXTURE_MAP);
  assert.deepEqual(landLink(ix, 'rives', 'roc'), { province: 'roc', viaStrait: 'brumes' });
  assert.deepEqual(landLink(ix, 'roc', 'rives'), { province: 'rives', viaStrait: 'brumes' });
  assert.deepEqual(landLink(ix, 'sylve', 'rives'), { province: 'rives' });
  assert.equal(landLink(ix, 'sylve', 'roc'), undefined);
  assert.deepEqual(ix.zoneCoasts.large, ['enclume', 'gouffre', 'ilot']);
  assert.equal(landDistance(ix, 'sylve', 'enclume'), 3, 'sylve → rives → roc (strait) → enclume');
  assert.equal(landDistance(ix, 'sylve', 'ilot'), Infinity, 'an island');
});

test('M-01 a tax value below 1 or not an integer; a missing name', () => {
  assert.deepEqual(codes(broken((m) => { m.provinces[0]!.taxValue = 0; })), ['M-01 sylve']);
  assert.deepEqual(codes(broken((m) => { m.provinces[1]!.taxValue = 2.5; })), ['M-01 rives']);
  assert.deepEqual(codes(broken((m) => { m.provinces[2]!.name = ''; })), ['M-01 coudre']);
});

test('M-02 asymmetric, self and unknown land links', () => {
  assert.deepEqual(codes(broken((m) => { m.provinces[0]!.landNeighbours.push('tourbe'); })), ['M-02 sylve']);
  assert.deepEqual(codes(broken((m) => { m.provinces[0]!.landNeighbours.push('sylve'); })), ['M-02 sylve']);
  assert.deepEqual(codes(broken((m) => { m.provinces[0]!.landNeighbours.push('nowhere'); })), ['M-02 sylve']);
});

test('M-03 a province cut off from everything', () => {
  assert.deepEqual(codes(broken((m) => { m.provinces.find((p) => p.id === 'ilot')!.coasts = []; })), ['M-03 ilot']);
});

test('M-04 an unknown or repeated coast; M-05 a zone with no shore', () => {
  assert.deepEqual(codes(broken((m) => { m.provinces[0]!.coasts.push('ocean'); })), ['M-04 sylve']);
  assert.deepEqual(codes(broken((m) => { m.provinces[0]!.coasts.push('baie'); })), ['M-04 sylve']);
  const lonely = broken((m) => { m.seaZones.push({ id: 'abysse', name: 'Abysse', neighbours: [{ zone: 'large', coastal: false }] }); m.seaZones[2]!.neighbours.push({ zone: 'abysse', coastal: false }); });
  assert.deepEqual(codes(lonely), ['M-05 abysse']);
});

test('M-06 sea edges symmetric with one coastal flag; a coastal edge needs a shared shore', () => {
  assert.deepEqual(codes(broken((m) => { m.seaZones[0]!.neighbours[1]!.coastal = true; })), ['M-06 baie', 'M-06 baie', 'M-06 large']);
  assert.deepEqual(codes(broken((m) => { m.seaZones[0]!.neighbours.push({ zone: 'baie', coastal: false }); })), ['M-06 baie']);
});

test('M-07 a strait between land neighbours, with a zone off its shores, or a crossing that is no sea edge', () => {
  assert.deepEqual(codes(broken((m) => { m.straits[0]!.provinces = ['sylve', 'rives']; })), ['M-07 brumes']);
  assert.deepEqual(codes(broken((m) => { m.straits[0]!.adjacentZones = ['large']; m.straits[0]!.fleetCrossing = undefined; })), ['M-07 brumes']);
  assert.deepEqual(codes(broken((m) => { m.straits[0]!.adjacentZones = ['baie']; })), ['M-07 brumes']);
});

test('M-16 ids: pattern and uniqueness, in both languages', () => {
  const p = checkMap(broken((m) => { m.provinces[3]!.id = 'haut val'; m.provinces[0]!.landNeighbours = ['rives', 'coudre', 'haut val']; m.provinces[2]!.landNeighbours = ['sylve', 'rives', 'haut val', 'tourbe']; m.provinces[4]!.landNeighbours = ['coudre', 'haut val', 'marche', 'gouffre']; }));
  assert.deepEqual(p.map((x) => x.check), ['M-16']);
  assert.match(p[0]!.message.fr, /identifiant invalide/);
  assert.match(p[0]!.message.en, /invalid or duplicate id/);
});
