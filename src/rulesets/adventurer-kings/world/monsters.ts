/**
 * The monster catalogue ([P G-13]; the six entries marked T reproduce Table 15.3 exactly),
 * the HP descriptors of §5.8 / TV-15 with the tier rule (one tier up for Melee ≥ 2, capped at
 * 4: review log C5), site guardians by terrain and site type, and random-encounter monsters
 * (Table 15.9 terrain, G-13 tables).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Lang } from '../../../engine/ruleset.ts';
import type { Alignment, DruidCategory, Intelligence, Monster, MonsterFlags, Terrain } from '../state.ts';
import { WORLD_DEFAULTS } from './constants.ts';

type WorldCfg = typeof WORLD_DEFAULTS;

/** Where a guardian may lair: terrains, site types, `any` land site, `coast` (coastal land), `sea`. */
type Habitat = Terrain | 'any' | 'coast' | 'tomb' | 'ruin' | 'tower' | 'underground';

/** A catalogue entry: the fields of an individual `Monster` (its `hp` the average; `druid` absent for those that speak), plus: */
export interface MonsterSpec extends Omit<Monster, 'name'> {
  name: { fr: string; en: string };
  /** T: Table 15.3; P: proposed (G-13). */
  src: 'T' | 'P';
  habitat: Habitat[];
  /** Grammatical gender of the French name (for prose). */
  frGender: 'm' | 'f';
}

const S = (kind: string, fr: string, en: string, frGender: 'm' | 'f', src: 'T' | 'P', hp: number, melee: number, damage: [number, number],
  missile: number, missileDamage: [number, number] | undefined, speed: MonsterSpec['speed'], intelligence: Intelligence,
  flags: MonsterFlags, druid: DruidCategory | undefined, alignment: Alignment, magic: MonsterSpec['magic'], habitat: Habitat[]): MonsterSpec =>
  ({ kind, name: { fr, en }, frGender, src, hp, melee, damage, missile, ...(missileDamage ? { missileDamage } : {}), speed, intelligence, flags,
    ...(druid ? { druid } : {}), alignment, ...(magic ? { magic } : {}), habitat });

/**
 * G-13 catalogue. Intelligence "superhuman" is the `divine` class (divine or superhuman, §4.3e).
 * Druid talk level 1 = birds & mammals, 2 = reptiles & marine, 3 = insectoid, 4 = other (Table 15.2).
 */
export const MONSTERS: Record<string, MonsterSpec> = Object.fromEntries([
  S('griffon', 'Griffon', 'Griffon', 'm', 'T', 25, 2, [1, 6], 0, undefined, 'fast', 'animal', { flying: true }, 'birds-mammals', 'Neutral', undefined, ['Mountain']),
  S('giant', 'Géant', 'Giant', 'm', 'T', 25, 1, [1, 7], 1, [1, 7], 'medium', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', undefined, ['Mountain', 'Forest']),
  S('gargoyle', 'Gargouille', 'Gargoyle', 'f', 'T', 15, 1, [1, 6], 0, undefined, 'medium', 'mechanical', { flying: true, mechanical: true }, 'other', 'Evil', undefined, ['any']),
  S('demon', 'Démon', 'Demon', 'm', 'T', 30, 3, [1, 8], 0, undefined, 'fast', 'divine', { demon: true, incorporeal: true, speaks: true }, undefined, 'Evil', { El: 2 }, ['any']),
  S('troll', 'Troll', 'Troll', 'm', 'T', 25, 1, [1, 6], 0, undefined, 'medium', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', undefined, ['Mountain', 'Forest']),
  S('spectre', 'Spectre', 'Spectre', 'm', 'T', 20, 1, [1, 6], 0, undefined, 'medium', 'human', { undead: true, incorporeal: true }, 'other', 'Evil', undefined, ['tomb']),
  S('vampire', 'Vampire', 'Vampire', 'm', 'P', 30, 2, [1, 6], 0, undefined, 'medium', 'human', { undead: true, speaks: true }, undefined, 'Evil', { Ne: 2, Ps: 1 }, ['tomb']),
  S('ghost', 'Fantôme', 'Ghost', 'm', 'P', 15, 1, [1, 4], 0, undefined, 'medium', 'human', { undead: true, incorporeal: true, speaks: true }, undefined, 'Neutral', undefined, ['ruin']),
  S('mummy', 'Momie', 'Mummy', 'f', 'P', 25, 1, [1, 8], 0, undefined, 'slow', 'mechanical', { undead: true, mechanical: true }, 'other', 'Evil', undefined, ['Desert']),
  S('skeleton-warrior', 'Guerrier squelette', 'Skeleton warrior', 'm', 'P', 12, 1, [1, 6], 0, undefined, 'slow', 'mechanical', { undead: true, mechanical: true }, 'other', 'Evil', undefined, ['any']),
  S('lich', 'Liche', 'Lich', 'f', 'P', 35, 1, [1, 6], 0, undefined, 'slow', 'divine', { undead: true, speaks: true }, undefined, 'Evil', { Ne: 3, El: 2 }, ['tomb']),
  S('dragon', 'Dragon', 'Dragon', 'm', 'P', 48, 3, [1, 10], 2, [2, 6], 'fast', 'divine', { flying: true, speaks: true }, undefined, 'Evil', undefined, ['Mountain', 'Desert']),
  S('wyvern', 'Wyverne', 'Wyvern', 'f', 'P', 30, 2, [1, 8], 0, undefined, 'fast', 'animal', { flying: true }, 'reptiles-marine', 'Neutral', undefined, ['Mountain', 'Jungle']),
  S('hydra', 'Hydre', 'Hydra', 'f', 'P', 40, 2, [1, 8], 0, undefined, 'slow', 'animal', {}, 'reptiles-marine', 'Neutral', undefined, ['Jungle', 'coast']),
  S('basilisk', 'Basilic', 'Basilisk', 'm', 'P', 20, 1, [1, 6], 0, undefined, 'slow', 'animal', {}, 'reptiles-marine', 'Neutral', undefined, ['Desert', 'Jungle']),
  S('giant-spider', 'Araignée géante', 'Giant spider', 'f', 'P', 15, 1, [1, 6], 0, undefined, 'medium', 'animal', {}, 'insectoid', 'Evil', undefined, ['Forest', 'Jungle']),
  S('giant-scorpion', 'Scorpion géant', 'Giant scorpion', 'm', 'P', 20, 1, [1, 8], 0, undefined, 'medium', 'animal', {}, 'insectoid', 'Neutral', undefined, ['Desert']),
  S('sea-serpent', 'Serpent de mer', 'Sea serpent', 'm', 'P', 35, 2, [1, 8], 0, undefined, 'medium', 'animal', { underwater: true }, 'reptiles-marine', 'Neutral', undefined, ['Sea']),
  S('kraken', 'Kraken', 'Kraken', 'm', 'P', 45, 2, [1, 10], 0, undefined, 'slow', 'animal', { underwater: true }, 'reptiles-marine', 'Evil', undefined, ['Sea']),
  S('golem', 'Golem', 'Golem', 'm', 'P', 35, 1, [1, 8], 0, undefined, 'slow', 'mechanical', { mechanical: true }, 'other', 'Neutral', undefined, ['tower']),
  S('minotaur', 'Minotaure', 'Minotaur', 'm', 'P', 30, 2, [1, 8], 0, undefined, 'medium', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', undefined, ['underground']),
  S('ogre', 'Ogre', 'Ogre', 'm', 'P', 25, 1, [1, 8], 0, undefined, 'slow', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', undefined, ['Plain', 'Mountain']),
  S('renegade-warrior', 'Guerrier renégat', 'Renegade warrior', 'm', 'P', 12, 2, [1, 6], 1, [1, 6], 'medium', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', undefined, ['Plain', 'Forest']),
  S('bandit-chief', 'Chef brigand', 'Bandit chief', 'm', 'P', 10, 1, [1, 6], 2, [1, 6], 'medium', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', undefined, ['Plain', 'Desert']),
  S('evil-sorcerer', 'Sorcier maléfique', 'Evil sorcerer', 'm', 'P', 12, 0, [1, 4], 0, undefined, 'medium', 'human', { humanoid: true, speaks: true }, undefined, 'Evil', { El: 3, Il: 2 }, ['tower']),
  S('werewolf', 'Loup-garou', 'Werewolf', 'm', 'P', 20, 2, [1, 6], 0, undefined, 'fast', 'animal', {}, 'birds-mammals', 'Evil', undefined, ['Forest']),
  S('giant-bear', 'Ours géant', 'Giant bear', 'm', 'P', 20, 1, [1, 6], 0, undefined, 'medium', 'animal', {}, 'birds-mammals', 'Neutral', undefined, ['Forest', 'Mountain']),
  S('manticore', 'Manticore', 'Manticore', 'f', 'P', 30, 2, [1, 8], 1, [1, 6], 'fast', 'animal', { flying: true }, 'birds-mammals', 'Evil', undefined, ['Jungle', 'Desert']),
  S('harpy', 'Harpie', 'Harpy', 'f', 'P', 12, 1, [1, 4], 0, undefined, 'fast', 'animal', { flying: true }, 'birds-mammals', 'Evil', undefined, ['Mountain', 'coast']),
  S('sphinx', 'Sphinx', 'Sphinx', 'm', 'P', 35, 2, [1, 8], 0, undefined, 'medium', 'divine', { speaks: true }, undefined, 'Good', { Wh: 2 }, ['Desert']),
  S('unicorn', 'Licorne', 'Unicorn', 'f', 'P', 20, 2, [1, 6], 0, undefined, 'fast', 'animal', {}, 'birds-mammals', 'Good', undefined, ['Forest']),
  S('elder-ent', 'Ent ancestral', 'Elder Ent', 'm', 'P', 40, 1, [1, 8], 0, undefined, 'slow', 'human', { speaks: true }, undefined, 'Druid', undefined, ['Forest']),
].map((m) => [m.kind, m]));

/** Every catalogue key, sorted. */
export const MONSTER_KINDS: readonly string[] = Object.keys(MONSTERS).sort();

/** The Druid talent needed to talk to a monster of this category (Table 15.2). */
export const DRUID_TALK_LEVEL: Record<DruidCategory, number> = { 'birds-mammals': 1, 'reptiles-marine': 2, insectoid: 3, other: 4 };

// ── descriptors and tiers (§5.8, TV-15) ──

export const DESCRIPTORS: readonly { fr: string; en: string; minHp: number }[] = [
  { fr: 'faible', en: 'weak', minHp: 0 },
  { fr: '', en: '', minHp: 13 },
  { fr: 'grand', en: 'big', minHp: 20 },
  { fr: 'puissant', en: 'powerful', minHp: 30 },
  { fr: 'très puissant', en: 'very powerful', minHp: 45 },
];

/** The descriptor index from HP alone (§5.8): 7–12 weak, 13–19 none, 20–29 big, 30–44 powerful, 45+ very powerful. */
export function hpTier(hp: number): number {
  let t = 0;
  for (let i = 0; i < DESCRIPTORS.length; i++) if (hp >= DESCRIPTORS[i]!.minHp) t = i;
  return t;
}

/** G-13 tier 0–4: the HP descriptor, one tier higher for Melee ≥ 2 (§5.8), capped at 4 (C5). */
export function tier(m: Pick<Monster, 'hp' | 'melee'>): number {
  return Math.min(DESCRIPTORS.length - 1, hpTier(m.hp) + (m.melee >= 2 ? 1 : 0));
}

/** The descriptor key of a monster: 'weak' | '' | 'big' | 'powerful' | 'very powerful' (English key, TV-15). */
export function descriptor(m: Pick<Monster, 'hp' | 'melee'>): string {
  return DESCRIPTORS[tier(m)]!.en;
}

/** French names of the five tiers, with agreement. */
const FR_TIER: readonly { m: string; f: string }[] = [
  { m: 'faible', f: 'faible' }, { m: '', f: '' }, { m: 'grand', f: 'grande' }, { m: 'puissant', f: 'puissante' }, { m: 'très puissant', f: 'très puissante' },
];

/**
 * "un grand Troll", "a powerful Griffon": the monster as an explorer describes it (name and
 * descriptor only; the exact HP are never told, S8.5). `descriptorKey` is the stored English key.
 */
export function describeMonster(kind: string, descriptorKey: string | undefined, lang: Lang): string {
  const spec = MONSTERS[kind];
  const name = spec ? spec.name[lang] : kind;
  const idx = Math.max(0, DESCRIPTORS.findIndex((d) => d.en === (descriptorKey ?? '')));
  if (lang === 'en') {
    const adj = DESCRIPTORS[idx]!.en;
    const phrase = adj ? `${adj} ${name}` : name;
    return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
  }
  const g = spec?.frGender ?? 'm';
  const adj = FR_TIER[idx]![g];
  const art = g === 'f' ? 'une' : 'un';
  if (!adj) return `${art} ${name}`;
  // "grand(e)" goes before the noun in French; the others after.
  return idx === 2 ? `${art} ${adj} ${name}` : `${art} ${name} ${adj}`;
}

// ── creating monsters ──

/**
 * An individual monster: catalogue values, HP = average ± up to 20 %, clamped 7–50 (G-13).
 * Without `rng`, exactly the catalogue's average HP (hand-built test states).
 */
export function makeMonster(kind: string, rng?: Rng, cfg: WorldCfg = WORLD_DEFAULTS): Monster {
  const spec = MONSTERS[kind];
  if (!spec) throw new Error(`unknown monster ${kind}`);
  const hp = !rng ? spec.hp : Math.max(cfg.monsterHpMin, Math.min(cfg.monsterHpMax,
    Math.round(spec.hp * (1 + rng.uniform(-cfg.monsterHpSpread, cfg.monsterHpSpread)))));
  const m: Monster = {
    kind, name: spec.name.en, hp, melee: spec.melee, damage: [...spec.damage], missile: spec.missile,
    speed: spec.speed, intelligence: spec.intelligence, flags: { ...spec.flags }, alignment: spec.alignment,
  };
  if (spec.missileDamage) m.missileDamage = [...spec.missileDamage];
  if (spec.druid) m.druid = spec.druid;
  if (spec.magic) m.magic = { ...spec.magic };
  return m;
}

/** The kinds that may guard a site of this type in this terrain (G-03 step 6: terrain-appropriate; underwater at sea). */
export function guardianKinds(terrain: Terrain, siteType: string, coastal: boolean): string[] {
  const out: string[] = [];
  for (const spec of Object.values(MONSTERS)) {
    const h = spec.habitat;
    const ok = terrain === 'Sea'
      ? h.includes('Sea')
      : h.includes('any') || h.includes(terrain) || h.includes(siteType as Habitat) || (coastal && h.includes('coast'));
    if (ok) out.push(spec.kind);
  }
  return out.sort();
}

export function randomGuardian(terrain: Terrain, siteType: string, coastal: boolean, rng: Rng, cfg: WorldCfg = WORLD_DEFAULTS): Monster {
  return makeMonster(rng.pick(guardianKinds(terrain, siteType, coastal)), rng, cfg);
}

/** Random-encounter tables of G-13 (uniform among the listed monsters). */
export const RANDOM_ENCOUNTERS: Record<Terrain, string[]> = {
  Plain: ['renegade-warrior', 'bandit-chief', 'ogre', 'werewolf', 'griffon'],
  Forest: ['giant-spider', 'werewolf', 'giant-bear', 'troll', 'unicorn'],
  Jungle: ['giant-spider', 'hydra', 'basilisk', 'wyvern', 'manticore'],
  Mountain: ['griffon', 'giant', 'troll', 'harpy', 'wyvern'],
  Desert: ['giant-scorpion', 'basilisk', 'manticore', 'mummy', 'bandit-chief'],
  Sea: ['sea-serpent', 'kraken', 'harpy'],
};

/**
 * The monster of a random encounter (§7.1, G-13). Mountain: the Dragon at 1/20, otherwise
 * uniform among the table. Draws: the Dragon check (mountains), the table, the HP.
 */
export function randomEncounterMonster(terrain: Terrain, rng: Rng, cfg: WorldCfg = WORLD_DEFAULTS): Monster {
  const kind = terrain === 'Mountain' && rng.chance(cfg.mountainDragon) ? 'dragon' : rng.pick(RANDOM_ENCOUNTERS[terrain]);
  return makeMonster(kind, rng, cfg);
}

/** The gold a random monster carries, 1d6 × (tier + 1) (G-13); drawn when it is defeated. */
export function randomMonsterGold(m: Pick<Monster, 'hp' | 'melee'>, rng: Rng, cfg: WorldCfg = WORLD_DEFAULTS): number {
  return rng.int(1, cfg.randomGoldDie) * (tier(m) + 1);
}
