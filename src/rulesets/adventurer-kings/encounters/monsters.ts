/**
 * The monster catalogue of G-13 (Table 15.3's six monsters [T] and the proposed rest [P]), the
 * random-encounter tables by terrain, the monster tier (descriptor index, +1 for Me ≥ 2, max 4)
 * and the making of one individual monster (HP = average ± 20 %, clamped 7–50).
 * Used for random encounters; the world helper may generate site guardians from its own copy.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Alignment, College, DruidCategory, Intelligence, Monster, MonsterFlags, Terrain } from '../state.ts';
import type { AKConfig } from '../config.ts';

type Row = [name: string, hp: number, me: number, dmg: number, missile: number, mdmg: [number, number] | null,
  speed: Monster['speed'], intel: Intelligence, flags: (keyof MonsterFlags)[], druid: [number, DruidCategory] | null,
  alignment: Alignment, magic: Partial<Record<College, number>>];

// Dice: "1–n" = 1dn; "2–12" = 2d6 (G-00).
const ROWS: Record<string, Row> = {
  griffon: ['Griffon', 25, 2, 6, 0, null, 'fast', 'animal', ['flying'], [1, 'birds-mammals'], 'Neutral', {}],
  giant: ['Giant', 25, 1, 7, 1, [1, 7], 'medium', 'human', ['humanoid', 'speaks'], null, 'Evil', {}],
  gargoyle: ['Gargoyle', 15, 1, 6, 0, null, 'medium', 'mechanical', ['flying', 'mechanical'], [4, 'other'], 'Evil', {}],
  demon: ['Demon', 30, 3, 8, 0, null, 'fast', 'divine', ['demon', 'incorporeal', 'speaks'], null, 'Evil', { El: 2 }],
  troll: ['Troll', 25, 1, 6, 0, null, 'medium', 'human', ['humanoid', 'speaks'], null, 'Evil', {}],
  spectre: ['Spectre', 20, 1, 6, 0, null, 'medium', 'human', ['undead', 'incorporeal'], [4, 'other'], 'Evil', {}],
  vampire: ['Vampire', 30, 2, 6, 0, null, 'medium', 'human', ['undead', 'speaks'], null, 'Evil', { Ne: 2, Ps: 1 }],
  ghost: ['Ghost', 15, 1, 4, 0, null, 'medium', 'human', ['undead', 'incorporeal', 'speaks'], null, 'Neutral', {}],
  mummy: ['Mummy', 25, 1, 8, 0, null, 'slow', 'mechanical', ['undead', 'mechanical'], [4, 'other'], 'Evil', {}],
  'skeleton-warrior': ['Skeleton warrior', 12, 1, 6, 0, null, 'slow', 'mechanical', ['undead', 'mechanical'], [4, 'other'], 'Evil', {}],
  lich: ['Lich', 35, 1, 6, 0, null, 'slow', 'divine', ['undead', 'speaks'], null, 'Evil', { Ne: 3, El: 2 }],
  dragon: ['Dragon', 48, 3, 10, 2, [2, 6], 'fast', 'divine', ['flying', 'speaks'], null, 'Evil', {}],
  wyvern: ['Wyvern', 30, 2, 8, 0, null, 'fast', 'animal', ['flying'], [2, 'reptiles-marine'], 'Neutral', {}],
  hydra: ['Hydra', 40, 2, 8, 0, null, 'slow', 'animal', [], [2, 'reptiles-marine'], 'Neutral', {}],
  basilisk: ['Basilisk', 20, 1, 6, 0, null, 'slow', 'animal', [], [2, 'reptiles-marine'], 'Neutral', {}],
  'giant-spider': ['Giant spider', 15, 1, 6, 0, null, 'medium', 'animal', [], [3, 'insectoid'], 'Evil', {}],
  'giant-scorpion': ['Giant scorpion', 20, 1, 8, 0, null, 'medium', 'animal', [], [3, 'insectoid'], 'Neutral', {}],
  'sea-serpent': ['Sea serpent', 35, 2, 8, 0, null, 'medium', 'animal', ['underwater'], [2, 'reptiles-marine'], 'Neutral', {}],
  kraken: ['Kraken', 45, 2, 10, 0, null, 'slow', 'animal', ['underwater'], [2, 'reptiles-marine'], 'Evil', {}],
  golem: ['Golem', 35, 1, 8, 0, null, 'slow', 'mechanical', ['mechanical'], [4, 'other'], 'Neutral', {}],
  minotaur: ['Minotaur', 30, 2, 8, 0, null, 'medium', 'human', ['humanoid', 'speaks'], null, 'Evil', {}],
  ogre: ['Ogre', 25, 1, 8, 0, null, 'slow', 'human', ['humanoid', 'speaks'], null, 'Evil', {}],
  'renegade-warrior': ['Renegade warrior', 12, 2, 6, 1, [1, 6], 'medium', 'human', ['humanoid', 'speaks'], null, 'Evil', {}],
  'bandit-chief': ['Bandit chief', 10, 1, 6, 2, [1, 6], 'medium', 'human', ['humanoid', 'speaks'], null, 'Evil', {}],
  'evil-sorcerer': ['Evil sorcerer', 12, 0, 4, 0, null, 'medium', 'human', ['humanoid', 'speaks'], null, 'Evil', { El: 3, Il: 2 }],
  werewolf: ['Werewolf', 20, 2, 6, 0, null, 'fast', 'animal', [], [1, 'birds-mammals'], 'Evil', {}],
  'giant-bear': ['Giant bear', 20, 1, 6, 0, null, 'medium', 'animal', [], [1, 'birds-mammals'], 'Neutral', {}],
  manticore: ['Manticore', 30, 2, 8, 1, [1, 6], 'fast', 'animal', ['flying'], [1, 'birds-mammals'], 'Evil', {}],
  harpy: ['Harpy', 12, 1, 4, 0, null, 'fast', 'animal', ['flying'], [1, 'birds-mammals'], 'Evil', {}],
  sphinx: ['Sphinx', 35, 2, 8, 0, null, 'medium', 'divine', ['speaks'], null, 'Good', { Wh: 2 }],
  unicorn: ['Unicorn', 20, 2, 6, 0, null, 'fast', 'animal', [], [1, 'birds-mammals'], 'Good', {}],
  'elder-ent': ['Elder Ent', 40, 1, 8, 0, null, 'slow', 'human', ['speaks'], null, 'Druid', {}],
};

export const MONSTER_KINDS = Object.keys(ROWS).sort();

/** Druid talk level needed (Table 15.2 via G-13), 0 if it speaks. */
export function druidTalkLevel(kind: string): number {
  return ROWS[kind]?.[9]?.[0] ?? 0;
}

/** Random-encounter tables by terrain (G-13, uniform; the Dragon on mountains at 1/20). */
export const RANDOM_TABLE: Record<Terrain, string[]> = {
  Plain: ['renegade-warrior', 'bandit-chief', 'ogre', 'werewolf', 'griffon'],
  Forest: ['giant-spider', 'werewolf', 'giant-bear', 'troll', 'unicorn'],
  Jungle: ['giant-spider', 'hydra', 'basilisk', 'wyvern', 'manticore'],
  Mountain: ['griffon', 'giant', 'troll', 'harpy', 'wyvern'],
  Desert: ['giant-scorpion', 'basilisk', 'manticore', 'mummy', 'bandit-chief'],
  Sea: ['sea-serpent', 'kraken', 'harpy'],
};

/** A monster of the catalogue with exactly its average HP (tests), or with `rng` ± 20 % (G-13). */
export function makeMonster(kind: string, rng?: Rng, cfg?: AKConfig['encounters']): Monster {
  const r = ROWS[kind];
  if (!r) throw new Error(`unknown monster ${kind}`);
  const [name, hp, me, dmg, missile, mdmg, speed, intelligence, flags, druid, alignment, magic] = r;
  let h = hp;
  if (rng && cfg) {
    const spread = Math.round(hp * cfg.monsterHpSpread);
    h = Math.max(cfg.monsterHpMin, Math.min(cfg.monsterHpMax, hp + rng.int(-spread, spread)));
  }
  const f: MonsterFlags = {};
  for (const k of flags) f[k] = true;
  const m: Monster = { kind, name, hp: h, melee: me, damage: [1, dmg], missile, speed, intelligence, flags: f, alignment };
  if (mdmg) m.missileDamage = mdmg;
  if (druid) m.druid = druid[1];
  if (Object.keys(magic).length) m.magic = { ...magic };
  return m;
}

/** Monster tier (G-13, S2.9 descriptors): 0 weak 7–12, 1 13–19, 2 20–29, 3 30–44, 4 45+; +1 for Me ≥ 2; capped at 4. */
export function monsterTier(m: Monster): number {
  const t = m.hp >= 45 ? 4 : m.hp >= 30 ? 3 : m.hp >= 20 ? 2 : m.hp >= 13 ? 1 : 0;
  return Math.min(4, t + (m.melee >= 2 ? 1 : 0));
}
