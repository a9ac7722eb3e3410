/**
 * A small hand-built Adventurer Kings world for the report, view and map tests: 162 provinces,
 * two kingdoms (p1 = kingdom 1, p2 = kingdom 2), with secrets kingdom 1 must never learn:
 * kingdom 2's Hero "Mordred" (never seen), its army 20 (a Phalanx), its treasury 4321, the
 * hidden site "Crypte de Zzyzx" in 306, and province 307 (Plain) under an illusory Mountain.
 */
import type { AKState, Character, Province, Terrain } from '../../src/rulesets/adventurer-kings/state.ts';
import { character, levels } from './fixture.ts';

const TERRAINS: Terrain[] = ['Plain', 'Forest', 'Mountain', 'Desert', 'Jungle', 'Sea'];

function char(id: number, name: string, kingdom: number | null, role: Character['role'], province: number, extra: Partial<Character> = {}): Character {
  return character(id, { name, role, kingdom, talent: levels({ Ta: 1, Me: 2, Sp: 1 }), aptitude: levels({ Ta: 2, Me: 2, Sp: 2, Ex: 1 }), province, ...extra });
}

export function fixture(): AKState {
  const provinces: Record<number, Province> = {};
  for (let row = 1; row <= 9; row++) {
    for (let col = 1; col <= 18; col++) {
      const id = 100 * row + col;
      const terrain = TERRAINS[(row * 7 + col * 3) % TERRAINS.length]!;
      provinces[id] = { id, row, col, terrain, race: terrain === 'Sea' ? null : 'Human', types: terrain === 'Sea' ? [] : ['LE'], taxBase: (row + col) % 11, owner: null, sites: [], fallen: [] };
    }
  }
  const p = (id: number, x: Partial<Province>) => Object.assign(provinces[id]!, x);
  p(305, { terrain: 'Plain', owner: 1, capitalOf: 1, taxBase: 10, name: 'Brocéliande', sites: [1] });
  p(304, { terrain: 'Forest', owner: 1, taxBase: 4 });
  p(306, { terrain: 'Forest', taxBase: 8, sites: [2] });
  p(307, { terrain: 'Plain', taxBase: 5, effects: { illusoryTerrain: { terrain: 'Mountain', caster: 2 } } });
  p(310, { terrain: 'Plain', owner: 2, capitalOf: 2, taxBase: 10, name: 'Valtenebre' });
  const s: AKState = {
    ruleset: 'adventurer-kings', turn: 4, config: {}, provinces,
    characters: {
      1: char(1, 'Arthur', 1, 'King', 305, { items: [1] }),
      2: char(2, 'Tilden', 1, 'HeroInService', 306, { wage: 1 }),
      3: char(3, 'Morgane', 2, 'King', 310),
      4: char(4, 'Mordred', 2, 'HeroInService', 307, { wage: 2 }),
      5: char(5, 'Gauvain', 2, 'HeroInService', 304, { wage: 1 }),
    },
    armies: {
      10: { id: 10, type: 'LE', race: 'Human', quality: 2, kingdom: 1, status: 'Led', leader: 1, province: 305, mpUsed: 0 },
      11: { id: 11, type: 'GA', race: 'Human', quality: 2, kingdom: 1, status: 'Garrison', province: 305, mpUsed: 0 },
      20: { id: 20, type: 'PH', race: 'Human', quality: 3, kingdom: 2, status: 'Led', leader: 4, province: 307, mpUsed: 1 },
    },
    sites: {
      1: { id: 1, province: 305, type: 'tomb', name: 'Roi Pêcheur', treasure: { gold: 5, items: [] }, threshold: 10 },
      2: { id: 2, province: 306, type: 'cave', name: 'Crypte de Zzyzx', treasure: { gold: 50, items: [] }, threshold: 80, hiddenBy: 2 },
    },
    items: { 1: { id: 1, kind: 'sword', name: 'Excalibur', category: 'Weapon', holder: 1 } },
    kingdoms: {
      1: { id: 1, name: 'Logres', player: 'p1', king: 1, alignment: 'Good', treasury: 23, treasuryAtTurnStart: 18, capital: 305, relations: { 2: 'Neutral' }, inventions: [] },
      2: { id: 2, name: 'Avalon', player: 'p2', king: 3, alignment: 'Evil', treasury: 4321, treasuryAtTurnStart: 4000, capital: 310, relations: { 1: 'Neutral' }, inventions: [] },
    },
    knowledge: {
      1: {
        provinces: {
          305: { pct: 100, terrain: 'Plain', race: 'Human', types: ['LE'], owner: { kingdom: 1, asOf: { turn: 1, phase: 0 } }, exactTax: 10, sites: [1] },
          304: { pct: 100, terrain: 'Forest', race: 'Human', types: ['LE'], owner: { kingdom: 1, asOf: { turn: 1, phase: 0 } }, exactTax: 4, sites: [] },
          306: { pct: 40, terrain: 'Forest', race: 'Human', types: ['LE'], owner: { kingdom: null, asOf: { turn: 3, phase: 2 } }, band: 'Rich', sites: [] },
          307: { pct: 1, terrain: 'Mountain', race: 'Human', types: ['LE'], owner: { kingdom: null, asOf: { turn: 1, phase: 0 } }, band: 'Prosperous', sites: [] },
        },
        sites: { 1: { name: 'Roi Pêcheur', type: 'tomb', legend: 'gold:rich', monster: 'Vampire', descriptor: 'big' } },
        characters: { 5: { id: 5, name: 'Gauvain', kingdom: 2, province: 304, leadsArmies: false, asOf: { turn: 3, phase: 5 } } },
        alignments: {},
      },
      2: {
        provinces: {
          310: { pct: 100, terrain: 'Plain', race: 'Human', types: ['LE'], owner: { kingdom: 2, asOf: { turn: 1, phase: 0 } }, exactTax: 10, sites: [] },
          306: { pct: 100, terrain: 'Forest', sites: [2], exactTax: 8 },
        },
        sites: { 2: { name: 'Crypte de Zzyzx', type: 'cave' } },
        characters: {},
        alignments: {},
      },
    },
    next: { character: 6, army: 21, site: 3, item: 2 },
  };
  return s;
}

/** Strings kingdom 1 must never see in its report, view or map. */
export const SECRETS_OF_2 = ['Mordred', 'Zzyzx', '4321', '4\u202f321', '4,321', '20e Phalange', '20th Phalanx'];
