/**
 * One battle (S5.3.4–5.3.9): deployment in lines and columns (G-69, G-85), non-humanoid
 * specials, random events (G-68), column engagements (G-70), casualties (G-71) and quality
 * changes (G-74). `fight` only decides (it draws from the RNG and marks each unit's fate);
 * `applyCasualties` and `applyQuality` change the state. Orchestration (sides, duel, retreat,
 * conquest) is in resolve.ts.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKState, Army, Terrain } from '../state.ts';
import type { ArmiesCfg, StrengthInput } from './types.ts';
import { typeRow } from './types.ts';
import { battleTerrain, druidShortfall, inHomeProvince, itemQuality, leaderLevel, spellFlags, unitStrength } from './strength.ts';

export type Side = 'A' | 'D';
export const other = (x: Side): Side => (x === 'A' ? 'D' : 'A');

export interface BUnit {
  army: Army;
  side: Side;
  special: boolean;
  sclass: 'air' | 'marine' | null;
  /** A special weakened by its leader's Druid shortfall: stays back, attacks the first line only. */
  weak: boolean;
  input: StrengthInput;
  sortKey: number;
  line: number;
  col: number;
  factor: number;
  outflank?: boolean;
  /** Specials: the enemy army attacked. */
  target?: number;
  /** Final contribution to its column. */
  strength: number;
  colWon?: boolean;
  fate: 'destroyed' | 'reduced' | 'survived';
  /** Whale off sea that escaped to the sea (G-71). */
  whaleEscape?: boolean;
  bitten?: boolean;
}

export interface ColumnResult {
  col: number;
  sa: number;
  sd: number;
  p: number;
  winner: Side;
  event?: Side;
  monster?: boolean;
}

export interface BattleSetup {
  province: number;
  attackers: Army[];
  defenders: Army[];
  /** Side whose commander lost, fled or refused the pre-battle duel (× 0.75). */
  duelLoser?: Side | null;
  /**
   * The armies the duel's loser led (× 0.75). §9.2 "Les armées conduites par le perdant sont
   * démoralisées" and §7 "ses troupes … verront leur force réduite de 25 %": the penalty falls on
   * the armies led by the losing commander himself (his own contingent, or the natives a ruling
   * Hero leads), not on the armies other leaders of his side lead. When absent, `duelLoser`'s
   * whole side is penalised (a caller without the leaders' contingents).
   */
  demoralised?: number[];
  /** The side each kingdom's exploration advantage applies to (G-87). */
  exploration?: Side | null;
  /** Druid monster support (G-86). */
  monster?: { side: Side; name: string; strength: number } | null;
}

export interface BattleOutcome {
  province: number;
  terrain: Terrain;
  lineTerrain: number;
  line: number;
  units: BUnit[];
  columns: ColumnResult[];
  battleEvent: Side | null;
  winner: Side;
  total: { A: number; D: number };
  monsterCol?: number;
}

const HUMANOID = new Set(['Human', 'Elf', 'Dwarf', 'Orc']);

/** G-70: P(A wins a column) = clamp(0.5 + 0.5 log₄(S_A/S_B), 0, 1) (TV-33). */
export function engagementChance(cfg: ArmiesCfg, sa: number, sb: number): number {
  if (sa <= 0 && sb <= 0) return 0.5;
  if (sb <= 0) return 1;
  if (sa <= 0) return 0;
  const p = 0.5 + 0.5 * (Math.log(sa / sb) / Math.log(cfg.engagementLogBase));
  return Math.max(0, Math.min(1, p));
}

/** Fanaticism chance of an army (S2.3, S5.2.6). */
export function fanaticChance(s: AKState, cfg: ArmiesCfg, a: Army): number {
  if (a.kingdom === null) return 0;
  const al = s.kingdoms[a.kingdom]?.alignment;
  if (al === 'Undead') return a.skeleton ? cfg.fanaticism.UndeadSkeleton ?? 0 : 0;
  return al ? cfg.fanaticism[al] ?? 0 : 0;
}

/** The strength input of an army in a battle, before the per-battle random parts (fanaticism, Elephants, events). */
export function battleInput(s: AKState, cfg: ArmiesCfg, a: Army, province: number, defending: boolean): StrengthInput {
  const p = s.provinces[province]!;
  let terrain = battleTerrain(s, province);
  // AK Terre (§14.4): « Si une armée combat sur une île, on considère que le terrain est la Mer, sauf si
  // le terrain de l'île est son terrain adverse. »
  if (p.island && terrain === 'Sea' && typeRow(cfg, a.type).unfavoured.includes(p.island)) terrain = p.island;
  const spells = spellFlags(s, a);
  return {
    army: a,
    terrain,
    illusory: p.effects?.illusoryTerrain?.terrain,
    defending,
    leaderLevel: leaderLevel(s, a, province),
    shortfall: druidShortfall(s, cfg, a),
    home: inHomeProvince(s, a, province),
    oration: spells.oration,
    phantom: spells.phantom,
    itemQuality: itemQuality(s, a),
  };
}

/** Deterministic strength estimate of a force (no random factors; Elephants at their mean), for G-42 and G-73. */
export function estimate(s: AKState, cfg: ArmiesCfg, armies: Army[], province: number, defending: boolean): number {
  let sum = 0;
  for (const a of armies) sum += unitStrength(cfg, battleInput(s, cfg, a, province, defending));
  return sum;
}

/** Decides a battle (all draws here, in a fixed order). The state is not changed. */
export function fight(s: AKState, cfg: ArmiesCfg, rng: Rng, setup: BattleSetup): BattleOutcome {
  const prov = setup.province;
  const terrain = battleTerrain(s, prov);
  const units: BUnit[] = [];
  const camels = { A: setup.attackers.some((a) => a.type === 'CC'), D: setup.defenders.some((a) => a.type === 'CC') };
  for (const [side, list] of [['A', setup.attackers], ['D', setup.defenders]] as const) {
    for (const a of [...list].sort((x, y) => x.id - y.id)) {
      const input = battleInput(s, cfg, a, prov, side === 'D');
      // Per-battle draws: fanaticism (S5.2.6), then Elephants' strength (G-15).
      const fc = fanaticChance(s, cfg, a);
      if (fc > 0) input.fanatic = rng.chance(fc);
      if (a.type === 'EL') input.elephant = rng.int(cfg.elephantRange[0]!, cfg.elephantRange[1]!);
      if (terrain === 'Desert' && !camels[side]) input.desertNoCamel = true;
      if (setup.exploration === side) input.exploration = true;
      if (setup.demoralised ? setup.demoralised.includes(a.id) : setup.duelLoser === side) input.duelLost = true;
      const row = typeRow(cfg, a.type);
      const special = row.special;
      const sclass = !special ? null : row.class === 'air' ? 'air' : 'marine';
      units.push({
        army: a, side, special, sclass, weak: special && (input.shortfall ?? 0) > 0, input,
        sortKey: unitStrength(cfg, input), line: 0, col: 0, factor: 1, strength: 0, fate: 'survived',
      });
    }
  }
  const bySide = (side: Side) => units.filter((u) => u.side === side).sort((x, y) => y.sortKey - x.sortKey || x.army.id - y.army.id);
  const lineUnits = { A: bySide('A').filter((u) => !u.special), D: bySide('D').filter((u) => !u.special) };
  // G-69: a side without line units uses its specials as line units.
  for (const side of ['A', 'D'] as const) {
    if (lineUnits[side].length === 0) {
      lineUnits[side] = bySide(side);
      for (const u of lineUnits[side]) u.special = false;
    }
  }
  const range = cfg.lineLength[terrain] ?? [5, 10];
  const lineTerrain = rng.int(range[0]!, range[1]!);
  const L = Math.max(1, Math.min(lineTerrain, lineUnits.A.length, lineUnits.D.length));
  for (const side of ['A', 'D'] as const) {
    lineUnits[side].forEach((u, i) => {
      u.col = i % L; u.line = Math.floor(i / L); u.factor = cfg.lineFactor ** u.line;
    });
  }
  // Outflanking (G-69): the larger side's second line, up to L_terrain − L units, at 100 %.
  const larger: Side | null = lineUnits.A.length > lineUnits.D.length ? 'A' : lineUnits.D.length > lineUnits.A.length ? 'D' : null;
  if (larger) {
    const second = lineUnits[larger].filter((u) => u.line === 1);
    const k = Math.min(second.length, lineTerrain - L);
    for (let i = 0; i < k; i++) { second[i]!.factor = 1; second[i]!.outflank = true; }
  }
  nemesisSwap(cfg, lineUnits.D, lineUnits.A, L);
  nemesisSwap(cfg, lineUnits.A, lineUnits.D, L);
  // Specials attack from above or below (§9.3), round-robin over the columns.
  for (const side of ['A', 'D'] as const) {
    const specials = bySide(side).filter((u) => u.special);
    const stack = new Map<string, number>();
    specials.forEach((u, k) => {
      u.col = k % L; u.line = 0;
      const enemyCol = lineUnits[other(side)].filter((e) => e.col === u.col).sort((x, y) => x.line - y.line || y.sortKey - x.sortKey);
      const rear = enemyCol.find((e) => e.line >= 1);
      const target = !u.weak && rear ? rear : enemyCol[0];
      if (target) {
        u.target = target.army.id;
        if (target === rear) target.factor = 1;
      }
      // §9.3: "when several non-humanoid units attack the SAME unit, the 2nd counts 50 %, the 3rd 25 %";
      // air and marine units counted separately. A special with no enemy in its column stacks per column.
      const key = `${u.target !== undefined ? `army${u.target}` : `col${u.col}`}/${u.sclass}`;
      const n = stack.get(key) ?? 0;
      stack.set(key, n + 1);
      u.factor = cfg.specialStackFactor ** n;
    });
  }
  // G-68: battle-wide event, then column events.
  let battleEvent: Side | null = null;
  if (rng.chance(cfg.battleEventChance)) {
    battleEvent = rng.chance(0.5) ? 'A' : 'D';
    for (const u of units) if (u.side === battleEvent) u.input.events = (u.input.events ?? 0) + 1;
  }
  const columns: ColumnResult[] = [];
  for (let c = 0; c < L; c++) {
    const col: ColumnResult = { col: c, sa: 0, sd: 0, p: 0.5, winner: 'D' };
    if (rng.chance(cfg.columnEventChance)) {
      col.event = rng.chance(0.5) ? 'A' : 'D';
      for (const u of units) if (u.col === c && u.side === col.event) u.input.events = (u.input.events ?? 0) + 1;
    }
    columns.push(col);
  }
  // Nemesis (× 2/3) against a nemesis in the enemy's first line or attacking in the column.
  for (const u of units) {
    const nem = typeRow(cfg, u.army.type).nemesis;
    if (!nem.length) continue;
    u.input.nemesis = units.some((e) => e.side !== u.side && e.col === u.col && (e.line === 0 || e.special || e.army.id === u.target || e.target === u.army.id) && nem.includes(e.army.type));
  }
  for (const u of units) {
    u.strength = unitStrength(cfg, u.input) * u.factor;
    const col = columns[u.col]!;
    if (u.side === 'A') col.sa += u.strength; else col.sd += u.strength;
  }
  // Druid monster support (G-86): in the Druid side's weakest column.
  let monsterCol: number | undefined;
  if (setup.monster) {
    const m = setup.monster;
    let best = 0;
    for (const col of columns) {
      const own = m.side === 'A' ? col.sa : col.sd;
      const bown = m.side === 'A' ? columns[best]!.sa : columns[best]!.sd;
      if (own < bown) best = col.col;
    }
    monsterCol = best;
    const col = columns[best]!;
    col.monster = true;
    if (m.side === 'A') col.sa += m.strength; else col.sd += m.strength;
  }
  let wonA = 0, wonD = 0;
  for (const col of columns) {
    col.p = engagementChance(cfg, col.sa, col.sd);
    col.winner = rng.chance(col.p) ? 'A' : 'D';
    if (col.winner === 'A') wonA++; else wonD++;
  }
  const total = { A: columns.reduce((x, c) => x + c.sa, 0), D: columns.reduce((x, c) => x + c.sd, 0) };
  const winner: Side = wonA > wonD ? 'A' : wonD > wonA ? 'D' : total.A > total.D ? 'A' : 'D';
  // G-71 casualties, column by column (units in id order within a column).
  const seaBattle = terrain === 'Sea';
  for (const col of columns) {
    const sw = col.winner === 'A' ? col.sa : col.sd;
    const sl = col.winner === 'A' ? col.sd : col.sa;
    const r = sl <= 0 ? (sw <= 0 ? 1 : Infinity) : sw / sl;
    const inCol = units.filter((u) => u.col === col.col).sort((x, y) => (x.side === y.side ? x.army.id - y.army.id : x.side === 'A' ? -1 : 1));
    const wereHere = { A: inCol.some((u) => u.side === 'A' && u.army.type === 'WE'), D: inCol.some((u) => u.side === 'D' && u.army.type === 'WE') };
    for (const u of inCol) {
      const won = u.side === col.winner;
      u.colWon = won;
      const p = won ? Math.min(cfg.winnerDestroyCap, r === 0 ? cfg.winnerDestroyCap : cfg.winnerDestroyPerRatio / r) : Math.min(cfg.loserDestroyCap, cfg.loserDestroyPerRatio * r);
      if (p > 0 && rng.chance(p)) {
        if (u.army.type === 'FL' && !seaBattle) u.fate = 'reduced';
        else if (u.army.type === 'WH' && !seaBattle) u.whaleEscape = true;
        else u.fate = 'destroyed';
      }
      if (!won && u.fate !== 'destroyed' && u.army.type !== 'FL' && HUMANOID.has(u.army.race) && wereHere[other(u.side)]) u.bitten = true;
    }
  }
  return { province: prov, terrain, lineTerrain, line: L, units, columns, battleEvent, winner, total, monsterCol };
}

/**
 * [P G-85]: after the strength sort, one greedy pass over a side's front line (defender first):
 * each front unit, taken once in its initial column order, that faces its nemesis is swapped with
 * the first other own front unit (in column order) for which the swap reduces the number of own
 * units facing a nemesis without reducing the number of enemy units facing theirs. Deterministic.
 * A unit moved by an earlier swap is not examined again (one pass over the units).
 */
export function nemesisSwap(cfg: ArmiesCfg, own: BUnit[], enemy: BUnit[], L: number): void {
  const front = (list: BUnit[]) => {
    const arr: (BUnit | undefined)[] = new Array(L).fill(undefined);
    for (const u of list) if (u.line === 0) arr[u.col] = u;
    return arr;
  };
  const faces = (u: BUnit | undefined, e: BUnit | undefined) => !!u && !!e && typeRow(cfg, u.army.type).nemesis.includes(e.army.type);
  const count = (o: (BUnit | undefined)[], en: (BUnit | undefined)[]) => {
    let mine = 0, theirs = 0;
    for (let c = 0; c < L; c++) { if (faces(o[c], en[c])) mine++; if (faces(en[c], o[c])) theirs++; }
    return { mine, theirs };
  };
  const ef = front(enemy);
  const pass = front(own).filter((u): u is BUnit => !!u);
  for (const u of pass) {
    const of = front(own);
    const c = u.col;
    if (!faces(u, ef[c])) continue;
    const before = count(of, ef);
    for (let j = 0; j < L; j++) {
      if (j === c || !of[j]) continue;
      const trial = of.slice();
      [trial[c], trial[j]] = [trial[j], trial[c]];
      const after = count(trial, ef);
      if (after.mine < before.mine && after.theirs >= before.theirs) {
        const v = of[j]!;
        u.col = j; v.col = c;
        break;
      }
    }
  }
}

/** The modified quality a unit fought at, and the Druid factor on its up chance (G-74, §15.13i). */
export function druidUpFactor(cfg: ArmiesCfg, u: BUnit): number {
  const sf = u.input.shortfall ?? 0;
  if (sf <= 0) return 1;
  const q = Math.max(0, u.army.quality - sf);
  return q === 0 ? cfg.druidUpFactorReduced : q === 1 ? cfg.druidUpFactorGreen : 1;
}

/**
 * G-74 quality changes for the surviving units: winners that won their column may rise;
 * losers that lost their column may fall; defeated units that stay (contested) roll half the
 * up chance and the full down chance. One roll per unit at most.
 */
export function qualityRolls(cfg: ArmiesCfg, rng: Rng, out: BattleOutcome, staying: Side | null): { army: number; type: string; from: number; to: number }[] {
  const changes: { army: number; type: string; from: number; to: number }[] = [];
  const sorted = [...out.units].sort((x, y) => x.army.id - y.army.id);
  for (const u of sorted) {
    if (u.fate === 'destroyed') continue;
    const q = u.army.quality;
    let up = 0, down = 0;
    if (u.side === out.winner) {
      if (u.colWon) up = (cfg.qualityUp[q] ?? 0) * druidUpFactor(cfg, u);
    } else if (staying === u.side) {
      up = (cfg.qualityUp[q] ?? 0) * cfg.stayingLoserUpFactor * druidUpFactor(cfg, u);
      if (!u.colWon) down = cfg.qualityDown[q] ?? 0;
    } else if (!u.colWon) {
      down = cfg.qualityDown[q] ?? 0;
    }
    if (up + down <= 0) continue;
    const x = rng.next();
    const to = x < up ? Math.min(5, q + 1) : x < up + down ? Math.max(0, q - 1) : q;
    if (to !== q) changes.push({ army: u.army.id, type: u.army.type, from: q, to });
  }
  return changes;
}
