/**
 * Unit strength (S5.3.6, Table 15.8, §15.13h): type strength modified by race and terrain,
 * times the modified quality, times the special factors (all multiplicative, TV-32).
 */
import type { AKState, Army, ArmyRace, Character, Terrain } from '../state.ts';
import { talent } from '../characters.ts';
import type { ArmiesCfg, StrengthInput } from './types.ts';
import { typeRow } from './types.ts';

/** Step 1 for one terrain: type strength + race/type + race/terrain + favoured, × 0.5 if unfavourable. */
export function terrainStrength(cfg: ArmiesCfg, a: StrengthInput['army'], terrain: Terrain, defending: boolean, elephant?: number): number {
  const row = typeRow(cfg, a.type);
  if (a.type === 'WH' && terrain !== 'Sea') return cfg.whaleLandStrength;
  let base = row.strength;
  if (a.type === 'GA' && defending) base = cfg.garrisonDefence;
  if (a.type === 'EL') base = elephant ?? (cfg.elephantRange[0]! + cfg.elephantRange[1]!) / 2;
  if (cfg.raceTypeBonus[a.race] === a.type) base += 1;
  if ((cfg.raceTerrainBonus[a.race] ?? []).includes(terrain)) base += 1;
  if (row.favoured.includes(terrain)) base += cfg.favouredBonus;
  if (row.unfavoured.includes(terrain)) base *= cfg.unfavouredFactor;
  return base;
}

/** Step 1: with Illusory Terrain, the mean of the real and the illusory terrain (TV-54). */
export function baseStrength(cfg: ArmiesCfg, u: StrengthInput): number {
  const real = terrainStrength(cfg, u.army, u.terrain, u.defending, u.elephant);
  if (!u.illusory || u.illusory === u.terrain) return real;
  return (real + terrainStrength(cfg, u.army, u.illusory, u.defending, u.elephant)) / 2;
}

/** Step 2: the modified quality index (never below Reduced). */
export function modifiedQuality(cfg: ArmiesCfg, u: StrengthInput): number {
  let q: number = u.army.quality;
  q -= u.shortfall ?? 0;
  if (u.home) q += cfg.homeProvinceQuality;
  if (u.fanatic) q += cfg.fanaticQuality;
  if (u.oration) q += cfg.orationQuality;
  q += u.itemQuality ?? 0;
  if (u.desertNoCamel) q += cfg.desertNoCamelQuality;
  if (u.retreating) q += cfg.retreatQuality;
  return Math.max(0, q);
}

/** Step 3: the product of the special factors (§15.13h: they multiply). */
export function strengthFactor(cfg: ArmiesCfg, u: StrengthInput): number {
  let f = 1;
  if (u.defending || u.retreating) f *= cfg.defenceFactor;
  if (u.exploration) f *= cfg.explorationFactor;
  f *= 1 + cfg.leaderPerLevel * (u.leaderLevel ?? 0);
  f *= 1 + cfg.phantomPerLevel * (u.phantom ?? 0);
  if (u.nemesis) f *= cfg.nemesisFactor;
  if (u.duelLost) f *= cfg.duelLossFactor;
  f *= cfg.eventFactor ** (u.events ?? 0);
  return f;
}

export function unitStrength(cfg: ArmiesCfg, u: StrengthInput): number {
  return baseStrength(cfg, u) * modifiedQuality(cfg, u) * strengthFactor(cfg, u);
}

// ── inputs from the state ────────────────────────────────────────────────────────────────

/** The battle terrain: a dried sea is Plain (§4.1b). */
export function battleTerrain(s: AKState, province: number): Terrain {
  const p = s.provinces[province]!;
  return p.terrain === 'Sea' && p.effects?.dried ? 'Plain' : p.terrain;
}
export function isSea(s: AKState, province: number): boolean {
  return battleTerrain(s, province) === 'Sea';
}

/** Table 15.2: Druid level needed for a leader of `leaderRace` to lead armies of `armyRace`. */
export function druidRequirement(cfg: ArmiesCfg, leaderRace: string, armyRace: ArmyRace): number {
  return armyRace === leaderRace ? 0 : cfg.druidRequirement[armyRace] ?? 0;
}

/**
 * The Druid shortfall of an army (§3.4.8b, TV-30): against its leader, or, under the GC, against
 * the King of its kingdom. Natives and mercenaries have none.
 */
export function druidShortfall(s: AKState, cfg: ArmiesCfg, army: Army): number {
  if (army.kingdom === null) return 0;
  let leader: Character | undefined;
  if (army.leader !== undefined) leader = s.characters[army.leader];
  else leader = s.characters[s.kingdoms[army.kingdom]?.king ?? -1];
  if (!leader) return 0;
  const need = druidRequirement(cfg, leader.race, army.race);
  return Math.max(0, need - talent(s, leader, 'Dr'));
}

/** G-67: the leader's level applying to this unit: Na at sea (not dried) and for fleets, Ta otherwise; 0 under the GC. */
export function leaderLevel(s: AKState, army: Army, province: number): number {
  if (army.leader === undefined) return 0;
  const c = s.characters[army.leader];
  if (!c || !c.alive) return 0;
  return talent(s, c, isSea(s, province) || army.type === 'FL' ? 'Na' : 'Ta');
}

/** Quality bonus from the leader's army-boost items (G-17). */
export function itemQuality(s: AKState, army: Army): number {
  if (army.leader === undefined) return 0;
  const c = s.characters[army.leader];
  if (!c) return 0;
  let q = 0;
  for (const id of c.items) q += s.items[id]?.armyQualityBonus ?? 0;
  return q;
}

/**
 * Spell flags the magic domain sets on a character for the rest of the turn
 * (`Character.spellEffects`): Oration (+1 quality to the armies moving with him, §4.2b) and
 * Phantom Armies (the caster's Illusion level, §4.3b).
 */
export function spellFlags(s: AKState, army: Army): { oration: boolean; phantom: number } {
  if (army.leader === undefined) return { oration: false, phantom: 0 };
  const e = s.characters[army.leader]?.spellEffects;
  return { oration: !!e?.oration, phantom: e?.phantom ?? 0 };
}

/** Fighting in its own kingdom's home province (G-102: only the original kingdom). */
export function inHomeProvince(s: AKState, army: Army, province: number): boolean {
  return army.kingdom !== null && s.provinces[province]?.capitalOf === army.kingdom;
}
