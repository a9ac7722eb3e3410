/**
 * The naval records as sentences (style §4; rules Appendix B: naval battles public with place,
 * sides and ships lost; detections private): every kind in French and English with nothing left
 * unfilled, through the shared `render` of events.ts; TV-31 and TV-36 as exact sentences; a
 * detection names the approximate size only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render, type GruikEvent } from '../../src/rulesets/gruik/events.ts';
import { isNaval, type NavalKind } from '../../src/rulesets/gruik/naval-events.ts';
import type { NavalRecord } from '../../src/rulesets/gruik/state.ts';
import { fixture } from './fixture.ts';

const s = fixture();
const E = 'elves:F1', D = 'dwarves:F1';
const SAMPLES: NavalRecord[] = [
  { t: 'storm', audience: ['elves'], impulse: 2, fleet: E, state: 'elves', zone: 'large', lost: 17, left: 68, armies: 1 },
  { t: 'storm', audience: ['elves'], impulse: 2, fleet: E, state: 'elves', zone: 'large', lost: 9, left: 81, armies: 0 },
  { t: 'detected', audience: ['elves'], impulse: 1, by: E, byState: 'elves', fleet: D, state: 'dwarves', zone: 'baie', approx: 100 },
  { t: 'detected', audience: ['elves'], impulse: 1, by: E, byState: 'elves', fleet: D, state: 'dwarves', zone: 'baie', approx: 60, auto: 'strait' },
  { t: 'intercepted', audience: ['elves', 'dwarves'], impulse: 1, by: E, byState: 'elves', byShips: 200, fleet: D, state: 'dwarves', ships: 100, zone: 'baie', choice: 'continue', outcome: 'escaped' },
  { t: 'naval-battle', audience: [], impulse: 1, zone: 'baie', winner: E, winnerState: 'elves', loser: D, loserState: 'dwarves', winnerShips: 200, loserShips: 100, winnerLost: 20, loserLost: 60 },
  { t: 'fleet-retreat', audience: ['dwarves'], impulse: 1, fleet: D, state: 'dwarves', from: 'baie', to: 'etroite' },
  { t: 'embarked', audience: ['elves'], impulse: 1, fleet: E, state: 'elves', at: 'rives', forces: 1 },
  { t: 'landed', audience: ['elves', 'dwarves'], impulse: 4, fleet: E, state: 'elves', at: 'gouffre', forces: 1 },
  { t: 'set-ashore', audience: ['elves'], impulse: 4, fleet: E, state: 'elves', at: 'rives', forces: 1 },
  { t: 'forced-return', audience: ['elves'], impulse: 4, fleet: E, state: 'elves', from: 'large', to: 'etroite', excess: 2, lost: 12 },
  { t: 'fleet-lost', audience: ['dwarves'], impulse: 1, fleet: D, state: 'dwarves', forces: 1 },
  { t: 'blockade', audience: ['elves', 'dwarves'], impulse: 4, fleet: E, state: 'elves', province: 'enclume' },
  { t: 'raid-cancelled', audience: ['elves'], impulse: 2, fleet: E, state: 'elves' },
];

test('every naval kind renders in both languages, nothing left unfilled', () => {
  const all: NavalKind[] = ['storm', 'detected', 'intercepted', 'naval-battle', 'fleet-retreat', 'embarked', 'landed', 'set-ashore', 'forced-return', 'fleet-lost', 'blockade', 'raid-cancelled'];
  assert.deepEqual([...new Set(SAMPLES.map((e) => e.t))].sort(), [...all].sort());
  for (const e of SAMPLES) {
    assert.ok(isNaval(e), `${e.t} is naval`);
    for (const lang of ['fr', 'en'] as const) {
      const text = render(s, e as GruikEvent, lang);
      assert.ok(text.length > 10 && !/[{}]|undefined|NaN/.test(text), `${e.t} ${lang}: ${text}`);
    }
  }
  assert.ok(!isNaval({ t: 'battle' }), 'a land battle is not naval');
});

test('TV-31 as a public sentence: place, sides, ships lost', () => {
  const b = SAMPLES[5]!;
  assert.deepEqual(b.audience, []);
  assert.equal(render(s, b, 'fr'), 'Bataille navale — Baie d’Argent : Royaume de Sylvebrune (200 navires) bat Thanat d’Enclumegarde (100 navires). Pertes : 20 et 60 navires.');
  assert.equal(render(s, b, 'en'), 'Naval battle — Baie d’Argent: Royaume de Sylvebrune (200 ships) defeats Thanat d’Enclumegarde (100 ships). Losses: 20 and 60 ships.');
});

test('TV-36 as a private sentence; a detection gives the approximate size only', () => {
  assert.equal(render(s, SAMPLES[0]!, 'en'), 'Royaume de Sylvebrune — storm (Grand Large): 17 ships lost, 68 left; armies aboard: 1, −1 to the modifier.');
  assert.equal(render(s, SAMPLES[0]!, 'fr'), 'Royaume de Sylvebrune — tempête (Grand Large) : 17 navires perdus, il en reste 68 ; armées à bord : 1, −1 au modificateur.');
  assert.equal(render(s, SAMPLES[3]!, 'en'), 'Fleet sighted (strait) — Baie d’Argent: Thanat d’Enclumegarde, about 60 ships.');
  assert.equal(render(s, SAMPLES[2]!, 'fr'), 'Flotte repérée — Baie d’Argent : Thanat d’Enclumegarde, environ 100 navires.');
});
