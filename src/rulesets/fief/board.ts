/**
 * The board of Fief: the ORIGINAL BOARD of the online edition, as the rules file gives it in
 * §10 G-01 ("ORIGINAL BOARD — FIEF ONLINE EDITION": 8 fiefs, 24 villages, 5 bishoprics, the grid
 * layout and 34 paths), in the schema of rules §2.1.4. It is NOT the published board and must
 * never be corrected from it [P G-01]. The 12 village names the rules use are kept so that the
 * rules' examples and test vectors play out on it; the 12 others are ours.
 *
 * Pure data, written as the rules' tables (fiefs with their villages, bishoprics with their
 * villages, the layout, the paths); `indexBoard` derives the per-village records and
 * `board-check.ts` validates every constraint of §2.1.4 (test TV-55).
 *
 * Coordinates: the grid of G-01, x = 0 (west) … 7 (east), y = 0 (north) … 5 (south).
 */

export type VillageId = string;
export type FiefId = string;
export type BishopricNo = 1 | 2 | 3 | 4 | 5;
export const BISHOPRIC_NOS: readonly BishopricNo[] = [1, 2, 3, 4, 5];
export type FiefRank = 'BARONY' | 'COUNTY' | 'DUCHY';

/** §2.1.4: a fief's rank follows from its size [T §4.3]. */
export const RANK_BY_SIZE: Readonly<Record<number, FiefRank>> = { 2: 'BARONY', 3: 'COUNTY', 4: 'DUCHY' };

export interface FiefData { id: FiefId; name: string; colour: string; colourName: string; villages: VillageId[] }
export interface BishopricData { number: BishopricNo; seat: VillageId; villages: VillageId[] }
export interface PathData { a: VillageId; b: VillageId; tag?: string }
export interface BoardData {
  id: string;
  /** Grid size: x in [0, width − 1], y in [0, height − 1]. */
  width: number;
  height: number;
  /** Village id → display name (the same in French and English: proper names). */
  names: Record<VillageId, string>;
  layout: Record<VillageId, { x: number; y: number }>;
  fiefs: FiefData[];
  bishoprics: BishopricData[];
  paths: PathData[];
}

/** The original board of the online edition [P G-01]. */
export const ORIGINAL_BOARD: BoardData = {
  id: 'fief-online-original',
  width: 8,
  height: 6,
  names: {
    BLAYE: 'BLAYE', CHAROLLES: 'CHAROLLES', BEAUJEU: 'BEAUJEU', ST_CIERS_DABZAC: 'ST CIERS D’ABZAC',
    EPERVIER: 'L’ÉPERVIER', HAUTEVIGNE: 'HAUTEVIGNE', ROCHEGRISE: 'ROCHEGRISE',
    ST_GEROME: 'ST GÉRÔME', ST_MEDARD: 'ST MÉDARD', ST_FIRMIN: 'ST FIRMIN',
    BOURG: 'BOURG', COMBELLE: 'COMBELLE', LES_GRANGES: 'LES GRANGES', MONTFROID: 'MONTFROID',
    SIGY: 'SIGY', ST_PAUL: 'ST PAUL', PREAUVERT: 'PRÉAUVERT',
    TOURNUS: 'TOURNUS', ST_ALBERIC: 'ST ALBÉRIC', BOISRENARD: 'BOISRENARD',
    VAUDRIER: 'VAUDRIER', MAZILLES: 'MAZILLES',
    GUE_FROMENT: 'GUÉ-FROMENT', VAL_SOURDE: 'VAL-SOURDE',
  },
  // G-01 layout grid, row by row.
  layout: {
    HAUTEVIGNE: { x: 0, y: 0 }, EPERVIER: { x: 2, y: 0 }, ROCHEGRISE: { x: 3, y: 0 }, MAZILLES: { x: 4, y: 0 }, TOURNUS: { x: 6, y: 0 },
    BLAYE: { x: 0, y: 1 }, CHAROLLES: { x: 1, y: 1 }, VAUDRIER: { x: 3, y: 1 }, ST_ALBERIC: { x: 6, y: 1 }, BOISRENARD: { x: 7, y: 1 },
    ST_CIERS_DABZAC: { x: 0, y: 2 }, BEAUJEU: { x: 1, y: 2 }, ST_MEDARD: { x: 4, y: 2 }, ST_GEROME: { x: 5, y: 2 },
    SIGY: { x: 0, y: 3 }, LES_GRANGES: { x: 2, y: 3 }, BOURG: { x: 3, y: 3 }, COMBELLE: { x: 5, y: 3 }, ST_FIRMIN: { x: 7, y: 3 },
    ST_PAUL: { x: 1, y: 4 }, PREAUVERT: { x: 2, y: 4 },
    GUE_FROMENT: { x: 2, y: 5 }, VAL_SOURDE: { x: 3, y: 5 }, MONTFROID: { x: 4, y: 5 },
  },
  // G-01 fiefs table (colours other than the green county are cosmetic).
  fiefs: [
    { id: 'F_BLAYE', name: 'BLAYE', colour: '#b3261e', colourName: 'red', villages: ['BLAYE', 'CHAROLLES', 'BEAUJEU', 'ST_CIERS_DABZAC'] },
    { id: 'F_EPERVIER', name: 'L’ÉPERVIER', colour: '#c79a2b', colourName: 'ochre', villages: ['EPERVIER', 'HAUTEVIGNE', 'ROCHEGRISE'] },
    { id: 'F_STGEROME', name: 'ST GÉRÔME', colour: '#7b4fa0', colourName: 'violet', villages: ['ST_GEROME', 'ST_MEDARD', 'ST_FIRMIN'] },
    { id: 'F_BOURG', name: 'BOURG', colour: '#2f5fa8', colourName: 'blue', villages: ['BOURG', 'COMBELLE', 'LES_GRANGES', 'MONTFROID'] }, // [T] "Duc de BOURG", 4 villages
    { id: 'F_SIGY', name: 'SIGY', colour: '#e07b1f', colourName: 'orange', villages: ['SIGY', 'ST_PAUL', 'PREAUVERT'] }, // [T] "Comte ... de SIGY"
    { id: 'F_TOURNUS', name: 'TOURNUS', colour: '#3c8d3f', colourName: 'green', villages: ['TOURNUS', 'ST_ALBERIC', 'BOISRENARD'] }, // [T-ex §4.3] the green county on the right
    { id: 'F_VAUDRIER', name: 'VAUDRIER', colour: '#7a5230', colourName: 'brown', villages: ['VAUDRIER', 'MAZILLES'] },
    { id: 'F_VALSOURDE', name: 'VAL-SOURDE', colour: '#7d7d7d', colourName: 'grey', villages: ['GUE_FROMENT', 'VAL_SOURDE'] },
  ],
  // G-01 bishoprics table (numbers 1–3 are ours; 4 and 5 are the text's).
  bishoprics: [
    { number: 1, seat: 'BLAYE', villages: ['BLAYE', 'CHAROLLES', 'EPERVIER', 'HAUTEVIGNE', 'VAUDRIER', 'ST_MEDARD'] },
    { number: 2, seat: 'TOURNUS', villages: ['TOURNUS', 'ROCHEGRISE', 'MAZILLES'] },
    { number: 3, seat: 'ST_GEROME', villages: ['ST_GEROME', 'ST_FIRMIN', 'COMBELLE', 'ST_ALBERIC', 'BOISRENARD'] },
    { number: 4, seat: 'BOURG', villages: ['BOURG', 'LES_GRANGES', 'MONTFROID', 'PREAUVERT', 'GUE_FROMENT', 'VAL_SOURDE'] }, // [T] BOURG seat of no. 4
    { number: 5, seat: 'SIGY', villages: ['SIGY', 'ST_PAUL', 'ST_CIERS_DABZAC', 'BEAUJEU'] }, // [T-ex §1.4] exact
  ],
  // G-01 paths, in the rules' order.
  paths: [
    { a: 'BLAYE', b: 'CHAROLLES', tag: '[T §5.0 ex.]' }, { a: 'CHAROLLES', b: 'EPERVIER', tag: '[T §5.0 ex.]' }, { a: 'CHAROLLES', b: 'VAUDRIER' },
    { a: 'EPERVIER', b: 'HAUTEVIGNE' }, { a: 'EPERVIER', b: 'ROCHEGRISE' }, { a: 'VAUDRIER', b: 'ST_MEDARD' },
    { a: 'ST_MEDARD', b: 'ST_GEROME' }, { a: 'ST_MEDARD', b: 'ST_ALBERIC' }, { a: 'ST_FIRMIN', b: 'COMBELLE' },
    { a: 'ST_FIRMIN', b: 'ST_GEROME' }, { a: 'VAUDRIER', b: 'LES_GRANGES' }, { a: 'VAUDRIER', b: 'BOURG' },
    { a: 'VAUDRIER', b: 'MAZILLES' }, { a: 'ROCHEGRISE', b: 'MAZILLES' }, { a: 'MAZILLES', b: 'TOURNUS' },
    { a: 'TOURNUS', b: 'ST_ALBERIC' }, { a: 'ST_GEROME', b: 'ST_ALBERIC' }, { a: 'ST_ALBERIC', b: 'BOISRENARD' },
    { a: 'BOISRENARD', b: 'ST_FIRMIN' }, { a: 'COMBELLE', b: 'BOURG' }, { a: 'BOURG', b: 'LES_GRANGES' },
    { a: 'BOURG', b: 'MONTFROID' }, { a: 'MONTFROID', b: 'VAL_SOURDE' }, { a: 'VAL_SOURDE', b: 'GUE_FROMENT' },
    { a: 'GUE_FROMENT', b: 'PREAUVERT' }, { a: 'PREAUVERT', b: 'ST_PAUL' }, { a: 'ST_PAUL', b: 'SIGY' },
    { a: 'SIGY', b: 'BEAUJEU' }, { a: 'BEAUJEU', b: 'CHAROLLES' }, { a: 'SIGY', b: 'ST_CIERS_DABZAC' },
    { a: 'ST_CIERS_DABZAC', b: 'BLAYE' }, { a: 'BLAYE', b: 'HAUTEVIGNE' }, { a: 'LES_GRANGES', b: 'PREAUVERT' },
    { a: 'COMBELLE', b: 'MONTFROID' },
  ],
};

// ─── The board as the referee reads it (derived, §2.1.4 schema) ────────────────────────────────

export interface Village { id: VillageId; name: string; fief: FiefId; bishopric: BishopricNo; isSeat: boolean; x: number; y: number }
export interface Path { id: string; a: VillageId; b: VillageId }
export interface Fief { id: FiefId; name: string; colour: string; colourName: string; villages: VillageId[]; rank: FiefRank; size: number }
export interface Bishopric { number: BishopricNo; seat: VillageId; villages: VillageId[] }
export interface Board {
  id: string;
  width: number;
  height: number;
  /** Villages in board order (north to south, then west to east): the order of every list and default. */
  villageIds: VillageId[];
  villages: Record<VillageId, Village>;
  fiefs: Record<FiefId, Fief>;
  fiefIds: FiefId[];
  bishoprics: Record<BishopricNo, Bishopric>;
  paths: Path[];
  /** Village → its neighbours, in board order. */
  adjacent: Record<VillageId, VillageId[]>;
}

/** The path id of two villages (order-free): `A~B` with A before B alphabetically. */
export const pathId = (a: VillageId, b: VillageId): string => (a < b ? `${a}~${b}` : `${b}~${a}`);

/**
 * The indexed board. Assumes data that `validateBoard` accepts (the test checks the shipped board;
 * a village missing from the fief or bishopric tables throws here).
 */
export function indexBoard(data: BoardData): Board {
  const fiefOf = new Map<VillageId, FiefId>();
  for (const f of data.fiefs) for (const v of f.villages) fiefOf.set(v, f.id);
  const bishopricOf = new Map<VillageId, BishopricNo>();
  for (const b of data.bishoprics) for (const v of b.villages) bishopricOf.set(v, b.number);
  const seats = new Set(data.bishoprics.map((b) => b.seat));
  const villageIds = Object.keys(data.layout).sort((p, q) => data.layout[p]!.y - data.layout[q]!.y || data.layout[p]!.x - data.layout[q]!.x);
  const villages: Record<VillageId, Village> = {};
  for (const id of villageIds) {
    const fief = fiefOf.get(id);
    const bishopric = bishopricOf.get(id);
    if (!fief || !bishopric) throw new Error(`board ${data.id}: village ${id} has no fief or no bishopric`);
    villages[id] = { id, name: data.names[id] ?? id, fief, bishopric, isSeat: seats.has(id), ...data.layout[id]! };
  }
  const rankOrder = (v: VillageId) => villageIds.indexOf(v);
  const fiefs: Record<FiefId, Fief> = {};
  for (const f of data.fiefs) {
    fiefs[f.id] = { ...f, villages: [...f.villages].sort((p, q) => rankOrder(p) - rankOrder(q)), rank: RANK_BY_SIZE[f.villages.length] ?? 'BARONY', size: f.villages.length };
  }
  const bishoprics = {} as Record<BishopricNo, Bishopric>;
  for (const b of data.bishoprics) bishoprics[b.number] = { ...b, villages: [...b.villages].sort((p, q) => rankOrder(p) - rankOrder(q)) };
  const adjacent: Record<VillageId, VillageId[]> = Object.fromEntries(villageIds.map((v) => [v, [] as VillageId[]]));
  for (const p of data.paths) { adjacent[p.a]?.push(p.b); adjacent[p.b]?.push(p.a); }
  for (const v of villageIds) adjacent[v]!.sort((p, q) => rankOrder(p) - rankOrder(q));
  return {
    id: data.id, width: data.width, height: data.height, villageIds, villages, fiefs, fiefIds: data.fiefs.map((f) => f.id), bishoprics,
    paths: data.paths.map((p) => ({ id: pathId(p.a, p.b), a: p.a, b: p.b })), adjacent,
  };
}

/** The shipped board, indexed once. */
export const BOARD: Board = indexBoard(ORIGINAL_BOARD);
