/**
 * Written for the mutation area `gruik-rules` (scripts/mutate.mjs, docs/quality.md): the
 * boundaries of the army-size formulas (§4.2–§4.4), the keyed dice of §11.1 re-derived here
 * independently (node's HMAC and a transcription of sfc32), and the branches of ABR (§6.12.2
 * [P A-24], table D15) that TV-30 and the second-tie test leave open.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { DEFAULT_CONFIG as C, resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { abrRefusal, resolveAbr, sizeMod, type AbrSide } from '../../src/rulesets/gruik/rules/abr.ts';
import { addMod, allowedArmies, besiegedDelta, effortBonus, seasonalSize, siegeDelta } from '../../src/rulesets/gruik/rules/army-size.ts';
import { fateOf } from '../../src/rulesets/gruik/rules/battle.ts';
import { keyCommitment, keyedFace, scriptedDice, seasonDice, type RollRequest } from '../../src/rulesets/gruik/rules/dice.ts';

// ─── §4.2–§4.4 ────────────────────────────────────────────────────────────────────────────────

test('§4.3 seasonal size: base + modifier, capped at ARMY_CAP exactly, floor 0', () => {
  assert.equal(seasonalSize(C, 20, 4), 24);
  assert.equal(seasonalSize(C, 20, 5), 24);
  assert.equal(seasonalSize(C, 20, 3), 23);
  assert.equal(seasonalSize(C, 3, -3), 0);
  assert.equal(seasonalSize(C, 3, -2), 1);
  assert.equal(addMod(C, 4, 1), 5, 'up to MOD_MAX exactly');
  assert.equal(addMod(C, 2, 1), 3);
  assert.equal(addMod(resolveGruikConfig({ army: { modMax: 2 } }), 0, 3), 2, 'MOD_MAX read from the constants');
});

test('M6/M7 at each season: besieged −1 from the 2nd; besieger −1 on even seasons only', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map(besiegedDelta), [0, 0, -1, -1, -1, -1, -1]);
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map(siegeDelta), [0, 0, -1, 0, -1, 0, -1]);
});

test('M9 effort: only positive whole multiples of EFFORT_COST buy a bonus', () => {
  assert.equal(effortBonus(C, 15), 1);
  assert.equal(effortBonus(C, 45), 3);
  assert.equal(effortBonus(C, -15), null);
  assert.equal(effortBonus(C, 15.5), null);
  assert.equal(effortBonus(C, 16), null);
  assert.equal(effortBonus(resolveGruikConfig({ army: { effortCost: 10 } }), 20), 2);
});

test('§4.4 armies allowed at every threshold: 0–6 → 1, 7–10 → 2, 11–14 → 3, 15+ → 4', () => {
  const expected: [number, number][] = [[0, 1], [6, 1], [7, 2], [10, 2], [11, 3], [14, 3], [15, 4], [40, 4]];
  for (const [n, armies] of expected) assert.equal(allowedArmies(C, n), armies, `${n} provinces`);
});

// ─── §11.1 the keyed dice, re-derived ─────────────────────────────────────────────────────────

/** The derivation of rules §11.1 written again from its text: HMAC-SHA-256, four LE uint32, sfc32, 12 discarded. */
function derive(key: string, phase: string, event: string, index: number, sides: number): number {
  const mac = createHmac('sha256', Buffer.from(key, 'utf8')).update(Buffer.from(`${phase}|${event}|${index}`, 'utf8')).digest();
  let a = mac.readUInt32LE(0), b = mac.readUInt32LE(4), c = mac.readUInt32LE(8), d = mac.readUInt32LE(12);
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return 1 + Math.floor(next() * sides);
}

test('§11.1 every face equals the published derivation, recomputed independently (keys, phases, events, indexes, d6/d8/d20)', () => {
  let n = 0;
  for (const key of ['k', 'test-season-key-0', 'clé-été-68']) {
    for (const [phase, event] of [['S0.3', 'base:elves'], ['S6.3', 'battle:B1:roll:A'], ['S7.3', 'siege:P1']]) {
      for (let index = 0; index < 6; index++) {
        for (const sides of [6, 8, 20]) {
          assert.equal(keyedFace(key!, phase!, event!, index, sides), derive(key!, phase!, event!, index, sides), `${key} ${phase}|${event}|${index} d${sides}`);
          n++;
        }
      }
    }
  }
  assert.equal(n, 162);
});

test('§11.1 a season’s dice: index counted per (phase, event); the sides asked for; every field logged', () => {
  const d = seasonDice('k', 7);
  const req = (phase: string, event: string, sides: number): RollRequest => ({ sides, phase, event, purpose: `p:${event}`, rule: `r:${phase}`, audience: ['elves', 'dwarves'] });
  const faces = [d.roll(req('S6.3', 'x', 20)), d.roll(req('S6.3', 'y', 8)), d.roll(req('S6.3', 'x', 20)), d.roll(req('S7.3', 'x', 6))];
  assert.deepEqual(faces, [derive('k', 'S6.3', 'x', 0, 20), derive('k', 'S6.3', 'y', 0, 8), derive('k', 'S6.3', 'x', 1, 20), derive('k', 'S7.3', 'x', 0, 6)]);
  assert.deepEqual(d.log, [
    { season: 7, phase: 'S6.3', event: 'x', index: 0, sides: 20, face: faces[0], purpose: 'p:x', rule: 'r:S6.3', audience: ['elves', 'dwarves'] },
    { season: 7, phase: 'S6.3', event: 'y', index: 0, sides: 8, face: faces[1], purpose: 'p:y', rule: 'r:S6.3', audience: ['elves', 'dwarves'] },
    { season: 7, phase: 'S6.3', event: 'x', index: 1, sides: 20, face: faces[2], purpose: 'p:x', rule: 'r:S6.3', audience: ['elves', 'dwarves'] },
    { season: 7, phase: 'S7.3', event: 'x', index: 0, sides: 6, face: faces[3], purpose: 'p:x', rule: 'r:S7.3', audience: ['elves', 'dwarves'] },
  ]);
  const audience = ['elves'];
  const e = seasonDice('k', 0);
  e.roll({ sides: 6, phase: 'S1', event: 'z', purpose: '', rule: '', audience });
  audience.push('orcs');
  assert.deepEqual(e.log[0]!.audience, ['elves'], 'the log keeps a copy of the audience');
});

test('§11.1 a face outside 1 … sides, or not whole, is refused (and not logged); the commitment is hex sha-256 with leading zeros', () => {
  const r: RollRequest = { sides: 6, phase: 'S1', event: 'e', purpose: '', rule: '', audience: [] };
  for (const bad of [0, 7, 2.5, -1]) {
    const d = scriptedDice([bad]);
    assert.throws(() => d.roll(r), /cannot show/, String(bad));
    assert.equal(d.log.length, 0);
  }
  const ok = scriptedDice([1, 6], 3);
  assert.equal(ok.roll(r), 1);
  assert.equal(ok.roll(r), 6);
  assert.deepEqual(ok.log.map((x) => [x.season, x.index, x.face]), [[3, 0, 1], [3, 1, 6]]);
  // sha-256('') begins e3 b0 c4 42 98 fc 1c 14 …: a byte under 0x10 must keep its leading zero.
  assert.equal(keyCommitment(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(keyCommitment('clé é'), createHash('sha256').update(Buffer.from('clé é', 'utf8')).digest('hex'), 'the UTF-8 bytes');
});

// ─── ABR ──────────────────────────────────────────────────────────────────────────────────────

const side = (state: string, fielded: number, over: Partial<AbrSide> = {}): AbrSide => ({ state, fielded, hottDefender: false, character: `${state}:general`, ...over });

test('[P §6.12.2] size modifier at the 1.5 ratio: 30 v 20 → +2, 29 v 20 → +1, equal → 0, the smaller 0', () => {
  assert.equal(sizeMod(C, 30, 20), 2);
  assert.equal(sizeMod(C, 29, 20), 1);
  assert.equal(sizeMod(C, 21, 20), 1);
  assert.equal(sizeMod(C, 20, 20), 0);
  assert.equal(sizeMod(C, 19, 20), 0);
  const c = resolveGruikConfig({ abr: { sizeSmall: 3, sizeLarge: 5, sizeLargeRatio: 2 } });
  assert.equal(sizeMod(c, 30, 20), 3);
  assert.equal(sizeMod(c, 40, 20), 5);
});

test('ABR inputs: 1 … BATTLE_CAP whole AP, quality −2 … +2 whole, checked on both sides; the limits themselves accepted', () => {
  const ok = side('A', 30, { qualityMod: 2 }), okD = side('D', 1, { qualityMod: -2 });
  assert.equal(abrRefusal(C, ok, okD), null);
  for (const bad of [0, -1, 2.5, 31]) {
    assert.equal(abrRefusal(C, side('A', bad), okD)?.reason, 'fielded', `attacker ${bad}`);
    assert.equal(abrRefusal(C, ok, side('D', bad))?.reason, 'fielded', `defender ${bad}`);
  }
  for (const q of [3, -3, 0.5]) {
    assert.equal(abrRefusal(C, side('A', 10, { qualityMod: q }), okD)?.reason, 'quality', `attacker ${q}`);
    assert.equal(abrRefusal(C, ok, side('D', 10, { qualityMod: q }))?.reason, 'quality', `defender ${q}`);
  }
  const r = abrRefusal(C, side('A', 31), okD)!;
  assert.match(r.message.en, /1 to 30 AP/);
  const q = abrRefusal(C, side('A', 3, { qualityMod: 3 }), okD)!;
  assert.match(q.message.fr, /−2 à \+2/);
  assert.throws(() => resolveAbr(C, scriptedDice([]), 'B1', side('A', 0), okD), /1 to 30 AP/);
});

test('ABR the defender wins: margin from its side; the quality modifier and the defender bonus are added', () => {
  const c = resolveGruikConfig({ abr: { defenderBonus: 1 } });
  // A 20 (q +1) rolls 2 → 3; D 20 HOTT defender (+1 bonus) rolls 6 → 7: D by 4.
  const dice = scriptedDice([2, 6, /* A element */ 3, /* D element */ 2]);
  const r = resolveAbr(c, dice, 'B9', side('A', 20, { qualityMod: 1 }), side('D', 20, { hottDefender: true }));
  assert.deepEqual(r.outcome, { kind: 'decisive', winner: 'D', loser: 'A', margin: 4 });
  assert.deepEqual(r.totals, [[3, 7]]);
  assert.deepEqual(r.onTable, { A: 10, D: 3 });
  assert.deepEqual(r.elements.map((e) => e.destroyed), [false, false], 'the loser’s element survives a 3, the winner’s a 2');
  assert.deepEqual(dice.log.map((x) => [x.event, x.purpose, x.rule, x.phase, x.audience]), [
    ['battle:B9:roll:A', 'ABR battle roll', '[P §6.12.2] D15', 'S6.3', ['A', 'D']],
    ['battle:B9:roll:D', 'ABR battle roll', '[P §6.12.2] D15', 'S6.3', ['A', 'D']],
    ['battle:B9:element:A', 'ABR general element', '[P §6.12.2] D15', 'S6.3', ['A', 'D']],
    ['battle:B9:element:D', 'ABR general element', '[P §6.12.2] D15', 'S6.3', ['A', 'D']],
  ]);
  // Without the bonus (default 0) and a negative quality: 2 − 1 = 1 v 6.
  const s = resolveAbr(C, scriptedDice([2, 6, 3, 2]), 'B9', side('A', 20, { qualityMod: -1 }), side('D', 20, { hottDefender: true }), 'attackerWithdraws', 'S6.9');
  assert.deepEqual(s.totals, [[1, 6]]);
  assert.deepEqual(s.outcome, { kind: 'decisive', winner: 'D', loser: 'A', margin: 5 });
  assert.deepEqual(s.onTable, { A: 10, D: 2 });
});

test('ABR nominal losses: the loser ceil(fielded / 2); the winner clamp(7 − M, 1, 6) from M = 3, 9 − M below', () => {
  const losses = (a: number, d: number, fieldedD = 21, c = C) => resolveAbr(c, scriptedDice([a, d, 6, 6]), 'B1', side('A', fieldedD), side('D', fieldedD)).onTable;
  assert.deepEqual(losses(6, 5), { A: 8, D: 11 }, 'margin 1: 9 − 1; 21 fielded: 11');
  assert.deepEqual(losses(6, 4), { A: 7, D: 11 }, 'margin 2: 9 − 2');
  assert.deepEqual(losses(6, 3), { A: 4, D: 11 }, 'margin 3: 7 − 3');
  assert.deepEqual(losses(6, 1, 20), { A: 2, D: 10 }, 'margin 5: 7 − 5; 20 fielded: 10');
  const big = resolveAbr(C, scriptedDice([6, 1, 6, 6]), 'B1', side('A', 30), side('D', 10, { qualityMod: -2 })).onTable;
  assert.deepEqual(big, { A: 1, D: 5 }, 'margin 6 + 2 + 2 = 9: the winner’s loss is at least 1');
  const wide = resolveGruikConfig({ abr: { winnerSmallFrom: 12 } });
  assert.deepEqual(losses(6, 3, 21, wide), { A: 6, D: 11 }, 'at most the band’s 6');
});

test('ABR general elements: the loser’s on d6 ≤ 2, the winner’s and a draw’s on 1; at range on 1, else close combat; the fate of D3', () => {
  // A beats D by 1; A element 1 (destroyed), range 1 (at range), fate 4; D element 3 (survives).
  const dice = scriptedDice([6, 5, 1, 1, 4, 3]);
  const r = resolveAbr(C, dice, 'B2', side('A', 20), side('D', 20));
  assert.deepEqual(r.elements, [
    { state: 'A', character: 'A:general', destroyed: true, inCloseCombat: false, fate: fateOf(C, 4, false) },
    { state: 'D', character: 'D:general', destroyed: false },
  ]);
  assert.deepEqual(dice.log.slice(2).map((x) => [x.event, x.purpose, x.rule, x.audience]), [
    ['battle:B2:element:A', 'ABR general element', '[P §6.12.2] D15', ['A', 'D']],
    ['battle:B2:range:A', 'ABR close combat or range', '[P §6.12.2] D15', ['A', 'D']],
    ['battle:B2:fate:A:general', 'fate of a character (D3)', '[T §6.3] D3', []],
    ['battle:B2:element:D', 'ABR general element', '[P §6.12.2] D15', ['A', 'D']],
  ]);
  // The winner's element survives a 2; the loser's falls on 2, in close combat on a 2.
  const w = resolveAbr(C, scriptedDice([6, 5, 2, 2, 2, 5]), 'B2', side('A', 20), side('D', 20));
  assert.deepEqual(w.elements.map((e) => [e.destroyed, e.inCloseCombat, e.fate]), [[false, undefined, undefined], [true, true, fateOf(C, 5, true)]]);
  // The loser's survives a 3.
  const l = resolveAbr(C, scriptedDice([6, 5, 2, 3]), 'B2', side('A', 20), side('D', 20));
  assert.equal(l.elements[1]!.destroyed, false);
  // A draw: both elements on 1 only (a 2 survives).
  const draw = resolveAbr(C, scriptedDice([4, 4, 4, 4, 5, 2, 5, 2, 1, 2, 3]), 'B3', side('A', 20), side('D', 20));
  assert.equal(draw.outcome.kind, 'nonDecisive');
  assert.deepEqual(draw.onTable, { A: 5, D: 8 }, 'drawNominalBase 3 + d6 each');
  assert.deepEqual(draw.elements.map((e) => e.destroyed), [false, true]);
  assert.deepEqual(draw.totals, [[4, 4], [4, 4]]);
});

test('ABR ties: one reroll only; the second tie’s d6 against mutualMax exactly (2 mutual, 3 not)', () => {
  const two = resolveAbr(C, scriptedDice([4, 4, 1, 1, 2, 1, 1, 3, 3]), 'B4', side('A', 20), side('D', 20));
  assert.equal(two.outcome.kind, 'mutual');
  assert.equal(two.totals.length, 2, 'no third battle roll');
  const three = resolveAbr(C, scriptedDice([4, 4, 1, 1, 3, 1, 1, 3, 3]), 'B4', side('A', 20), side('D', 20));
  assert.equal(three.outcome.kind, 'nonDecisive');
  const rerolled = resolveAbr(C, scriptedDice([4, 4, 2, 1, 6, 6]), 'B4', side('A', 20), side('D', 20));
  assert.deepEqual(rerolled.outcome, { kind: 'decisive', winner: 'A', loser: 'D', margin: 1 });
  assert.deepEqual(rerolled.totals, [[4, 4], [2, 1]]);
});
