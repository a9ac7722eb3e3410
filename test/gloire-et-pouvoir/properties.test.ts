/**
 * Property tests over random order sheets, legal and illegal (fast-check): after every turn the
 * state keeps the rules' invariants, and the same seed and sheets always give the same hash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, replay, submit, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import { gloireEtPouvoir } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { checkInvariants } from './invariants.ts';

const map = getMap('scandinavia');
const TERR = map.territories.map((t) => t.name);
const CODES = ['IMP', 'RED', 'INI', 'DEF', 'CHE', 'ARM', 'AFF', 'TSF', 'GAR', 'ATT', 'GUE', 'ALL', 'PAI', 'ANN', 'APP', 'MOV', 'ORG', 'PAR', 'VND', 'ACH', 'ESP', 'FOR', 'DEM', 'LIB', 'REN', 'GARBAGE'];

/** Turns a vector of random integers into one order line for `lord`, using the current state. */
function line(s: GPState, lord: string, r: number[]): string {
  const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
  const knights = Object.values(s.knights).filter((k) => k.lord === lord);
  const allKnights = Object.values(s.knights);
  const armies = Object.values(s.armies).filter((a) => a.lord === lord);
  const own = Object.values(s.territories).filter((t) => t.owner === lord).map((t) => map.territories.find((m) => m.id === t.id)!.name);
  const lords = Object.values(s.lords).filter((l) => l.id !== lord).map((l) => l.name);
  const k = pick(knights, r[1]!)?.id ?? 'K1';
  const k2 = pick(allKnights, r[2]!)?.id ?? 'K1';
  const anyT = pick(TERR, r[3]!)!;
  const ownT = pick(own, r[3]!) ?? anyT;
  const near = (() => {
    const kn = knights[r[1]! % Math.max(1, knights.length)];
    const m = kn ? map.territories.find((t) => t.id === kn.location)! : undefined;
    const adj = m ? m.adjacent.map((id) => map.territories.find((t) => t.id === id)!.name) : TERR;
    return pick(adj, r[3]!)!;
  })();
  const someLord = JSON.stringify(pick(lords, r[2]!) ?? 'Nobody');
  const army = pick(armies, r[2]!)?.id ?? r[2]!;
  const n = r[4]!;
  const t = JSON.stringify;
  switch (CODES[r[0]! % CODES.length]) {
    case 'IMP': return `IMP ${n % 12} ${t(ownT)}`;
    case 'RED': return `RED ${n * 7 + 1} ${t(ownT)}`;
    case 'INI': return `INI ${n % 101} ${(n * 3) % 101} ${(n * 7) % 101}`;
    case 'DEF': return `DEF ${army} ${n * 3}`;
    case 'CHE': return `CHE ${1 + (n % 5)}`;
    case 'ARM': return `ARM ${t(r[5]! % 2 ? anyT : ownT)} ${n * 11 + 1}${r[5]! % 3 ? ` ${k}` : ''}`;
    case 'AFF': return `AFF ${k} ${army}`;
    case 'TSF': return `TSF ${k} ${k2} ${1 + n}`;
    case 'GAR': return `GAR ${k} ${1 + n}`;
    case 'ATT': return `ATT ${k} ${t(r[5]! % 4 ? near : anyT)} ${n % 3 ? n : ''}`;
    case 'GUE': case 'ALL': case 'PAI': case 'ANN': case 'APP': return `${CODES[r[0]! % CODES.length]} ${someLord}`;
    case 'MOV': return `MOV ${k} ${t(near)}`;
    case 'ORG': return `ORG ${2 + (n % 6)} ${n * 5} pw${r[5]! % 3}`;
    case 'PAR': return r[5]! % 2 ? `PAR ${k}` : `PAR ${k} ${someLord} pw${r[5]! % 3}`;
    case 'VND': return `VND ${someLord} ${t(ownT)} ${n * 10}`;
    case 'ACH': return `ACH ${someLord} ${t(anyT)} ${n * 10}`;
    case 'ESP': return `ESP ${t(anyT)}`;
    case 'FOR': return `FOR ${t(ownT)} ${['palisade', 'wall', 'fortress'][n % 3]}`;
    case 'DEM': return `DEM ${army}`;
    case 'LIB': return `LIB ${k}`;
    case 'REN': return `REN ${k} Sire ${n}`;
    default: return `XYZ ${n} ${anyT} %%`;
  }
}

const specArb = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 6, maxLength: 6 });
const turnArb = fc.array(fc.array(specArb, { maxLength: 12 }), { minLength: 4, maxLength: 4 }); // one turn: a list of order specs per lord

function play(seed: number, turns: number[][][][]): GameRecord<GPState> {
  let g = createGame(gloireEtPouvoir, { map: 'scandinavia', players: 4 }, seed);
  const total = Object.values(g.state.territories).reduce((a, t) => a + t.population, 0);
  for (const turn of turns) {
    if (g.state.finished) break;
    const lords = Object.values(g.state.lords).filter((l) => l.alive);
    lords.forEach((l, i) => {
      const text = (turn[i] ?? []).map((r) => line(g.state, l.id, r)).join('\n');
      g = submit(gloireEtPouvoir, g, l.id, 'orders', text).game;
    });
    g = advance(gloireEtPouvoir, g, { useDefaults: true });
    checkInvariants(g.state, total);
  }
  return g;
}

test('random legal and illegal sheets keep every invariant, and replay reproduces every hash', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(turnArb, { minLength: 1, maxLength: 3 }), (seed, turns) => {
    const g = play(seed, turns);
    assert.ok(replay(gloireEtPouvoir, g).ok);
  }), { numRuns: 40 });
});

test('same seed and same sheets give the same state hash', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(turnArb, { minLength: 1, maxLength: 3 }), (seed, turns) => {
    assert.equal(hashState(play(seed, turns).state), hashState(play(seed, turns).state));
  }), { numRuns: 20 });
});
