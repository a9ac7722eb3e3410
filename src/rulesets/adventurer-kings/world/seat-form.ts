/**
 * The King's creation at join (§15.14, S5.9.14): « Indiquez pour votre Roi : race, alignement,
 * tempérament, sexe et 4 niveaux de talent, au plus 2 dans une caractéristique ». The seat form the
 * platform renders when a player joins (engine `SeatForm`), its check, and the bridge from a
 * checked choice to the setup's `AKKingOptions`. Every limit is read from the constants table
 * (`world.kingTalentLevels`, `world.kingTalentMaxPer`), so a host's override changes the form too.
 *
 * - A field left empty is drawn by the setup from the game's seeded generator (a bot's seat, the
 *   demo's, or a player who does not care); talents given short of the total are completed at
 *   random (G-02 `legalTalents`).
 * - Special alignments (Divine, Undead) need a fallback alignment (§13.1: « les candidats doivent
 *   indiquer un alignement de remplacement »), used when another King took it first.
 * - A Divine King cannot put levels into Necromancy, an Undead King into White Magic (§13.2–13.3).
 */
import { LocalizedError } from '../../../engine/constants.ts';
import type { Lang, Localized, SeatField, SeatForm, SeatIssue } from '../../../engine/ruleset.ts';
import { resolveConfig } from '../config.ts';
import { ALIGNMENT_NAMES, CHAR_NAMES, RACE_SINGULAR, TEMPERAMENT_NAMES } from '../report/names.ts';
import type { Alignment, CharCode, Race, Temperament } from '../state.ts';
import { ALIGNMENTS, CHAR_CODES, RACES, TEMPERAMENTS } from '../state.ts';
import type { AKKingOptions } from './setup.ts';
import { lockedCode } from './heroes.ts';
import { EUROPE_POSITIONS, EUROPE_VARIANT } from './europe.ts';
import { TERRE_POSITIONS, TERRE_VARIANT } from './terre.ts';

/** The game's variant from its options: 'europe', another, or null when not known yet (a form offering several). */
function mapOf(options?: unknown): string | null {
  const m = options && typeof options === 'object' ? (options as { map?: unknown }).map : undefined;
  return typeof m === 'string' ? m : options && typeof options === 'object' && 'map' in options ? 'standard' : null;
}
/**
 * The positions a player ranks at join: AK Europe's countries or AK Terre's empires (§14.4); on a
 * form offering several worlds (the host's creation form), both lists (an id in both, « mongols »,
 * once): the setup takes the ones of the world chosen and draws the others.
 */
function positionsOf(map: string | null): { ids: string[]; names: Record<string, Localized> } | null {
  const list = map === TERRE_VARIANT ? TERRE_POSITIONS : map === EUROPE_VARIANT ? EUROPE_POSITIONS
    : map === null ? [...EUROPE_POSITIONS, ...TERRE_POSITIONS.filter((t) => !EUROPE_POSITIONS.some((e) => e.id === t.id))] : null;
  if (!list) return null;
  return { ids: list.map((p) => p.id), names: Object.fromEntries(list.map((p) => [p.id, p.name])) as Record<string, Localized> };
}

/** A King's choices as stored with the seat and passed to the setup (every key optional). */
export interface KingChoice {
  race?: Race;
  alignment?: Alignment;
  fallbackAlignment?: Alignment;
  temperament?: Temperament;
  sex?: 'M' | 'F';
  talents?: Partial<Record<CharCode, number>>;
  /** AK Europe (§14.2): the countries asked for, « par ordre de priorité » (1st, 2nd, 3rd). */
  position?: string;
  position2?: string;
  position3?: string;
}

const SPECIAL: readonly Alignment[] = ['Divine', 'Undead'];
const NORMAL = ALIGNMENTS.filter((a) => !SPECIAL.includes(a));
const SEXES: Record<'M' | 'F', Localized> = { M: { fr: 'Homme (Roi)', en: 'Man (King)' }, F: { fr: 'Femme (Reine)', en: 'Woman (Queen)' } };

/** The talent limits of a game: its host's constants (options.config), else the defaults. */
function limits(options?: unknown): { levels: number; maxPer: number } {
  const config = (options && typeof options === 'object' ? (options as { config?: unknown }).config : undefined);
  let w = resolveConfig({}).world;
  try { if (config && typeof config === 'object') w = resolveConfig(config as Record<string, unknown>).world; } catch { /* refused elsewhere */ }
  return { levels: w.kingTalentLevels, maxPer: w.kingTalentMaxPer };
}

const M = {
  race: { fr: 'Race du Roi', en: 'The King’s race' },
  alignment: { fr: 'Alignement', en: 'Alignment' },
  fallback: { fr: 'Alignement de remplacement (si Divin ou Mort-Vivant est déjà pris)', en: 'Fallback alignment (if Divine or Undead is already taken)' },
  temperament: { fr: 'Tempérament', en: 'Temperament' },
  position: { fr: 'Pays souhaité (AK Europe)', en: 'Country wanted (AK Europe)' },
  positionTerre: { fr: 'Empire souhaité (AK Terre)', en: 'Empire wanted (AK Terre)' },
  positionAny: { fr: 'Pays (AK Europe) ou empire (AK Terre) souhaité', en: 'Country (AK Europe) or empire (AK Terre) wanted' },
  position2: { fr: 'Sinon, 2e choix', en: 'Otherwise, 2nd choice' },
  position3: { fr: 'Sinon, 3e choix', en: 'Otherwise, 3rd choice' },
  positionHelp: {
    fr: 'Chaque pays a son bonus de départ. Vous recevez le premier de vos choix qu’aucun joueur arrivé avant vous n’a pris ; sinon un pays libre tiré au hasard.',
    en: 'Each country has its starting bonus. You get the first of your choices that no player who joined before you took; otherwise a free country drawn at random.',
  },
  sex: { fr: 'Sexe', en: 'Sex' },
  draw: { fr: '— au hasard —', en: '— at random —' },
  talents: { fr: 'Talents du Roi', en: 'The King’s talents' },
  talentsHelp: {
    fr: '{n} niveaux en tout, au plus {max} dans une caractéristique ; les niveaux non placés sont tirés au hasard. Un Roi Divin ne peut rien mettre en Nécromancie, un Roi Mort-Vivant en Magie blanche.',
    en: '{n} levels in all, at most {max} in one characteristic; levels not placed are drawn at random. A Divine King cannot put any into Necromancy, an Undead King into White Magic.',
  },
  specialHelp: {
    fr: 'Un seul Roi Divin et un seul Roi Mort-Vivant par partie : le premier venu l’obtient, les autres prennent leur alignement de remplacement.',
    en: 'One Divine King and one Undead King per game: the first to ask gets it, the others take their fallback alignment.',
  },
} satisfies Record<string, Localized>;

/** English article before an alignment's name ("an Undead King", "a Divine King"). */
const an = (word: string): string => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

const fill = (l: Localized, lang: Lang, v: Record<string, string | number>): string => l[lang].replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/** Every name a value answers to: its id and its French and English names (case and accents ignored). */
const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
function pickOf<T extends string>(text: string, values: readonly T[], names: Partial<Record<T, Localized>>): T | null {
  const f = fold(text);
  return values.find((v) => fold(v) === f || fold(names[v]?.fr ?? '') === f || fold(names[v]?.en ?? '') === f) ?? null;
}

export const akSeatForm: SeatForm = {
  fields(lang, options): SeatField[] {
    const { maxPer } = limits(options);
    const opt = <T extends string>(values: readonly T[], names: Partial<Record<T, Localized>>) =>
      [{ value: '', label: M.draw[lang] }, ...values.map((v) => ({ value: v, label: names[v]?.[lang] ?? v }))];
    const map = mapOf(options);
    const pos = positionsOf(map);
    const position: SeatField[] = pos
      ? (['position', 'position2', 'position3'] as const).map((name): SeatField => ({
        name, label: (name !== 'position' ? M[name] : map === TERRE_VARIANT ? M.positionTerre : map === null ? M.positionAny : M.position)[lang], kind: 'choice', optional: true, options: opt(pos.ids, pos.names), ...(name === 'position' ? { help: M.positionHelp[lang] } : {}),
      })) : [];
    return [
      ...position,
      { name: 'race', label: M.race[lang], kind: 'choice', optional: true, options: opt(RACES, RACE_SINGULAR) },
      { name: 'alignment', label: M.alignment[lang], kind: 'choice', optional: true, options: opt(ALIGNMENTS, ALIGNMENT_NAMES), help: M.specialHelp[lang] },
      { name: 'fallbackAlignment', label: M.fallback[lang], kind: 'choice', optional: true, options: opt(NORMAL, ALIGNMENT_NAMES) },
      { name: 'temperament', label: M.temperament[lang], kind: 'choice', optional: true, options: opt(TEMPERAMENTS, TEMPERAMENT_NAMES) },
      { name: 'sex', label: M.sex[lang], kind: 'choice', optional: true, options: opt(['M', 'F'] as const, SEXES) },
      ...CHAR_CODES.map((c): SeatField => ({ name: c, label: `${CHAR_NAMES[c][lang]} (${c})`, kind: 'integer', min: 0, max: maxPer, optional: true, group: 'talents' })),
    ];
  },
  groups(lang, options) {
    const { levels, maxPer } = limits(options);
    return { talents: { legend: M.talents[lang], help: fill(M.talentsHelp, lang, { n: levels, max: maxPer }), max: levels } };
  },
  check(values, options) {
    const { levels, maxPer } = limits(options);
    const issues: SeatIssue[] = [];
    const out: KingChoice = {};
    // Text as typed; a number (a JSON client's) reads as its digits.
    const text = (k: string) => {
      const v: unknown = values[k];
      return typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
    };
    const listOf = (vals: readonly string[], names: Partial<Record<string, Localized>>, lang: Lang) => vals.map((v) => names[v]?.[lang] ?? v).join(', ');
    const choose = <T extends string>(field: string, vals: readonly T[], names: Partial<Record<T, Localized>>): T | undefined => {
      const t = text(field);
      if (!t) return undefined;
      const v = pickOf(t, vals, names);
      if (v === null) {
        issues.push({ field, text: {
          fr: `« ${t} » n’est pas un choix possible ; choisissez parmi : ${listOf(vals, names as Partial<Record<string, Localized>>, 'fr')}`,
          en: `"${t}" is not one of the choices; choose among: ${listOf(vals, names as Partial<Record<string, Localized>>, 'en')}`,
        } });
        return undefined;
      }
      return v;
    };
    const map = mapOf(options);
    const pos = positionsOf(map);
    if (pos) {
      const seen = new Set<string>();
      for (const name of ['position', 'position2', 'position3'] as const) {
        const position = choose(name, pos.ids, pos.names);
        if (position && seen.has(position)) {
          issues.push({ field: name, text: { fr: `${pos.names[position]!.fr} est déjà parmi vos choix`, en: `${pos.names[position]!.en} is already among your choices` } });
        } else if (position) { out[name] = position; seen.add(position); }
      }
    }
    const race = choose('race', RACES, RACE_SINGULAR);
    const alignment = choose('alignment', ALIGNMENTS, ALIGNMENT_NAMES);
    const fallback = choose('fallbackAlignment', ALIGNMENTS, ALIGNMENT_NAMES);
    const temperament = choose('temperament', TEMPERAMENTS, TEMPERAMENT_NAMES);
    const sex = choose('sex', ['M', 'F'] as const, { M: { fr: 'Homme', en: 'Man' }, F: { fr: 'Femme', en: 'Woman' } });
    if (race) out.race = race;
    if (alignment) out.alignment = alignment;
    if (fallback && SPECIAL.includes(fallback)) {
      issues.push({ field: 'fallbackAlignment', text: { fr: 'l’alignement de remplacement est un alignement ordinaire (ni Divin ni Mort-Vivant)', en: 'the fallback alignment is an ordinary one (neither Divine nor Undead)' } });
    } else if (fallback) out.fallbackAlignment = fallback;
    if (alignment && SPECIAL.includes(alignment) && !fallback) {
      issues.push({ field: 'fallbackAlignment', text: {
        fr: `un Roi ${ALIGNMENT_NAMES[alignment].fr} indique un alignement de remplacement (§13.1), pris si un autre Roi l’est déjà`,
        en: `${an(ALIGNMENT_NAMES[alignment].en)} King names a fallback alignment (§13.1), taken if another King already is`,
      } });
    }
    if (temperament) out.temperament = temperament;
    if (sex) out.sex = sex;
    const talents: Partial<Record<CharCode, number>> = {};
    let total = 0;
    const locked = alignment ? lockedCode(alignment) : null;
    for (const c of CHAR_CODES) {
      const t = text(c);
      if (!t) continue;
      const n = /^\d{1,3}$/.test(t) ? Number(t) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > maxPer) {
        issues.push({ field: c, text: {
          fr: `${CHAR_NAMES[c].fr} : de 0 à ${maxPer} niveaux (et non « ${t} »)`,
          en: `${CHAR_NAMES[c].en}: 0 to ${maxPer} levels (not "${t}")`,
        } });
        continue;
      }
      if (n > 0 && c === locked) {
        issues.push({ field: c, text: {
          fr: `un Roi ${ALIGNMENT_NAMES[alignment!].fr} ne peut mettre aucun niveau en ${CHAR_NAMES[c].fr} (§13)`,
          en: `${an(ALIGNMENT_NAMES[alignment!].en)} King cannot put any level into ${CHAR_NAMES[c].en} (§13)`,
        } });
        continue;
      }
      if (n > 0) { talents[c] = n; total += n; }
    }
    if (total > levels) {
      issues.push({ field: 'talents', text: {
        fr: `${total} niveaux de talent demandés : ${levels} au plus (§15.14)`,
        en: `${total} talent levels asked: ${levels} at most (§15.14)`,
      } });
    } else if (total > 0) out.talents = talents;
    return { value: Object.keys(out).length ? (out as Record<string, unknown>) : null, issues };
  },
};

/**
 * A stored choice (the check's value) as the setup's King options; a value that is not one the
 * check gives (a hand-written options file) is refused with a LocalizedError naming it.
 */
export function kingOptionsOf(choice: unknown, options?: unknown): AKKingOptions {
  if (choice === null || choice === undefined) return {};
  if (typeof choice !== 'object' || Array.isArray(choice)) throw new LocalizedError({ fr: 'le choix d’un Roi est un objet {…}', en: 'a King’s choice is an object {…}' });
  const c = choice as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const k of ['position', 'position2', 'position3', 'race', 'alignment', 'fallbackAlignment', 'temperament', 'sex']) if (c[k] !== undefined) values[k] = String(c[k]);
  const t = c.talents;
  if (t !== undefined) {
    if (!t || typeof t !== 'object' || Array.isArray(t)) throw new LocalizedError({ fr: 'les talents d’un Roi sont un objet { Ta: 2, … }', en: 'a King’s talents are an object { Ta: 2, … }' });
    for (const [k, v] of Object.entries(t)) {
      if (!(CHAR_CODES as readonly string[]).includes(k)) throw new LocalizedError({ fr: `caractéristique inconnue « ${k} »`, en: `unknown characteristic "${k}"` });
      values[k] = String(v);
    }
  }
  const unknown = Object.keys(c).filter((k) => !['position', 'position2', 'position3', 'race', 'alignment', 'fallbackAlignment', 'temperament', 'sex', 'talents'].includes(k));
  if (unknown.length) throw new LocalizedError({ fr: `choix inconnu pour un Roi : ${unknown.join(', ')}`, en: `unknown King choice: ${unknown.join(', ')}` });
  const r = akSeatForm.check(values, options);
  if (r.issues.length) throw new LocalizedError({ fr: r.issues.map((i) => i.text.fr).join(' ; '), en: r.issues.map((i) => i.text.en).join('; ') });
  return (r.value ?? {}) as AKKingOptions;
}
