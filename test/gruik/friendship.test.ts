/**
 * A friendship cancelled (rules §1.5, §5.11; TV-61): B's detachment in A's territory repatriated
 * along a chain of provinces still friendly to B, or destroyed with its army −1 (A-05; −10 with the
 * literal flag); B's moves through A's provinces cancelled; B's armies stay put; the invariants hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { createDetachment, sendAlly } from '../../src/rulesets/gruik/rules/detachments.ts';
import { cancelFriendship } from '../../src/rulesets/gruik/rules/friendship.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

/** The fens (A) had declared the dwarves (B) a friend; a 5 AP dwarven detachment stands in the fens' tourbe. */
function friends(): [GruikState, string] {
  const s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 25; a.seasonalSize = 24; }
  s.realms.fens!.friendsDeclared = ['dwarves'];
  const d = createDetachment(s, DWARF_ARMY, 5);
  assert.ok(d.ok);
  d.state.detachments[d.id!]!.location = 'tourbe';
  return [d.state, d.id!];
}

test('TV-61 with a chain of dwarf-friendly provinces home: the detachment is repatriated, unavailable this turn; its AP are the army’s from next season', () => {
  const [s, det] = friends();
  const orders = [{ force: DWARF_ARMY, path: ['marche', 'tourbe'] }, { force: DWARF_ARMY, path: ['gouffre'] }];
  s.armies[DWARF_ARMY]!.location = 'enclume';
  const r = cancelFriendship(s, 'fens', 'dwarves', orders);
  assert.deepEqual([r.repatriated, r.destroyed], [[det], []]);
  assert.equal(r.state.detachments[det], undefined);
  assert.deepEqual(r.state.armies[DWARF_ARMY]!.detachmentsCreated, []);
  assert.equal(r.state.armies[DWARF_ARMY]!.mod, 0);
  assert.equal(r.state.armies[DWARF_ARMY]!.currentAP, 20, 'not back this season');
  assert.deepEqual(r.state.realms.fens!.friendsDeclared, []);
  assert.deepEqual(r.cancelledOrders, [], 'a main army may enter an enemy province: neither move relied on the friendship');
  assert.deepEqual(checkInvariants(r.state), []);
});

test('TV-61 with no such chain: the detachment is destroyed and its army takes −1 (−10 under the literal reading)', () => {
  const [s, det] = friends();
  s.detachments[det]!.location = 'ilot'; // an island of the fens: no land way home
  const r = cancelFriendship(s, 'fens', 'dwarves');
  assert.deepEqual([r.repatriated, r.destroyed], [[], [det]]);
  assert.equal(r.state.armies[DWARF_ARMY]!.mod, -1);
  const literal = structuredClone(s);
  literal.config = resolveGruikConfig({ movement: { strandedPenalty: 'mod-10' } });
  assert.equal(cancelFriendship(literal, 'fens', 'dwarves').state.armies[DWARF_ARMY]!.mod, -10);
});

test('TV-61 the moves that relied on the friendship are cancelled: a detachment’s path through the fens’ tourbe', () => {
  const [s, det] = friends();
  s.detachments[det]!.location = 'marche';
  const through = { force: det, path: ['tourbe', 'hautval'] };
  s.realms.elves!.friendsDeclared = ['dwarves'];
  const r = cancelFriendship(s, 'fens', 'dwarves', [through, { force: det, path: ['gouffre'] }]);
  assert.deepEqual(r.cancelledOrders, [through]);
  assert.deepEqual([r.repatriated, r.destroyed], [[], []], 'a detachment standing at home is not using the friendship');
});

test('§5.11 an ally joined to the canceller’s army is repatriated or destroyed; B’s armies in A’s land stay put', () => {
  const s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 22; a.seasonalSize = 22; }
  s.realms.elves!.friendsDeclared = ['dwarves'];
  s.armies[DWARF_ARMY]!.location = 'sylve';
  const ally = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(ally.ok);
  const r = cancelFriendship(ally.state, 'elves', 'dwarves');
  assert.deepEqual([r.repatriated, r.destroyed], [[ally.id], []], 'its own army stands in sylve: a path of no step');
  const away = structuredClone(ally.state);
  away.armies[DWARF_ARMY]!.location = 'enclume';
  assert.deepEqual(cancelFriendship(away, 'elves', 'dwarves').destroyed, [ally.id], 'sylve is surrounded by elven provinces, now closed to the dwarves');
  assert.deepEqual(r.state.armies[ELF_ARMY]!.alliedDetachments, []);
  assert.equal(r.state.armies[DWARF_ARMY]!.location, 'sylve');
  assert.deepEqual(checkInvariants(r.state), []);
});
