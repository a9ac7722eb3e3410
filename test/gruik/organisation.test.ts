/**
 * Force organisation through step S3.6 (rules §4.5) [T §4.2]: TV-08's limits by orders (two
 * detachments at a time, the third refused in both languages), a forced ally from a tributary to
 * its master, a volunteer ally refused without the host's friendship, another state's force
 * refused; the invariants after the step.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import type { StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

const s36 = (s: GruikState, orders: Record<string, StateOrders>) => runStep(runStep(s, 'S3.1', { 'S3.1': { orders } }), 'S3.6');
const refusals = (s: GruikState) => (s.seasonEvents ?? []).filter((e) => e.t === 'refused');

test('TV-08 by orders: two detachments at a time, the third refused (FR/EN); the army’s AP deducted', () => {
  const s = fixture();
  setArmy(s, ELF_ARMY, { currentAP: 22, seasonalSize: 22 });
  const t = s36(s, { elves: { forces: [{ kind: 'detach', army: ELF_ARMY, ap: 3 }, { kind: 'detach', army: ELF_ARMY, ap: 2 }, { kind: 'detach', army: ELF_ARMY, ap: 1 }] } });
  assert.equal(t.armies[ELF_ARMY]!.detachmentsCreated.length, 2);
  assert.equal(t.armies[ELF_ARMY]!.currentAP, 17);
  const r = refusals(t);
  assert.equal(r.length, 1);
  assert.match(renderSeasonEvent(t, r[0]!, 'en'), /more than 2 detachments/);
  assert.match(renderSeasonEvent(t, r[0]!, 'fr'), /plus de 2 détachements/);
  assert.deepEqual(checkInvariants(t), []);
});

test('[T §4.2.2, §11.3] a tributary sends its master a forced ally of 4 AP; a volunteer needs the host’s friendship; nobody orders another’s forces', () => {
  const s = fixture();
  Object.assign(s.realms.fens!, { master: 'dwarves' });
  setArmy(s, 'fens:A1', { currentAP: 20, location: 'enclume' });
  setArmy(s, DWARF_ARMY, { currentAP: 20 });
  const t = s36(s, { fens: { forces: [{ kind: 'ally', army: 'fens:A1', host: DWARF_ARMY, ap: 4, forced: true }] }, elves: { forces: [{ kind: 'recall', detachment: 'fens:D1' }] } });
  const d = Object.values(t.detachments).find((x) => x.state === 'fens')!;
  assert.deepEqual([d.kind, d.ap, d.hostArmy], ['forcedAlly', 4, DWARF_ARMY]);
  assert.deepEqual(refusals(t).map((e) => e.t === 'refused' && e.state), ['elves'], 'not the elves’ force');
  setArmy(s, ELF_ARMY, { currentAP: 20, location: 'enclume' });
  const v = s36(s, { elves: { forces: [{ kind: 'ally', army: ELF_ARMY, host: DWARF_ARMY, ap: 4 }] } });
  assert.equal(refusals(v).length, 1, 'a volunteer: the dwarves did not declare the elves friends');
  s.realms.dwarves!.friendsDeclared = ['elves'];
  assert.equal(refusals(s36(s, { elves: { forces: [{ kind: 'ally', army: ELF_ARMY, host: DWARF_ARMY, ap: 4 }] } })).length, 0, 'with it, the ally joins');
  assert.deepEqual(checkInvariants(t), []);
});
