/**
 * Generates Game of Gruik's original default map, src/rulesets/gruik/maps/default.json (rules §12:
 * a scenario file of §12.4 meeting every M check and every W target of §12.2–§12.3), and the §12.7
 * fixture as a scenario file, src/rulesets/gruik/maps/fixture.json (maps/fixture.ts's data with a
 * simple drawing).
 *
 *   node --import tsx scripts/gruik-default-map.ts           # rewrite both files
 *   node --import tsx scripts/gruik-default-map.ts --check   # exit 1 if the files differ from a fresh run
 *
 * Deterministic (no randomness, no clock): two runs give the same files; test/gruik/scenario.test.ts
 * regenerates them and compares.
 *
 * Method (so that the drawing and the data cannot disagree):
 *  1. A grid of pointy-top hexagons covers the 900 × 600 box. A ring-shaped continent (an ellipse
 *     with a wavy outer coast and a wavy inner sea) is land, cut at its north and south by two
 *     one-cell channels; three islands lie in the inner sea and the two far-ocean corners.
 *  2. Each land cell goes to a province by its angle around the ring and its depth across it: the
 *     ring is cut into sectors — a march (one province across the ring), then a state of five
 *     provinces (a province across the ring at each end; between them an outer one, the capital, and
 *     two inner ones) — eight states and eight marches. Each sea cell goes to a zone by its angle
 *     (eight outer zones, four inner ones) or, far out in two corners, to a far-ocean zone.
 *     Fragments cut off by the hexagons are given to the region around them.
 *  3. Adjacency is read off the grid: two provinces are land neighbours when two of their cells share
 *     an edge, a province's coasts are the zones its cells touch, two zones are neighbours when
 *     their cells touch, and the edge is coastal when some province borders both (M-06). The two
 *     channels are the straits (each joins the provinces on its banks; its zones are those of the
 *     channel's two halves, which is also the fleet crossing).
 *  4. Each region's outline is the boundary of its cells (the edges no cell of its own shares),
 *     chained into closed SVG paths; its label sits on its most central inner cell.
 *
 * Names are new (French-friendly fantasy), none taken from a real place, a published map, or
 * A Song of Ice and Fire (rules §12.1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FIXTURE_MAP, FIXTURE_STATES } from '../src/rulesets/gruik/maps/fixture.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'src/rulesets/gruik/maps/default.json');
const OUT_FIXTURE = join(ROOT, 'src/rulesets/gruik/maps/fixture.json');

// ─── The grid ──────────────────────────────────────────────────────────────────────────────────

const S = 8;                              // hexagon radius, map units
const CW = Math.sqrt(3) * S;               // column width
const W = 900, H = 600;
const COLS = Math.floor(W / CW) - 1;
const ROWS = Math.floor((H - S) / (1.5 * S)) - 1;
const PAD = (W - CW * (COLS + 0.5)) / 2;
const CX = W / 2, CY = H / 2, RX = 350, RY = 215;

/** Integer lattice of vertices: X in units of CW/2, Y in units of S/2. */
const centreXY = (c: number, r: number): [number, number] => [2 * c + 1 + (r & 1), 2 + 3 * r];
const px = (X: number, Y: number): [number, number] => [round1(PAD + (X * CW) / 2), round1(PAD / 2 + (Y * S) / 2)];
const round1 = (v: number) => Math.round(v * 10) / 10;
const cellPx = (c: number, r: number) => px(...centreXY(c, r));
/** The six neighbours in the order of the edges below: NE, E, SE, SW, W, NW (odd-r offset). */
function neighbours(c: number, r: number): [number, number][] {
  return r & 1
    ? [[c + 1, r - 1], [c + 1, r], [c + 1, r + 1], [c, r + 1], [c - 1, r], [c, r - 1]]
    : [[c, r - 1], [c + 1, r], [c, r + 1], [c - 1, r + 1], [c - 1, r], [c - 1, r - 1]];
}
/** The six vertices clockwise from the top; edge k runs from vertex k to k + 1 and faces neighbour k. */
function vertices(c: number, r: number): [number, number][] {
  const [X, Y] = centreXY(c, r);
  return [[X, Y - 2], [X + 1, Y - 1], [X + 1, Y + 1], [X, Y + 2], [X - 1, Y + 1], [X - 1, Y - 1]];
}
const inGrid = (c: number, r: number) => c >= 0 && r >= 0 && c < COLS && r < ROWS;
const key = (c: number, r: number) => `${c},${r}`;

// ─── The world: land, sea, and who owns each cell ──────────────────────────────────────────────

const DEG = Math.PI / 180;
/** Ellipse-normalised polar coordinates: equal angles cover equal areas. θ in [−90°, 270°). */
function polar(x: number, y: number): { rho: number; th: number } {
  const u = (x - CX) / RX, v = (y - CY) / RY;
  let th = Math.atan2(v, u) / DEG;
  if (th < -90) th += 360;
  return { rho: Math.hypot(u, v), th };
}
const rhoIn = (th: number) => 0.5 + 0.05 * Math.sin(3 * th * DEG + 1) + 0.03 * Math.sin(7 * th * DEG);
const rhoOut = (th: number) => 1 + 0.06 * Math.sin(4 * th * DEG + 0.5) + 0.035 * Math.sin(9 * th * DEG + 2);
const CHANNEL = 0.8 * CW;
const ISLANDS: { id: string; th: number; rho: number; r: number }[] = [
  { id: 'perlemorne', th: 0, rho: 0, r: 0.13 },
  { id: 'griseceuil', th: -135, rho: 1.5, r: 0.085 },
  { id: 'rocmouette', th: 45, rho: 1.5, r: 0.085 },
];
const FAR: { id: string; from: number; to: number }[] = [
  { id: 'abysse', from: 188, to: 262 },
  { id: 'opale', from: 8, to: 82 },
];
const FAR_RHO = 1.4;
const OUTER_ZONES = ['brisants', 'aurore', 'ventrue', 'carmin', 'soupirs', 'ancres', 'pale', 'sirenes'];   // N, NE, E, SE, S, SW, W, NW
const INNER_ZONES = ['miroir', 'dormantes', 'tiede', 'roseaux'];                                              // N, E, S, W

/** The ring's sectors in angle order from the north channel, clockwise: [kind, id, weight]. */
interface StateSector { kind: 'state'; id: string; p: [string, string, string, string, string] }   // E1, capital, I1, I2, E2
interface MarchSector { kind: 'march'; id: string }
type Sector = (StateSector | MarchSector) & { weight: number };
const st = (id: string, p: StateSector['p'], weight = 4.6): Sector => ({ kind: 'state', id, p, weight });
const march = (id: string, weight = 1): Sector => ({ kind: 'march', id, weight });
const EAST: Sector[] = [
  march('brumequeue', 1.4), st('ambre', ['ormelune', 'ambrefeuille', 'feuillecendre', 'clairsaule', 'lierrefond']),
  march('gueloup'), st('forge', ['marteaubas', 'forgeroc', 'grisefosse', 'houillemont', 'ferrecreux']),
  march('clochemousse'), st('croc', ['pierrecrane', 'crocsablon', 'gorgeseche', 'ronceboue', 'cornefumee']),
  march('marchefendue'), st('panse', ['miellerive', 'pansebrune', 'choudoux', 'potirond', 'bourrichon'], 5),
];
const WEST: Sector[] = [
  march('epinelande', 1.4), st('glu', ['vasegrise', 'gluantmare', 'crapaudiere', 'moisibois', 'bourbefosse']),
  march('chardonvif'), st('sabot', ['herbevaste', 'sabotfauve', 'crinsauvage', 'trotteplaine', 'ventsec']),
  march('combefee'), st('corbe', ['plumenoire', 'corbalune', 'corneval', 'chouetterre', 'hiboumont']),
  march('landegrise'), st('givre', ['neigeclaire', 'lunegivre', 'frimasombre', 'verglancon', 'cristalbise'], 5),
];

function sectorAt(half: Sector[], from: number, th: number): Sector & { a: number; b: number } {
  const total = half.reduce((s, x) => s + x.weight, 0);
  let a = from;
  for (const sec of half) {
    const b = a + (180 * sec.weight) / total;
    if (th < b) return { ...sec, a, b };
    a = b;
  }
  const last = half[half.length - 1]!;
  return { ...last, a: a - (180 * last.weight) / total, b: a };
}

type Cell = { kind: 'land' | 'sea'; region: string };
function classify(x: number, y: number): Cell {
  const { rho, th } = polar(x, y);
  for (const isl of ISLANDS) {
    const ix = CX + isl.rho * RX * Math.cos(isl.th * DEG), iy = CY + isl.rho * RY * Math.sin(isl.th * DEG);
    if (Math.hypot((x - ix) / RX, (y - iy) / RY) < isl.r) return { kind: 'land', region: isl.id };
  }
  const rin = rhoIn(th), rout = rhoOut(th);
  const t = (rho - rin) / (rout - rin);
  const channel = Math.abs(x - CX) < CHANNEL;
  if (t > 0 && t < 1 && !channel) {
    // Gentle warping so that borders are not straight lines.
    const thw = th + 2.2 * Math.sin(9 * t + th * DEG * 5) + 1.2 * Math.sin(th * DEG * 13);
    const tw = t + 0.07 * Math.sin(th * DEG * 11 + 1.3);
    const east = thw >= -90 && thw < 90;
    const sec = east ? sectorAt(EAST, -90, thw) : sectorAt(WEST, 90, thw);
    if (sec.kind === 'march') return { kind: 'land', region: sec.id };
    const span = sec.b - sec.a, u = (thw - sec.a) / span;
    const [e1, cap, i1, i2, e2] = sec.p;
    if (u < 0.22) return { kind: 'land', region: e1 };
    if (u > 0.78) return { kind: 'land', region: e2 };
    if (tw > 0.56) return { kind: 'land', region: cap };
    return { kind: 'land', region: u < 0.5 ? i1 : i2 };
  }
  const inner = t <= 0 || (t < 1 && t < 0.5);
  if (inner) return { kind: 'sea', region: INNER_ZONES[Math.floor((((th + 135) % 360) + 360) % 360 / 90)]! };
  if (rho > FAR_RHO) for (const f of FAR) if (th >= f.from && th <= f.to) return { kind: 'sea', region: f.id };
  return { kind: 'sea', region: OUTER_ZONES[Math.floor((((th + 112.5) % 360) + 360) % 360 / 45)]! };
}

const grid = new Map<string, Cell>();
for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) grid.set(key(c, r), classify(...cellPx(c, r)));

/** Gives the cells of each region's smaller pieces to the region of the same kind around them (bounded passes). */
function mendFragments(): void {
  for (let pass = 0; pass < 6; pass++) {
    let moved = 0;
    const byRegion = new Map<string, string[]>();
    for (const [k, cell] of grid) byRegion.set(cell.region, [...(byRegion.get(cell.region) ?? []), k]);
    for (const [region, cells] of byRegion) {
      const left = new Set(cells);
      const pieces: string[][] = [];
      while (left.size > 0) {
        const first = left.values().next().value as string;
        left.delete(first);
        const piece = [first];
        for (let i = 0; i < piece.length; i++) {
          const [c, r] = piece[i]!.split(',').map(Number) as [number, number];
          for (const [nc, nr] of neighbours(c, r)) { const nk = key(nc, nr); if (left.has(nk)) { left.delete(nk); piece.push(nk); } }
        }
        pieces.push(piece);
      }
      pieces.sort((a, b) => b.length - a.length);
      for (const piece of pieces.slice(1)) for (const k of piece) {
        const [c, r] = k.split(',').map(Number) as [number, number];
        const kind = grid.get(k)!.kind;
        const votes = new Map<string, number>();
        for (const [nc, nr] of neighbours(c, r)) {
          const n = grid.get(key(nc, nr));
          if (n && n.kind === kind && n.region !== region) votes.set(n.region, (votes.get(n.region) ?? 0) + 1);
        }
        const best = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
        if (best) { grid.set(k, { kind, region: best[0] }); moved++; }
      }
    }
    if (moved === 0) return;
  }
}
mendFragments();

// ─── Adjacency read off the grid ───────────────────────────────────────────────────────────────

const cellsOf = new Map<string, [number, number][]>();
for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
  const reg = grid.get(key(c, r))!.region;
  cellsOf.set(reg, [...(cellsOf.get(reg) ?? []), [c, r]]);
}
const landN = new Map<string, Set<string>>(), coasts = new Map<string, Set<string>>(), seaN = new Map<string, Set<string>>();
const addTo = (m: Map<string, Set<string>>, a: string, b: string) => { if (!m.has(a)) m.set(a, new Set()); m.get(a)!.add(b); };
for (const [k, cell] of grid) {
  const [c, r] = k.split(',').map(Number) as [number, number];
  for (const [nc, nr] of neighbours(c, r)) {
    const n = grid.get(key(nc, nr));
    if (!n || n.region === cell.region) continue;
    if (cell.kind === 'land' && n.kind === 'land') addTo(landN, cell.region, n.region);
    else if (cell.kind === 'land' && n.kind === 'sea') addTo(coasts, cell.region, n.region);
    else if (cell.kind === 'sea' && n.kind === 'sea') addTo(seaN, cell.region, n.region);
  }
}

// ─── Outlines and labels ───────────────────────────────────────────────────────────────────────

function outline(region: string): string {
  const next = new Map<string, [number, number]>();
  for (const [c, r] of cellsOf.get(region)!) {
    const vs = vertices(c, r), ns = neighbours(c, r);
    for (let k = 0; k < 6; k++) {
      const [nc, nr] = ns[k]!;
      if (inGrid(nc, nr) && grid.get(key(nc, nr))!.region === region) continue;
      const a = vs[k]!, b = vs[(k + 1) % 6]!;
      next.set(`${a[0]},${a[1]}`, b);
    }
  }
  const loops: string[] = [];
  const left = new Set(next.keys());
  while (left.size > 0) {
    const start = [...left].sort()[0]!;
    const pts: [number, number][] = [];
    let cur = start;
    for (let guard = 0; guard <= next.size && left.has(cur); guard++) {
      left.delete(cur);
      const [X, Y] = cur.split(',').map(Number) as [number, number];
      pts.push([X, Y]);
      const b = next.get(cur)!;
      cur = `${b[0]},${b[1]}`;
    }
    loops.push('M' + pts.map((p) => px(...p).join(' ')).join('L') + 'Z');
  }
  return loops.join('');
}
/** Labels already placed (their centre and half width), so that two names do not overlap. */
const placed: { x: number; y: number; hw: number }[] = [];
/** A label on a cell of the region: central, inside (its neighbours its own), clear of the names already placed (about 6.4 units a letter). */
function labelOf(region: string, name = NAMES[region] ?? region): [number, number] {
  const cells = cellsOf.get(region)!;
  const pts = cells.map(([c, r]) => cellPx(c, r));
  const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length, my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const inner = (c: number, r: number) => neighbours(c, r).filter(([nc, nr]) => grid.get(key(nc, nr))?.region === region).length;
  const hw = (name.length * 6.4) / 2;
  let best = cells[0]!, score = -Infinity;
  for (const [c, r] of cells) {
    const [x, y] = cellPx(c, r);
    const clash = placed.filter((q) => Math.abs(q.x - x) < q.hw + hw + 3 && Math.abs(q.y - y) < 20).length;
    const s = inner(c, r) * 12 - Math.hypot(x - mx, y - my) - clash * 200;
    if (s > score) { score = s; best = [c, r]; }
  }
  const at = cellPx(...best);
  placed.push({ x: at[0], y: at[1], hw });
  return at;
}

// ─── Names, tax values, states ─────────────────────────────────────────────────────────────────

const NAMES: Record<string, string> = {
  brumequeue: 'Brumequeue', gueloup: 'Guéloup', clochemousse: 'Clochemousse', marchefendue: 'Marche-Fendue',
  epinelande: 'Épinelande', chardonvif: 'Chardonvif', combefee: 'Combefée', landegrise: 'Landegrise',
  perlemorne: 'Perlemorne', griseceuil: 'Grisécueil', rocmouette: 'Rocmouette',
  ormelune: 'Ormelune', ambrefeuille: 'Ambrefeuille', feuillecendre: 'Feuillecendre', clairsaule: 'Clairsaule', lierrefond: 'Lierrefond',
  marteaubas: 'Marteaubas', forgeroc: 'Forgeroc', grisefosse: 'Grisefosse', houillemont: 'Houillemont', ferrecreux: 'Ferrecreux',
  pierrecrane: 'Pierrecrâne', crocsablon: 'Crocsablon', gorgeseche: 'Gorgesèche', ronceboue: 'Ronceboue', cornefumee: 'Cornefumée',
  miellerive: 'Miellerive', pansebrune: 'Pansebrune', choudoux: 'Choudoux', potirond: 'Potirond', bourrichon: 'Bourrichon',
  vasegrise: 'Vasegrise', gluantmare: 'Gluantmare', crapaudiere: 'Crapaudière', moisibois: 'Moisibois', bourbefosse: 'Bourbefosse',
  herbevaste: 'Herbevaste', sabotfauve: 'Sabotfauve', crinsauvage: 'Crinsauvage', trotteplaine: 'Trotteplaine', ventsec: 'Ventsec',
  plumenoire: 'Plumenoire', corbalune: 'Corbalune', corneval: 'Corneval', chouetterre: 'Chouetterre', hiboumont: 'Hiboumont',
  neigeclaire: 'Neigeclaire', lunegivre: 'Lunegivre', frimasombre: 'Frimasombre', verglancon: 'Verglançon', cristalbise: 'Cristalbise',
  brisants: 'Mer des Brisants', aurore: 'Baie d’Aurore', ventrue: 'Mer Ventrue', carmin: 'Golfe Carmin', soupirs: 'Mer des Soupirs',
  ancres: 'Baie des Ancres', pale: 'Mer Pâle', sirenes: 'Golfe des Sirènes',
  miroir: 'Mer du Miroir', dormantes: 'Eaux Dormantes', tiede: 'Mer Tiède', roseaux: 'Mer des Roseaux',
  abysse: 'Abysse Hurlante', opale: 'Vastitude d’Opale',
};
/** Tax values [E1, capital, I1, I2, E2] per state: the capital the richest, the others distinct (W-05), totals 24–26 (W-04). */
const TAX: Record<string, number[]> = {
  ambre: [5, 7, 4, 6, 3], forge: [4, 8, 6, 3, 5], croc: [3, 7, 5, 6, 4], panse: [6, 7, 4, 5, 3],
  glu: [4, 7, 6, 3, 5], sabot: [5, 7, 6, 4, 2], corbe: [6, 8, 5, 3, 4], givre: [5, 8, 3, 6, 4],
};
const MARCH_TAX: Record<string, number> = { brumequeue: 4, gueloup: 5, clochemousse: 6, marchefendue: 5, epinelande: 4, chardonvif: 5, combefee: 4, landegrise: 3 };
const ISLAND_TAX: Record<string, number> = { perlemorne: 9, griseceuil: 4, rocmouette: 3 };
const MAP_EDGE = new Set(['brumequeue', 'clochemousse', 'epinelande', 'combefee', 'griseceuil', 'rocmouette']);
const TERRAIN: Record<string, string> = {
  ambre: 'forêt', forge: 'montagne', croc: 'collines', panse: 'bocage', glu: 'marais', sabot: 'steppe', corbe: 'plaine', givre: 'toundra',
};

interface StateDef { id: string; name: string; kind: 'player' | 'neutral'; colour: string; hottList: string; sovereign: string; general: string; provinces: string[] }
const STATES: StateDef[] = [
  { id: 'ambre', name: 'Royaume d’Ambrefeuille', kind: 'player', colour: '#4f9a4a', hottList: 'Elfes sylvains', sovereign: 'Reine Aëlwen', general: 'Thalorin Ventfeuille', provinces: [] },
  { id: 'forge', name: 'Thanat de Forgeroc', kind: 'player', colour: '#b5562f', hottList: 'Nains', sovereign: 'Durnil Barbe-de-Fer', general: 'Ginna Mainlourde', provinces: [] },
  { id: 'croc', name: 'Horde de Crocsablon', kind: 'player', colour: '#8c3d8f', hottList: 'Orques', sovereign: 'Grokmar le Balafré', general: 'Ushka Dent-Noire', provinces: [] },
  { id: 'panse', name: 'Comté de Pansebrune', kind: 'player', colour: '#d9a531', hottList: 'Semi-hommes', sovereign: 'Bertolin Piedvelu', general: 'Mirette Boutdechamp', provinces: [] },
  { id: 'glu', name: 'Marais de Gluantmare', kind: 'player', colour: '#6f7f2a', hottList: 'Gobelins', sovereign: 'Grizzik le Poisseux', general: 'Nabrok Trois-Doigts', provinces: [] },
  { id: 'sabot', name: 'Khanat de Sabotfauve', kind: 'player', colour: '#c4713c', hottList: 'Centaures', sovereign: 'Khan Tarvok Quatrepas', general: 'Halvane Flèchevive', provinces: [] },
  { id: 'corbe', name: 'Sénat de Corbalune', kind: 'player', colour: '#3c5fa8', hottList: 'Humains', sovereign: 'Archonte Mérovald', general: 'Dame Ysolde Crinière', provinces: [] },
  { id: 'givre', name: 'Principauté de Lunegivre', kind: 'player', colour: '#4aa3b5', hottList: 'Elfes des neiges', sovereign: 'Prince Isméril', general: 'Vaëlis Froidelame', provinces: [] },
  { id: 'perle', name: 'Thalassocratie de Perlemorne', kind: 'neutral', colour: '#9a9a9a', hottList: 'Hommes-poissons', sovereign: 'Doge Ambrosin', general: 'Capitaine Oriel', provinces: ['perlemorne', 'rocmouette'] },
  { id: 'brume', name: 'Seigneurie de Brumequeue', kind: 'neutral', colour: '#a89f91', hottList: 'Humains', sovereign: 'Baron Gaspard', general: 'Sire Fulbert', provinces: ['brumequeue'] },
  { id: 'cloche', name: 'Cité libre de Clochemousse', kind: 'neutral', colour: '#b3a6b8', hottList: 'Nains', sovereign: 'Bourgmestre Pétronille', general: 'Sergent Bastoche', provinces: ['clochemousse'] },
  { id: 'chardon', name: 'Prieuré de Chardonvif', kind: 'neutral', colour: '#a4ad9b', hottList: 'Humains', sovereign: 'Mère Ortie', general: 'Frère Cognebois', provinces: ['chardonvif'] },
];
for (const sec of [...EAST, ...WEST]) if (sec.kind === 'state') STATES.find((s) => s.id === sec.id)!.provinces = [...sec.p];

// ─── The scenario file ─────────────────────────────────────────────────────────────────────────

const sorted = (s: Set<string> | undefined) => [...(s ?? [])].sort();
const provinceIds = [...EAST, ...WEST].flatMap((s) => (s.kind === 'march' ? [s.id] : [...s.p])).concat(ISLANDS.map((i) => i.id));
const zoneIds = [...OUTER_ZONES, ...INNER_ZONES, ...FAR.map((f) => f.id)];
const ownerOf = (p: string) => STATES.find((s) => s.provinces.includes(p))?.id ?? null;
const taxOf = (p: string): number => {
  for (const sec of [...EAST, ...WEST]) if (sec.kind === 'state' && sec.p.includes(p as never)) return TAX[sec.id]![sec.p.indexOf(p as never)]!;
  return MARCH_TAX[p] ?? ISLAND_TAX[p]!;
};
const terrainOf = (p: string) => { const o = ownerOf(p); return o && TERRAIN[o] ? TERRAIN[o] : ISLAND_TAX[p] !== undefined ? 'île' : 'lande'; };

/** The channels: the provinces on either bank (the pair whose cells come closest) and the line between them. */
function strait(id: string, name: string, y: 'north' | 'south'): object {
  const side = (east: boolean) => [...grid].filter(([k, cell]) => {
    const [c, r] = k.split(',').map(Number) as [number, number];
    const [x, yy] = cellPx(c, r);
    return cell.kind === 'land' && !ISLANDS.some((i) => i.id === cell.region) && (y === 'north' ? yy < CY : yy > CY) && (east ? x > CX : x < CX) && Math.abs(x - CX) < CHANNEL + CW * 1.2;
  });
  let best: { a: string; b: string; d: number; pa: [number, number]; pb: [number, number] } | null = null;
  for (const [ka, ca] of side(false)) for (const [kb, cb] of side(true)) {
    const pa = cellPx(...(ka.split(',').map(Number) as [number, number])), pb = cellPx(...(kb.split(',').map(Number) as [number, number]));
    const d = Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) + Math.abs((pa[1] + pb[1]) / 2 - (y === 'north' ? CY - RY * 0.76 : CY + RY * 0.76)) * 0.01;
    if (!best || d < best.d) best = { a: ca.region, b: cb.region, d, pa, pb };
  }
  const inner = y === 'north' ? 'miroir' : 'tiede', outer = y === 'north' ? 'brisants' : 'soupirs';
  return { id, name, provinces: [best!.a, best!.b], adjacentZones: [outer, inner], fleetCrossing: [outer, inner], display: { line: [best!.pa, best!.pb] } };
}

function fleetZone(state: StateDef): string {
  const cap = state.provinces[state.kind === 'player' ? 1 : 0]!;
  return sorted(coasts.get(cap)).find((z) => OUTER_ZONES.includes(z)) ?? sorted(coasts.get(cap))[0]!;
}

// Labels: the smallest provinces first (they have the fewest places), then the sea zones.
const LABEL: Record<string, [number, number]> = {};
for (const p of [...provinceIds].sort((a, b) => cellsOf.get(a)!.length - cellsOf.get(b)!.length || a.localeCompare(b))) LABEL[p] = labelOf(p);
for (const z of zoneIds) LABEL[z] = labelOf(z);

const scenario = {
  format: 'gruik-scenario', version: 1,
  id: 'gruik-anneau', title: 'L’Anneau de Gruik', author: 'Suzerain', licence: 'Texte, données et dessin : CC BY-SA 4.0, œuvre originale du projet Suzerain',
  start: { year: 67, season: 'spring' },
  provinces: provinceIds.map((p) => ({
    id: p, name: NAMES[p]!, taxValue: taxOf(p),
    landNeighbours: sorted(landN.get(p)), coasts: sorted(coasts.get(p)),
    owner: ownerOf(p), controller: ownerOf(p),
    terrainHint: terrainOf(p), ...(MAP_EDGE.has(p) ? { mapEdge: true } : {}),
    display: { label: LABEL[p]!, shape: outline(p) },
  })),
  seaZones: zoneIds.map((z) => ({
    id: z, name: NAMES[z]!,
    neighbours: sorted(seaN.get(z)).map((n) => ({ zone: n, coastal: provinceIds.some((p) => coasts.get(p)?.has(z) && coasts.get(p)?.has(n)) })),
    display: { label: LABEL[z]!, shape: outline(z) },
  })),
  straits: [strait('dent', 'Passe de la Dent', 'north'), strait('noyes', 'Goulet des Noyés', 'south')],
  states: STATES.map((s) => ({
    id: s.id, name: s.name, kind: s.kind, colour: s.colour, hottList: s.hottList,
    capital: s.provinces[s.kind === 'player' ? 1 : 0]!, treasury: 0,
    sovereign: { name: s.sovereign }, general: { name: s.general },
    fleets: s.kind === 'player' ? [{ ships: 100, zone: fleetZone(s) }] : [],
  })),
  variants: [
    { id: '4', players: 4, playerStates: ['ambre', 'croc', 'glu', 'corbe'], others: 'remove' },
    { id: '5', players: 5, playerStates: ['ambre', 'forge', 'panse', 'sabot', 'givre'], others: 'neutral' },
    { id: '6', players: 6, playerStates: ['ambre', 'forge', 'croc', 'glu', 'sabot', 'corbe'], others: 'neutral' },
    { id: '7', players: 7, playerStates: ['ambre', 'forge', 'croc', 'panse', 'glu', 'sabot', 'corbe'], others: 'neutral' },
    { id: '8', players: 8, playerStates: ['ambre', 'forge', 'croc', 'panse', 'glu', 'sabot', 'corbe', 'givre'], others: 'neutral' },
  ],
};

// ─── The §12.7 fixture as a scenario file (a schematic drawing: one box per region) ────────────

function box(x: number, y: number, w: number, h: number): { label: [number, number]; shape: string } {
  return { label: [x + w / 2, y + h / 2], shape: `M${x} ${y}L${x + w} ${y}L${x + w} ${y + h}L${x} ${y + h}Z` };
}
const FIX_BOX: Record<string, [number, number, number, number]> = {
  sylve: [40, 60, 100, 80], rives: [40, 150, 100, 80], coudre: [150, 100, 100, 80], hautval: [150, 10, 100, 80],
  tourbe: [260, 60, 100, 80], marche: [370, 60, 100, 80], gouffre: [370, 150, 100, 80], enclume: [480, 120, 100, 80],
  roc: [260, 240, 100, 80], ilot: [520, 250, 60, 50],
  baie: [0, 330, 200, 60], etroite: [210, 330, 200, 60], large: [420, 330, 180, 60],
};
const fixture = {
  format: 'gruik-scenario', version: 1,
  id: 'fixture', title: 'Fixture §12.7', author: 'Suzerain', licence: 'CC BY-SA 4.0',
  start: { year: 67, season: 'spring' },
  provinces: FIXTURE_MAP.provinces.map((p) => {
    const owner = FIXTURE_STATES.find((s) => s.provinces.includes(p.id))?.id ?? null;
    return { ...p, owner, controller: owner, display: box(...FIX_BOX[p.id]!) };
  }),
  seaZones: FIXTURE_MAP.seaZones.map((z) => ({ ...z, display: box(...FIX_BOX[z.id]!) })),
  straits: FIXTURE_MAP.straits.map((s) => ({ ...s, display: { line: [[90, 230], [310, 240]] } })),
  states: FIXTURE_STATES.map((s) => ({
    id: s.id, name: s.name, kind: s.kind, colour: s.kind === 'player' ? (s.id === 'elves' ? '#4f9a4a' : '#b5562f') : '#9a9a9a',
    capital: s.capital, treasury: s.treasury, sovereign: { name: s.sovereign }, general: { name: s.general }, fleets: s.fleets,
  })),
};

const text = (o: object) => JSON.stringify(o, null, 1) + '\n';
const main = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (!main) { /* imported by a test: nothing written */ } else if (process.argv.includes('--check')) {
  const same = readFileSync(OUT, 'utf8') === text(scenario) && readFileSync(OUT_FIXTURE, 'utf8') === text(fixture);
  if (!same) { console.error('maps/default.json or maps/fixture.json differ from a fresh run'); process.exit(1); }
} else {
  writeFileSync(OUT, text(scenario));
  writeFileSync(OUT_FIXTURE, text(fixture));
  const sizes = provinceIds.map((p) => `${p}:${cellsOf.get(p)?.length ?? 0}`);
  console.log(`${provinceIds.length} provinces, ${zoneIds.length} zones; cells ${sizes.join(' ')}`);
}
export { scenario as GENERATED_DEFAULT, fixture as GENERATED_FIXTURE, text as scenarioText };
