/**
 * The bot's battle arithmetic, from what its kingdom knows only (S2.17): its own armies and
 * leaders in full, the defenders of a province from its knowledge (a spied or seen military
 * report if recent, else the natives of G-03 step 7 estimated from the known tax or income band).
 * The strengths use the rules' own formula (armies/strength.ts, S5.3.6) and an approximation
 * of the battle lines (G-69): units behind the line count 50 %, 25 %…, the larger side's second
 * line outflanks up to the terrain's line length.
 */
import type { AKConfig } from '../config.ts';
import { talent } from '../characters.ts';
import { druidRequirement, unitStrength } from '../armies/strength.ts';
import type { AKState, Army, ArmyRace, ArmyType, Character, Knowledge, ProvinceKnowledge, Quality, Terrain } from '../state.ts';

export type ArmiesCfg = AKConfig['armies'];

/** A unit as the bot reckons it: what it is and the modifiers it expects. */
export interface EstUnit { type: ArmyType; race: ArmyRace; quality: number; leaderLevel: number; home?: boolean }

const HUMANOID = new Set(['Human', 'Elf', 'Dwarf', 'Orc']);

/** The tax a kingdom believes a province has: exact, spied, else the middle-high of its income band (§2.2). */
export function estimateTax(pk: ProvinceKnowledge | undefined): number {
  if (!pk) return 4;
  if (pk.exactTax !== undefined) return pk.exactTax;
  if (pk.spiedTax) return pk.spiedTax.value;
  if (pk.band === 'Poor') return pk.terrain === 'Sea' ? 1 : 2;
  if (pk.band === 'Rich') return 8;
  return 5;
}

/** Known owner of a province: a kingdom id, null (natives or a ruling Hero), or undefined (unknown). */
export function knownOwner(pk: ProvinceKnowledge | undefined): number | null | undefined {
  return pk?.owner ? pk.owner.kingdom : undefined;
}

/**
 * The defenders the kingdom expects in a province. A military report not older than two turns
 * is believed; otherwise natives per G-03 step 7 (`round(tax/3)` armies of the native types,
 * Average, + 1 GA if humanoid and tax ≥ 5), a ruling Hero leading them with Tactics 2 (a guess);
 * a kingdom's province: its capital is assumed held by 4 Average armies and 2 GA, any other by one GA.
 */
export function expectedDefenders(s: AKState, know: Knowledge | undefined, province: number): EstUnit[] {
  const pk = know?.provinces[province];
  const race: ArmyRace = (pk?.race ?? 'Human') as ArmyRace;
  const types = (pk?.types ?? []).filter((t) => t !== 'GA');
  const owner = knownOwner(pk);
  const m = pk?.military;
  if (m && m.asOf.turn >= s.turn - 2) {
    const out: EstUnit[] = [];
    for (const a of m.armies) for (let i = 0; i < a.count; i++) out.push({ type: a.type, race, quality: a.quality ?? 2, leaderLevel: owner === null && pk?.owner?.ruler !== undefined ? 2 : 0, home: pk?.capitalOf !== undefined && pk.capitalOf === a.kingdom });
    return out;
  }
  const tax = estimateTax(pk);
  if (owner === null || owner === undefined) {
    const n = Math.round(tax / 3);
    const lead = pk?.owner?.ruler !== undefined ? 2 : 0;
    const out: EstUnit[] = [];
    for (let i = 0; i < n; i++) out.push({ type: types.length ? types[i % types.length]! : 'GA', race, quality: 2, leaderLevel: lead });
    if (HUMANOID.has(race) && tax >= 5) out.push({ type: 'GA', race, quality: 2, leaderLevel: lead });
    return out;
  }
  if (pk?.capitalOf !== undefined) {
    const out: EstUnit[] = [];
    for (let i = 0; i < 4; i++) out.push({ type: types.length ? types[i % types.length]! : 'GA', race, quality: 2, leaderLevel: 1, home: true });
    out.push({ type: 'GA', race, quality: 2, leaderLevel: 0, home: true }, { type: 'GA', race, quality: 2, leaderLevel: 0, home: true });
    return out;
  }
  return [{ type: 'GA', race, quality: 1, leaderLevel: 0 }];
}

/** A unit of one's own army, led by `leader` (Druid shortfall and Tactics applied). */
export function ownUnit(s: AKState, cfg: ArmiesCfg, a: Pick<Army, 'type' | 'race' | 'quality'>, leader: Character): EstUnit {
  const short = Math.max(0, druidRequirement(cfg, leader.race, a.race) - talent(s, leader, 'Dr'));
  return { type: a.type, race: a.race, quality: Math.max(0, a.quality - short), leaderLevel: talent(s, leader, 'Ta') };
}

function strengths(cfg: ArmiesCfg, units: EstUnit[], terrain: Terrain, defending: boolean, explored: boolean): number[] {
  return units.map((u) => unitStrength(cfg, {
    army: { type: u.type, race: u.race, quality: u.quality as Quality }, terrain, defending,
    leaderLevel: u.leaderLevel, ...(u.home ? { home: true } : {}), ...(explored ? { exploration: true } : {}),
  })).sort((a, b) => b - a);
}

/** Effective strength of a side with line length L (G-69 approximation). */
function lined(list: number[], L: number, outflank: number): number {
  let total = 0;
  list.forEach((x, i) => {
    const line = Math.floor(i / L);
    const f = line === 1 && i - L < outflank ? 1 : cfg05 ** line;
    total += x * f;
  });
  return total;
}
const cfg05 = 0.5;

/**
 * Attack / defence ratio the bot expects when `attackers` invade a province of `terrain`
 * held by `defenders` (Infinity when nobody defends). The defenders get × 1.25 for defence and,
 * natives always being at home, × 1.25 exploration unless the attacker has fully explored it (G-87).
 */
export function expectedRatio(cfg: ArmiesCfg, attackers: EstUnit[], defenders: EstUnit[], terrain: Terrain, attackerExplored: boolean): number {
  if (defenders.length === 0) return Infinity;
  if (attackers.length === 0) return 0;
  const range = cfg.lineLength[terrain] ?? [5, 10];
  const lineT = Math.floor((range[0]! + range[1]!) / 2);
  const A = strengths(cfg, attackers, terrain, false, false);
  const D = strengths(cfg, defenders, terrain, true, !attackerExplored);
  const L = Math.max(1, Math.min(lineT, A.length, D.length));
  const outA = A.length > D.length ? lineT - L : 0;
  const outD = D.length > A.length ? lineT - L : 0;
  const sa = lined(A, L, outA);
  const sd = lined(D, L, outD);
  return sd <= 0 ? Infinity : sa / sd;
}
