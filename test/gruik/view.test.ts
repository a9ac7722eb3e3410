/**
 * What a player may know (rules §3.3 S0.5, §5.6.1, §11.1, §17, Appendix B; style §5): the public
 * political map for everyone; a state's own forces, treasury, ledger and rolls for it alone;
 * others' land forces only where the viewer controls the province or stands, without AP or
 * modifier; never the season keys not yet revealed or a rumour's author. A property checks that
 * sentinel values of the other states never appear in a view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, KEY } from './fixture.ts';

test('the public view: the political map and prestige, no forces, no treasury, no keys', () => {
  const s = fixture();
  s.realms.dwarves!.treasury = 41;
  const v = viewOf(s, null);
  assert.equal(v.provinces.sylve!.owner, 'elves');
  assert.deepEqual(Object.keys(v.armies), []);
  assert.equal('treasury' in v.realms.dwarves!, false);
  assert.equal(JSON.stringify(v).includes(KEY), false);
  assert.equal(v.dice.keyHashes[0]!.length, 64, 'the key’s hash is public');
});

test('a state sees its own forces in full, others only where it controls or stands, without strength', () => {
  const s = fixture();
  s.armies[DWARF_ARMY]!.location = 'coudre';
  s.armies[DWARF_ARMY]!.currentAP = 23;
  s.armies['fens:A1']!.location = 'tourbe';
  const v = viewOf(s, 'elves');
  assert.deepEqual(Object.keys(v.armies), [ELF_ARMY]);
  assert.deepEqual(v.seen, [{ id: DWARF_ARMY, kind: 'army', state: 'dwarves', location: 'coudre', inFortress: false }]);
  assert.equal('treasury' in v.realms.elves!, true);
  assert.deepEqual(Object.keys(v.fleets), ['elves:F1']);
});

test('rumours keep their author secret; rolls and ledger entries reach only their audience', () => {
  const s = fixture();
  s.rumours.push({ id: 'R1', text: 'Les nains creusent trop profond.', season: 0 });
  s.secret.rumourAuthors.R1 = 'elves';
  s.rollLog.push({ season: 0, phase: 'S0.3', event: 'base:dwarves', index: 0, sides: 8, face: 7, purpose: 'seasonal base', rule: '[T §4.1.1]', audience: ['dwarves'] });
  s.ledger.push({ season: 0, state: 'dwarves', what: 'treasury', delta: 28, cause: { fr: 'impôts', en: 'taxes' }, rule: '[T §12.1.1]' });
  const v = viewOf(s, 'elves');
  assert.equal(v.rumours.length, 1);
  assert.equal(JSON.stringify(v).includes('rumourAuthors'), false);
  assert.deepEqual([v.rolls, v.ledger], [[], []]);
  assert.equal(viewOf(s, 'dwarves').rolls.length, 1);
});

test('property: nothing of another state’s strength, money or secrets leaks into a view', () => {
  fc.assert(fc.property(fc.integer({ min: 900_001, max: 999_999 }), fc.constantFrom('coudre', 'enclume', 'tourbe', 'sylve'), (sentinel, at) => {
    const s = fixture();
    s.realms.dwarves!.treasury = sentinel;
    s.armies[DWARF_ARMY]!.currentAP = sentinel + 1;
    s.armies[DWARF_ARMY]!.mod = -(sentinel + 2);
    s.armies[DWARF_ARMY]!.location = at;
    s.fleets['dwarves:F1']!.ships = sentinel + 3;
    s.secret.seasonKeys[1] = `secret-${sentinel}`;
    for (const viewer of ['elves', 'fens', null]) {
      const text = JSON.stringify(viewOf(s, viewer));
      for (const x of [sentinel, sentinel + 1, sentinel + 2, sentinel + 3]) assert.equal(text.includes(String(x)), false, `${viewer} sees ${x}`);
      assert.equal(text.includes(KEY), false);
    }
    assert.ok(JSON.stringify(viewOf(s, 'dwarves')).includes(String(sentinel)));
  }));
});
