/**
 * J26's list of hostile acts (rules §1.5, §3.3 S3.1–S3.2 [T §2.3, §11.3]): the `attack` order — a
 * move into A's provinces with an attack posture, an attack on A's forces — cancels A's friendship
 * toward the attacker at S3.2 (automatic, told to both, the detachments using it repatriated, J1
 * raised), after which the forces are hostile and meet in battle; refused against one's own
 * tributary or master, and against a declared friend unless the same orders break that friendship
 * (FR/EN). Without it, nothing of a friend's can be fought: a move into its province with posture
 * `engage` meets no battle (§2.14: friends are never hostile), and its fleet is never detected nor
 * intercepted (S5 pairs hostile fleets only); the friendship stands.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import type { NavalOrder } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { resolveNavalPhase } from '../../src/rulesets/gruik/rules/naval-phase.ts';
import { hostile } from '../../src/rulesets/gruik/rules/relations.ts';
import { contestedProvinces } from '../../src/rulesets/gruik/rules/retreat.ts';
import { renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import type { StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { formLine } from '../../src/engine/ruleset.ts';
import { parseSheet } from '../../src/rulesets/gruik/sheet/index.ts';
import { sheetForm } from '../../src/rulesets/gruik/sheet/form.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

const s32 = (s: GruikState, orders: Record<string, StateOrders>) => runStep(runStep(s, 'S3.1', { 'S3.1': { orders } }), 'S3.2');
const refusals = (t: GruikState) => (t.seasonEvents ?? []).filter((e) => e.t === 'refused');

/** The elves declared the dwarves a friend; both main armies (20 AP) stand in Coudraie (the elves'), a dwarf detachment in Hautval. */
function friends(): GruikState {
  const s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  for (const a of Object.values(s.armies)) Object.assign(a, { currentAP: 20, seasonalSize: 20 });
  s.armies[ELF_ARMY]!.location = 'coudre';
  s.armies[DWARF_ARMY]!.location = 'coudre';
  s.detachments['dwarves:D1'] = { id: 'dwarves:D1', state: 'dwarves', parentArmy: DWARF_ARMY, ap: 4, kind: 'own', location: 'hautval', inFortress: false, moved: false, retreated: false };
  s.armies[DWARF_ARMY]!.detachmentsCreated.push('dwarves:D1');
  s.provinces.tourbe!.controller = 'dwarves';       // a way home for the detachment
  return s;
}

test('[P J26] an attack ordered on a friend cancels its friendship at S3.2: told to both as a hostile act, the detachment using it repatriated, J1 raised; the armies then face each other', () => {
  const s = friends();
  assert.deepEqual(contestedProvinces(s), [], 'friends: no contested province');
  const t = s32(s, { dwarves: { attack: ['elves'] } });
  assert.deepEqual(refusals(t), []);
  assert.deepEqual(t.realms.elves!.friendsDeclared, []);
  const e = (t.seasonEvents ?? []).find((x) => x.t === 'friendship')!;
  assert.deepEqual(e, { t: 'friendship', audience: ['elves', 'dwarves'], from: 'elves', to: 'dwarves', change: 'cancelled', automatic: true });
  assert.match(renderSeasonEvent(t, e, 'fr'), /\(acte hostile\)/);
  assert.match(renderSeasonEvent(t, e, 'en'), /\(hostile act\)/);
  assert.equal(t.detachments['dwarves:D1'], undefined, 'repatriated (§5.11)');
  assert.deepEqual(t.gmQueue!.map((g) => g.item), ['J1']);
  assert.ok(hostile(t, 'elves', 'dwarves'));
  assert.deepEqual(contestedProvinces(t), ['coudre'], 'a battle at S6');
  assert.deepEqual(checkInvariants(t), []);
});

test('[T §11.3; P J26] S3.1 refuses an attack on one’s own tributary or master, and on a declared friend unless the same orders break that friendship (FR/EN)', () => {
  const s = friends();
  s.realms.fens!.master = 'elves';
  const t = s32(s, { elves: { attack: ['fens', 'dwarves'] }, fens: { attack: ['elves'] } });
  const r = refusals(t).map((e) => e.t === 'refused' && [e.state, e.order, e.message]);
  assert.deepEqual(r.map((x) => x && [x[0], x[1]]), [['elves', 'attack fens'], ['elves', 'attack dwarves'], ['fens', 'attack elves']]);
  const msg = (i: number) => (r[i] as [string, string, { fr: string; en: string }])[2];
  assert.match(msg(0).fr, /n’attaque pas son tributaire/);
  assert.match(msg(0).en, /does not attack its tributary/);
  assert.match(msg(1).fr, /Vous avez déclaré Thanat d’Enclumegarde ami/);
  assert.match(msg(1).en, /break that friendship/);
  assert.match(msg(2).en, /nor a tributary its master/);
  assert.deepEqual(t.realms.elves!.friendsDeclared, ['dwarves'], 'nothing cancelled');
  // breaking the friendship in the same orders: the attack stands; the dwarves had declared the elves a friend too — cancelled automatically
  const u = friends();
  u.realms.dwarves!.friendsDeclared = ['elves'];
  const v = s32(u, { elves: { friendship: { cancel: ['dwarves'] }, attack: ['dwarves'] } });
  assert.deepEqual(refusals(v), []);
  assert.deepEqual([v.realms.elves!.friendsDeclared, v.realms.dwarves!.friendsDeclared], [[], []]);
  assert.deepEqual((v.seasonEvents ?? []).filter((e) => e.t === 'friendship').map((e) => e.t === 'friendship' && [e.from, e.automatic]), [['elves', false], ['dwarves', true]]);
  assert.deepEqual(contestedProvinces(v), ['coudre']);
});

test('[§2.14] without an attack order a friend cannot be fought: marching into its province with posture engage, no battle; its fleet is neither detected nor intercepted; the friendship stands', () => {
  const s = friends();
  s.armies[DWARF_ARMY]!.location = 'tourbe';
  let t = s32(s, {});
  t = runStep(t, 'S4.1', { 'S4.1': { orders: [{ force: DWARF_ARMY, path: ['coudre'] }] } });
  assert.equal(t.armies[DWARF_ARMY]!.location, 'coudre', 'passage: the move is not stopped');
  assert.deepEqual(contestedProvinces(t), []);
  t = runStep(t, 'S6.1', { 'S6.1': {} });
  assert.deepEqual(t.landCombat!.contested, []);
  assert.deepEqual(t.realms.elves!.friendsDeclared, ['dwarves']);
  // at sea: the elves' fleet waits in the strait with an intercept-always policy, the dwarves sail through
  Object.assign(t.fleets['elves:F1']!, { zone: 'etroite' });
  Object.assign(t.fleets['dwarves:F1']!, { zone: 'large' });
  const orders: NavalOrder[] = [
    { fleet: 'elves:F1', actions: [], policy: { interceptIf: 'always' } },
    { fleet: 'dwarves:F1', actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }] },
  ];
  const r = resolveNavalPhase(t, orders, scriptedDice([]));
  assert.deepEqual(r.records.filter((x) => x.t === 'detected' || x.t === 'intercepted' || x.t === 'naval-battle'), [], 'no die even rolled: friends are never paired');
  assert.equal(r.state.fleets['dwarves:F1']!.zone, 'large');
});

test('the guided form offers `attack` against a state that declared the reader a friend (not one the reader calls a friend too); the line parses in both languages', () => {
  const s = friends();
  for (const lang of ['en', 'fr'] as const) {
    const entry = (st: GruikState) => sheetForm(st, 'dwarves', lang).groups.flatMap((g) => g.entries).find((e) => e.code === (lang === 'en' ? 'attack' : 'attaquer'));
    const e = entry(s)!;
    assert.ok(e, `${lang}: offered`);
    const f = e.fields[0]!;
    assert.ok(f.kind === 'choice' && f.options.map((o) => o.value).join() === 'elves', 'only the elves, who call the dwarves a friend');
    const line = formLine(e, { state: 'elves' })!;
    const r = parseSheet(s, 'dwarves', line, lang);
    assert.deepEqual(r.issues, []);
    assert.deepEqual(r.sheet.orders?.attack, ['elves']);
    assert.equal(entry(fixture()), undefined, 'nobody calls the dwarves a friend: not offered');
    const mutual = friends();
    mutual.realms.dwarves!.friendsDeclared = ['elves'];
    assert.equal(entry(mutual), undefined, 'a friend of ours: unfriend first (the text sheet takes both lines)');
  }
});

test('property: any attack orders keep the invariants, and every friendship toward an attacker it targets is gone after S3.2', () => {
  const STATES = ['elves', 'dwarves', 'fens'];
  fc.assert(fc.property(
    fc.dictionary(fc.constantFrom(...STATES), fc.subarray(STATES)),
    fc.dictionary(fc.constantFrom(...STATES), fc.record({ attack: fc.subarray([...STATES, 'nobody', '__proto__']), friendship: fc.record({ cancel: fc.subarray(STATES) }) })),
    (declared, orders) => {
      const s = friends();
      for (const [st, list] of Object.entries(declared)) s.realms[st]!.friendsDeclared = list.filter((x) => x !== st);
      const t = s32(s, orders);
      assert.deepEqual(checkInvariants(t), []);
      for (const [st, o] of Object.entries(t.seasonOrders ?? {})) for (const a of o.attack ?? []) assert.ok(!t.realms[a]!.friendsDeclared.includes(st), `${a} still calls ${st} a friend`);
    }), { numRuns: 80 });
});
