/**
 * The spell catalogue (rules S3.2–S3.7, §4): every spell of the five colleges, with its code,
 * college, kind (action spell cast with `CA xx`, combat spell cast with the tactic `CA-xx`, or
 * both), its French and English names and, for action spells, what it targets.
 *
 * Spell codes live in their own namespace: after `CA` the letters are always a spell (S4.8
 * collision table: FL = Flood, FI = Fireball, SP = Confusion, PH = Phantom Armies,
 * EA = Earthquake, CH = Charm, HI = Hide Site, RE = Resurrect), never an order, a tactic or an
 * army type.
 */
import type { Alignment, College } from './state.ts';
import type { Localized } from '../../engine/ruleset.ts';

export type SpellCode =
  | 'RE' | 'PA' | 'BL' | 'HO' | 'SP'
  | 'CH' | 'OR' | 'CL' | 'PS' | 'TE'
  | 'IL' | 'PH' | 'HI' | 'IN' | 'MI'
  | 'FL' | 'TO' | 'EA' | 'FI' | 'IC'
  | 'SK' | 'KI' | 'PL' | 'HA' | 'CO';

export type SpellKind = 'action' | 'combat' | 'both';

/**
 * What an action spell's `CA` argument names (S3.2 syntax table):
 * - `none`: `CA SK` (the caster's province);
 * - `province`: a province, the caster's or an adjacent one (`adjacent`), or any (`any`);
 * - `province+terrain`: `CA IL (province) (terrain)`;
 * - `character`: a character, present in the caster's province (`here`) or anywhere (`any`);
 * - `site`: a site in the caster's province.
 */
export type SpellTarget = 'none' | 'province' | 'province+terrain' | 'character' | 'site';
export type SpellRange = 'here' | 'adjacent' | 'any';

export interface Spell {
  code: SpellCode;
  college: College;
  kind: SpellKind;
  name: Localized;
  /** Action use: what `CA xx …` targets, and how far. */
  target?: SpellTarget;
  range?: SpellRange;
  /** A sea province only (PA), not a mountain (FL), an enemy province (TO). */
  terrain?: 'sea' | 'not-mountain';
  /** Combat spells that stun or delay (G-22). */
  delays?: boolean;
  /** Combat spells that protect the caster (multiplicative stacking, §6.6). */
  protective?: boolean;
}

export const SPELLS: Readonly<Record<SpellCode, Spell>> = {
  // ── White Magic (§4.1) ──
  RE: { code: 'RE', college: 'Wh', kind: 'action', name: { fr: 'Ressusciter un personnage', en: 'Resurrect' }, target: 'character', range: 'here' },
  PA: { code: 'PA', college: 'Wh', kind: 'action', name: { fr: 'Diviser les océans', en: 'Part the Oceans' }, target: 'province', range: 'adjacent', terrain: 'sea' },
  BL: { code: 'BL', college: 'Wh', kind: 'action', name: { fr: 'Bénir une province', en: 'Bless Province' }, target: 'province', range: 'adjacent' },
  HO: { code: 'HO', college: 'Wh', kind: 'combat', name: { fr: 'Symbole Sacré', en: 'Holy Symbol' }, protective: true },
  SP: { code: 'SP', college: 'Wh', kind: 'combat', name: { fr: 'Confusion', en: 'Confusion' } },
  // ── Psychic Magic (§4.2) ──
  CH: { code: 'CH', college: 'Ps', kind: 'both', name: { fr: 'Charme', en: 'Charm' }, target: 'character', range: 'here' },
  OR: { code: 'OR', college: 'Ps', kind: 'action', name: { fr: 'Oraison', en: 'Oration' }, target: 'character', range: 'here' },
  CL: { code: 'CL', college: 'Ps', kind: 'action', name: { fr: 'Clairvoyance', en: 'Clairvoyance' }, target: 'character', range: 'any' },
  PS: { code: 'PS', college: 'Ps', kind: 'combat', name: { fr: 'Vent psychique', en: 'Psychic Wind' }, delays: true },
  TE: { code: 'TE', college: 'Ps', kind: 'combat', name: { fr: 'Tempête télékinétique', en: 'Telekinetic Storm' } },
  // ── Illusion (§4.3) ──
  IL: { code: 'IL', college: 'Il', kind: 'action', name: { fr: 'Terrain illusoire', en: 'Illusory Terrain' }, target: 'province+terrain', range: 'adjacent' },
  PH: { code: 'PH', college: 'Il', kind: 'action', name: { fr: 'Armées fantômes', en: 'Phantom Armies' }, target: 'character', range: 'here' },
  HI: { code: 'HI', college: 'Il', kind: 'action', name: { fr: 'Cacher un lieu', en: 'Hide Site' }, target: 'site', range: 'here' },
  IN: { code: 'IN', college: 'Il', kind: 'combat', name: { fr: 'Invisibilité', en: 'Invisibility' }, protective: true },
  MI: { code: 'MI', college: 'Il', kind: 'combat', name: { fr: 'Image miroir', en: 'Mirror Image' } },
  // ── Elemental Magic (§4.4) ──
  FL: { code: 'FL', college: 'El', kind: 'action', name: { fr: 'Inondation', en: 'Flood' }, target: 'province', range: 'adjacent', terrain: 'not-mountain' },
  TO: { code: 'TO', college: 'El', kind: 'action', name: { fr: 'Tornade', en: 'Tornado' }, target: 'province', range: 'adjacent' },
  EA: { code: 'EA', college: 'El', kind: 'action', name: { fr: 'Tremblement de terre', en: 'Earthquake' }, target: 'province', range: 'adjacent' },
  FI: { code: 'FI', college: 'El', kind: 'combat', name: { fr: 'Boule de feu', en: 'Fireball' } },
  IC: { code: 'IC', college: 'El', kind: 'combat', name: { fr: 'Congélation', en: 'Freeze' }, delays: true },
  // ── Necromancy (§4.5) ──
  SK: { code: 'SK', college: 'Ne', kind: 'action', name: { fr: 'Armée de squelettes', en: 'Skeleton Army' }, target: 'none', range: 'here' },
  KI: { code: 'KI', college: 'Ne', kind: 'both', name: { fr: 'Tuer un ennemi', en: 'Kill Enemy' }, target: 'character', range: 'here' },
  PL: { code: 'PL', college: 'Ne', kind: 'action', name: { fr: 'Fléau', en: 'Plague' }, target: 'province', range: 'adjacent' },
  HA: { code: 'HA', college: 'Ne', kind: 'combat', name: { fr: 'Main de mort', en: 'Hand of Death' } },
  CO: { code: 'CO', college: 'Ne', kind: 'combat', name: { fr: 'Contrôle de mort-vivant', en: 'Control Undead' } },
};

export const SPELL_CODES = Object.keys(SPELLS) as SpellCode[];

export function isSpellCode(x: string): x is SpellCode {
  return Object.prototype.hasOwnProperty.call(SPELLS, x);
}

/** An action spell (cast with `CA xx`, §5.12). */
export function isActionSpell(code: SpellCode): boolean {
  return SPELLS[code].kind !== 'combat';
}
/** A combat spell (tactic `CA-xx`, §6.6). */
export function isCombatSpell(code: SpellCode): boolean {
  return SPELLS[code].kind !== 'action';
}

/**
 * The college a caster uses for a spell: Charm cast by an Undead character is a Necromancy
 * spell, not Psychic (§13.3, S5.7.3).
 */
export function spellCollege(code: SpellCode, casterAlignment?: Alignment): College {
  if (code === 'CH' && casterAlignment === 'Undead') return 'Ne';
  return SPELLS[code].college;
}

/** Accepts `FI`, `CA-FI`, `ca fi`: the spell code of a tactic argument or order word (S3.2: both spellings). */
export function parseSpellCode(raw: string): SpellCode | null {
  const x = raw.trim().toUpperCase().replace(/^CA[-\s]?/, '');
  return isSpellCode(x) ? x : null;
}
