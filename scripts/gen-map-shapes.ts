/**
 * Generates the drawn shapes of the Gloire & Pouvoir maps:
 * src/rulesets/gloire-et-pouvoir/maps/shapes/{scandinavia,middle-east,europe}.ts.
 *
 *   node --import tsx scripts/gen-map-shapes.ts            # rewrite the three shape files
 *   node --import tsx scripts/gen-map-shapes.ts --preview DIR   # also write DIR/<map>.svg previews
 *
 * The output depends only on the map data and on the tables below (no randomness, no clock), so
 * two runs give the same files; the map-shapes test regenerates them and compares.
 *
 * Method:
 *  1. Rasterise the 1000 x 1000 box into CELL-unit cells. A strip along the box edges and the
 *     "sea lanes" of the map's style (hand-kept polylines along the real seas and gulfs, with wavy
 *     shores) are fixed water.
 *  2. Grow all territories at once from their centres (one priority queue), claiming cells in order
 *     of a per-territory cost: distance to the centre divided by the territory's radius (tied to the
 *     spacing of its neighbours, capped), or, along each "arm" towards a neighbour it may touch, the
 *     distance along the arm divided by the length of the edge plus the distance from the arm.
 *     Positions are warped by smooth deterministic noise (its own for each territory) so that
 *     borders and coasts are not straight. A territory stops at cost about 1 (beyond is sea), or 2
 *     inside the "lands" of the style (deserts and plains that should read as land). A cell may not
 *     be claimed by A while a cell of some B within the gap between A and B belongs to B, unless A
 *     and B may touch (adjacent, both mainland or both parts of one island, and not a sea crossing of
 *     the style): non-neighbours stay apart, islands keep a wide channel.
 *  3. Lakes smaller than the territories around them are filled by growing those territories (with
 *     the same rule), so that only seas and thin channels between non-neighbours stay water.
 *  4. Vectorise: d3-contour (marching squares at 0.5 on each territory's 0/1 mask) gives polygons
 *     whose common borders coincide exactly; topojson-server turns them into a topology of shared
 *     arcs, each arc is smoothed (ends fixed) and simplified by topojson-simplify, so a shared border
 *     stays one line, and topojson-client turns them back into polygons, written as SVG path data
 *     rounded to 0.1.
 *  5. Touching pairs are read back from the written paths (a shared segment); the adjacent pairs
 *     that do not touch are the crossings. Labels are the poles of inaccessibility (polylabel) of
 *     each territory's largest polygon.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contours } from 'd3-contour';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';
import { feature } from 'topojson-client';
import polylabel from 'polylabel';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon } from 'geojson';
import type { GameMap } from '../src/rulesets/gloire-et-pouvoir/maps/types.ts';
import type { MapShapes } from '../src/rulesets/gloire-et-pouvoir/maps/shapes/types.ts';
import { MAPS } from '../src/rulesets/gloire-et-pouvoir/maps/index.ts';

type Pt = [number, number];

/** Hand-kept drawing hints for one map. */
export interface MapStyle {
  /** Adjacent mainland pairs that are across water: drawn apart, joined by a crossing. */
  seaCrossings: [string, string][];
  /** Island territories that share one island (they may touch when adjacent). */
  islandGroups: string[][];
  /** Water kept open: polylines with a half-width `r`, in map units. */
  seas: { r: number; line: Pt[] }[];
  /** Land kept dry: polygons that the territories around grow into further than their radius. */
  lands?: Pt[][];
}

export const STYLES: Record<string, MapStyle> = {
  scandinavia: {
    seaCrossings: [
      ['goteborg', 'jylland'], // Kattegat
      ['kymia', 'tallinn'], // Gulf of Finland
      ['vasterbotten', 'vaasa'], // Kvarken
    ],
    islandGroups: [],
    seas: [
      { r: 16, line: [[625, 385], [595, 450], [560, 530], [560, 600], [580, 660]] }, // Gulf of Bothnia
      { r: 18, line: [[580, 660], [565, 740], [560, 840], [520, 900], [440, 970]] }, // Baltic
      { r: 12, line: [[580, 660], [650, 650], [730, 645], [800, 650], [830, 660]] }, // Gulf of Finland
      { r: 14, line: [[40, 760], [140, 775], [205, 830], [225, 880]] }, // Skagerrak, Kattegat
    ],
  },
  'middle-east': {
    seaCrossings: [
      ['aydhab', 'djeddah'], // Red Sea
    ],
    islandGroups: [],
    seas: [
      { r: 24, line: [[900, 30], [905, 150], [925, 250], [965, 290]] }, // Caspian Sea
      { r: 18, line: [[860, 610], [920, 660], [990, 700]] }, // Persian Gulf
      { r: 16, line: [[392, 665], [420, 740], [465, 830], [480, 900], [495, 990]] }, // Red Sea
    ],
    lands: [
      // Anatolia
      [[150, 230], [300, 140], [470, 130], [600, 140], [620, 230], [520, 300], [420, 290], [300, 280], [200, 270]],
      // Armenia, Iran
      [[620, 140], [700, 100], [800, 200], [880, 300], [950, 380], [960, 520], [860, 540], [800, 440], [720, 340], [640, 260]],
      // Jazira, Syrian desert, northern Arabia
      [[460, 410], [520, 300], [600, 280], [680, 330], [700, 520], [760, 540], [800, 600], [700, 690], [660, 780], [600, 840], [520, 860], [470, 760], [450, 640], [500, 560], [450, 500]],
      // Egypt
      [[200, 560], [290, 620], [290, 720], [330, 800], [350, 870], [430, 940], [300, 900], [230, 800], [200, 650]],
    ],
  },
  europe: {
    seaCrossings: [
      ['ecosse', 'hordaland'], // North Sea
      ['wessex', 'normandie'], // Channel
      ['kent', 'normandie'],
      ['kent', 'flandre'],
      ['wessex', 'flandre'],
      ['est-anglie', 'flandre'],
      ['jylland', 'viken'], // Skagerrak
      ['finlande', 'uppland'], // Gulf of Bothnia
      ['bulgarie', 'coumanie'], // Black Sea
    ],
    islandGroups: [['ulster', 'connacht', 'leinster', 'munster']],
    seas: [
      { r: 10, line: [[230, 600], [330, 572]] }, // Channel
      { r: 5, line: [[330, 572], [372, 558], [390, 540], [398, 512]] }, // Straits of Dover
      { r: 14, line: [[398, 512], [410, 460], [400, 400], [380, 330], [350, 280]] }, // North Sea
      { r: 10, line: [[430, 360], [500, 355], [540, 378]] }, // Skagerrak
      { r: 12, line: [[615, 432], [660, 410], [670, 360], [660, 320], [670, 270], [660, 210]] }, // Baltic, Bothnia
      { r: 9, line: [[670, 320], [720, 305], [780, 298]] }, // Gulf of Finland
      { r: 12, line: [[240, 700], [300, 712]] }, // Bay of Biscay
      { r: 12, line: [[420, 775], [445, 800], [440, 870], [380, 900], [330, 960]] }, // Gulf of Lion, Balearic Sea
      { r: 8, line: [[445, 800], [470, 765]] }, // Ligurian Sea
      { r: 10, line: [[515, 770], [530, 830], [555, 865]] }, // Tyrrhenian Sea
      { r: 7, line: [[565, 712], [585, 745], [610, 780], [635, 830], [650, 870], [640, 950]] }, // Adriatic, Ionian
      { r: 8, line: [[745, 835], [745, 900], [742, 925]] }, // Aegean
      { r: 22, line: [[790, 760], [840, 760], [900, 780]] }, // Black Sea
    ],
    lands: [
      // the continent from Picardy to Muscovy
      [[400, 560], [430, 520], [460, 490], [500, 470], [560, 470], [620, 460], [680, 440], [720, 400], [760, 340], [840, 300], [990, 320], [990, 640], [900, 640], [860, 690], [800, 700], [760, 730], [750, 760], [700, 780], [650, 760], [620, 740], [610, 700], [570, 690], [520, 690], [470, 700], [440, 740], [400, 740], [370, 720], [350, 690], [350, 640], [360, 610]],
      // Finland, Karelia
      [[700, 300], [720, 240], [820, 220], [860, 260], [840, 300]],
      // Iberia
      [[230, 770], [330, 770], [380, 810], [370, 880], [320, 940], [230, 940], [210, 850]],
      // Anatolia
      [[770, 850], [820, 820], [900, 860], [900, 940], [820, 960], [770, 920]],
    ],
  },
};

/** Map ids in the order the shape files are written. */
export const MAP_IDS = ['scandinavia', 'middle-east', 'europe'] as const;

const BOX = 1000;
const CELL = 2;
const N = BOX / CELL;

/** Tuning (map units unless said otherwise). */
const P = {
  /** Mainland radius: this fraction of the mean of the two shortest distances to touchable neighbours. */
  radiusFrac: 0.6,
  /** Mainland radius when a territory has no neighbour it may touch: fraction of its nearest-territory distance. */
  loneFrac: 0.42,
  /** Island radius: fraction of the nearest-territory distance, capped. */
  islandFrac: 0.38,
  islandMax: 30,
  /** The two-neighbour mean is at most this multiple of the shortest distance. */
  spreadMax: 1.5,
  /** No mainland radius exceeds this multiple of the median mainland radius. */
  radiusCap: 1.7,
  /** Cost limit when growing into the land areas of the style. */
  landLimit: 2,
  /** Arm half-width, as a fraction of the territory's radius. */
  armWidth: 0.7,
  /** How far along an edge an arm reaches (0.5 = midpoint). */
  armReach: 0.56,
  /** Gap between non-neighbouring mainland territories, as a fraction of the smaller radius (in cells: 1..3). */
  landGapFrac: 0.08,
  /** Gap between an island and anything it may not touch (cells). */
  seaGapCells: 4,
  /** Warp amplitude as a fraction of the radius, and its wavelength. */
  warp: 0.3,
  warpWave: 60,
  /** Coast noise: the cost limit varies by this fraction. */
  coast: 0.18,
  coastWave: 45,
  /** Water strip along the edges of the box. */
  frame: 8,
  /** Shore waviness of the sea lanes: amplitude (fraction of the half-width, at least 6) and wavelength. */
  laneWarp: 0.7,
  laneWave: 60,
  /** Lakes smaller than this fraction of pi * (mean radius of the territories around)^2 are filled. */
  lakeFrac: 1,
  /** Visvalingam area threshold (units^2) for simplifying arcs. */
  simplifyArea: 2,
  /** Smoothing passes over each arc before simplifying (removes the raster stairs). */
  smoothPasses: 6,
};

// ── deterministic noise ───────────────────────────────────────────────────────

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function hash2(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix, 374761393) ^ Math.imul(iy, 668265263) ^ seed;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

function valueNoise(x: number, y: number, seed: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(ix, iy, seed);
  const b = hash2(ix + 1, iy, seed);
  const c = hash2(ix, iy + 1, seed);
  const d = hash2(ix + 1, iy + 1, seed);
  const top = a + (b - a) * sx;
  const bottom = c + (d - c) * sx;
  return (top + (bottom - top) * sy) * 2 - 1;
}

/** Fractal noise in about [-1, 1]. */
function fbm(x: number, y: number, seed: number): number {
  return (
    (valueNoise(x, y, seed) + 0.5 * valueNoise(2 * x + 17.3, 2 * y + 5.1, seed + 1) + 0.25 * valueNoise(4 * x + 3.7, 4 * y + 11.9, seed + 2)) /
    1.75
  );
}

// ── binary heap keyed by (cost, sequence) ─────────────────────────────────────

class Heap {
  private cost: number[] = [];
  private seq: number[] = [];
  private cell: number[] = [];
  private who: number[] = [];
  private n = 0;
  private counter = 0;
  get size(): number {
    return this.n;
  }
  private less(i: number, j: number): boolean {
    return this.cost[i]! < this.cost[j]! || (this.cost[i] === this.cost[j] && this.seq[i]! < this.seq[j]!);
  }
  private swap(i: number, j: number): void {
    for (const arr of [this.cost, this.seq, this.cell, this.who]) {
      const t = arr[i]!;
      arr[i] = arr[j]!;
      arr[j] = t;
    }
  }
  push(cost: number, cell: number, who: number): void {
    let i = this.n++;
    this.cost[i] = cost;
    this.seq[i] = this.counter++;
    this.cell[i] = cell;
    this.who[i] = who;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  /** Removes the smallest entry; returns [cell, who]. */
  pop(): [number, number] {
    const top: [number, number] = [this.cell[0]!, this.who[0]!];
    const last = --this.n;
    if (last > 0) {
      this.cost[0] = this.cost[last]!;
      this.seq[0] = this.seq[last]!;
      this.cell[0] = this.cell[last]!;
      this.who[0] = this.who[last]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < last && this.less(l, m)) m = l;
        if (r < last && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}

// ── geometry helpers ──────────────────────────────────────────────────────────

function dist(ax: number, ay: number, bx: number, by: number): number {
  const dx = ax - bx;
  const dy = ay - by;
  return Math.sqrt(dx * dx + dy * dy);
}

function ringArea(ring: Pt[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return a / 2;
}

/** Even-odd point-in-polygon over all rings. */
export function insideRings(rings: Pt[][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Rings of an SVG path written by this script (`Mx,y x,y …Z` repeated). */
export function parsePath(path: string): Pt[][] {
  const rings: Pt[][] = [];
  for (const part of path.split('M')) {
    const body = part.trim().replace(/Z$/, '').trim();
    if (!body) continue;
    rings.push(
      body.split(/\s+/).map((p) => {
        const [x, y] = p.split(',').map(Number);
        return [x!, y!] as Pt;
      }),
    );
  }
  return rings;
}

/** Pairs of regions (by key, a < b) whose paths share at least one segment. */
export function touchingPairs(regions: Record<string, { path: string }>): Set<string> {
  const owners = new Map<string, string>();
  const pairs = new Set<string>();
  for (const [id, { path }] of Object.entries(regions)) {
    const seen = new Set<string>();
    for (const ring of parsePath(path)) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        const ka = `${a[0]},${a[1]}`;
        const kb = `${b[0]},${b[1]}`;
        const key = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const other = owners.get(key);
        if (other === undefined) owners.set(key, id);
        else if (other !== id) pairs.add(other < id ? `${other} ${id}` : `${id} ${other}`);
      }
    }
  }
  return pairs;
}

const round1 = (v: number): number => Math.round(v * 10) / 10;

// ── the generator ─────────────────────────────────────────────────────────────

export interface GenerateReport {
  shapes: MapShapes;
  /** Adjacent mainland pairs that were meant to touch but do not (they became crossings). */
  missedBorders: [string, string][];
}

export function generateShapes(map: GameMap, style: MapStyle = STYLES[map.id] ?? { seaCrossings: [], islandGroups: [], seas: [] }): GenerateReport {
  const terr = map.territories;
  const T = terr.length;
  const index = new Map(terr.map((t, i) => [t.id, i]));
  const id = (i: number): string => terr[i]!.id;
  const at = (name: string): number => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`${map.id}: style names unknown territory "${name}"`);
    return i;
  };
  const seed = hashString(map.id);

  // Pair tables.
  const adjacent = new Uint8Array(T * T);
  for (let i = 0; i < T; i++) for (const a of terr[i]!.adjacent) adjacent[i * T + at(a)] = 1;
  const crossingPair = new Uint8Array(T * T);
  for (const [a, b] of style.seaCrossings) {
    if (!adjacent[at(a) * T + at(b)]) throw new Error(`${map.id}: sea crossing ${a}-${b} is not an adjacency`);
    crossingPair[at(a) * T + at(b)] = crossingPair[at(b) * T + at(a)] = 1;
  }
  const group = new Int32Array(T).fill(-1);
  style.islandGroups.forEach((g, k) => g.forEach((name) => (group[at(name)] = k)));
  const island = terr.map((t) => t.island === true);
  const touchable = new Uint8Array(T * T);
  for (let i = 0; i < T; i++) {
    for (let j = 0; j < T; j++) {
      if (i === j || !adjacent[i * T + j] || crossingPair[i * T + j]) continue;
      if (island[i] !== island[j]) continue;
      if (island[i] && (group[i]! < 0 || group[i] !== group[j])) continue;
      touchable[i * T + j] = 1;
    }
  }

  // Radii.
  const xs = terr.map((t) => t.x);
  const ys = terr.map((t) => t.y);
  const d = (i: number, j: number): number => dist(xs[i]!, ys[i]!, xs[j]!, ys[j]!);
  const radius: number[] = [];
  for (let i = 0; i < T; i++) {
    let nearest = Infinity;
    for (let j = 0; j < T; j++) if (j !== i) nearest = Math.min(nearest, d(i, j));
    const near: number[] = [];
    for (let j = 0; j < T; j++) if (touchable[i * T + j]) near.push(d(i, j));
    near.sort((a, b) => a - b);
    let r: number;
    if (island[i] && near.length === 0) r = Math.min(P.islandFrac * nearest, P.islandMax);
    else if (near.length === 0) r = P.loneFrac * nearest;
    else r = P.radiusFrac * Math.min(near.length === 1 ? near[0]! : (near[0]! + near[1]!) / 2, P.spreadMax * near[0]!);
    if (island[i]) r = Math.min(r, P.islandMax);
    radius.push(r);
  }
  const sortedRadii = radius.filter((_, i) => !island[i]).sort((a, b) => a - b);
  const radiusCap = P.radiusCap * sortedRadii[sortedRadii.length >> 1]!;
  for (let i = 0; i < T; i++) radius[i] = Math.min(radius[i]!, radiusCap);

  // Arms towards the neighbours a territory must touch.
  const arms: { bx: number; by: number; len: number }[][] = [];
  for (let i = 0; i < T; i++) {
    const list: { bx: number; by: number; len: number }[] = [];
    for (let j = 0; j < T; j++) if (touchable[i * T + j]) list.push({ bx: xs[j]!, by: ys[j]!, len: d(i, j) });
    arms.push(list);
  }

  // Gaps (in cells) between territories that may not touch; 0 where they may.
  const gap = new Uint8Array(T * T);
  let maxGap = 1;
  for (let i = 0; i < T; i++) {
    for (let j = 0; j < T; j++) {
      if (i === j || touchable[i * T + j]) continue;
      let g: number;
      if (island[i] || island[j] || crossingPair[i * T + j]) g = P.seaGapCells;
      else g = Math.max(1, Math.min(3, Math.round((P.landGapFrac * Math.min(radius[i]!, radius[j]!)) / CELL)));
      gap[i * T + j] = g;
      maxGap = Math.max(maxGap, g);
    }
  }
  const offsets: { dx: number; dy: number; d2: number }[] = [];
  for (let dy = -maxGap; dy <= maxGap; dy++)
    for (let dx = -maxGap; dx <= maxGap; dx++) {
      const d2 = dx * dx + dy * dy;
      if (d2 > 0 && d2 <= maxGap * maxGap + maxGap) offsets.push({ dx, dy, d2 });
    }

  // Grid: -1 sea, -2 fixed sea, >= 0 territory index.
  const SEA = -1;
  const FIXED = -2;
  const owner = new Int16Array(N * N).fill(SEA);
  const cx = (c: number): number => ((c % N) + 0.5) * CELL;
  const cy = (c: number): number => (Math.floor(c / N) + 0.5) * CELL;
  // Frame: a strip of water along the edges of the box.
  const frame = Math.ceil(P.frame / CELL);
  for (let gy = 0; gy < N; gy++)
    for (let gx = 0; gx < N; gx++) if (gx < frame || gy < frame || gx >= N - frame || gy >= N - frame) owner[gy * N + gx] = FIXED;
  // Sea lanes, with wavy shores.
  for (const sea of style.seas) {
    const amp = Math.max(6, P.laneWarp * sea.r);
    for (let k = 0; k + 1 < sea.line.length; k++) {
      const [ax, ay] = sea.line[k]!;
      const [bx, by] = sea.line[k + 1]!;
      const reach = sea.r + amp;
      const x0 = Math.max(0, Math.floor((Math.min(ax, bx) - reach) / CELL));
      const x1 = Math.min(N - 1, Math.ceil((Math.max(ax, bx) + reach) / CELL));
      const y0 = Math.max(0, Math.floor((Math.min(ay, by) - reach) / CELL));
      const y1 = Math.min(N - 1, Math.ceil((Math.max(ay, by) + reach) / CELL));
      for (let gy = y0; gy <= y1; gy++)
        for (let gx = x0; gx <= x1; gx++) {
          const c = gy * N + gx;
          const px = cx(c);
          const py = cy(c);
          const wx = px + amp * fbm(px / P.laneWave, py / P.laneWave, seed + 303);
          const wy = py + amp * fbm(px / P.laneWave + 13.1, py / P.laneWave + 71.9, seed + 404);
          if (segDist(wx, wy, ax, ay, bx, by) <= sea.r) owner[c] = FIXED;
        }
    }
  }
  const landHint = new Uint8Array(N * N);
  for (const poly of style.lands ?? []) {
    let x0 = N, y0 = N, x1 = 0, y1 = 0;
    for (const [x, y] of poly) {
      x0 = Math.min(x0, Math.max(0, Math.floor(x / CELL)));
      y0 = Math.min(y0, Math.max(0, Math.floor(y / CELL)));
      x1 = Math.max(x1, Math.min(N - 1, Math.ceil(x / CELL)));
      y1 = Math.max(y1, Math.min(N - 1, Math.ceil(y / CELL)));
    }
    for (let gy = y0; gy <= y1; gy++)
      for (let gx = x0; gx <= x1; gx++) {
        const c = gy * N + gx;
        if (owner[c] !== FIXED && insideRings([poly], cx(c), cy(c))) landHint[c] = 1;
      }
  }

  const cost = (i: number, c: number): number => {
    const px = cx(c);
    const py = cy(c);
    const r = radius[i]!;
    const own = seed + 7919 * (i + 1);
    const wx = px + P.warp * r * fbm(px / P.warpWave, py / P.warpWave, own);
    const wy = py + P.warp * r * fbm(px / P.warpWave + 31.7, py / P.warpWave + 47.3, own + 101);
    const ox = xs[i]!;
    const oy = ys[i]!;
    let best = dist(wx, wy, ox, oy) / r;
    for (const arm of arms[i]!) {
      const ux = (arm.bx - ox) / arm.len;
      const uy = (arm.by - oy) / arm.len;
      const along = Math.max(0, Math.min(P.armReach * arm.len, (wx - ox) * ux + (wy - oy) * uy));
      const perp = dist(wx, wy, ox + ux * along, oy + uy * along);
      const c2 = along / arm.len + perp / (P.armWidth * r);
      if (c2 < best) best = c2;
    }
    return best;
  };
  const limit = (c: number): number => 1 + P.coast * fbm(cx(c) / P.coastWave, cy(c) / P.coastWave, seed + 202);

  const canClaim = (i: number, c: number): boolean => {
    const gx = c % N;
    const gy = (c - gx) / N;
    for (const o of offsets) {
      const x = gx + o.dx;
      const y = gy + o.dy;
      if (x < 0 || y < 0 || x >= N || y >= N) continue;
      const w = owner[y * N + x]!;
      if (w < 0 || w === i) continue;
      const g = gap[i * T + w]!;
      if (g > 0 && o.d2 <= g * g + g) return false;
    }
    return true;
  };

  const heap = new Heap();
  const pushNeighbours = (i: number, c: number, allowed: (c: number) => boolean, bound: number): void => {
    const gx = c % N;
    const gy = (c - gx) / N;
    const next = [gx > 0 ? c - 1 : -1, gx < N - 1 ? c + 1 : -1, gy > 0 ? c - N : -1, gy < N - 1 ? c + N : -1];
    for (const n of next) {
      if (n < 0 || !allowed(n)) continue;
      const k = cost(i, n);
      if (k > bound * limit(n)) continue;
      heap.push(k, n, i);
    }
  };
  const grow = (allowed: (c: number) => boolean, bound: number): void => {
    while (heap.size > 0) {
      const [c, i] = heap.pop();
      if (owner[c] !== SEA || !allowed(c) || !canClaim(i, c)) continue;
      owner[c] = i;
      pushNeighbours(i, c, allowed, bound);
    }
  };

  // Seeds.
  for (let i = 0; i < T; i++) {
    const c = Math.min(N - 1, Math.floor(ys[i]! / CELL)) * N + Math.min(N - 1, Math.floor(xs[i]! / CELL));
    if (owner[c] !== SEA) throw new Error(`${map.id}: centre of ${id(i)} is in a sea lane or shared`);
    owner[c] = i;
  }
  for (let i = 0; i < T; i++) {
    const c = Math.min(N - 1, Math.floor(ys[i]! / CELL)) * N + Math.min(N - 1, Math.floor(xs[i]! / CELL));
    pushNeighbours(i, c, () => true, 1);
  }
  grow(() => true, 1);

  // Grow further into the land areas.
  const intoLand = (n: number): boolean => landHint[n] === 1;
  for (let c = 0; c < N * N; c++) {
    const i = owner[c]!;
    if (i >= 0) pushNeighbours(i, c, intoLand, P.landLimit);
  }
  grow(intoLand, P.landLimit);

  // Fill small lakes.
  const comp = new Int32Array(N * N).fill(-1);
  const fillable = new Uint8Array(N * N);
  let compCount = 0;
  for (let s = 0; s < N * N; s++) {
    if (owner[s] !== SEA || comp[s] !== -1) continue;
    const cells: number[] = [s];
    comp[s] = compCount;
    let open = false;
    const around = new Set<number>();
    for (let h = 0; h < cells.length; h++) {
      const c = cells[h]!;
      const gx = c % N;
      const gy = (c - gx) / N;
      if (gx === 0 || gy === 0 || gx === N - 1 || gy === N - 1) open = true;
      for (const n of [gx > 0 ? c - 1 : -1, gx < N - 1 ? c + 1 : -1, gy > 0 ? c - N : -1, gy < N - 1 ? c + N : -1]) {
        if (n < 0) continue;
        const w = owner[n]!;
        if (w === FIXED) open = true;
        else if (w >= 0) around.add(w);
        else if (comp[n] === -1) {
          comp[n] = compCount;
          cells.push(n);
        }
      }
    }
    compCount++;
    if (open || around.size === 0) continue;
    let meanR = 0;
    for (const w of around) meanR += radius[w]!;
    meanR /= around.size;
    if (cells.length * CELL * CELL < P.lakeFrac * Math.PI * meanR * meanR) for (const c of cells) fillable[c] = 1;
  }
  for (let c = 0; c < N * N; c++) {
    const i = owner[c]!;
    if (i >= 0) pushNeighbours(i, c, (n) => fillable[n] === 1, Infinity);
  }
  grow((n) => fillable[n] === 1, Infinity);

  // Vectorise each territory's mask.
  const polys: { type: 'MultiPolygon'; coordinates: Pt[][][]; id: string }[] = [];
  const bbox = terr.map(() => [N, N, -1, -1]);
  for (let c = 0; c < N * N; c++) {
    const i = owner[c]!;
    if (i < 0) continue;
    const b = bbox[i]!;
    const gx = c % N;
    const gy = (c - gx) / N;
    b[0] = Math.min(b[0]!, gx);
    b[1] = Math.min(b[1]!, gy);
    b[2] = Math.max(b[2]!, gx);
    b[3] = Math.max(b[3]!, gy);
  }
  for (let i = 0; i < T; i++) {
    const [x0, y0, x1, y1] = bbox[i]! as [number, number, number, number];
    const w = x1 - x0 + 3;
    const h = y1 - y0 + 3;
    const values = new Array<number>(w * h).fill(0);
    for (let gy = y0; gy <= y1; gy++) for (let gx = x0; gx <= x1; gx++) if (owner[gy * N + gx] === i) values[(gy - y0 + 1) * w + (gx - x0 + 1)] = 1;
    const [mp] = contours().size([w, h]).thresholds([0.5])(values);
    const coordinates = mp!.coordinates.map((poly) => poly.map((ring) => ring.map(([x, y]) => [(x! + x0 - 1) * CELL, (y! + y0 - 1) * CELL] as Pt)));
    polys.push({ type: 'MultiPolygon', coordinates, id: id(i) });
  }
  const topo = topology({
    regions: { type: 'FeatureCollection', features: polys.map((g) => ({ type: 'Feature', id: g.id, properties: {}, geometry: { type: g.type, coordinates: g.coordinates } })) } as GeoJSON.FeatureCollection,
  }) as unknown as Topology;
  // Smooth every arc (shared borders are one arc, so they stay shared), ends fixed.
  for (const arc of topo.arcs) smoothArc(arc as Pt[], P.smoothPasses);
  const simple = simplify(presimplify(topo as Parameters<typeof presimplify>[0]), P.simplifyArea);
  const fc = feature(simple as Topology, simple.objects.regions as GeometryCollection);

  const regions: MapShapes['regions'] = {};
  for (let i = 0; i < T; i++) {
    const f = fc.features[i]!;
    const geom = f.geometry as Polygon | MultiPolygon;
    const polygons: Pt[][][] = (geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates).map((poly) =>
      poly
        .map((ring) => {
          const out: Pt[] = [];
          for (const p of ring) {
            const q: Pt = [round1(p[0]!), round1(p[1]!)];
            const last = out[out.length - 1];
            if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
          }
          while (out.length > 1 && out[0]![0] === out[out.length - 1]![0] && out[0]![1] === out[out.length - 1]![1]) out.pop();
          return out;
        })
        .filter((ring) => ring.length >= 3 && Math.abs(ringArea(ring)) > 0),
    ).filter((poly) => poly.length > 0);
    if (polygons.length === 0) throw new Error(`${map.id}: ${id(i)} has no shape`);
    const path = polygons
      .flat()
      .map((ring) => `M${ring.map(([x, y]) => `${x},${y}`).join(' ')}Z`)
      .join('');
    // Label: pole of inaccessibility of the largest polygon.
    let largest = polygons[0]!;
    for (const poly of polygons) if (Math.abs(ringArea(poly[0]!)) > Math.abs(ringArea(largest[0]!))) largest = poly;
    const pole = polylabel(largest, 0.5);
    let label: [number, number] = [round1(pole[0]), round1(pole[1])];
    const allRings = polygons.flat();
    if (!insideRings(allRings, label[0], label[1])) {
      if (insideRings(allRings, xs[i]!, ys[i]!)) label = [xs[i]!, ys[i]!];
      else throw new Error(`${map.id}: no label point inside ${id(i)}`);
    }
    regions[id(i)] = { path, label };
  }

  const touching = touchingPairs(regions);
  const crossings: [string, string][] = [];
  const missedBorders: [string, string][] = [];
  for (let i = 0; i < T; i++)
    for (let j = 0; j < T; j++) {
      if (!adjacent[i * T + j]) continue;
      const [a, b] = [id(i), id(j)];
      if (!(a < b)) continue;
      if (!touching.has(`${a} ${b}`)) {
        crossings.push([a, b]);
        if (touchable[i * T + j]) missedBorders.push([a, b]);
      }
    }
  crossings.sort((p, q) => (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : p[1] < q[1] ? -1 : p[1] > q[1] ? 1 : 0));
  return { shapes: { width: BOX, height: BOX, regions, crossings }, missedBorders };
}

/** Laplacian smoothing of a polyline's inner points, in place (ends kept). */
function smoothArc(arc: Pt[], passes: number): void {
  const n = arc.length;
  if (n < 3) return;
  const xs = arc.map((p) => p[0]);
  const ys = arc.map((p) => p[1]);
  const nx = xs.slice();
  const ny = ys.slice();
  for (let k = 0; k < passes; k++) {
    for (let i = 1; i < n - 1; i++) {
      nx[i] = 0.25 * xs[i - 1]! + 0.5 * xs[i]! + 0.25 * xs[i + 1]!;
      ny[i] = 0.25 * ys[i - 1]! + 0.5 * ys[i]! + 0.25 * ys[i + 1]!;
    }
    for (let i = 1; i < n - 1; i++) {
      xs[i] = nx[i]!;
      ys[i] = ny[i]!;
    }
  }
  for (let i = 1; i < n - 1; i++) arc[i] = [xs[i]!, ys[i]!];
}

function segDist(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const l2 = vx * vx + vy * vy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / l2));
  return dist(px, py, ax + t * vx, ay + t * vy);
}

// ── output ────────────────────────────────────────────────────────────────────

export const SHAPES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../src/rulesets/gloire-et-pouvoir/maps/shapes');

/** Source text of the stored shape module for a map. */
export function shapesModuleSource(mapId: string, shapes: MapShapes): string {
  const lines: string[] = [
    `// Generated by scripts/gen-map-shapes.ts from ../${mapId}.ts — do not edit by hand.`,
    '// Regenerate with: node --import tsx scripts/gen-map-shapes.ts',
    "import type { MapShapes } from './types.ts';",
    '',
    'export const shapes: MapShapes = {',
    `  width: ${shapes.width},`,
    `  height: ${shapes.height},`,
    '  regions: {',
  ];
  const str = (v: string): string => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const key = (v: string): string => (/^[A-Za-z_$][\w$]*$/.test(v) ? v : str(v));
  for (const [rid, r] of Object.entries(shapes.regions)) lines.push(`    ${key(rid)}: { label: [${r.label[0]}, ${r.label[1]}], path: ${str(r.path)} },`);
  lines.push('  },', '  crossings: [');
  for (const [a, b] of shapes.crossings) lines.push(`    [${str(a)}, ${str(b)}],`);
  lines.push('  ],', '};', '');
  return lines.join('\n');
}

/** A quick SVG of the shapes, for looking at them. */
export function previewSvg(map: GameMap, shapes: MapShapes): string {
  const palette = ['#e8d8a8', '#cfe0a8', '#f0c8a0', '#d8c8e8', '#c8e0d8', '#f0e0b8', '#e0c8c8', '#d0d8a0'];
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${shapes.width} ${shapes.height}">`, `<rect width="${shapes.width}" height="${shapes.height}" fill="#a9c8e0"/>`];
  map.territories.forEach((t, k) => {
    parts.push(`<path d="${shapes.regions[t.id]!.path}" fill="${palette[(k * 5) % palette.length]}" fill-rule="evenodd" stroke="#6b5a3a" stroke-width="0.8" stroke-linejoin="round"/>`);
  });
  for (const [a, b] of shapes.crossings) {
    const la = shapes.regions[a]!.label;
    const lb = shapes.regions[b]!.label;
    parts.push(`<line x1="${la[0]}" y1="${la[1]}" x2="${lb[0]}" y2="${lb[1]}" stroke="#2a4a7a" stroke-width="1" stroke-dasharray="4 3"/>`);
  }
  for (const t of map.territories) {
    const [x, y] = shapes.regions[t.id]!.label;
    parts.push(`<text x="${x}" y="${y + 2.5}" font-size="7" font-family="sans-serif" text-anchor="middle" fill="#222">${t.name}</text>`);
  }
  parts.push('</svg>');
  return parts.join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const previewAt = args.indexOf('--preview');
  const previewDir = previewAt >= 0 ? args[previewAt + 1] : undefined;
  mkdirSync(SHAPES_DIR, { recursive: true });
  for (const mapId of MAP_IDS) {
    const map = MAPS[mapId]!;
    const started = Date.now();
    const { shapes, missedBorders } = generateShapes(map);
    const source = shapesModuleSource(mapId, shapes);
    writeFileSync(join(SHAPES_DIR, `${mapId}.ts`), source);
    console.log(
      `${mapId}: ${map.territories.length} territories, ${shapes.crossings.length} crossings, ${(source.length / 1024).toFixed(1)} KiB, ${Date.now() - started} ms` +
        (missedBorders.length ? `\n  land borders drawn as crossings: ${missedBorders.map((p) => p.join('-')).join(', ')}` : ''),
    );
    if (previewDir) {
      mkdirSync(previewDir, { recursive: true });
      writeFileSync(join(previewDir, `${mapId}.svg`), previewSvg(map, shapes));
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
