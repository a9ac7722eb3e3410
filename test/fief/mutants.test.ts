/**
 * Written for the mutation area `fief-rules` (scripts/mutate.mjs, docs/quality.md): the branches
 * and boundaries of rules/combat.ts (§8.4.3–§8.4.5) and rules/victory.ts (§1.3–§1.6) that the
 * test vectors leave open. Constants are set to distinct values where a default would hide which
 * constant a branch reads (e.g. a titled woman and a male lord both 1 CP by default).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG as C, resolveFiefConfig } from '../../src/rulesets/fief/constants.ts';
import { attackerPenalty, baseDice, combatPoints, diceCount, lordCp, lossOutcome, type LordInBattle, type SideForces } from '../../src/rulesets/fief/rules/combat.ts';
import { allyOf, checkVictory, tieBreak, victoryPoints } from '../../src/rulesets/fief/rules/victory.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { FRANCK, given, giveTitles, INGRID, lordOf, marry, occupy, OLIVIER, SABINE } from './fixture.ts';

const lord = (over: Partial<LordInBattle> = {}): LordInBattle => ({ gender: 'M', titled: false, darc: false, prisoner: false, ...over });
const side = (sergeants: number, knights: number, ...lords: LordInBattle[]): SideForces => ({ sergeants, knights, lords });
/** Every CP and damage value distinct, so that each branch shows which constant it read. */
const D = resolveFiefConfig({ combat: { cpSergeant: 2, cpKnight: 5, cpMaleLord: 3, cpTitledWoman: 4, cpUntitledWoman: 6, cpDarc: 7, damageSergeant: 1, damageKnight: 3, damageLord: 2 } });

test('§8.4.3 each lord counts his own constant: male lord, titled and untitled woman, d’Arc; a prisoner 0 even as d’Arc', () => {
  assert.equal(lordCp(lord(), D), 3);
  assert.equal(lordCp(lord({ gender: 'F', titled: true }), D), 4);
  assert.equal(lordCp(lord({ gender: 'F' }), D), 6);
  assert.equal(lordCp(lord({ gender: 'F', darc: true }), D), 7);
  assert.equal(lordCp(lord({ darc: true }), D), 7, 'd’Arc is read before the gender');
  assert.equal(lordCp(lord({ prisoner: true }), D), 0);
  assert.equal(lordCp(lord({ darc: true, prisoner: true }), D), 0);
  assert.equal(combatPoints(side(2, 3, lord(), lord({ gender: 'F', titled: true })), D), 2 * 2 + 3 * 5 + 3 + 4);
  assert.equal(combatPoints(side(0, 0), D), 0);
  assert.equal(lordCp(lord({ gender: 'F', titled: true }), C), 1, 'by default a titled woman is worth 1 CP');
});

test('§8.4.4 dice by CP at every boundary: 0 → 0, 1–6 → 1, 7–12 → 2, 13 and more → 3', () => {
  const expected: [number, number][] = [[-1, 0], [0, 0], [1, 1], [6, 1], [7, 2], [12, 2], [13, 3], [40, 3]];
  for (const [cp, dice] of expected) assert.equal(baseDice(cp, C), dice, `${cp} CP`);
  assert.equal(diceCount(side(12, 0), C), 2);
  assert.equal(diceCount(side(13, 0), C), 3);
  assert.equal(diceCount(side(6, 0), C), 1);
});

test('§8.4.4 the attacker’s penalty: none in the open, on a sortie, with the gates opened or a Tunnel; engines capped [P G-34], never negative', () => {
  assert.equal(attackerPenalty({ fortification: null }, C), 0);
  assert.equal(attackerPenalty({ fortification: 'CASTLE' }, C), 1);
  assert.equal(attackerPenalty({ fortification: 'CITY' }, C), 2);
  assert.equal(attackerPenalty({ fortification: 'CITY', sortie: true }, C), 0);
  assert.equal(attackerPenalty({ fortification: 'CITY', gatesOpened: true }, C), 0);
  assert.equal(attackerPenalty({ fortification: 'CITY', tunnel: true }, C), 0);
  assert.equal(attackerPenalty({ fortification: 'CITY', sortie: false, gatesOpened: false, tunnel: false }, C), 2);
  assert.equal(attackerPenalty({ fortification: 'CITY', engineDice: -3 }, C), 2, 'a negative engine count cancels nothing');
  const cap1 = resolveFiefConfig({ combat: { engineCancelCap: 1 } });
  assert.equal(attackerPenalty({ fortification: 'CITY', engineDice: 2 }, cap1), 1, 'the engines cancel at most engineCancelCap');
  assert.equal(attackerPenalty({ fortification: 'CASTLE', engineDice: 2 }, cap1), 0);
  // The penalty applies only to the attacker: without a context, none.
  assert.equal(diceCount(side(0, 5), C), 3);
  assert.equal(diceCount(side(0, 5), C, null), 3);
  assert.equal(diceCount(side(0, 5), C, { fortification: 'CITY' }), 1);
  assert.equal(diceCount(side(1, 0), C, { fortification: 'CITY' }), 0, 'never below 0 dice');
});

test('§8.4.4 d’Arc’s extra die: only while she is free; another lord adds none', () => {
  assert.equal(diceCount(side(0, 0, lord({ gender: 'F', darc: true })), C), 2, '1 CP → 1 die, + her die');
  assert.equal(diceCount(side(0, 0, lord({ gender: 'F' }), lord({ darc: true, prisoner: true })), C), 0);
  assert.equal(diceCount(side(3, 0, lord()), C), 1);
});

test('§8.4.5 losses: prisoners are never battle losses; the lords killed are whole lords of the damage left; wasted damage counted', () => {
  // 2 sergeants, 1 knight (cost 2 + 3 = 5), 2 free lords and a prisoner; damageLord 2.
  const s = side(2, 1, lord(), lord({ gender: 'F', titled: true }), lord({ prisoner: true }));
  assert.deepEqual(lossOutcome(s, 5, D), { allTroops: true, lordsKilled: 0, lordsCapturable: 2 });
  assert.deepEqual(lossOutcome(s, 6, D), { allTroops: true, lordsKilled: 0, lordsCapturable: 2 }, '1 damage left: half a lord kills none');
  assert.deepEqual(lossOutcome(s, 7, D), { allTroops: true, lordsKilled: 1, lordsCapturable: 1 });
  assert.deepEqual(lossOutcome(s, 30, D), { allTroops: true, lordsKilled: 2, lordsCapturable: 0 }, 'never more lords than the free ones');
  // 4 damage on 2 sergeants (2 CP each) and 1 knight (5 CP): the knight (3 damage, 5 CP) + 1 sergeant (1 damage, 2 CP).
  assert.deepEqual(lossOutcome(s, 4, D), { allTroops: false, choices: [{ sergeants: 1, knights: 1, wasted: 0 }] });
  assert.deepEqual(lossOutcome(s, 3, D), { allTroops: false, choices: [{ sergeants: 0, knights: 1, wasted: 0 }] });
  assert.deepEqual(lossOutcome(s, 0, D), { allTroops: false, choices: [{ sergeants: 0, knights: 0, wasted: 0 }] });
  // Knights only: 2 knights, 5 damage → one knight, 2 wasted.
  assert.deepEqual(lossOutcome(side(0, 2), 5, C), { allTroops: false, choices: [{ sergeants: 0, knights: 1, wasted: 2 }] });
  // Sergeants only: all the sergeants the damage pays for.
  assert.deepEqual(lossOutcome(side(3, 0), 2, C), { allTroops: false, choices: [{ sergeants: 2, knights: 0, wasted: 0 }] });
});

test('§8.4.5 losses with a sergeant worth 2 damage and 2 CP: the troops’ cost and CP read from the constants, not 1 each', () => {
  const E = resolveFiefConfig({ combat: { cpSergeant: 2, cpKnight: 5, damageSergeant: 2, damageKnight: 3, damageLord: 1 } });
  // 3 sergeants (6 damage) + 1 knight (3): 6 damage cannot take them all; 1 sergeant + the knight (5 damage, 7 CP) is best.
  assert.deepEqual(lossOutcome(side(3, 1), 6, E), { allTroops: false, choices: [{ sergeants: 1, knights: 1, wasted: 1 }] });
  assert.deepEqual(lossOutcome(side(3, 1), 9, E), { allTroops: true, lordsKilled: 0, lordsCapturable: 0 });
  // With D (a sergeant 2 CP for 1 damage): 3 damage takes 3 sergeants (6 CP), not the knight (5 CP).
  assert.deepEqual(lossOutcome(side(3, 1), 3, D), { allTroops: false, choices: [{ sergeants: 3, knights: 0, wasted: 0 }] });
});

// ─── victory ──────────────────────────────────────────────────────────────────────────────────

const withVp = (s: FiefState, vp: Partial<FiefState['config']['vp']>, victory: Partial<FiefState['config']['victory']> = {}): FiefState =>
  ({ ...s, config: resolveFiefConfig({ vp: { ...s.config.vp, ...vp }, victory: { ...s.config.victory, ...victory } }) });

test('§1.3 each title counts its own constant: fief, king, pope, queen; bishops and cardinals nothing', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'FIEF:F_BLAYE', 'KING');
  giveTitles(s, lordOf(s, FRANCK, 1), 'POPE', 'BISHOP:1');
  giveTitles(s, lordOf(s, INGRID, 1, 'F'), 'QUEEN');
  const t = withVp(s, { fiefTitle: 1, king: 2, pope: 4, queen: 5 });
  assert.equal(victoryPoints(t, FRANCK), 1 + 2 + 4);
  assert.equal(victoryPoints(t, INGRID), 5);
  assert.equal(victoryPoints(s, FRANCK), 3);
  assert.equal(victoryPoints(s, INGRID), 0);
  assert.equal(victoryPoints(s, 'P9'), 0, 'an unknown player has no VP');
});

test('allyOf: the other family of a married lord; an unmarried family has none', () => {
  const s = given(4);
  assert.equal(allyOf(s, FRANCK), null);
  marry(s, lordOf(s, FRANCK, 0), lordOf(s, SABINE, 1, 'F'));
  assert.equal(allyOf(s, FRANCK), SABINE);
  assert.equal(allyOf(s, SABINE), FRANCK);
  assert.equal(allyOf(s, INGRID), null);
  assert.equal(allyOf(s, 'P9'), null);
});

/** Every player contends at the turn limit, so the tie-break alone ranks them. */
const atLimit = (s: FiefState): FiefState => ({ ...withVp(s, {}, { turnLimit: 1 }), cursor: { ...s.cursor, turn: 1 } });

test('§1.6 the tie-break criteria in their order: king > pope > queen regent > fief titles > bishop titles > villages', () => {
  const kingVsPope = given(4);
  giveTitles(kingVsPope, lordOf(kingVsPope, FRANCK, 0), 'POPE', 'FIEF:F_BLAYE');
  giveTitles(kingVsPope, lordOf(kingVsPope, INGRID, 0), 'KING');
  assert.deepEqual(checkVictory(atLimit(kingVsPope)), { kind: 'turn-limit', winners: [INGRID] });

  const popeVsRegent = given(4);
  giveTitles(popeVsRegent, lordOf(popeVsRegent, FRANCK, 1, 'F'), 'QUEEN', 'FIEF:F_BLAYE');
  popeVsRegent.titles.QUEEN.regent = true;
  giveTitles(popeVsRegent, lordOf(popeVsRegent, OLIVIER, 0), 'POPE');
  assert.deepEqual(checkVictory(atLimit(popeVsRegent)), { kind: 'turn-limit', winners: [OLIVIER] });

  const regentVsFiefs = given(4);
  giveTitles(regentVsFiefs, lordOf(regentVsFiefs, FRANCK, 0), 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(regentVsFiefs, lordOf(regentVsFiefs, SABINE, 1, 'F'), 'QUEEN');
  regentVsFiefs.titles.QUEEN.regent = true;
  assert.deepEqual(checkVictory(atLimit(regentVsFiefs)), { kind: 'turn-limit', winners: [SABINE] });
  // A queen who is not regent counts nothing here: the fief titles decide.
  regentVsFiefs.titles.QUEEN.regent = false;
  assert.deepEqual(checkVictory(atLimit(regentVsFiefs)), { kind: 'turn-limit', winners: [FRANCK] });

  const fiefsVsBishops = given(4);
  giveTitles(fiefsVsBishops, lordOf(fiefsVsBishops, FRANCK, 0), 'BISHOP:1', 'BISHOP:2');
  giveTitles(fiefsVsBishops, lordOf(fiefsVsBishops, INGRID, 0), 'FIEF:F_SIGY');
  assert.deepEqual(checkVictory(atLimit(fiefsVsBishops)), { kind: 'turn-limit', winners: [INGRID] });

  const bishopsVsVillages = given(4);
  const spare = Object.keys(bishopsVsVillages.villages).filter((v) => bishopsVsVillages.villages[v]!.controller === null && bishopsVsVillages.villages[v]!.stacks.length === 0);
  occupy(bishopsVsVillages, FRANCK, spare[0]!);
  occupy(bishopsVsVillages, FRANCK, spare[1]!);
  assert.deepEqual(checkVictory(atLimit(bishopsVsVillages)), { kind: 'turn-limit', winners: [FRANCK] }, 'the most villages');
  giveTitles(bishopsVsVillages, lordOf(bishopsVsVillages, OLIVIER, 0), 'BISHOP:3');
  assert.deepEqual(checkVictory(atLimit(bishopsVsVillages)), { kind: 'turn-limit', winners: [OLIVIER] }, 'a bishop title before the villages');
});

test('§1.6 a side’s holdings add both families: a pair with the king and the pope beats a pair with the king alone', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'KING');
  giveTitles(s, lordOf(s, INGRID, 0), 'POPE');
  giveTitles(s, lordOf(s, OLIVIER, 0), 'FIEF:F_BLAYE');
  assert.deepEqual(tieBreak(s, [[FRANCK, INGRID], [OLIVIER, SABINE]]), [[FRANCK, INGRID]]);
  assert.deepEqual(tieBreak(s, [[OLIVIER, SABINE], [FRANCK]]), [[FRANCK]]);
  assert.deepEqual(tieBreak(s, [[SABINE]]), [[SABINE]], 'one contender wins without comparison');
  // The regent is counted for the side whose family holds her.
  s.titles.QUEEN.holder = null;
  giveTitles(s, lordOf(s, SABINE, 1, 'F'), 'QUEEN');
  s.titles.QUEEN.regent = true;
  assert.deepEqual(tieBreak(s, [[OLIVIER], [SABINE]]), [[SABINE]], 'regent before fief titles');
});

test('§1.4 thresholds: 2 VP alone is not a victory, 3 is; a married pair needs 4 together (3 is not)', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  assert.equal(checkVictory(s), null);
  const pair = given(4);
  const a = lordOf(pair, FRANCK, 0);
  giveTitles(pair, a, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(pair, lordOf(pair, INGRID, 0), 'FIEF:F_SIGY');
  marry(pair, a, lordOf(pair, INGRID, 1, 'F'));
  assert.equal(checkVictory(pair), null, '3 VP together');
  // With allianceVp lowered to 3 the same pair wins, once (not twice, once per partner).
  assert.deepEqual(checkVictory(withVp(pair, {}, { allianceVp: 3 })), { kind: 'alliance', winners: [FRANCK, INGRID] });
  // Turn limit: before its last turn nothing, at and after it the ranking.
  const lim = withVp(given(4), {}, { turnLimit: 3 });
  assert.equal(checkVictory({ ...lim, cursor: { ...lim.cursor, turn: 2 } }), null);
  assert.equal(checkVictory({ ...lim, cursor: { ...lim.cursor, turn: 3 } })?.kind, 'turn-limit');
  assert.equal(checkVictory({ ...lim, cursor: { ...lim.cursor, turn: 4 } })?.kind, 'turn-limit');
});

test('§1.4 the 3-player rule at its boundary: below allianceMinPlayers no alliance victory (a married pair with 4 VP together) and a married player wins alone; at it, the pair wins', () => {
  const three = given(3);
  const a = lordOf(three, FRANCK, 0);
  giveTitles(three, a, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(three, lordOf(three, INGRID, 0), 'FIEF:F_SIGY', 'POPE');
  marry(three, a, lordOf(three, INGRID, 1, 'F'));
  assert.equal(checkVictory(three), null, '3 players (allianceMinPlayers 4): 4 VP together is no victory');
  assert.deepEqual(checkVictory(withVp(three, {}, { allianceMinPlayers: 3 })), { kind: 'alliance', winners: [FRANCK, INGRID] }, 'at the boundary the pair counts');
  giveTitles(three, lordOf(three, FRANCK, 1), 'FIEF:F_TOURNUS');
  assert.deepEqual(checkVictory(three), { kind: 'solo', winners: [FRANCK] }, 'below it a married player with 3 VP wins alone');
  assert.deepEqual(checkVictory(withVp(three, {}, { allianceMinPlayers: 3 })), { kind: 'alliance', winners: [FRANCK, INGRID] }, 'at it he may not: the pair wins');
});

test('§1.4 soloVp and allianceVp are read from the constants: 3 VP alone is no victory at soloVp 4; a pair at 4 is none at allianceVp 5', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'FIEF:F_BLAYE', 'FIEF:F_BOURG', 'KING');
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [FRANCK] });
  assert.equal(checkVictory(withVp(s, {}, { soloVp: 4 })), null);
  assert.deepEqual(checkVictory(withVp(s, { king: 2 }, { soloVp: 4 })), { kind: 'solo', winners: [FRANCK] }, 'the king worth 2');
  const pair = given(4);
  const a = lordOf(pair, FRANCK, 0);
  giveTitles(pair, a, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(pair, lordOf(pair, INGRID, 0), 'FIEF:F_SIGY', 'POPE');
  marry(pair, a, lordOf(pair, INGRID, 1, 'F'));
  assert.equal(checkVictory(withVp(pair, {}, { allianceVp: 5 })), null);
});

test('§1.3 a prisoner’s titles still count for his family [T §6.2.4]', () => {
  const s = given(4);
  const l = lordOf(s, FRANCK, 0);
  giveTitles(s, l, 'FIEF:F_BLAYE', 'FIEF:F_BOURG', 'FIEF:F_SIGY');
  s.lords[l]!.prisonerOf = INGRID;
  assert.equal(victoryPoints(s, FRANCK), 3);
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [FRANCK] });
});

test('§1.6 two solo contenders: the tie-break picks one; equal on every criterion, they share [P G-47]', () => {
  const s = given(4);
  giveTitles(s, lordOf(s, FRANCK, 0), 'FIEF:F_BLAYE', 'FIEF:F_BOURG', 'FIEF:F_SIGY');
  giveTitles(s, lordOf(s, OLIVIER, 0), 'FIEF:F_TOURNUS', 'FIEF:F_VAUDRIER', 'FIEF:F_VALSOURDE');
  const tied = checkVictory(s);
  assert.equal(tied?.kind, 'solo');
  const villages = (p: string) => Object.values(s.villages).filter((v) => v.controller === p).length;
  if (villages(FRANCK) === villages(OLIVIER)) assert.deepEqual(tied?.winners, [FRANCK, OLIVIER]);
  giveTitles(s, lordOf(s, OLIVIER, 1), 'BISHOP:2');
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [OLIVIER] }, 'a bishop title breaks the tie');
  giveTitles(s, lordOf(s, FRANCK, 1), 'POPE');
  assert.deepEqual(checkVictory(s), { kind: 'solo', winners: [FRANCK] }, 'the pope before the bishops (and 4 VP)');
});

test('§1.6 two pairs at the alliance threshold: the tie-break ranks the pairs, the winners are both families of the best', () => {
  const s = given(6);
  const a = lordOf(s, 'P1', 0), b = lordOf(s, 'P2', 1, 'F'), c = lordOf(s, 'P3', 0), d = lordOf(s, 'P4', 1, 'F');
  giveTitles(s, a, 'FIEF:F_BLAYE', 'FIEF:F_BOURG');
  giveTitles(s, lordOf(s, 'P2', 0), 'FIEF:F_SIGY', 'FIEF:F_TOURNUS');
  giveTitles(s, c, 'FIEF:F_VAUDRIER', 'FIEF:F_VALSOURDE');
  giveTitles(s, lordOf(s, 'P4', 0), 'FIEF:F_STGEROME', 'KING');
  marry(s, a, b);
  marry(s, c, d);
  assert.deepEqual(checkVictory(s), { kind: 'alliance', winners: ['P3', 'P4'] }, 'the king’s pair');
});

test('[P G-48] the turn limit 0 is off: no ranking however late the turn', () => {
  const s = given(4);
  assert.equal(s.config.victory.turnLimit, 0);
  assert.equal(checkVictory({ ...s, cursor: { ...s.cursor, turn: 400 } }), null);
  const one = withVp(s, {}, { turnLimit: 1 });
  assert.equal(checkVictory({ ...one, cursor: { ...one.cursor, turn: 1 } })?.kind, 'turn-limit');
});
