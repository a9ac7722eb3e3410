/**
 * Army size, detachments, additional armies and titles (rules §4; test vectors TV-01 – TV-13 of
 * §9.2 with injected dice; D1's reference probabilities; refusals in both languages; fast-check
 * properties: sizes within [0, cap], the modifier never above MOD_MAX, AP never negative, determinism).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG as C } from '../../src/rulesets/gruik/constants.ts';
import {
  actsAsMainArmy, addMod, allowedArmies, applySeasonalSizes, armyCount, armyToDisband, baseFromSum, battleBudget, besiegedDelta,
  effortBonus, isInactive, rollSeasonalBase, seasonalSize, siegeDelta,
} from '../../src/rulesets/gruik/rules/army-size.ts';
import { catastropheEffect, externalLoss } from '../../src/rulesets/gruik/rules/catastrophe.ts';
import { createDetachment, joinArmy, recallDetachment, resizeDetachment, sendAlly } from '../../src/rulesets/gruik/rules/detachments.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { titleFor } from '../../src/rulesets/gruik/rules/titles.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy, withBases } from './fixture.ts';

test('TV-01 seasonal base: mod −1, 2d8 = 4 + 5 = 9 → base 21, size 20, a main army', () => {
  const r = rollSeasonalBase(C, scriptedDice([4, 5]), 'elves', 'elves');
  assert.equal(r.base, 21);
  assert.deepEqual(r.catastrophes, []);
  const s = withBases(fixture(), 21, { elves: r.base });
  setArmy(s, ELF_ARMY, { mod: -1 });
  const t = applySeasonalSizes(s);
  assert.equal(t.armies[ELF_ARMY]!.seasonalSize, 20);
  assert.equal(t.armies[ELF_ARMY]!.currentAP, 20);
  assert.ok(actsAsMainArmy(t, ELF_ARMY));
});

test('TV-02 catastrophe and reroll: 1+1, severity 3+4 = 7 (−5 g), reroll 6+6 → base 21; treasury 12 → 7', () => {
  const dice = scriptedDice([1, 1, 3, 4, 6, 6]);
  const r = rollSeasonalBase(C, dice, 'elves', 'elves');
  assert.equal(r.base, 21);
  assert.deepEqual(r.sums, [2, 12]);
  assert.deepEqual(r.catastrophes, [{ sum: 7, effect: { kind: 'money', amount: 5 } }]);
  assert.equal(externalLoss(12, 5), 7);
  assert.deepEqual(dice.log.map((x) => [x.sides, x.face, x.rule]), [[8, 1, '[T §4.1.1] D1'], [8, 1, '[T §4.1.1] D1'], [6, 3, '[T §14] D2'], [6, 4, '[T §14] D2'], [8, 6, '[T §4.1.1] D1'], [8, 6, '[T §4.1.1] D1']]);
});

test('TV-03 cap at 24: mod +3, 2d8 = 7 + 8 = 15 → base 23, 26 → 24', () => {
  assert.equal(rollSeasonalBase(C, scriptedDice([7, 8]), 'elves', 'elves').base, 23);
  assert.equal(seasonalSize(C, 23, 3), 24);
});

test('TV-04 allies may exceed 24; 30 AP fight, 6 stay out', () => {
  let s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves', 'fens'];
  setArmy(s, ELF_ARMY, { currentAP: 24, seasonalSize: 24 });
  for (const st of ['dwarves', 'fens']) {
    const host = `${st}:A1`;
    setArmy(s, host, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
    const r = sendAlly(s, host, ELF_ARMY, 6, 'volunteerAlly');
    assert.ok(r.ok, r.ok ? '' : r.message.en);
    s = r.state;
  }
  assert.deepEqual(battleBudget(s, ELF_ARMY), { total: 36, fielded: 30, excess: 6, allies: 2 });
});

test('TV-05 under 18 acts as a detachment: base 19, mod −2 → 17; it may still create detachments', () => {
  const s = withBases(fixture(), 21, { elves: 19 });
  setArmy(s, ELF_ARMY, { mod: -2 });
  const t = applySeasonalSizes(s);
  assert.equal(t.armies[ELF_ARMY]!.currentAP, 17);
  assert.equal(actsAsMainArmy(t, ELF_ARMY), false);
  assert.ok(createDetachment(t, ELF_ARMY, 3).ok);
});

test('TV-06 detaching below 18: 20 AP, a 3 AP detachment → 17, acts only as a detachment', () => {
  const s = setArmy(fixture(), ELF_ARMY, { currentAP: 20, seasonalSize: 20 });
  const r = createDetachment(s, ELF_ARMY, 3);
  assert.ok(r.ok);
  assert.equal(r.state.armies[ELF_ARMY]!.currentAP, 17);
  assert.equal(r.state.detachments[r.id!]!.ap, 3);
  assert.equal(r.state.detachments[r.id!]!.location, 'sylve');
  assert.equal(actsAsMainArmy(r.state, ELF_ARMY), false);
  assert.deepEqual(checkInvariants(r.state), []);
});

test('TV-07 an allied detachment restores main-army status: 16 AP + 4 AP volunteer ally = 20', () => {
  const s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, ELF_ARMY, { currentAP: 16, seasonalSize: 16 });
  setArmy(s, DWARF_ARMY, { currentAP: 21, seasonalSize: 21, location: 'sylve' });
  assert.equal(actsAsMainArmy(s, ELF_ARMY), false);
  const r = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(r.ok);
  assert.ok(actsAsMainArmy(r.state, ELF_ARMY));
  assert.equal(battleBudget(r.state, ELF_ARMY).total, 20);
  const gone = recallDetachment(r.state, r.id!);
  assert.ok(gone.ok);
  assert.equal(actsAsMainArmy(gone.state, ELF_ARMY), false, 'only while the ally stays');
  assert.equal(gone.state.armies[DWARF_ARMY]!.currentAP, 21);
});

test('TV-08 detachment limits, each refused in French and English', () => {
  const s = fixture();
  setArmy(s, ELF_ARMY, { currentAP: 24, seasonalSize: 24 });
  const seven = createDetachment(s, ELF_ARMY, 7);
  assert.ok(!seven.ok && seven.reason === 'too-large' && /6 AP/.test(seven.message.fr) && /cannot exceed 6 AP/.test(seven.message.en));

  // a forced ally of 3 AP: the elves are the dwarves' tributary
  s.realms.elves!.master = 'dwarves';
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  const forced = sendAlly(s, ELF_ARMY, DWARF_ARMY, 3, 'forcedAlly');
  assert.ok(!forced.ok && forced.reason === 'forced-too-small' && /au moins 4 AP/.test(forced.message.fr));
  assert.ok(sendAlly(s, ELF_ARMY, DWARF_ARMY, 4, 'forcedAlly').ok);

  // a third detachment created by the same army
  let t = createDetachment(s, ELF_ARMY, 2);
  assert.ok(t.ok); t = createDetachment(t.state, ELF_ARMY, 2); assert.ok(t.ok);
  const third = createDetachment(t.state, ELF_ARMY, 2);
  assert.ok(!third.ok && third.reason === 'too-many' && /plus de 2 détachements/.test(third.message.fr));

  // a third allied detachment joining one army
  let u = fixture();
  u.realms.elves!.friendsDeclared = ['dwarves', 'fens'];
  setArmy(u, ELF_ARMY, { currentAP: 20, seasonalSize: 20 });
  setArmy(u, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  setArmy(u, 'fens:A1', { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  for (const [from, ap] of [[DWARF_ARMY, 3], ['fens:A1', 3]] as const) { const r = sendAlly(u, from, ELF_ARMY, ap, 'volunteerAlly'); assert.ok(r.ok); u = r.state; }
  const d3 = createDetachment(u, DWARF_ARMY, 2);
  assert.ok(d3.ok);
  const join3 = joinArmy(d3.state, d3.id!, ELF_ARMY);
  assert.ok(!join3.ok && join3.reason === 'too-many-allied' && /more than 2 allied/.test(join3.message.en));

  // a detachment joining another detachment
  const two = createDetachment(s, ELF_ARMY, 2);
  assert.ok(two.ok);
  const one = createDetachment(two.state, ELF_ARMY, 1);
  assert.ok(one.ok);
  const onto = joinArmy(one.state, one.id!, two.id!);
  assert.ok(!onto.ok && onto.reason === 'join-detachment' && /un autre détachement/.test(onto.message.fr));
});

test('§4.5: volunteer allies need the host’s friendship; joins happen where both stand; resizing within the limits', () => {
  const s = fixture();
  setArmy(s, ELF_ARMY, { currentAP: 20, seasonalSize: 20 });
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  const r = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(!r.ok && r.reason === 'not-friend');
  setArmy(s, DWARF_ARMY, { location: 'enclume' });
  s.realms.elves!.friendsDeclared = ['dwarves'];
  const far = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(!far.ok && far.reason === 'not-together');
  const d = createDetachment(s, ELF_ARMY, 4);
  assert.ok(d.ok);
  const bigger = resizeDetachment(d.state, d.id!, 6);
  assert.ok(bigger.ok);
  assert.equal(bigger.state.armies[ELF_ARMY]!.currentAP, 14);
  const tooBig = resizeDetachment(d.state, d.id!, 7);
  assert.ok(!tooBig.ok && tooBig.reason === 'too-large');
  const parentGone = structuredClone(d.state);
  parentGone.armies[ELF_ARMY]!.location = 'captured';
  const stuck = resizeDetachment(parentGone, d.id!, 5);
  assert.ok(!stuck.ok && stuck.reason === 'parent-gone');
});

test('[P A-09] an under-18 army joins another army with all its AP; a main army may not', () => {
  const s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, ELF_ARMY, { currentAP: 20, seasonalSize: 20 });
  setArmy(s, DWARF_ARMY, { currentAP: 19, seasonalSize: 19, location: 'sylve' });
  const main = joinArmy(s, DWARF_ARMY, ELF_ARMY);
  assert.ok(!main.ok && main.reason === 'not-under-threshold');
  setArmy(s, DWARF_ARMY, { currentAP: 9 });
  const r = joinArmy(s, DWARF_ARMY, ELF_ARMY);
  assert.ok(r.ok);
  assert.deepEqual(battleBudget(r.state, ELF_ARMY), { total: 29, fielded: 29, excess: 0, allies: 1 });
});

test('TV-09 siege attrition: the besieger 0, −1, −1, −2, −2; each army of the besieged 0, −1, −2, −3, −4', () => {
  const cumulative = (f: (k: number) => number) => [1, 2, 3, 4, 5].map((k) => [1, 2, 3, 4, 5].slice(0, k).reduce((n, j) => n + f(j), 0));
  assert.deepEqual(cumulative(siegeDelta), [0, -1, -1, -2, -2]);
  assert.deepEqual(cumulative(besiegedDelta), [0, -1, -2, -3, -4]);
  assert.equal(cumulative(siegeDelta)[4], -Math.floor(5 / 2)); // M7 −floor(k/2)
});

test('TV-10 inactivity +1 this season, effort 30 g → +2 next season; 20 g refused', () => {
  const idle = { fought: false, besieged: false, besieging: false, raided: false, retreated: false, embarked: false, leftOwnProvinces: false, actedAsMainArmy: true };
  assert.equal(isInactive(idle), true);
  for (const k of ['fought', 'besieged', 'besieging', 'raided', 'retreated', 'embarked', 'leftOwnProvinces'] as const) assert.equal(isInactive({ ...idle, [k]: true }), false, k);
  assert.equal(isInactive({ ...idle, actedAsMainArmy: false }), false, 'the main army only');
  assert.equal(effortBonus(C, 30), 2);
  assert.equal(effortBonus(C, 20), null);
  assert.equal(effortBonus(C, 0), null);
});

test('[P A-02] the modifier is capped at +5, with no lower bound', () => {
  assert.equal(addMod(C, 4, 3), 5);
  assert.equal(addMod(C, -10, -4), -14);
  assert.equal(seasonalSize(C, 19, -30), 0, 'size floor 0');
});

test('TV-11 additional army: 7 controlled provinces at S8 of Summer 68 → a second army may be created (it appears at S0 of Autumn 68)', () => {
  const summer68 = 5; // Spring 67 = 0
  const r = armyCount(C, {}, summer68, 1, 7);
  assert.deepEqual(r, { allowed: 2, create: true, disband: false, shortfallSince: undefined });
  assert.deepEqual([1, 6, 7, 10, 11, 14, 15, 40].map((n) => allowedArmies(C, n)), [1, 1, 2, 2, 3, 3, 4, 4]);
});

test('TV-12 army disbanding timeline: short from Autumn 68 → one army goes at S8 of Spring 69; back to 7 before, nothing', () => {
  const autumn68 = 6, winter68 = 7, spring69 = 8;
  const a = armyCount(C, {}, autumn68, 2, 6);
  assert.deepEqual([a.disband, a.shortfallSince], [false, autumn68]);
  const b = armyCount(C, { armyShortfallSince: a.shortfallSince }, winter68, 2, 6);
  assert.deepEqual([b.disband, b.shortfallSince], [false, autumn68]);
  const c = armyCount(C, { armyShortfallSince: b.shortfallSince }, spring69, 2, 6);
  assert.equal(c.disband, true);
  const back = armyCount(C, { armyShortfallSince: autumn68 }, winter68, 2, 7);
  assert.deepEqual([back.disband, back.shortfallSince], [false, undefined]);
  // the default choice: the lowest currentAP
  const s = fixture();
  s.armies['elves:A2'] = { ...structuredClone(s.armies[ELF_ARMY]!), id: 'elves:A2', currentAP: 12 };
  setArmy(s, ELF_ARMY, { currentAP: 20 });
  assert.equal(armyToDisband(s, 'elves'), 'elves:A2');
  assert.equal(armyToDisband(s, 'elves', ELF_ARMY), ELF_ARMY);
});

test('TV-13 titles: 8 → Duc, 12 → Roi, 2 → Chevalier, 1 → Seigneur [P A-41], 0 → none', () => {
  assert.deepEqual(titleFor(8), { fr: 'Duc', en: 'Duke' });
  assert.deepEqual(titleFor(12), { fr: 'Roi', en: 'King' });
  assert.deepEqual(titleFor(2), { fr: 'Chevalier', en: 'Knight' });
  assert.deepEqual(titleFor(1), { fr: 'Seigneur', en: 'Lord' });
  assert.equal(titleFor(0), null);
});

test('D1 and D2 tables and their reference probabilities (§9.1)', () => {
  const counts = new Map<number | 'catastrophe', number>();
  for (let a = 1; a <= 8; a++) for (let b = 1; b <= 8; b++) { const r = baseFromSum(C, a + b); counts.set(r, (counts.get(r) ?? 0) + 1); }
  // out of the 62 outcomes that are not catastrophes: 5/15/33/7/2
  assert.deepEqual([19, 20, 21, 22, 23].map((b) => counts.get(b)), [5, 15, 33, 7, 2]);
  assert.equal(counts.get('catastrophe'), 2);
  const d2 = new Map<string, number>();
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) { const e = catastropheEffect(C, a + b); const k = e.kind === 'money' ? `-${e.amount}` : e.kind; d2.set(k, (d2.get(k) ?? 0) + 1); }
  assert.deepEqual(Object.fromEntries(d2), { invasion: 2, civilWar: 4, '-20': 6, '-10': 8, '-5': 16 });
});

test('TV-58 catastrophe floor: treasury 6, 2d6 = 9 (−10) → 0; a negative treasury takes nothing (TV-50)', () => {
  assert.deepEqual(catastropheEffect(C, 9), { kind: 'money', amount: 10 });
  assert.equal(externalLoss(6, 10), 0);
  assert.equal(externalLoss(-8, 10), -8);
});

test('property: the base reroll loop stops at its bound, even on dice that always show 1', () => {
  const r = rollSeasonalBase(C, { roll: () => 1, log: [] }, 'elves', 'elves');
  assert.equal(r.base, 19);
  assert.equal(r.catastrophes.length, C.army.maxBaseRerolls);
});

test('property: sizes in [0, cap], modifiers ≤ MOD_MAX, the same season key gives the same bases', () => {
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: -30, max: 5 }), (key, mod) => {
    const one = rollSeasonalBase(C, seasonDice(key, 0), 'elves', 'elves');
    const two = rollSeasonalBase(C, seasonDice(key, 0), 'elves', 'elves');
    assert.deepEqual(one, two);
    assert.ok(one.base >= 19 && one.base <= 23);
    const size = seasonalSize(C, one.base, mod);
    assert.ok(size >= 0 && size <= C.army.cap);
    assert.ok(addMod(C, mod, 3) <= C.army.modMax);
  }));
});

test('property: any sequence of detachment acts keeps AP non-negative and the invariants', () => {
  const act = fc.oneof(
    fc.record({ k: fc.constant('create' as const), ap: fc.integer({ min: -1, max: 8 }) }),
    fc.record({ k: fc.constant('resize' as const), i: fc.nat(3), ap: fc.integer({ min: -1, max: 8 }) }),
    fc.record({ k: fc.constant('recall' as const), i: fc.nat(3) }),
  );
  fc.assert(fc.property(fc.integer({ min: 0, max: 24 }), fc.array(act, { maxLength: 12 }), (ap, acts) => {
    let s = setArmy(fixture(), ELF_ARMY, { currentAP: ap, seasonalSize: ap });
    for (const a of acts) {
      const ids = s.armies[ELF_ARMY]!.detachmentsCreated;
      const r = a.k === 'create' ? createDetachment(s, ELF_ARMY, a.ap)
        : a.k === 'resize' ? resizeDetachment(s, ids[a.i % Math.max(1, ids.length)] ?? 'none', a.ap)
        : recallDetachment(s, ids[a.i % Math.max(1, ids.length)] ?? 'none');
      if (r.ok) s = r.state; else assert.ok(r.message.fr && r.message.en);
      const total = s.armies[ELF_ARMY]!.currentAP + s.armies[ELF_ARMY]!.detachmentsCreated.reduce((n, d) => n + s.detachments[d]!.ap, 0);
      assert.equal(total, ap, 'AP are moved, never made or lost');
      assert.deepEqual(checkInvariants(s), []);
    }
  }));
});
