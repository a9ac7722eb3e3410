/**
 * Land movement (rules §5.1–§5.6): the limits of TV-14 and TV-15 as order validation, the
 * simultaneous resolution with its stop checks (TV-14, TV-16), crossings (TV-17), straits blocked
 * by a hostile fleet [P A-35], the movement report's triggers and reactions (TV-18, A-68), refusals
 * in both languages, and fast-check properties over random orders: determinism, every force on
 * the map, no move longer than its limit, the invariants.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { indexMap, landLink } from '../../src/rulesets/gruik/map.ts';
import { createDetachment, sendAlly } from '../../src/rulesets/gruik/rules/detachments.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { moveRefusal, reactionRefusal, reactionTriggers, resolveMovement, straitBlocked, type MoveOrder } from '../../src/rulesets/gruik/rules/movement.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

const FENS_ARMY = 'fens:A1';
/** The fixture with every army at 20 AP (main armies), the fens' army on its island, the others placed as given. */
function board(at: Record<string, string> = {}): GruikState {
  const s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies[FENS_ARMY]!.location = 'ilot';
  for (const [id, p] of Object.entries(at)) s.armies[id]!.location = p;
  return s;
}
/** A detachment split off `army`, which keeps its 20 AP (it had 20 + ap). */
function detach(s: GruikState, army: string, ap = 4): [GruikState, string] {
  s.armies[army]!.currentAP += ap;
  const r = createDetachment(s, army, ap);
  assert.ok(r.ok);
  return [r.state, r.id!];
}
const none = scriptedDice([]);

test('TV-14 army movement: coudre → hautval → tourbe stops in tourbe; coudre → tourbe → marche stops in tourbe', () => {
  const s = board({ [ELF_ARMY]: 'coudre' });
  const r1 = resolveMovement(s, [{ force: ELF_ARMY, path: ['hautval', 'tourbe'] }], none);
  assert.deepEqual(r1.moves, [{ force: ELF_ARMY, state: 'elves', from: 'coudre', to: 'tourbe' }]);
  assert.deepEqual([r1.state.armies[ELF_ARMY]!.movedFrom, r1.state.armies[ELF_ARMY]!.enteredBy, r1.state.armies[ELF_ARMY]!.moved], ['hautval', 'land', true]);
  const r2 = resolveMovement(s, [{ force: ELF_ARMY, path: ['tourbe', 'marche'] }], none);
  assert.deepEqual(r2.moves, [{ force: ELF_ARMY, state: 'elves', from: 'coudre', to: 'tourbe', stopped: 'enemy-province' }]);
  assert.equal(r2.state.armies[ELF_ARMY]!.movedFrom, 'coudre');
});

test('TV-14 an army in enemy tourbe with an enemy detachment there may not go on into enemy marche; with tourbe clear it may', () => {
  let s = board({ [ELF_ARMY]: 'tourbe' });
  const clear = moveRefusal(s, { force: ELF_ARMY, path: ['marche'] });
  assert.equal(clear, null);
  let det: string;
  setArmy(s, FENS_ARMY, { location: 'tourbe' });
  [s, det] = detach(s, FENS_ARMY, 3);
  setArmy(s, FENS_ARMY, { location: 'ilot' }); // the fens' army leaves its detachment in tourbe
  assert.equal(s.detachments[det]!.location, 'tourbe');
  const r = moveRefusal(s, { force: ELF_ARMY, path: ['marche'] });
  assert.ok(r && r.reason === 'not-clear');
  assert.match(r.message.fr, /province ennemie/);
  assert.match(r.message.en, /no enemy force remains/);
  // a garrison in the fortress counts too [P A-14]
  s.detachments[det]!.inFortress = true;
  assert.equal(moveRefusal(s, { force: ELF_ARMY, path: ['marche'] })?.reason, 'not-clear');
});

test('order limits: an army moves 2, a detachment 3, along land links only; refusals in both languages', () => {
  const s = board();
  const long = moveRefusal(s, { force: ELF_ARMY, path: ['hautval', 'coudre', 'rives'] });
  assert.ok(long && long.reason === 'too-long' && /au plus 2 provinces/.test(long.message.fr) && /at most 2 provinces/.test(long.message.en));
  const jump = moveRefusal(s, { force: ELF_ARMY, path: ['tourbe'] });
  assert.ok(jump && jump.reason === 'not-adjacent' && /Tourbière/.test(jump.message.fr));
  assert.equal(moveRefusal(s, { force: ELF_ARMY, path: ['nowhere'] })?.reason, 'unknown');
  assert.equal(moveRefusal(s, { force: ELF_ARMY, path: [] })?.reason, 'empty');
  const small = setArmy(board(), ELF_ARMY, { currentAP: 17 });
  assert.equal(moveRefusal(small, { force: ELF_ARMY, path: ['hautval', 'coudre', 'rives'] }), null, 'an army under 18 moves like a detachment: 3');
  assert.equal(moveRefusal(small, { force: ELF_ARMY, path: ['coudre', 'tourbe'] })?.reason, 'not-friendly', '…and never alone into an enemy province');
});

test('TV-15 detachment movement: rives → coudre → hautval → sylve legal; sylve → coudre → tourbe stops in coudre unless its army ends in tourbe', () => {
  let [s, det] = detach(board({ [ELF_ARMY]: 'rives' }), ELF_ARMY);
  assert.equal(moveRefusal(s, { force: det, path: ['coudre', 'hautval', 'sylve'] }), null);
  assert.equal(moveRefusal(s, { force: det, path: ['coudre', 'tourbe'] })?.reason, 'not-friendly', 'no lone entry into an enemy province');
  s.detachments[det]!.location = 'sylve';
  const lone = resolveMovement(s, [{ force: det, path: ['coudre', 'tourbe'], joins: ELF_ARMY }], none);
  assert.deepEqual(lone.moves, [{ force: det, state: 'elves', from: 'sylve', to: 'coudre', stopped: 'join-failed' }]);
  setArmy(s, ELF_ARMY, { location: 'coudre' });
  const joined = resolveMovement(s, [{ force: det, path: ['coudre', 'tourbe'], joins: ELF_ARMY }, { force: ELF_ARMY, path: ['tourbe'] }], none);
  assert.deepEqual(joined.moves.map((m) => [m.force, m.to, m.stopped]), [[det, 'tourbe', undefined], [ELF_ARMY, 'tourbe', undefined]]);
  assert.equal(joined.state.detachments[det]!.hostArmy, ELF_ARMY);
  assert.deepEqual(checkInvariants(joined.state), []);
});

test('TV-16 movement ends in a friendly province where an enemy main army stands', () => {
  const s = board({ [DWARF_ARMY]: 'hautval' });
  const r = resolveMovement(s, [{ force: ELF_ARMY, path: ['hautval', 'tourbe'] }], none);
  assert.deepEqual(r.moves, [{ force: ELF_ARMY, state: 'elves', from: 'sylve', to: 'hautval', stopped: 'enemy-army' }]);
  // an enemy army that leaves in the same step does not stop it
  const left = resolveMovement(s, [{ force: ELF_ARMY, path: ['hautval', 'tourbe'] }, { force: DWARF_ARMY, path: ['coudre'] }], none);
  assert.equal(left.moves.find((m) => m.force === ELF_ARMY)!.to, 'tourbe');
});

test('TV-17 crossing: elves coudre → tourbe and fens tourbe → coudre in the same step; d6 5 v 2: the elves enter tourbe, the fens stay; tourbe is contested', () => {
  const s = board({ [ELF_ARMY]: 'coudre', [FENS_ARMY]: 'tourbe' });
  const r = resolveMovement(s, [{ force: ELF_ARMY, path: ['tourbe'] }, { force: FENS_ARMY, path: ['coudre'] }], scriptedDice([5, 2]));
  assert.deepEqual(r.crossings, [{ step: 1, a: ELF_ARMY, b: FENS_ARMY, rolls: [[5, 2]], through: ELF_ARMY }]);
  assert.equal(r.state.armies[ELF_ARMY]!.location, 'tourbe');
  assert.equal(r.state.armies[FENS_ARMY]!.location, 'tourbe');
  assert.equal(r.moves.find((m) => m.force === FENS_ARMY)!.stopped, 'crossing');
  // ties are rerolled
  const tie = resolveMovement(s, [{ force: ELF_ARMY, path: ['tourbe'] }, { force: FENS_ARMY, path: ['coudre'] }], scriptedDice([3, 3, 1, 6]));
  assert.equal(tie.crossings[0]!.through, FENS_ARMY);
  assert.equal(tie.state.armies[FENS_ARMY]!.location, 'coudre');
  assert.equal(tie.state.armies[ELF_ARMY]!.location, 'coudre');
});

test('[P A-35] straits: crossing rives → roc is a land step, blocked by a hostile fleet stationed beside it unless it allows passage', () => {
  const ix = indexMap(fixture().map);
  assert.equal(landLink(ix, 'rives', 'roc')?.viaStrait, 'brumes');
  const s = board({ [ELF_ARMY]: 'rives' });
  assert.equal(straitBlocked(s, 'brumes', 'elves'), true, 'the dwarven fleet is in the Mer Étroite');
  const r = resolveMovement(s, [{ force: ELF_ARMY, path: ['roc'] }], none);
  assert.deepEqual(r.moves, [{ force: ELF_ARMY, state: 'elves', from: 'rives', to: 'rives', stopped: 'strait' }]);
  const allowed = resolveMovement(s, [{ force: ELF_ARMY, path: ['roc'] }], none, { allowing: ['dwarves:F1'] });
  assert.equal(allowed.state.armies[ELF_ARMY]!.location, 'roc');
  s.fleets['dwarves:F1']!.zone = 'large';
  assert.equal(straitBlocked(s, 'brumes', 'elves'), false);
});

test('TV-18 reaction: the dwarves end in tourbe, next to the elves’ coudre (T2): the elf detachment in rives may move to coudre, never into tourbe', () => {
  let [s, det] = detach(board({ [DWARF_ARMY]: 'marche' }), ELF_ARMY);
  s.detachments[det]!.location = 'rives';
  const r = resolveMovement(s, [{ force: DWARF_ARMY, path: ['tourbe'] }], none);
  const triggers = reactionTriggers(s, r, 'elves');
  assert.deepEqual(triggers, [{ code: 'T2', force: DWARF_ARMY, kind: 'army', state: 'dwarves', from: 'marche', to: 'tourbe' }], 'no AP revealed [P A-15]');
  assert.equal(reactionRefusal(r.state, triggers, det, 'coudre'), null);
  assert.equal(reactionRefusal(r.state, triggers, det, 'sylve')?.reason, 'no-purpose');
  const strict = structuredClone(r.state);
  strict.config.movement.borderReinforce = false;
  assert.equal(reactionRefusal(strict, triggers, det, 'coudre')?.reason, 'no-purpose', 'under the strict reading it cannot react at all');
  const reacted = resolveMovement(r.state, [{ force: det, path: ['coudre'] }], none, { reaction: true });
  assert.equal(reacted.state.detachments[det]!.location, 'coudre');
  assert.equal(reactionRefusal(reacted.state, triggers, det, 'rives')?.reason, 'moved', 'a force that reacted has used its movement');
  assert.equal(resolveMovement(r.state, [{ force: det, path: ['coudre', 'hautval'] }], none, { reaction: true }).refused[0]!.refusal.reason, 'too-long');
});

test('TV-18 variant: the dwarves end in the elves’ coudre (T1): the detachment in rives may join coudre, the elf army in coudre may leave it', () => {
  let [s, det] = detach(board({ [DWARF_ARMY]: 'tourbe', [ELF_ARMY]: 'coudre' }), ELF_ARMY);
  s.detachments[det]!.location = 'rives';
  const r = resolveMovement(s, [{ force: DWARF_ARMY, path: ['coudre'] }], none);
  const triggers = reactionTriggers(s, r, 'elves');
  assert.deepEqual(triggers.map((t) => t.code), ['T1']);
  assert.equal(reactionRefusal(r.state, triggers, det, 'coudre'), null);
  assert.equal(reactionRefusal(r.state, triggers, ELF_ARMY, 'sylve'), null);
  assert.equal(reactionRefusal(r.state, triggers, det, 'sylve'), null, 'sylve borders coudre: reinforcing it [P A-68]');
  const strict = structuredClone(r.state);
  strict.config.movement.borderReinforce = false;
  assert.equal(reactionRefusal(strict, triggers, det, 'sylve')?.reason, 'no-purpose', 'strictly, sylve is no closer to coudre than rives');
});

test('T2 through a friend’s province, T3 where a friendly force stands, nothing far away', () => {
  const s = board();
  s.realms.fens!.friendsDeclared = ['elves'];
  const r = resolveMovement(s, [{ force: DWARF_ARMY, path: ['gouffre'] }], none);
  assert.deepEqual(reactionTriggers(s, r, 'elves').map((t) => t.code), ['T2'], 'gouffre borders tourbe, which the fens open to the elves');
  const t = board({ [DWARF_ARMY]: 'marche', [ELF_ARMY]: 'gouffre' });
  const r3 = resolveMovement(t, [{ force: DWARF_ARMY, path: ['gouffre'] }], none);
  assert.deepEqual(reactionTriggers(t, r3, 'elves').map((x) => x.code), ['T3']);
  const far = resolveMovement(t, [{ force: DWARF_ARMY, path: ['enclume'] }], none); // roc would be T2: it borders rives across the strait
  assert.deepEqual(reactionTriggers(t, far, 'elves'), []);
});

test('property: any orders resolve deterministically; forces stay on the map and within their limits; invariants hold', () => {
  const ids = [ELF_ARMY, DWARF_ARMY, FENS_ARMY];
  const provinces = fixture().map.provinces.map((p) => p.id);
  const orderArb = fc.record({ force: fc.constantFrom(...ids), path: fc.array(fc.constantFrom(...provinces), { maxLength: 3 }) });
  fc.assert(fc.property(fc.array(orderArb, { maxLength: 4 }), fc.string({ maxLength: 8 }), (orders: MoveOrder[], key) => {
    const s = board();
    const a = resolveMovement(s, orders, seasonDice(key, 0));
    const b = resolveMovement(s, orders, seasonDice(key, 0));
    assert.deepEqual(a, b);
    assert.deepEqual(checkInvariants(a.state), []);
    const ix = indexMap(s.map);
    for (const m of a.moves) {
      const o = orders.find((x) => x.force === m.force)!;
      assert.ok(o.path.slice(0, 2).includes(m.to) || m.to === m.from, `${m.force} ended in ${m.to}, off its path`);
      assert.ok(ix.province[m.to]);
    }
  }));
});

test('§5.5 step 5: a detachment meets its army at coudre in step 1 and goes on with it into tourbe; with one move only it stays behind', () => {
  let [s, det] = detach(board(), ELF_ARMY);
  s.detachments[det]!.location = 'rives';
  const orders = [{ force: det, path: ['coudre'], joins: ELF_ARMY }, { force: ELF_ARMY, path: ['coudre', 'tourbe'] }];
  const r = resolveMovement(s, orders, none);
  assert.deepEqual([r.state.detachments[det]!.location, r.state.detachments[det]!.hostArmy, r.state.detachments[det]!.movedFrom], ['tourbe', ELF_ARMY, 'coudre']);
  assert.deepEqual(r.moves.find((m) => m.force === det), { force: det, state: 'elves', from: 'rives', to: 'tourbe' });
  const short = structuredClone(s);
  short.config = resolveGruikConfig({ movement: { detachment: 1 } });
  const r1 = resolveMovement(short, orders, none);
  assert.deepEqual([r1.state.detachments[det]!.location, r1.state.detachments[det]!.hostArmy], ['coudre', undefined]);
  assert.deepEqual(checkInvariants(r.state), []);
});

test('§5.2 a detachment starts with its army and finishes alone: with the elves to coudre, then alone to hautval', () => {
  const s = board();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, DWARF_ARMY, { location: 'sylve', currentAP: 24 });
  const ally = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(ally.ok);
  const t = ally.state;
  const det = ally.id!;
  assert.equal(moveRefusal(t, { force: det, path: ['coudre'] })?.reason, 'joined');
  const r = resolveMovement(t, [{ force: ELF_ARMY, path: ['coudre', 'tourbe'] }, { force: det, path: ['coudre', 'hautval'], leaveAfter: 1 }], none);
  assert.deepEqual([r.state.detachments[det]!.location, r.state.detachments[det]!.hostArmy, r.state.detachments[det]!.movedFrom], ['hautval', undefined, 'coudre']);
  assert.deepEqual([r.state.armies[ELF_ARMY]!.location, r.state.armies[ELF_ARMY]!.alliedDetachments], ['tourbe', []]);
  assert.deepEqual(checkInvariants(r.state), []);
  const off = resolveMovement(t, [{ force: ELF_ARMY, path: ['coudre', 'tourbe'] }, { force: det, path: ['hautval', 'coudre'], leaveAfter: 1 }], none);
  assert.equal(off.refused[0]!.refusal.reason, 'not-with-host');
  assert.match(off.refused[0]!.refusal.message.fr, /suit d’abord le chemin/);
  // the army is stopped in coudre by an enemy army before the shared part ends: the detachment stays with it
  setArmy(t, 'fens:A1', { location: 'coudre' });
  const held = resolveMovement(t, [{ force: ELF_ARMY, path: ['coudre', 'tourbe'] }, { force: det, path: ['coudre', 'tourbe', 'hautval'], leaveAfter: 2 }], none);
  assert.deepEqual([held.state.detachments[det]!.location, held.state.detachments[det]!.hostArmy], ['coudre', ELF_ARMY]);
});
