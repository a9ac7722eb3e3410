/** The Gloire & Pouvoir game state: plain, serialisable data (rules §2). */
import type { Fortification, GPConfig, Title } from './config.ts';
import type { MapKey } from './maps/types.ts';

export type LordId = string; // "L1", "L2"…
export type KnightId = string; // "K1", "K2"…
export type TerritoryId = string; // map ids, e.g. "narvik"
export type Relation = 'peace' | 'war' | 'alliance';

export interface Retreat { peasant: number; garrison: number; knight: number }

export interface Memory { value: number; lostTurn: number }

export interface Lord {
  id: LordId;
  name: string;
  lordKnight: KnightId;
  treasury: number;
  title: Title | null;
  retreat: Retreat;
  alive: boolean;
  abdicated: boolean;
  /** Turn the lord left the game (death or abdication). */
  outTurn: number | null;
  memory: Record<TerritoryId, Memory>;
  /** The latest successful espionage report per territory (what this lord knows of it). */
  intel: Record<TerritoryId, Intel>;
}

export interface Intel {
  turn: number;
  owner: LordId | null;
  population: number;
  happiness: number;
  taxCoef: number;
  fortification: Fortification;
  knights: { knight: KnightId; lord: LordId; name: string; renown: number; men: number }[];
  garrison: number;
  peasantEstimate: number | null;
}

export interface Knight {
  id: KnightId;
  name: string;
  lord: LordId;
  isLordKnight: boolean;
  renown: number;
  hireRenown: number;
  hiredTurn: number;
  location: TerritoryId;
  army: number | null;
}

export interface Army {
  id: number;
  lord: LordId;
  strength: number;
  /** null: a garrison. */
  commander: KnightId | null;
  location: TerritoryId;
  receivedTransfer: boolean;
  defThreshold: number | null;
  levyTurn: number;
}

export interface Territory {
  id: TerritoryId;
  owner: LordId | null;
  population: number;
  happiness: number;
  taxCoef: number;
  fortification: Fortification;
  lastSoldTurn: number | null;
}

export interface AllyCall { turn: number; caller: LordId; callee: LordId; enemiesAtCall: LordId[] }

export interface GPState {
  ruleset: 'gloire-et-pouvoir';
  map: string;
  mapKey: MapKey;
  config: GPConfig;
  turn: number;
  finished: boolean;
  king: LordId | null;
  victory: 'renown' | 'conquest' | 'alliance' | 'none' | null;
  lords: Record<LordId, Lord>;
  knights: Record<KnightId, Knight>;
  armies: Record<string, Army>;
  territories: Record<TerritoryId, Territory>;
  /** Non-peace relations, key `La|Lb` with La < Lb in id order. Absent = peace. */
  relations: Record<string, 'war' | 'alliance'>;
  allyCalls: AllyCall[];
  nextKnight: number;
  nextArmy: number;
  /** Territories that revolted in the last resolved turn (for the C-08 variant and reports). */
  revoltedThisTurn: TerritoryId[];
}

export function relKey(a: LordId, b: LordId): string {
  // Memoised (a pure function of two ids, read many times a turn: issue 20); bounded, so that
  // names read from orders cannot grow it without end.
  let row = REL_KEYS.get(a);
  if (!row) { if (relKeyCount >= REL_KEYS_MAX) { REL_KEYS.clear(); relKeyCount = 0; } REL_KEYS.set(a, row = new Map()); }
  let key = row.get(b);
  if (key === undefined) {
    key = lordIdCompare(a, b) < 0 ? `${a}|${b}` : `${b}|${a}`;
    if (relKeyCount < REL_KEYS_MAX) { row.set(b, key); relKeyCount++; }
  }
  return key;
}
const REL_KEYS = new Map<LordId, Map<LordId, string>>();

/** The two lords of a relation key "a|b" (memoised like relKey: the keys are few and read at every turn's start). */
export function relKeyLords(key: string): readonly [LordId, LordId] {
  let pair = KEY_LORDS.get(key);
  if (!pair) {
    const bar = key.indexOf('|');
    pair = [key.slice(0, bar), key.slice(bar + 1)];
    if (KEY_LORDS.size >= REL_KEYS_MAX) KEY_LORDS.clear();
    KEY_LORDS.set(key, pair);
  }
  return pair;
}
const KEY_LORDS = new Map<string, readonly [LordId, LordId]>();
const REL_KEYS_MAX = 100_000;
let relKeyCount = 0;

/** Numeric order of ids like L2 < L10. */
export function lordIdCompare(a: string, b: string): number {
  const na = idNumber(a);
  const nb = idNumber(b);
  return na - nb || a.localeCompare(b);
}

/**
 * `Number(id.slice(1))`, the number of an id such as L12 or K305, without the slice (read by every
 * sort of lords and knights: issue 20): up to 15 digits after the first character are read as they
 * are (an exact integer, as Number gives it); anything else goes to Number itself.
 */
export function idNumber(id: string): number {
  const n = id.length;
  if (n < 2 || n > 16) return Number(id.slice(1));
  let v = 0;
  for (let i = 1; i < n; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number(id.slice(1));
    v = v * 10 + d;
  }
  return v;
}

export function relation(s: GPState, a: LordId, b: LordId): Relation {
  if (a === b) return 'alliance';
  return s.relations[relKey(a, b)] ?? 'peace';
}
