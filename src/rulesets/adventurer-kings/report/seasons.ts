/**
 * The five seasons of a turn (phases 1..5) and the sentence that opens each in the chronicle,
 * in the tone of the §1.1 extract ("The wet spring was followed by early summer"). The weather
 * of each season and the wording are chosen without the game's RNG, from (turn, phase, kingdom)
 * (G-98: reproducible reports), and each opening recalls the weather of the season before.
 */
import type { Lang } from '../../../engine/ruleset.ts';
import { variant } from './names.ts';

export const SEASON_NAMES: Record<number, { fr: string; en: string }> = {
  1: { fr: 'Printemps', en: 'Spring' },
  2: { fr: 'Début d’été', en: 'Early Summer' },
  3: { fr: 'Fin d’été', en: 'Late Summer' },
  4: { fr: 'Automne', en: 'Autumn' },
  5: { fr: 'Début d’hiver', en: 'Early Winter' },
};

export function seasonName(phase: number, lang: Lang): string {
  if (phase <= 0) return lang === 'fr' ? 'Avant le printemps' : 'Before spring';
  if (phase >= 6) return lang === 'fr' ? 'À la fin de l’année' : 'At the year’s end';
  return SEASON_NAMES[phase]![lang];
}

/** A weather word: French masculine, French feminine, English. */
type Weather = [string, string, string];
const WEATHER: Record<number, Weather[]> = {
  1: [['humide', 'humide', 'wet'], ['pluvieux', 'pluvieuse', 'rainy'], ['doux', 'douce', 'mild'], ['venteux', 'venteuse', 'windy'], ['précoce', 'précoce', 'early'], ['radieux', 'radieuse', 'radiant']],
  2: [['chaud', 'chaude', 'warm'], ['orageux', 'orageuse', 'stormy'], ['sec', 'sèche', 'dry'], ['lumineux', 'lumineuse', 'bright'], ['lourd', 'lourde', 'sultry']],
  3: [['brûlant', 'brûlante', 'scorching'], ['étouffant', 'étouffante', 'stifling'], ['orageux', 'orageuse', 'stormy'], ['doré', 'dorée', 'golden'], ['sec', 'sèche', 'parched']],
  4: [['brumeux', 'brumeuse', 'misty'], ['pluvieux', 'pluvieuse', 'rainy'], ['venteux', 'venteuse', 'windswept'], ['doux', 'douce', 'mild'], ['morne', 'morne', 'dreary']],
  5: [['froid', 'froide', 'cold'], ['glacial', 'glaciale', 'icy'], ['neigeux', 'neigeuse', 'snowy'], ['rigoureux', 'rigoureuse', 'harsh']],
};

function weather(turn: number, phase: number, kingdom: number): Weather {
  const list = WEATHER[phase]!;
  return list[variant(list.length, turn, phase, kingdom, 1)]!;
}

/** English `a` / `an` before a weather word. */
const an = (w: string): string => `${/^[aeiou]/i.test(w) ? 'an' : 'a'} ${w}`;

/** Openings: `w` is the weather of the season itself, `p` that of the season before (null in spring). */
type Opening = (w: Weather, p: Weather) => string;
const OPENINGS: Record<number, { fr: Opening[]; en: Opening[] }> = {
  1: {
    fr: [
      (w) => `L’hiver s’acheva enfin, et un printemps ${w[0]} revint sur le monde.`,
      (w) => `Avec le dégel vint un printemps ${w[0]}.`,
      (w) => `Les neiges fondirent ; le printemps, ${w[0]}, réveilla les royaumes.`,
    ],
    en: [
      (w) => `Winter ended at last, and ${an(w[2])} spring returned to the world.`,
      (w) => `With the thaw came ${an(w[2])} spring.`,
      (w) => `The snows melted; ${an(w[2])} spring woke the kingdoms.`,
    ],
  },
  2: {
    fr: [
      (_w, p) => `Le printemps ${p[0]} fut suivi du début de l’été.`,
      (w, p) => `Au printemps ${p[0]} succéda un début d’été ${w[0]}.`,
      (w) => `Vint le début de l’été, ${w[0]}.`,
    ],
    en: [
      (_w, p) => `The ${p[2]} spring was followed by early summer.`,
      (w, p) => `The ${p[2]} spring gave way to ${an(w[2])} early summer.`,
      (w) => `Early summer came, ${w[2]}.`,
    ],
  },
  3: {
    fr: [
      (_w, p) => `Le début d’été ${p[0]} céda la place à la fin de l’été.`,
      (w) => `Puis vint la fin de l’été, ${w[1]}.`,
      (w, p) => `Après un début d’été ${p[0]}, la fin de l’été s’annonça ${w[1]}.`,
    ],
    en: [
      (_w, p) => `The ${p[2]} early summer gave way to late summer.`,
      (w) => `Then came late summer, ${w[2]}.`,
      (w, p) => `After ${an(p[2])} early summer, late summer turned ${w[2]}.`,
    ],
  },
  4: {
    fr: [
      (_w, p) => `La fin de l’été ${p[1]} fut suivie de l’automne.`,
      (w) => `Les feuilles tombèrent : un automne ${w[0]} s’installa.`,
      (w, p) => `À la fin d’été ${p[1]} succéda un automne ${w[0]}.`,
    ],
    en: [
      (_w, p) => `The ${p[2]} late summer was followed by autumn.`,
      (w) => `The leaves fell: ${an(w[2])} autumn set in.`,
      (w, p) => `The ${p[2]} late summer gave way to ${an(w[2])} autumn.`,
    ],
  },
  5: {
    fr: [
      (_w, p) => `L’automne ${p[0]} fut suivi des premiers frimas de l’hiver.`,
      (w) => `L’hiver s’annonça, ${w[0]}, et les routes se firent difficiles.`,
      (w, p) => `Après un automne ${p[0]}, le début de l’hiver fut ${w[0]}.`,
    ],
    en: [
      (_w, p) => `The ${p[2]} autumn was followed by the first frosts of winter.`,
      (w) => `Winter drew near, ${w[2]}, and the roads grew hard.`,
      (w, p) => `After ${an(p[2])} autumn, early winter came ${w[2]}.`,
    ],
  },
};

/** The opening sentence of a season (phases 1..5), the same for the same (turn, phase, kingdom). */
export function seasonOpening(turn: number, phase: number, kingdom: number, lang: Lang): string {
  const set = OPENINGS[phase];
  if (!set) return '';
  const w = weather(turn, phase, kingdom);
  const p = phase > 1 ? weather(turn, phase - 1, kingdom) : w;
  const list = set[lang];
  return list[variant(list.length, turn, phase, kingdom, 2)]!(w, p);
}

/** When a season brought nothing to tell. */
const QUIET = {
  fr: ['Rien de notable ne se produisit pour le royaume.', 'La saison passa sans que rien de notable ne vous parvienne.', 'Le royaume vécut une saison paisible.'],
  en: ['Nothing of note befell the kingdom.', 'The season passed without news of note.', 'The kingdom lived through a quiet season.'],
};
export function quietSeason(turn: number, phase: number, kingdom: number, lang: Lang): string {
  const list = QUIET[lang];
  return list[variant(list.length, turn, phase, kingdom, 3)]!;
}
