/**
 * The ORIGINAL board of the online edition (rules §2.6, §10.2–§10.3, [P G-D01/G-D02]): our own
 * map, names and numbers, not the publisher's. It is data; board-check.ts validates it against
 * every MUST of §10.2–§10.3 when a game is created, and the role aliases of §10.10 let the rules'
 * examples (Kovel, Ballin, Vecht, Fröli, Monz, Cadix, Alexandrie) replay on it.
 *
 * The Kingdom is an 8 × 6 grid of hexes in "odd-r" offset coordinates (odd rows are shifted half a
 * hex to the right): region `r{row}c{col}`. The outermost rows and columns are the border [I]. A
 * river (the Lisse) runs between rows 3 and 4 and is crossed at exactly 4 bridges; a mountain
 * chain (the Crêtes) stands in the north and another in the south, with a spur by the river at
 * r4c3 (the tutorial spot of TV-11: a mountain, a river and a bridge around one region); one road runs from the
 * north-west down across the river and back up across it in the east. The six Overseas regions
 * keep the real place names the rules fix (§10.1); they have a port and no land edge.
 */
import type { Localized } from '../../engine/ruleset.ts';

export type RegionId = string;
export type CityId = string;

export interface Region { id: RegionId; overseas: boolean; row?: number; col?: number; border: boolean; port: boolean; name?: Localized }
export interface City { id: CityId; name: Localized; region: RegionId; overseas: boolean; strength: number; income: number }
/** An edge between two regions: a mountain never passes; a river only at a bridge; a road edge carries road moves. */
export interface Edge { a: RegionId; b: RegionId; blocked: 'none' | 'mountain' | 'river'; bridge: boolean; road: boolean }
export interface BoardData { rows: number; cols: number; regions: Region[]; edges: Edge[]; cities: City[]; road: RegionId[] }

export const ROWS = 8;
export const COLS = 6;
export const regionId = (row: number, col: number): RegionId => `r${row}c${col}`;

/** Odd-r neighbours of a hex inside the grid. */
export function gridNeighbours(row: number, col: number, rows = ROWS, cols = COLS): [number, number][] {
  const d = row % 2 === 1
    ? [[0, -1], [0, 1], [-1, 0], [-1, 1], [1, 0], [1, 1]]
    : [[0, -1], [0, 1], [-1, -1], [-1, 0], [1, -1], [1, 0]];
  return d.map(([dr, dc]) => [row + dr!, col + dc!] as [number, number]).filter(([r, c]) => r >= 0 && r < rows && c >= 0 && c < cols);
}

const key = (a: RegionId, b: RegionId): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The river edges: every edge between rows 3 and 4 [P ours]. */
const RIVER_ROWS: [number, number] = [3, 4];
/** The 4 bridges [T §2.6: exactly 4]. */
const BRIDGES = ['r3c1|r4c1', 'r3c2|r4c3', 'r3c4|r4c4', 'r3c5|r4c5'];
/** Mountain edges: the northern and southern chains. */
const MOUNTAINS = ['r0c2|r0c3', 'r1c2|r1c3', 'r0c3|r1c2', 'r4c2|r4c3', 'r5c2|r5c3', 'r5c3|r6c3', 'r5c3|r6c4'];
/** The road, region after region (one path; its edges are the road edges). */
export const ROAD: RegionId[] = ['r1c1', 'r2c1', 'r3c1', 'r4c1', 'r5c1', 'r6c2', 'r6c3', 'r6c4', 'r5c4', 'r4c4', 'r3c4', 'r2c4'];
/** Kingdom regions with a port symbol (on the western coast and the south-eastern bay). */
const PORTS = ['r1c0', 'r4c0', 'r6c0', 'r6c5'];

/** The 18 Kingdom cities [T §2.6: exactly 18], our names; strengths 4×100, 8×200, 4×300, 2×400 (§10.2 suggested). */
const KINGDOM: [CityId, string, RegionId, number, number][] = [
  ['aubreval', 'Aubreval', 'r0c1', 200, 2],
  ['corvanne', 'Corvanne', 'r0c4', 100, 1],
  ['saltmere', 'Saltmère', 'r1c0', 200, 2],
  ['hautcastel', 'Hautcastel', 'r1c3', 400, 4],
  ['brenois', 'Brenois', 'r1c5', 100, 1],
  ['ormeval', 'Ormeval', 'r2c2', 300, 3],
  ['lisiere', 'Lisière', 'r2c5', 200, 2],
  ['tornay', 'Tornay', 'r3c0', 100, 1],
  ['gueville', 'Guéville', 'r3c3', 300, 3],
  ['port-achard', 'Port-Achard', 'r4c0', 200, 2],
  ['marbrouck', 'Marbrouck', 'r4c2', 200, 2],
  ['vellonde', 'Vellonde', 'r4c5', 300, 3],
  ['quillan', 'Quillan', 'r5c0', 100, 1],
  ['roc-brun', 'Roc-Brun', 'r5c3', 400, 4],
  ['fenestrelle', 'Fenestrelle', 'r6c1', 200, 2],
  ['sainte-oude', 'Sainte-Oude', 'r6c3', 200, 2],
  ['havrelune', 'Havrelune', 'r6c5', 300, 3],
  ['dormantes', 'Dormantes', 'r7c3', 200, 2],
];

/** The six Overseas cities, names fixed by the rules text [§10.1]; strengths and incomes ours. */
const OVERSEAS: [CityId, Localized, number, number][] = [
  ['constantinople', { fr: 'Constantinople', en: 'Constantinople' }, 300, 3],
  ['syracuse', { fr: 'Syracuse', en: 'Syracuse' }, 200, 2],
  ['cadix', { fr: 'Cadix', en: 'Cádiz' }, 200, 2],
  ['jerusalem', { fr: 'Jérusalem', en: 'Jerusalem' }, 300, 2],
  ['alexandrie', { fr: 'Alexandrie', en: 'Alexandria' }, 200, 3],
  ['acre', { fr: 'Acre', en: 'Acre' }, 100, 1],
];

function build(): BoardData {
  const regions: Region[] = [];
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
    regions.push({ id: regionId(r, c), overseas: false, row: r, col: c, border: r === 0 || r === ROWS - 1 || c === 0 || c === COLS - 1, port: PORTS.includes(regionId(r, c)) });
  }
  for (const [id, name] of OVERSEAS) regions.push({ id: `sea-${id}`, overseas: true, border: false, port: true, name });
  const roadEdges = new Set(ROAD.slice(1).map((b, i) => key(ROAD[i]!, b)));
  const edges: Edge[] = [];
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
    for (const [r2, c2] of gridNeighbours(r, c)) {
      const a = regionId(r, c), b = regionId(r2, c2);
      if (!(a < b)) continue;
      const k = key(a, b);
      const river = (r === RIVER_ROWS[0] && r2 === RIVER_ROWS[1]) || (r === RIVER_ROWS[1] && r2 === RIVER_ROWS[0]);
      edges.push({ a, b, blocked: MOUNTAINS.includes(k) ? 'mountain' : river ? 'river' : 'none', bridge: BRIDGES.includes(k), road: roadEdges.has(k) });
    }
  }
  const cities: City[] = [
    ...KINGDOM.map(([id, name, region, strength, income]) => ({ id, name: { fr: name, en: name }, region, overseas: false, strength, income })),
    ...OVERSEAS.map(([id, name, strength, income]) => ({ id, name, region: `sea-${id}`, overseas: true, strength, income })),
  ];
  return { rows: ROWS, cols: COLS, regions, edges, cities, road: [...ROAD] };
}

export const BOARD: BoardData = build();

/** Role aliases of §10.10: the rules' example names → our cities. */
export const CITY_ROLES = {
  Kovel: 'ormeval',
  Ballin: 'port-achard',
  Vecht: 'gueville',
  'Fröli': 'marbrouck',
  Monz: 'fenestrelle',
  Cadix: 'cadix',
  Alexandrie: 'alexandrie',
} as const satisfies Record<string, CityId>;

// ─── Lookups used by the rules ─────────────────────────────────────────────────────────────────

const cityById = new Map(BOARD.cities.map((c) => [c.id, c]));
const cityByRegion = new Map(BOARD.cities.map((c) => [c.region, c]));
const regionById = new Map(BOARD.regions.map((r) => [r.id, r]));

export const city = (id: CityId): City => { const c = cityById.get(id); if (!c) throw new Error(`unknown city ${id}`); return c; };
export const region = (id: RegionId): Region => { const r = regionById.get(id); if (!r) throw new Error(`unknown region ${id}`); return r; };
export const isRegion = (id: string): boolean => regionById.has(id);
export const cityIn = (id: RegionId): City | undefined => cityByRegion.get(id);
export const KINGDOM_CITIES: readonly CityId[] = BOARD.cities.filter((c) => !c.overseas).map((c) => c.id);
export const ALL_CITIES: readonly CityId[] = BOARD.cities.map((c) => c.id);
export const KINGDOM_REGIONS: readonly RegionId[] = BOARD.regions.filter((r) => !r.overseas).map((r) => r.id);

/** Passable land edge: no mountain, and a river only at a bridge (§2.6). */
export const passable = (e: Edge): boolean => e.blocked === 'none' || (e.blocked === 'river' && e.bridge);
