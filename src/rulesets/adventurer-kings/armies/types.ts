/**
 * Working types of the armies domain (not stored in the state): movement classes, the units of
 * a battle, the per-turn scratch data (invasions, DE reactions, forced contested battles).
 */
import type { AKConfig } from '../config.ts';
import type { Army, ArmyType, Terrain } from '../state.ts';

export type ArmiesCfg = AKConfig['armies'];
export type MoveClass = 'infantry' | 'mounted' | 'naval' | 'triton' | 'air' | 'ent';

export function typeRow(cfg: ArmiesCfg, t: ArmyType) {
  return (cfg.types as Record<string, ArmiesCfg['types']['GA']>)[t]!;
}
export function moveClass(cfg: ArmiesCfg, t: ArmyType): MoveClass {
  return typeRow(cfg, t).class as MoveClass;
}

/** One invasion of this phase (an army group entering a hostile province), in action order. */
export interface Invasion {
  seq: number;
  province: number;
  leader: number;
  kingdom: number;
  from: number;
  bySea: boolean;
  /** Armies that entered with him. */
  armies: number[];
  /** A DE counter-attack (G-42) rather than an ordered move. */
  counter?: boolean;
}

/** The armies domain's per-turn working data in `ctx.scratch.armies`. */
export interface ArmiesScratch {
  seq: number;
  /** Invasions of the current phase. */
  invasions: Invasion[];
  /** Provinces invaded in the current phase (their armies must stay for the battle). */
  invaded: Set<number>;
  /** Forced battles: province → phase at whose end a battle is fought (contested, §9.7). */
  forced: Record<number, number>;
  /** Generals who won a battle while on DE: counter-attack at the start of the next phase (G-42). */
  counters: { general: number; phase: number }[];
  /** Reactions already made this phase by a DE general (one per phase). */
  reacted: Set<number>;
  /** The previous phase's invasions (DE counter-attack targets, G-42). */
  lastInvasions: Invasion[];
  /** Battles fought this turn (numbering for the narrative). */
  battles: number;
  /** Trolls destroyed this turn: regeneration at the end of the turn (G-83). */
  trolls: { race: Army['race']; quality: Army['quality']; province: number; kingdom: number | null }[];
  /** Armies recruited this turn: the phase they were recruited in (PI restriction, §5.13). */
  recruitedPhase: Record<number, number>;
  /** RE orders already carried out this turn, as `character:phase` (the owner's recruitment priority, §5.16). */
  reDone: Set<string>;
  /** The phase in which each character's DE was given (§5.2: a later PU or TR cancels it). */
  deSet: Record<number, number>;
  /** Army → the hostile province it stood in at the start of the current phase (§8.4 provocation). */
  standing: Record<number, number>;
}

export function scratchOf(ctx: { scratch: Record<string, any> }): ArmiesScratch {
  let sc = ctx.scratch.armies as ArmiesScratch | undefined;
  if (!sc) {
    sc = { seq: 0, invasions: [], invaded: new Set(), forced: {}, counters: [], reacted: new Set(), lastInvasions: [], battles: 0, trolls: [], recruitedPhase: {}, reDone: new Set(), deSet: {}, standing: {} };
    ctx.scratch.armies = sc;
  }
  return sc;
}

/** The situation of one unit in one battle, from which its strength is computed (S5.3.6). */
export interface StrengthInput {
  army: Pick<Army, 'type' | 'race' | 'quality'>;
  /** Real terrain of the battle (dried sea = Plain). */
  terrain: Terrain;
  /** Illusory Terrain: strength is the mean of the two terrains (§4.3a, TV-54). */
  illusory?: Terrain;
  defending: boolean;
  /** Leader's Ta (Na at sea or for fleets), 0 under the GC (G-67). */
  leaderLevel?: number;
  /** Druid shortfall (§3.4.8b). */
  shortfall?: number;
  home?: boolean;
  fanatic?: boolean;
  oration?: boolean;
  /** Quality bonus of magic items (G-17). */
  itemQuality?: number;
  /** Desert battle, this side has no Camels (G-66). */
  desertNoCamel?: boolean;
  /** The side has the 100 % exploration advantage (G-87). */
  exploration?: boolean;
  /** Phantom Armies: caster's Illusion level (0 = none). */
  phantom?: number;
  nemesis?: boolean;
  duelLost?: boolean;
  /** Number of × 1.5 random events applying. */
  events?: number;
  /** Elephants: this battle's rolled strength (G-15). */
  elephant?: number;
  /** Retreating in pursuit: −1 quality, × 1.25 (§9.4). */
  retreating?: boolean;
}
