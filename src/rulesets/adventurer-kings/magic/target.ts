/**
 * Parsing the target of an action spell (S3.2 syntax table), shared by `CA xx …` and
 * `US item [sur] …`: a province, a province and a terrain (IL), a character, a site, or nothing
 * (SK). Terrain names are accepted in French and English, with or without accents.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { Terrain } from '../state.ts';
import { type SpellCode, SPELLS } from './spells.ts';

export interface SpellTargetValue {
  province?: number;
  character?: number;
  site?: number;
  terrain?: Terrain;
}

const TERRAIN_WORDS: Record<string, Terrain> = {
  plain: 'Plain', plains: 'Plain', plaine: 'Plain', plaines: 'Plain', pl: 'Plain',
  desert: 'Desert', de: 'Desert',
  jungle: 'Jungle', ju: 'Jungle',
  forest: 'Forest', foret: 'Forest', fo: 'Forest',
  mountain: 'Mountain', mountains: 'Mountain', montagne: 'Mountain', montagnes: 'Mountain', mo: 'Mountain',
  sea: 'Sea', mer: 'Sea', ocean: 'Sea', se: 'Sea',
};

export function parseTerrain(word: string): Terrain | null {
  const w = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return TERRAIN_WORDS[w] ?? null;
}

function num(tok: string | undefined): number | null {
  if (tok === undefined || !/^\d+$/.test(tok)) return null;
  return Number(tok);
}

const err = (fr: string, en: string): { error: Localized } => ({ error: { fr, en } });

/** The target words after the spell code (or after the item, with an optional `sur`/`on`). */
export function parseSpellTarget(spell: SpellCode, args: string[]): { value: SpellTargetValue } | { error: Localized } {
  const words = args.filter((w) => w !== '');
  if (words.length > 0 && /^(sur|on)$/i.test(words[0]!)) words.shift();
  const sp = SPELLS[spell];
  const name = sp.name;
  switch (sp.target) {
    case 'none':
      if (words.length > 0) return err(`le sort ${name.fr} ne prend pas de cible`, `the spell ${name.en} takes no target`);
      return { value: {} };
    case 'province': {
      const p = num(words[0]);
      if (p === null || words.length !== 1) return err(`le sort ${name.fr} demande une province (ex. CA ${spell} 207)`, `the spell ${name.en} needs a province (e.g. CA ${spell} 207)`);
      return { value: { province: p } };
    }
    case 'province+terrain': {
      const p = num(words[0]);
      const t = words[1] === undefined ? null : parseTerrain(words[1]);
      if (p === null || t === null || words.length !== 2) {
        return err(`le sort ${name.fr} demande une province et un type de terrain (ex. CA IL 207 forêt)`, `the spell ${name.en} needs a province and a terrain type (e.g. CA IL 207 forest)`);
      }
      return { value: { province: p, terrain: t } };
    }
    case 'character': {
      const c = num(words[0]);
      if (c === null || words.length !== 1) return err(`le sort ${name.fr} demande un personnage (son numéro)`, `the spell ${name.en} needs a character (his number)`);
      return { value: { character: c } };
    }
    case 'site': {
      const x = num(words[0]);
      if (x === null || words.length !== 1) return err(`le sort ${name.fr} demande un lieu (son numéro)`, `the spell ${name.en} needs a site (its number)`);
      return { value: { site: x } };
    }
    default:
      return err(`${name.fr} n'est pas un sort d'action`, `${name.en} is not an action spell`);
  }
}

export function formatSpellTarget(v: SpellTargetValue): string[] {
  const out: string[] = [];
  if (v.province !== undefined) out.push(String(v.province));
  if (v.terrain !== undefined) out.push(v.terrain);
  if (v.character !== undefined) out.push(String(v.character));
  if (v.site !== undefined) out.push(String(v.site));
  return out;
}

/** What the effect adds to the `spell-cast` event (outcome key and data for the prose). */
export interface Outcome { outcome: string; [k: string]: unknown }

/** An event for other kingdoms that suffer or notice a spell (kind `spell-felt`), emitted after the cast. */
export interface Felt { to: number[]; outcome: string; [k: string]: unknown }
