/**
 * Rules constants of the magic domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 * Percentages are written as fractions (0.15 = 15 %).
 */
import { bool, each, int, list, num, type BoundsOf } from '../../../engine/constants.ts';

export const MAGIC_DEFAULTS = {
  // ── chances (§3.4.7, §5.12, S3.1, TV-04) ──
  /** Action spell: 15 % + 15 % × level. */
  actionBase: 0.15,
  /** Combat spell: 30 % + 15 % × level. */
  combatBase: 0.30,
  perLevel: 0.15,
  /** Pagan characters of a Pagan King: +10 %, except White Magic (§3.4.1, §3.4.7). */
  paganOrderBonus: 0.10,
  /** Every spell chance is capped at 95 % (§3.4.7; G-05 keeps the cap for levels 5+). */
  cap: 0.95,
  /** Experience: casting gives 10 % to improve the college talent (Table 15.7). */
  experienceChance: 0.10,

  // ── limits (§3.4.7, G-05, TV-05) ──
  /** Action spells per turn per college, by talent 1, 2, 3, 4; levels ≥ 5 use the last entry (G-05). */
  actionPerTurn: [1, 1, 2, 3],
  /** Combat spells per encounter per college: 1 at talent 1, 2 at talent ≥ 2 (G-05: stays 2). */
  combatPerEncounter: [1, 2],

  // ── spell items (G-17) ──
  /** Spell items cast at level 2 unless stated. */
  itemLevel: 2,

  // ── White (§4.1) ──
  /** Bless: taxes × 1.6, rounded half-up per province (§4.1c, G-91). */
  blessFactor: 1.6,
  /** Bless destroys each unraised skeleton record with 10 % × Wh + 10 % (§4.1c, G-26). */
  blessSkeletonBase: 0.10,
  blessSkeletonPerLevel: 0.10,
  /** Holy Symbol: relative hit-chance reduction per level; ×2 against undead and demons (§4.1d). */
  holySymbolPerLevel: 0.10,
  holySymbolUndeadPerLevel: 0.20,
  /** … and 1–4 damage per level against undead and demons (rolled as Ld4, G-00). */
  holySymbolUndeadDie: 4,
  /** Confusion: melee damage −½ point per level (§4.1e); vs animals ¼ per level and a 50 % ban each round (G-25). */
  confusionPerLevel: 0.5,
  confusionAnimalPerLevel: 0.25,
  confusionAnimalBanChance: 0.5,

  // ── Psychic (§4.2) ──
  /** Psychic Wind: 2–5 unanswered attacks (§4.2d). */
  psychicWindMin: 2,
  psychicWindMax: 5,
  /** Telekinetic Storm: 4d4 to the victim; backlash 4d4 / 2d4 / 1d4 at melee / bow / spell range (§4.2e, G-29). */
  stormDice: 4,
  stormBacklashDice: { melee: 4, bow: 2, spell: 1 },
  /** Oration: +1 quality to the armies moving with the target (§4.2b). */
  orationQuality: 1,
  /** Charm by an Undead King: Heroes with talents totalling ≤ 8 turn Undead at once, else 1–3 steps (G-28). */
  charmUndeadInstantMaxTalents: 8,
  charmUndeadStepMin: 1,
  charmUndeadStepMax: 3,

  // ── Illusion (§4.3) ──
  /** Illusory Terrain: 15 % per turn to dissipate (§4.3a). */
  illusoryTerrainDissipate: 0.15,
  /** Phantom Armies: +15 % strength per caster level (§4.3b, Table 15.8). */
  phantomPerLevel: 0.15,
  /** Hide Site: 10 % per turn to dissipate (§4.3c). */
  hideSiteDissipate: 0.10,
  /** Invisibility: opponent's hit chance × 0.5; +15 % theft; +30 % flee (§4.3d). */
  invisibilityFactor: 0.5,
  invisibilityTheftBonus: 0.15,
  invisibilityFleeBonus: 0.30,
  /** Mirror Image: disbelief base by intelligence, −15 % per caster level (§4.3e, TV-08). */
  mirrorDisbelief: { divine: 1.20, human: 0.80, animal: 0.40, mechanical: 0.20 },
  mirrorPerLevel: 0.15,
  /** Caster's disbelief once the victim falls: clamp(80 % + 25 % − 15 % × L, 0, 95 %) (G-30, review C6). */
  mirrorCasterBase: 1.05,
  mirrorCasterCap: 0.95,
  /** Config alternative of G-30: min(95 %, 25 % + 15 % × L). */
  mirrorCasterAlternative: false,
  mirrorCasterAltBase: 0.25,
  /** The caster's mental damage at which the image wins (G-30 step 5: 10 = a character's HP). */
  mirrorCasterMentalHp: 10,

  // ── Elemental (§4.4) ──
  /** Tornado: 10 % per level for each army present (§4.4b, G-31). */
  tornadoPerLevel: 0.10,
  /** Fireball: 1d8 + 1 per level (§4.4d). */
  fireballDie: 8,
  /** Freeze: full suspension if HP ≤ 4 × L; else ceil(3 × 4L / HP) attacks, max 3 (§4.4e, TV-07). */
  freezeHpPerLevel: 4,
  freezeMaxAttacks: 3,
  /** Freeze vs flying monsters: 5–10 damage and 1–3 attacks. */
  freezeFlyingMin: 5,
  freezeFlyingMax: 10,

  // ── Necromancy (§4.5) ──
  /** Skeleton Army: 1 army per level (§4.5a). */
  skeletonsPerLevel: 1,
  /** Kill Enemy: chance halved at a site or against a Hero leading an army (§4.5b). */
  killHalvedFactor: 0.5,
  /** Plague: 10 % + 10 % per level for each humanoid army; spreads 15 % per phase to each adjacent province (§4.5c, G-35). */
  plagueBase: 0.10,
  plaguePerLevel: 0.10,
  plagueSpread: 0.15,
  /** G-35 reading B (config switch): survivors of the first exposure lose 1 quality at once. */
  plagueReadingB: false,
  /** Hand of Death: 1 + ½ per level per attack, random rounding of a .5 (G-36); victim's melee hit chance × 0.5. */
  handBase: 1,
  handPerLevel: 0.5,
  handVictimHitFactor: 0.5,
  /** Control Undead failure: the victim's HP rise by 50–100 % (§4.5e). */
  controlFailMin: 0.5,
  controlFailMax: 1.0,
};

/** Type and bounds of every magic constant (engine/constants.ts): chances in [0, 1], dice and counts small integers. */
const p = num(0, 1);
export const MAGIC_BOUNDS = {
  actionBase: p, combatBase: p, perLevel: p, paganOrderBonus: p, cap: p, experienceChance: p,
  actionPerTurn: list(int(0, 10), 4, 4), combatPerEncounter: list(int(0, 10), 2, 2), itemLevel: int(0, 9),
  blessFactor: num(0, 10), blessSkeletonBase: p, blessSkeletonPerLevel: p, holySymbolPerLevel: p, holySymbolUndeadPerLevel: p,
  holySymbolUndeadDie: int(1, 100), confusionPerLevel: p, confusionAnimalPerLevel: p, confusionAnimalBanChance: p,
  psychicWindMin: int(0, 100), psychicWindMax: int(0, 100), stormDice: int(0, 20), stormBacklashDice: each(int(0, 20)),
  orationQuality: int(-5, 5), charmUndeadInstantMaxTalents: int(0, 100), charmUndeadStepMin: int(0, 20), charmUndeadStepMax: int(0, 20),
  illusoryTerrainDissipate: p, phantomPerLevel: p, hideSiteDissipate: p, invisibilityFactor: p, invisibilityTheftBonus: p, invisibilityFleeBonus: p,
  mirrorDisbelief: each(num(0, 10)), mirrorPerLevel: p, mirrorCasterBase: num(0, 10), mirrorCasterCap: p, mirrorCasterAlternative: bool(),
  mirrorCasterAltBase: p, mirrorCasterMentalHp: int(0, 100), tornadoPerLevel: p, fireballDie: int(1, 100), freezeHpPerLevel: int(0, 100),
  freezeMaxAttacks: int(0, 20), freezeFlyingMin: int(0, 100), freezeFlyingMax: int(0, 100), skeletonsPerLevel: int(0, 10), killHalvedFactor: p,
  plagueBase: p, plaguePerLevel: p, plagueSpread: p, plagueReadingB: bool(), handBase: num(0, 10), handPerLevel: num(0, 10), handVictimHitFactor: p,
  controlFailMin: p, controlFailMax: p,
} satisfies BoundsOf<typeof MAGIC_DEFAULTS>;
