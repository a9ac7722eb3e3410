/**
 * Armies appearing, re-forming and disappearing (rules §4.3 item 5, §4.6, §4.8; TV-11, TV-12,
 * TV-28's "re-forms at the capital next season", A-11, A-13), with refusals in both languages and
 * the invariants after each act.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { armyListRefusal, createArmy, disbandArmy, reformArmy, reformPlaces, withholdAlly } from '../../src/rulesets/gruik/rules/armies.ts';
import { actsAsMainArmy, battleBudget } from '../../src/rulesets/gruik/rules/army-size.ts';
import { createDetachment, sendAlly } from '../../src/rulesets/gruik/rules/detachments.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

test('TV-11 the second army appears at the capital with mod 0 and a new general', () => {
  const r = createArmy(fixture(), 'elves');
  assert.ok(r.ok);
  const a = r.state.armies[r.id!]!;
  assert.deepEqual([r.id, a.location, a.mod, a.general], ['elves:A2', 'sylve', 0, 'elves:general:2']);
  assert.equal(r.state.characters['elves:general:2']!.army, 'elves:A2');
  assert.deepEqual(r.state.realms.elves!.armies, [ELF_ARMY, 'elves:A2']);
  assert.deepEqual(checkInvariants(r.state), []);
  const s = fixture();
  s.realms.elves!.capital = null;
  const none = createArmy(s, 'elves');
  assert.ok(!none.ok && none.reason === 'no-capital' && /sans capitale/.test(none.message.fr));
});

test('TV-12 the army that disappears: its detachments go, its general stays without an army, allies joined to it stand alone', () => {
  let s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, ELF_ARMY, { currentAP: 24, seasonalSize: 24 });
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  const d = createDetachment(s, ELF_ARMY, 3);
  assert.ok(d.ok);
  const ally = sendAlly(d.state, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(ally.ok);
  const r = disbandArmy(ally.state, ELF_ARMY);
  assert.ok(r.ok);
  assert.equal(r.state.armies[ELF_ARMY], undefined);
  assert.equal(r.state.detachments[d.id!], undefined);
  assert.equal(r.state.detachments[ally.id!]!.hostArmy, undefined);
  assert.equal(r.state.characters['elves:general:1']!.army, undefined);
  assert.deepEqual(r.state.realms.elves!.armies, []);
  assert.deepEqual(checkInvariants(r.state), []);
});

test('[P A-13] a captured army re-forms at the capital; without one, with a friend or its master; else nowhere', () => {
  const s = fixture();
  s.armies[ELF_ARMY]!.location = 'captured';
  s.armies[ELF_ARMY]!.mod = -4;
  const r = reformArmy(s, ELF_ARMY);
  assert.ok(r.ok);
  assert.deepEqual([r.state.armies[ELF_ARMY]!.location, r.state.armies[ELF_ARMY]!.mod], ['sylve', -4]);
  s.realms.elves!.capital = null;
  assert.deepEqual(reformPlaces(s, ELF_ARMY), []);
  s.realms.fens!.friendsDeclared = ['elves'];
  assert.deepEqual(reformPlaces(s, ELF_ARMY), ['tourbe', 'ilot']);
  const chosen = reformArmy(s, ELF_ARMY, 'ilot');
  assert.ok(chosen.ok && chosen.state.armies[ELF_ARMY]!.location === 'ilot');
  const bad = reformArmy(s, ELF_ARMY, 'roc');
  assert.ok(!bad.ok && bad.reason === 'no-place');
  assert.equal((reformArmy(fixture(), ELF_ARMY) as { reason?: string }).reason, 'not-captured');
});

test('[P A-11] a withheld volunteer neither fights nor counts; a forced ally cannot be withheld', () => {
  const s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, ELF_ARMY, { currentAP: 16, seasonalSize: 16 });
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  const ally = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(ally.ok);
  assert.equal(battleBudget(ally.state, ELF_ARMY).total, 20);
  const w = withholdAlly(ally.state, ally.id!);
  assert.ok(w.ok);
  assert.deepEqual([battleBudget(w.state, ELF_ARMY).total, actsAsMainArmy(w.state, ELF_ARMY)], [16, false]);
  const t = fixture();
  t.realms.dwarves!.master = 'elves';
  setArmy(t, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  setArmy(t, ELF_ARMY, { currentAP: 20, seasonalSize: 20 });
  const forced = sendAlly(t, DWARF_ARMY, ELF_ARMY, 4, 'forcedAlly');
  assert.ok(forced.ok);
  const no = withholdAlly(forced.state, forced.id!);
  assert.ok(!no.ok && no.reason === 'not-volunteer' && /forced ally is always there/.test(no.message.en));
});

test('§4.6 the army list: its AP total at most the budget fielded, refused in both languages', () => {
  assert.equal(armyListRefusal(24, 24), null);
  const r = armyListRefusal(31, 30);
  assert.ok(r && /31 AP/.test(r.message.fr) && /30 AP fielded/.test(r.message.en));
});
