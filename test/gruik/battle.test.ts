/**
 * Land combat (rules §6): the HOTT attacker/defender roll and campaign roles (TV-21), campaign
 * losses and their allocation (TV-22 – TV-26, TV-29), character fates and civil war (TV-27), the
 * automatic battle resolution ABR (TV-30 and the reference probabilities of §6.12.2), losses
 * applied to the state (M1), battle prestige; dice injected. Properties: ABR is deterministic for a
 * season key, its nominal losses lie in their bands, no loss is negative, AP and modifiers stay sound.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG as C, resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { abrRefusal, resolveAbr, sizeMod, type AbrSide } from '../../src/rulesets/gruik/rules/abr.ts';
import { allocate, applyLoss, battlePrestige, campaignLoss, campaignRoles, characterLoss, fateOf, hottAttacker, hottModifier, outcomeLosses, type SideFacts } from '../../src/rulesets/gruik/rules/battle.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { sendAlly } from '../../src/rulesets/gruik/rules/detachments.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

const side = (state: string, f: Partial<SideFacts & { charactersLost: number }> = {}): SideFacts & { charactersLost: number } => ({ state, ownControl: false, allies: 0, onTable: 0, fielded: 24, charactersLost: 0, ...f });

test('TV-21 attacker/defender: X moved into Y’s province +3, Y 0; X 2 → 5, Y 6 → 6: Y is the HOTT attacker, X still the campaign attacker', () => {
  const x = hottModifier(C, { moved: true, ownControl: false, enemyProvince: true });
  const y = hottModifier(C, { moved: false, ownControl: true, enemyProvince: false });
  assert.deepEqual([x, y], [3, 0]);
  assert.equal(hottModifier(C, { moved: false, ownControl: false, enemyProvince: false }), 1, 'a friend’s province');
  const r = hottAttacker(C, scriptedDice([2, 6]), 'B1', { state: 'dwarves', mod: x }, { state: 'elves', mod: y });
  assert.deepEqual([r.attacker, r.defender, r.totals], ['elves', 'dwarves', [[5, 6]]]);
  // the dwarves (X) moved into the elves' (Y) Coudraie: the elves are "attacked" for §6.7
  assert.deepEqual(campaignRoles(fixture(), 'coudre', 'dwarves', 'elves', r.defender), { attacker: 'dwarves', attacked: 'elves' });
  // neither side friendly to the controller (the fens): the HOTT roles decide
  assert.deepEqual(campaignRoles(fixture(), 'tourbe', 'dwarves', 'elves', 'dwarves'), { attacker: 'elves', attacked: 'dwarves' });
});

test('HOTT ties are rerolled; the loop stops at its bound', () => {
  assert.equal(hottAttacker(C, scriptedDice([3, 3, 1, 4]), 'B1', { state: 'a', mod: 0 }, { state: 'b', mod: 0 }).attacker, 'b');
  const always = { roll: () => 4, log: [] };
  assert.equal(hottAttacker(C, always, 'B1', { state: 'b', mod: 1 }, { state: 'a', mod: 1 }).attacker, 'a', 'at the bound: equal modifiers, the lower id');
});

test('TV-22 loser at home with one ally: 4 − 1 = 3 AP, 1 from the ally (its parent army’s mod −1), 2 from the army (mod −2, AP −2)', () => {
  const loss = campaignLoss(C, 'decisiveLoser', side('elves', { ownControl: true, allies: 1 }));
  assert.deepEqual(loss, { total: 3, allied: [1], main: 2 });
  let s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, ELF_ARMY, { currentAP: 20, seasonalSize: 20 });
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  const sent = sendAlly(s, DWARF_ARMY, ELF_ARMY, 4, 'volunteerAlly');
  assert.ok(sent.ok);
  s = applyLoss(sent.state, ELF_ARMY, loss, [sent.id!]);
  assert.deepEqual([s.armies[ELF_ARMY]!.currentAP, s.armies[ELF_ARMY]!.mod], [18, -2]);
  assert.deepEqual([s.detachments[sent.id!]!.ap, s.armies[DWARF_ARMY]!.mod], [3, -1]);
  assert.deepEqual(checkInvariants(s), []);
});

test('TV-23 an invader losing abroad with two allies: 4 + 1 = 5 AP, 1 + 1 from the allies, 3 from the army', () => {
  assert.deepEqual(campaignLoss(C, 'decisiveLoser', side('dwarves', { ownControl: false, allies: 2 })), { total: 5, allied: [1, 1], main: 3 });
});

test('TV-24 winner loss bands: 0 → 0; 5 → 1 (the ally bears 0); 8 with two allies → 3: 1 + 1 allies, 1 main', () => {
  assert.deepEqual(campaignLoss(C, 'decisiveWinner', side('a', { onTable: 0 })), { total: 0, allied: [], main: 0 });
  assert.deepEqual(campaignLoss(C, 'decisiveWinner', side('a', { onTable: 5, allies: 1 })), { total: 1, allied: [0], main: 1 });
  assert.deepEqual(campaignLoss(C, 'decisiveWinner', side('a', { onTable: 6, allies: 1 })), { total: 1, allied: [0], main: 1 });
  assert.deepEqual(campaignLoss(C, 'decisiveWinner', side('a', { onTable: 8, allies: 2 })), { total: 3, allied: [1, 1], main: 1 });
  assert.deepEqual(campaignLoss(C, 'decisiveWinner', side('a', { onTable: 7, ownControl: true })), { total: 3, allied: [], main: 3 }, 'no province modifier for the winner [P A-19]');
});

test('TV-25 mutual demoralisation in A’s province, A with one ally: A loses 2 (1 ally, 1 main), B 4; no battle prestige; the attacker withdraws', () => {
  const r = outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'mutualDemoralisation' }, side('A', { ownControl: true, allies: 1 }), side('B'));
  assert.deepEqual(r.losses.A, { total: 2, allied: [1], main: 1 });
  assert.deepEqual(r.losses.B, { total: 4, allied: [], main: 4 });
  assert.deepEqual([r.winner, r.prestige, r.agreement], [null, false, 'attackerWithdraws']);
});

test('TV-26 unfinished without agreement: A 6/24 (25 %) beats B 8/22 (36 %); A loses 2 − 1 = 1, B 3 + 1 = 4; two catastrophes each next season', () => {
  const r = outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'unfinished', agreement: 'none' }, side('A', { ownControl: true, onTable: 6, fielded: 24 }), side('B', { onTable: 8, fielded: 22 }));
  assert.deepEqual([r.winner, r.loser], ['A', 'B']);
  assert.deepEqual([r.losses.A!.total, r.losses.B!.total], [1, 4]);
  assert.deepEqual(r.pendingCatastrophes, { A: 2, B: 2 });
  // equal percentages: fewer characters lost wins, then lots (d6 each, ties rerolled)
  const even = outcomeLosses(C, scriptedDice([]), 'B2', { kind: 'unfinished', agreement: 'none' }, side('A', { onTable: 6, fielded: 24, charactersLost: 1 }), side('B', { onTable: 5, fielded: 20 }));
  assert.equal(even.winner, 'B');
  const lots = outcomeLosses(C, scriptedDice([2, 2, 5, 3]), 'B3', { kind: 'unfinished', agreement: 'none' }, side('A', { onTable: 6, fielded: 24 }), side('B', { onTable: 5, fielded: 20 }));
  assert.equal(lots.winner, 'A');
});

test('§6.8 agreements: "non-decisive" as §6.7, an extrapolated winner and a dice-off are decisive', () => {
  const a = side('A', { ownControl: true, onTable: 4 }), b = side('B', { onTable: 12 });
  assert.equal(outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'unfinished', agreement: 'nonDecisive' }, a, b).prestige, false);
  const ex = outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'unfinished', agreement: 'winnerExtrapolated', winner: 'A' }, a, b);
  assert.deepEqual([ex.winner, ex.losses.A!.total, ex.losses.B!.total, ex.prestige], ['A', 1, 5, true]);
  const off = outcomeLosses(C, scriptedDice([4, 4, 1, 6]), 'B1', { kind: 'unfinished', agreement: 'diceOff' }, a, b);
  assert.deepEqual([off.winner, off.losses.B!.total, off.losses.A!.total], ['B', 3, 3], 'B wins the dice-off: its 12 AP on the table cost 3; A loses 4 − 1 at home');
  assert.throws(() => outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'decisive', winner: 'C' }, a, b), /neither side/);
});

test('TV-27 character fate and civil war: close combat, d6 3 → captured, prestige −1, civil-war d6 1 → civil war; shot, d6 4 → escapes, no roll', () => {
  const dice = scriptedDice([3, 1]);
  assert.deepEqual(characterLoss(C, dice, 'B1', 'elves', 'elves:general:1', true), { fate: 'captured', prestige: -1, civilWar: true });
  assert.equal(dice.log.length, 2);
  const shot = scriptedDice([4]);
  assert.deepEqual(characterLoss(C, shot, 'B1', 'elves', 'elves:general:1', false), { fate: 'escapes', prestige: 0, civilWar: false });
  assert.equal(shot.log.length, 1);
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((f) => fateOf(C, f, true)), ['escapes', 'escapes', 'captured', 'captured', 'killed', 'killed']);
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((f) => fateOf(C, f, false)), ['escapes', 'escapes', 'escapes', 'escapes', 'killed', 'killed']);
  assert.deepEqual(characterLoss(C, scriptedDice([6, 2]), 'B1', 'elves', 'x', true), { fate: 'killed', prestige: -1, civilWar: false });
});

test('TV-29 stopped by mutual consent, no agreement: the attacker withdraws; each side the winner’s formula; no battle prestige', () => {
  const r = outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'agreedStop', agreement: 'none' }, side('A', { onTable: 3, ownControl: true }), side('B', { onTable: 9, allies: 1 }));
  assert.deepEqual([r.agreement, r.prestige, r.winner], ['attackerWithdraws', false, null]);
  assert.deepEqual(r.losses.A, { total: 1, allied: [], main: 1 });
  assert.deepEqual(r.losses.B, { total: 3, allied: [1], main: 2 });
  assert.equal(outcomeLosses(C, scriptedDice([]), 'B1', { kind: 'agreedStop', agreement: 'attackedToFortress' }, side('A'), side('B')).agreement, 'attackedToFortress');
});

test('TV-30 ABR: A 24 (+1) vs D 20 at home; 3→4 v 4 tie, 5→6 v 2: A wins by 4; A nominal 3 → 1 AP; D nominal 10 → 3 AP; D’s general killed in close combat', () => {
  assert.equal(sizeMod(C, 24, 20), 1);
  assert.equal(sizeMod(C, 20, 24), 0);
  const A: AbrSide = { state: 'A', fielded: 24, hottDefender: false, character: 'A:general:1' };
  const D: AbrSide = { state: 'D', fielded: 20, hottDefender: true, character: 'D:general:1' };
  const dice = scriptedDice([3, 4, 5, 2, /* A element */ 4, /* D element */ 2, /* close combat */ 5, /* fate */ 6, /* D civil war */ 4]);
  const r = resolveAbr(C, dice, 'B1', A, D);
  assert.deepEqual(r.outcome, { kind: 'decisive', winner: 'A', loser: 'D', margin: 4 });
  assert.deepEqual(r.totals, [[4, 4], [6, 2]]);
  assert.deepEqual(r.onTable, { A: 3, D: 10 });
  assert.deepEqual(r.elements, [
    { state: 'A', character: 'A:general:1', destroyed: false },
    { state: 'D', character: 'D:general:1', destroyed: true, inCloseCombat: true, fate: 'killed' },
  ]);
  const losses = outcomeLosses(C, dice, 'B1', { kind: 'decisive', winner: 'A' }, side('A', { onTable: r.onTable.A! }), side('D', { ownControl: true, onTable: r.onTable.D!, fielded: 20 }));
  assert.deepEqual([losses.losses.A!.total, losses.losses.D!.total], [1, 3]);
  assert.deepEqual(battlePrestige(C, { state: 'A', sovereignPresent: false, volunteerAllies: [] }, { state: 'D', capturedNoRetreat: false }), { A: 2, D: -1 });
  // the general lost: −1 more for D, and D's civil-war roll (d6 4: none)
  const cw = scriptedDice([4]);
  assert.equal(cw.roll({ sides: 6, phase: 'S6.4', event: 'battle:B1:civil-war:D', purpose: '', rule: '', audience: ['D'] }) <= C.civilWar.onCharacterLoss, false);
});

test('battle prestige: the sovereign’s +1, volunteer allies +1, the loser captured for lack of a retreat −1 more', () => {
  assert.deepEqual(battlePrestige(C, { state: 'A', sovereignPresent: true, volunteerAllies: ['C', 'C'] }, { state: 'B', capturedNoRetreat: true }), { A: 3, C: 2, B: -2 });
});

test('ABR second tie: d6 1–2 mutual demoralisation, 3–6 non-decisive; nominal losses 3 + d6 each', () => {
  const A: AbrSide = { state: 'A', fielded: 20, hottDefender: false, character: 'a' };
  const D: AbrSide = { state: 'D', fielded: 20, hottDefender: true, character: 'd' };
  const mutual = resolveAbr(C, scriptedDice([3, 3, 5, 5, 2, 1, 6, 4, 6]), 'B1', A, D);
  assert.deepEqual(mutual.outcome, { kind: 'mutual', agreement: 'attackerWithdraws' });
  assert.deepEqual(mutual.onTable, { A: 4, D: 9 });
  const nd = resolveAbr(C, scriptedDice([3, 3, 5, 5, 3, 1, 6, 4, 6]), 'B1', A, D, 'attackedToFortress');
  assert.deepEqual(nd.outcome, { kind: 'nonDecisive', agreement: 'attackedToFortress' });
});

test('ABR inputs refused in both languages: fielded above the battle cap, a quality modifier beyond ±2', () => {
  const A: AbrSide = { state: 'A', fielded: 31, hottDefender: false, character: 'a' };
  const D: AbrSide = { state: 'D', fielded: 20, hottDefender: true, character: 'd', qualityMod: 0 };
  assert.match(abrRefusal(C, A, D)!.message.fr, /de 1 à 30 AP/);
  assert.match(abrRefusal(C, { ...A, fielded: 20 }, { ...D, qualityMod: 3 })!.message.en, /−2 to \+2/);
  assert.throws(() => resolveAbr(C, scriptedDice([]), 'B1', A, D));
});

test('ABR reference probabilities of §6.12.2 (exact, one reroll on ties): 48.6/48.6/2.8, 66.4/31.6/1.9, 80.2/18.5/1.2', () => {
  const once = (diff: number) => {
    let win = 0, lose = 0, tie = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) { const d = a + diff - b; if (d > 0) win++; else if (d < 0) lose++; else tie++; }
    return [win / 36, lose / 36, tie / 36] as const;
  };
  const pct = (x: number) => Math.round(x * 1000) / 10;
  for (const [diff, expected] of [[0, [48.6, 48.6, 2.8]], [1, [66.4, 31.6, 1.9]], [2, [80.2, 18.5, 1.2]]] as const) {
    const [w, l, t] = once(diff);
    assert.deepEqual([pct(w + t * w), pct(l + t * l), pct(t * t)], expected);
  }
});

test('allocation: contingents bear 1 each while the loss lasts, the army never below 0', () => {
  assert.deepEqual(allocate(1, 3, true), { total: 1, allied: [1, 0, 0], main: 0 });
  assert.deepEqual(allocate(4, 2, false), { total: 4, allied: [0, 0], main: 4 });
});

test('property: ABR is deterministic for a season key; nominal losses in their bands; every campaign loss ≥ 0; AP and modifiers stay sound', () => {
  const c = resolveGruikConfig({});
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: -2, max: 2 }), fc.boolean(), (key, fa, fd, q, home) => {
    const A: AbrSide = { state: 'A', fielded: fa, hottDefender: false, character: 'a', qualityMod: q };
    const D: AbrSide = { state: 'D', fielded: fd, hottDefender: true, character: 'd' };
    const one = resolveAbr(c, seasonDice(key, 3), 'B1', A, D);
    assert.deepEqual(resolveAbr(c, seasonDice(key, 3), 'B1', A, D), one);
    if (one.outcome.kind === 'decisive') {
      const w = one.onTable[one.outcome.winner]!;
      assert.ok(one.outcome.margin >= 3 ? w >= 1 && w <= 6 : w === 9 - one.outcome.margin);
      assert.equal(one.onTable[one.outcome.loser], Math.ceil((one.outcome.loser === 'A' ? fa : fd) / 2));
    } else for (const v of Object.values(one.onTable)) assert.ok(v >= 4 && v <= 9);
    const outcome = one.outcome.kind === 'decisive' ? { kind: 'decisive' as const, winner: one.outcome.winner } : one.outcome.kind === 'mutual' ? { kind: 'mutualDemoralisation' as const } : { kind: 'agreedStop' as const, agreement: 'none' as const };
    const r = outcomeLosses(c, seasonDice(key, 3), 'B1', outcome, side('A', { onTable: one.onTable.A!, fielded: fa }), side('D', { ownControl: home, onTable: one.onTable.D!, fielded: fd, allies: 1 }));
    let s = setArmy(fixture(), ELF_ARMY, { currentAP: fa, seasonalSize: Math.min(24, fa) });
    for (const l of Object.values(r.losses)) {
      assert.ok(l.total >= 0 && l.main >= 0 && l.allied.every((x) => x >= 0));
      s = applyLoss(s, ELF_ARMY, l, []);
    }
    assert.deepEqual(checkInvariants(s), []);
  }));
});
