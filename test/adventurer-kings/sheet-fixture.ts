/**
 * A small hand-built Adventurer Kings state for the order-sheet and turn tests: the §15.12 sample
 * sheet's kingdom (King 1; Kings 4 and 5 also seated), its characters 3 Strahd, 25 Rainulf,
 * 52 Riose and the dead 33 Alain, a few provinces around 207, site 82 and armies 25 and 26.
 */
import type { AKState, Character, Kingdom, Province } from '../../src/rulesets/adventurer-kings/state.ts';
import * as F from './fixture.ts';

export { levels } from './fixture.ts';

export function character(id: number, name: string, kingdom: number | null, province: number, over: Partial<Character> = {}): Character {
  const magic = { Wh: 2, Ps: 2, Il: 2, El: 2, Ne: 2, Ar: 1, Me: 2, Ta: 1, Sp: 1 };
  return F.character(id, {
    name, kingdom, alignment: 'Neutral', talent: F.levels(magic), aptitude: F.levels({ ...magic, Sa: 3, Ta: 3 }, 1), province,
    specialPlan: [], wage: 1, loyal: true, ...over,
  });
}

function province(id: number, owner: number | null, over: Partial<Province> = {}): Province {
  return F.province(id, { types: ['LE', 'FL'], owner, ...over });
}

function kingdom(id: number, king: number, capital: number): Kingdom {
  return F.kingdom(id, { name: `Royaume ${id}`, king, alignment: 'Neutral', treasury: 30, treasuryAtTurnStart: 30, capital });
}

export function sampleState(): AKState {
  const provinces: Record<number, Province> = {};
  for (const id of [205, 206, 207, 208, 209, 305, 306, 307, 308, 309, 405, 406]) provinces[id] = province(id, 1);
  provinces[207]!.sites = [82];
  provinces[406]!.owner = 4; provinces[405]!.owner = 5;
  provinces[206]!.capitalOf = 1;
  const s: AKState = {
    ruleset: 'adventurer-kings',
    turn: 10,
    config: {},
    provinces,
    characters: {
      1: character(1, 'Roland', 1, 206, { role: 'King' }),
      3: character(3, 'Strahd', 1, 206),
      25: character(25, 'Rainulf', 1, 208),
      52: character(52, 'Riose', 1, 306),
      33: character(33, 'Alain', 1, 208, { alive: false, body: { province: 208 } }),
      40: character(40, 'Vashti', 4, 406, { role: 'King' }),
      50: character(50, 'Eudes', 5, 405, { role: 'King' }),
    },
    armies: {
      25: { id: 25, type: 'LE', race: 'Human', quality: 2, kingdom: 1, status: 'Garrison', province: 208, mpUsed: 0 },
      26: { id: 26, type: 'LE', race: 'Human', quality: 2, kingdom: 1, status: 'Garrison', province: 208, mpUsed: 0 },
    },
    sites: {
      82: { id: 82, province: 207, type: 'tower', name: 'Tour Noire', treasure: { gold: 5, items: [] }, threshold: 10,
        monster: { kind: 'orc', name: 'Orque', hp: 8, melee: 1, damage: [1, 6], missile: 0, speed: 'medium', intelligence: 'human', flags: { humanoid: true }, alignment: 'Evil' } },
    },
    items: {},
    kingdoms: { 1: kingdom(1, 1, 206), 4: kingdom(4, 40, 406), 5: kingdom(5, 50, 405) },
    knowledge: {
      1: {
        provinces: Object.fromEntries([205, 206, 207, 208, 209, 305, 306, 307, 308, 309].map((id) => [id, { pct: 100, terrain: 'Plain', race: 'Human', types: ['LE', 'FL'], sites: id === 207 ? [82] : [] }])),
        sites: { 82: { name: 'Tour Noire', type: 'tower' } },
        characters: {},
        alignments: { 4: 'Neutral', 5: 'Neutral' },
      },
      4: { provinces: {}, sites: {}, characters: {}, alignments: {} },
      5: { provinces: {}, sites: {}, characters: {}, alignments: {} },
    },
    next: { character: 100, army: 100, site: 100, item: 100 },
  };
  for (const k of [1, 4, 5]) for (const o of [1, 4, 5]) if (k !== o) s.kingdoms[k]!.relations[o] = 'Neutral';
  return s;
}

/** The §15.12 sample sheet (TV-49) in the text format of orders/sheet.ts. */
export const SAMPLE_SHEET = `# Adventurer Kings — partie 00, tour 10 (TV-49)
TRAITES 5
RUPTURES 4
PERSO 3 Strahd
1 MO 207
2 SE 82 / CA-HA, CA-FI, FI, ME, ME, FL
3 MO 208
4 PI 25,26
5 CA BL 208
SPECIAL FL, CA-SP, CA-TE, FI, ME
PERSO 25 Rainulf
1 TR 33
2 CA RE 33
3 PR SA
4 PR SA
5 PR SA
SPECIAL FL
PERSO 52 Riose
1 RE FL,FL pour 52
2 MO 307
3 MO 308
4 EX
5 EX
SPECIAL FL, CA-TE, FI, ME
SPECIAL CA-FI, CA-TE, FI, ME
PERSO 33 Alain
3 PR SA
4 PR SA
5 PR SA
SPECIAL FL
`;
