/**
 * Fantasy names that read well in French and in English (no translation needed): heroes,
 * kingdoms, sites, provinces and seas. Drawn from the game's RNG, so the same seed gives the
 * same names; `unique` keeps them distinct within a game.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKState, Race } from '../state.ts';

const START: Record<Race, string[]> = {
  Human: ['Al', 'Ber', 'Cal', 'Dor', 'Ed', 'Gal', 'Har', 'Is', 'Jor', 'Leo', 'Mar', 'Ner', 'Os', 'Ran', 'Ser', 'Tal', 'Val', 'Wil', 'Ro', 'Ty'],
  Elf: ['Ae', 'Cael', 'El', 'Fae', 'Gal', 'Ith', 'Lir', 'Mel', 'Nim', 'Syl', 'Thal', 'Ael', 'Elen', 'Lue'],
  Dwarf: ['Bal', 'Bor', 'Dur', 'Grim', 'Kaz', 'Mor', 'Thor', 'Brom', 'Dvar', 'Gund', 'Khel', 'Rurik'],
  Orc: ['Grak', 'Ugr', 'Mog', 'Zug', 'Thrak', 'Gor', 'Urz', 'Kro', 'Drog', 'Nazg', 'Skar', 'Brug'],
};
const MIDDLE = ['a', 'e', 'i', 'o', 'an', 'en', 'ar', 'or', 'il', 'ul', 'ad', 'ew', 'in', 'ol'];
const END_M: Record<Race, string[]> = {
  Human: ['ric', 'bert', 'mond', 'win', 'dan', 'gar', 'mir', 'dor', 'an', 'us', 'ald', 'wen'],
  Elf: ['anor', 'ion', 'driel', 'las', 'orn', 'thil', 'andil', 'iel'],
  Dwarf: ['in', 'ur', 'grim', 'dak', 'rik', 'li', 'mund', 'bur'],
  Orc: ['ash', 'uk', 'gul', 'oth', 'ak', 'mar', 'bash', 'ug'],
};
const END_F: Record<Race, string[]> = {
  Human: ['ine', 'elle', 'wen', 'ia', 'ise', 'ande', 'ora', 'ette', 'ys', 'a'],
  Elf: ['wen', 'iel', 'ith', 'ara', 'elle', 'ena', 'ondë', 'ia'],
  Dwarf: ['a', 'dis', 'hild', 'run', 'grid', 'ra'],
  Orc: ['ga', 'sha', 'ka', 'ruk', 'mra', 'za'],
};

const PLACE_START = ['Ar', 'Bel', 'Cor', 'Dal', 'Eld', 'Fen', 'Gal', 'Hal', 'Ild', 'Kar', 'Lor', 'Mor', 'Nor', 'Or', 'Pel', 'Quen',
  'Ros', 'Sil', 'Tor', 'Ul', 'Val', 'Wyr', 'Ys', 'Zan', 'Brun', 'Cael', 'Dun', 'Ever', 'Grim', 'Thal'];
const PLACE_END = ['ande', 'ane', 'avia', 'aze', 'eth', 'ia', 'ion', 'is', 'mark', 'mont', 'mor', 'onde', 'or', 'oria', 'our',
  'rim', 'thas', 'val', 'wald', 'ys', 'ène', 'ac', 'ard', 'enne', 'ost', 'gard'];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Draws until the name is new (`taken` is lower-cased), adding a numeral as a last resort. */
export function unique(taken: Set<string>, draw: () => string): string {
  for (let i = 0; i < 30; i++) {
    const n = draw();
    if (!taken.has(n.toLowerCase())) {
      taken.add(n.toLowerCase());
      return n;
    }
  }
  const base = draw();
  for (let k = 2; ; k++) {
    const n = `${base} ${['', '', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'][k] ?? k}`;
    if (!taken.has(n.toLowerCase())) {
      taken.add(n.toLowerCase());
      return n;
    }
  }
}

export function heroName(rng: Rng, race: Race, sex: 'M' | 'F'): string {
  const mid = rng.chance(0.35) ? rng.pick(MIDDLE) : '';
  const end = rng.pick(sex === 'M' ? END_M[race] : END_F[race]);
  return cap(`${rng.pick(START[race])}${mid}${end}`.toLowerCase());
}

export function placeName(rng: Rng): string {
  return cap(`${rng.pick(PLACE_START)}${rng.chance(0.25) ? rng.pick(MIDDLE) : ''}${rng.pick(PLACE_END)}`.toLowerCase());
}

export function kingdomName(rng: Rng): string {
  return placeName(rng);
}

/** A sea's root, read "Mer de …" / "… Sea" by `provinceName`. */
export function seaRoot(rng: Rng): string {
  return placeName(rng);
}

export function siteName(rng: Rng): string {
  return placeName(rng);
}

/** Site types in prose: "la Tour de Kharzul" / "the Tower of Kharzul". */
const SITE_TYPES: Record<string, { fr: string; en: string }> = {
  tower: { fr: 'la Tour', en: 'the Tower' }, pyramid: { fr: 'la Pyramide', en: 'the Pyramid' },
  temple: { fr: 'le Temple', en: 'the Temple' }, underground: { fr: 'les Souterrains', en: 'the Underground' },
  tomb: { fr: 'le Tombeau', en: 'the Tomb' }, cave: { fr: 'la Caverne', en: 'the Cave' }, ruin: { fr: 'les Ruines', en: 'the Ruins' },
  spring: { fr: 'la Source', en: 'the Spring' }, shrine: { fr: 'le Sanctuaire', en: 'the Shrine' }, castle: { fr: 'le Château', en: 'the Castle' },
};

export function siteTitle(type: string, name: string, lang: Lang): string {
  const t = SITE_TYPES[type] ?? { fr: type, en: type };
  if (lang === 'en') return `${t.en} of ${name}`;
  return `${t.fr} ${/^[AEÉIOUYaeéiouy]/.test(name) ? 'd’' : 'de '}${name}`;
}

/**
 * A province's name in prose: the owner's or generated name of a land province; seas read
 * "Mer de …" / "… Sea" (sea names are never given by players: capitals are land). Falls back to the number.
 */
export function provinceName(s: AKState, id: number, lang: Lang = 'fr'): string {
  const p = s.provinces[id];
  if (!p?.name) return String(id);
  if (p.terrain !== 'Sea') return p.name;
  if (p.island) return lang === 'fr' ? `Île ${/^[AEÉIOUYaeéiouy]/.test(p.name) ? "d'" : 'de '}${p.name}` : `${p.name} Isle`;
  return lang === 'fr' ? `Mer ${/^[AEÉIOUYaeéiouy]/.test(p.name) ? "d'" : 'de '}${p.name}` : `${p.name} Sea`;
}
