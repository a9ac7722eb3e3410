/**
 * Dice as rules §11.1 asks: every roll derived from (season key, phase, event key, roll index), so
 * that results do not depend on the order in which events are processed, and every roll recorded
 * (season, phase, event, index, sides, face, purpose, rule, the states concerned) for the reports
 * and for anyone checking the season once its key is revealed.
 *
 * The derivation, written out so anyone can re-compute a roll: the 32 bytes of
 * HMAC-SHA-256(key = the season key as UTF-8, message = `${phase}|${event}|${index}` as UTF-8);
 * its first 16 bytes as four little-endian uint32 seed sfc32 (the engine's generator, src/engine/rng.ts),
 * 12 outputs discarded; the face is 1 + floor(next × sides). `index` counts the rolls of one
 * (phase, event) from 0, in the order the rule makes them (a 2d8 is two rolls, 0 and 1).
 *
 * Tests inject their own dice (`scriptedDice`: the vectors give "dice in the order rolled").
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { sfc32 } from '../../../engine/rng.ts';
import type { GruikState, RollRecord, SeasonIndex, StateId } from '../state.ts';

export interface RollRequest {
  sides: number;
  /** The step of the season (`S0.3`, `S6.3`…). */
  phase: string;
  /** What the roll belongs to (`base:elves`, `battle:B1:fate:elves:general:1`). */
  event: string;
  purpose: string;
  rule: string;
  /** The states concerned (they see the roll); empty: public. */
  audience: readonly StateId[];
}

/** A source of dice; `log` keeps every roll made through it, in order. */
export interface Dice {
  roll(req: RollRequest): number;
  readonly log: RollRecord[];
}

/** Sums `count` dice of one request (each its own index). */
export function rollSum(dice: Dice, count: number, req: RollRequest): { sum: number; faces: number[] } {
  const faces = Array.from({ length: count }, () => dice.roll(req));
  return { sum: faces.reduce((a, b) => a + b, 0), faces };
}

/** A roll's name in the log and in the GM's overrides (rules §11.1, §11.3): `phase|event|index`. */
export const rollKey = (phase: string, event: string, index: number): string => `${phase}|${event}|${index}`;

function makeDice(season: SeasonIndex, face: (req: RollRequest, index: number) => number, overrides: Readonly<Record<string, number>> = {}): Dice {
  const log: RollRecord[] = [];
  const counters = new Map<string, number>();
  return {
    log,
    roll(req) {
      const key = `${req.phase}|${req.event}`;
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      const keyed = face(req, index);
      if (!Number.isInteger(keyed) || keyed < 1 || keyed > req.sides) throw new Error(`die of ${req.sides} sides cannot show ${keyed} (${key}#${index})`);
      // §11.3: the GM's override of this one roll; every other roll keeps its own draw (order independence holds).
      const o = Object.hasOwn(overrides, rollKey(req.phase, req.event, index)) ? overrides[rollKey(req.phase, req.event, index)]! : null;
      const f = o !== null && Number.isInteger(o) && o >= 1 && o <= req.sides ? o : keyed; // [P] an override out of this die's range is ignored
      log.push({ season, phase: req.phase, event: req.event, index, sides: req.sides, face: f, purpose: req.purpose, rule: req.rule, audience: [...req.audience], ...(o !== null && f === o ? { keyed } : {}) });
      return f;
    },
  };
}

/** The face of one roll of a season, from the season's secret key (the derivation above). */
export function keyedFace(seasonKey: string, phase: string, event: string, index: number, sides: number): number {
  const enc = new TextEncoder();
  const mac = hmac(sha256, enc.encode(seasonKey), enc.encode(`${phase}|${event}|${index}`));
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  const next = sfc32(view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true), view.getUint32(12, true));
  for (let i = 0; i < 12; i++) next();
  return 1 + Math.floor(next() * sides);
}

/** The season's own dice (rules §11.1). */
export function seasonDice(seasonKey: string, season: SeasonIndex, overrides?: Readonly<Record<string, number>>): Dice {
  return makeDice(season, (req, index) => keyedFace(seasonKey, req.phase, req.event, index, req.sides), overrides);
}

/** The published commitment to a season key: hex sha-256 of its UTF-8 bytes (rules §11.1). */
export function keyCommitment(seasonKey: string): string {
  return [...sha256(new TextEncoder().encode(seasonKey))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Dice for tests: the given faces in the order rolled; fails loudly when they run out. */
export function scriptedDice(faces: readonly number[], season: SeasonIndex = 0): Dice {
  let i = 0;
  return makeDice(season, (req) => {
    if (i >= faces.length) throw new Error(`scripted dice exhausted after ${faces.length} rolls (next: ${req.phase}|${req.event}, ${req.purpose})`);
    return faces[i++]!;
  });
}

/** A game's dice for its current season: from the season's secret key (rules §11.1), with the GM's overrides (§11.3). */
export function diceOf(s: GruikState): Dice {
  const key = s.secret.seasonKeys[s.season];
  if (key === undefined) throw new Error(`Gruik: no key for season ${s.season}`);
  return seasonDice(key, s.season, s.dice.overrides);
}

/** One revealed season checked against its commitment and its rolls (rules §11.1): what anyone may verify once the key is out. */
export interface SeasonCheck {
  season: SeasonIndex;
  /** sha-256 of the revealed key equals the hash published before the season's first roll. */
  keyMatches: boolean;
  /** Rolls of the season recomputed from the key (a GM override is checked by the face the key gave, `keyed`). */
  rolls: number;
  /** The rolls whose recorded face the key does not give. */
  mismatches: { key: string; recorded: number; fromKey: number }[];
  /** Rolls the GM overrode (§11.3), each shown in its report as a GM ruling. */
  overridden: number;
}

/** Every season whose key is revealed, checked (bounded by the roll log's length). */
export function checkRevealedRolls(s: Pick<GruikState, 'dice' | 'rollLog'>): SeasonCheck[] {
  const out: SeasonCheck[] = [];
  for (const [k, key] of Object.entries(s.dice.revealedKeys)) {
    const season = Number(k) as SeasonIndex;
    const check: SeasonCheck = { season, keyMatches: keyCommitment(key) === s.dice.keyHashes[season], rolls: 0, mismatches: [], overridden: 0 };
    for (const r of s.rollLog) {
      if (r.season !== season) continue;
      check.rolls++;
      const fromKey = keyedFace(key, r.phase, r.event, r.index, r.sides);
      const recorded = r.keyed ?? r.face;
      if (r.keyed !== undefined) check.overridden++;
      if (fromKey !== recorded) check.mismatches.push({ key: rollKey(r.phase, r.event, r.index), recorded, fromKey });
    }
    out.push(check);
  }
  return out.sort((a, b) => a.season - b.season);
}
