/**
 * The words of Adventurer Kings in French and English: terrains, races, army types, qualities,
 * alignments, temperaments, relations, offices, characteristics, with the small grammar the
 * prose needs (French gender, elision, ordinals). Shared by the report, the view's layout and
 * the map; other domains may import these for their messages.
 */
import type { Lang, Localized } from '../../../engine/ruleset.ts';
import type { Alignment, ArmyRace, ArmyType, CharCode, OfficeId, Quality, Relation, Role, Temperament, Terrain } from '../state.ts';

export const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

export const TERRAIN_NAMES: Record<Terrain, Localized> = {
  Plain: { fr: 'Plaine', en: 'Plain' },
  Desert: { fr: 'Désert', en: 'Desert' },
  Jungle: { fr: 'Jungle', en: 'Jungle' },
  Forest: { fr: 'Forêt', en: 'Forest' },
  Mountain: { fr: 'Montagne', en: 'Mountain' },
  Sea: { fr: 'Mer', en: 'Sea' },
};

export const RACE_NAMES: Record<ArmyRace, Localized> = {
  Human: { fr: 'Humains', en: 'Humans' },
  Elf: { fr: 'Elfes', en: 'Elves' },
  Dwarf: { fr: 'Nains', en: 'Dwarves' },
  Orc: { fr: 'Orques', en: 'Orcs' },
  Eagle: { fr: 'Aigles', en: 'Eagles' },
  Dragon: { fr: 'Dragons', en: 'Dragons' },
  Whale: { fr: 'Baleines', en: 'Whales' },
  Triton: { fr: 'Tritons', en: 'Tritons' },
  Troll: { fr: 'Trolls', en: 'Trolls' },
  Ent: { fr: 'Ents', en: 'Ents' },
  Were: { fr: 'Garous', en: 'Weres' },
};

/** A character's race, singular (`Elfe`, `Elf`). */
export const RACE_SINGULAR: Record<ArmyRace, Localized> = {
  Human: { fr: 'Humain', en: 'Human' },
  Elf: { fr: 'Elfe', en: 'Elf' },
  Dwarf: { fr: 'Nain', en: 'Dwarf' },
  Orc: { fr: 'Orque', en: 'Orc' },
  Eagle: { fr: 'Aigle', en: 'Eagle' },
  Dragon: { fr: 'Dragon', en: 'Dragon' },
  Whale: { fr: 'Baleine', en: 'Whale' },
  Triton: { fr: 'Triton', en: 'Triton' },
  Troll: { fr: 'Troll', en: 'Troll' },
  Ent: { fr: 'Ent', en: 'Ent' },
  Were: { fr: 'Garou', en: 'Were' },
};

/**
 * Army types (Table 15.8) as a unit's name in battle prose, with its grammar: French gender, and
 * whether the name is a plural (« les 186e Archers furent repoussés », "the 186th Archers were").
 */
export const ARMY_TYPE_NAMES: Record<ArmyType, Localized & { fem: boolean; pl?: boolean }> = {
  GA: { fr: 'Garnison', en: 'Garrison', fem: true },
  BO: { fr: 'Archers', en: 'Archers', fem: false, pl: true },
  AX: { fr: 'Hacheurs', en: 'Axemen', fem: false, pl: true },
  PH: { fr: 'Phalange', en: 'Phalanx', fem: true },
  LE: { fr: 'Légion', en: 'Legion', fem: true },
  LC: { fr: 'Cavalerie légère', en: 'Light Cavalry', fem: true },
  HC: { fr: 'Cavalerie lourde', en: 'Heavy Cavalry', fem: true },
  CH: { fr: 'Chariots', en: 'Chariots', fem: false, pl: true },
  EL: { fr: 'Éléphants', en: 'Elephants', fem: false, pl: true },
  CC: { fr: 'Chameaux', en: 'Camels', fem: false, pl: true },
  WR: { fr: 'Wargs', en: 'Wargs', fem: false, pl: true },
  DR: { fr: 'Dragon', en: 'Dragon', fem: false },
  EA: { fr: 'Aigles', en: 'Eagles', fem: false, pl: true },
  WH: { fr: 'Baleines', en: 'Whales', fem: true, pl: true },
  FL: { fr: 'Flotte', en: 'Fleet', fem: true },
  ME: { fr: 'Tritons', en: 'Tritons', fem: false, pl: true },
  EN: { fr: 'Ents', en: 'Ents', fem: false, pl: true },
  TR: { fr: 'Trolls', en: 'Trolls', fem: false, pl: true },
  WE: { fr: 'Garous', en: 'Weres', fem: false, pl: true },
};

/** The grammar of an army's name (unknown type: feminine singular, « l’armée 12 »). */
export function armyGrammar(type: string): { fem: boolean; pl: boolean } {
  const t = ARMY_TYPE_NAMES[type as ArmyType];
  return t ? { fem: t.fem, pl: !!t.pl } : { fem: true, pl: false };
}

/**
 * Agreement with one army or a list of them: `agree(env.lang, refs, 'fut', 'furent')`. Several
 * armies, or one whose name is a plural, take the plural form.
 */
export function isPlural(types: string[]): boolean {
  return types.length > 1 || (types.length === 1 && armyGrammar(types[0]!).pl);
}

/** A French past participle or adjective agreed with armies: `repoussé` → `repoussée`, `repoussés`, `repoussées`. */
export function agreeFr(word: string, types: string[]): string {
  const pl = isPlural(types);
  const fem = types.length > 0 && types.every((t) => armyGrammar(t).fem);
  return `${word}${fem ? 'e' : ''}${pl && !word.endsWith('s') ? 's' : ''}`;
}

export const QUALITY_NAMES: Record<Quality, Localized> = {
  0: { fr: 'Réduit', en: 'Reduced' },
  1: { fr: 'Bleu', en: 'Green' },
  2: { fr: 'Moyen', en: 'Average' },
  3: { fr: 'Vétéran', en: 'Veteran' },
  4: { fr: 'Crack', en: 'Crack' },
  5: { fr: 'Élite', en: 'Elite' },
};

/**
 * A quality as an adjective agreed with the army it qualifies (issue 17 §2): « la 219e Phalange
 * (Réduite) », « les 186e Archers (Bleus) »; English does not agree.
 */
export function qualityOf(q: number, type: string, lang: Lang): string {
  const base = QUALITY_NAMES[q as Quality]?.[lang] ?? String(q);
  if (lang !== 'fr') return base;
  const g = armyGrammar(type);
  const FEM: Record<string, string> = { Réduit: 'Réduite', Bleu: 'Bleue', Moyen: 'Moyenne' };
  const word = g.fem ? FEM[base] ?? base : base;
  return g.pl && /^(Réduit|Bleu|Moyen|Vétéran)/.test(word) ? `${word}s` : word;
}

export const ALIGNMENT_NAMES: Record<Alignment, Localized> = {
  Divine: { fr: 'Divin', en: 'Divine' },
  Good: { fr: 'Bon', en: 'Good' },
  Druid: { fr: 'Druide', en: 'Druid' },
  Neutral: { fr: 'Neutre', en: 'Neutral' },
  Pagan: { fr: 'Païen', en: 'Pagan' },
  Evil: { fr: 'Mauvais', en: 'Evil' },
  Undead: { fr: 'Mort-Vivant', en: 'Undead' },
};

export const TEMPERAMENT_NAMES: Record<Temperament, Localized> = {
  Cowardly: { fr: 'Couard', en: 'Cowardly' },
  Cautious: { fr: 'Prudent', en: 'Cautious' },
  Brave: { fr: 'Brave', en: 'Brave' },
  Berserk: { fr: 'Berserk', en: 'Berserk' },
};

export const RELATION_NAMES: Record<Relation, Localized> = {
  Allied: { fr: 'Allié', en: 'Allied' },
  Neutral: { fr: 'Neutre', en: 'Neutral' },
  Enemy: { fr: 'Ennemi', en: 'Enemy' },
};

export const ROLE_NAMES: Record<Role, Localized> = {
  King: { fr: 'Roi', en: 'King' },
  Heir: { fr: 'Héritier royal', en: 'Royal Heir' },
  HeroInService: { fr: 'Héros', en: 'Hero' },
  WanderingHero: { fr: 'Héros errant', en: 'Wandering Hero' },
  RulingHero: { fr: 'Héros souverain', en: 'Ruling Hero' },
  ValhallaVisitor: { fr: 'Visiteur du Valhalla', en: 'Visitor from Valhalla' },
};

/** The 8 Imperial Offices (Table 15.10), in the table's order. */
export const OFFICES: readonly OfficeId[] = ['Emperor', 'Chancellor', 'Treasurer', 'Marshal', 'Admiral', 'Defender', 'Priest', 'ArchMage'];
export const OFFICE_NAMES: Record<OfficeId, Localized> = {
  Emperor: { fr: 'Empereur du Monde', en: 'Emperor of the World' },
  Chancellor: { fr: 'Grand Chancelier', en: 'Grand Chancellor' },
  Treasurer: { fr: 'Trésorier Impérial', en: 'Imperial Treasurer' },
  Marshal: { fr: 'Grand Maréchal Impérial', en: 'Grand Marshal' },
  Admiral: { fr: 'Grand Amiral Impérial', en: 'Grand Admiral' },
  Defender: { fr: 'Défenseur de l’Empire', en: 'Defender of the Empire' },
  Priest: { fr: 'Grand Prêtre Palatin', en: 'Grand Priest Palatine' },
  ArchMage: { fr: 'Archi-Mage Palatin', en: 'Arch-Mage Palatine' },
};

export const CHAR_NAMES: Record<CharCode, Localized> = {
  Ta: { fr: 'Tactique', en: 'Tactics' },
  Ma: { fr: 'Marche forcée', en: 'Forced March' },
  Na: { fr: 'Marine', en: 'Naval' },
  Ar: { fr: 'Tir à l’arc', en: 'Archery' },
  Me: { fr: 'Mêlée', en: 'Melee' },
  Wh: { fr: 'Magie blanche', en: 'White Magic' },
  Ps: { fr: 'Magie psychique', en: 'Psychic Magic' },
  Il: { fr: 'Illusionnisme', en: 'Illusion' },
  El: { fr: 'Magie élémentaire', en: 'Elemental Magic' },
  Ne: { fr: 'Nécromancie', en: 'Necromancy' },
  Sa: { fr: 'Sagesse', en: 'Sage' },
  Dr: { fr: 'Druidisme', en: 'Druid' },
  Sp: { fr: 'Espionnage', en: 'Spy' },
  Ex: { fr: 'Exploration', en: 'Explorer' },
  Th: { fr: 'Vol', en: 'Thief' },
};

export const BAND_NAMES: Record<'Poor' | 'Prosperous' | 'Rich', Localized> = {
  Poor: { fr: 'pauvre', en: 'poor' },
  Prosperous: { fr: 'prospère', en: 'prosperous' },
  Rich: { fr: 'riche', en: 'rich' },
};

// ─── grammar ─────────────────────────────────────────────────────────────────────────────────

const VOWEL = /^[aeiouyàâäéèêëîïôöûüœæh]/i;

/**
 * After « le » / « les », what reads as a noun phrase (a name, a number, a common noun), not a
 * pronoun before an infinitive (« tenta de le frapper »).
 */
const NOUN_AFTER_ARTICLE = /^(?!\p{Ll}+(?:er|ir|re|oir)(?!\p{L}))/u;

/**
 * French « de » before a name or a noun phrase, with its contraction or elision (issue 17 §2: the
 * sentence is right when written, no pass afterwards): `d’Aquilonia`, `de Brocéliande`,
 * `du royaume de Galoria`, `du Loup-garou`, `des 186e Archers`, `de la 197e Légion`,
 * `d’un personnage inconnu`, `de l’armée 12`.
 */
export function deFr(label: unknown): string {
  const name = String(label);
  const m = /^(le|les) (.+)$/su.exec(name);
  if (m && NOUN_AFTER_ARTICLE.test(m[2]!)) return `${m[1] === 'le' ? 'du' : 'des'} ${m[2]}`;
  if (/^(la |l’|l')/u.test(name)) return `de ${name}`;
  return VOWEL.test(name) ? `d’${name}` : `de ${name}`;
}

/** French « à » before a name or a noun phrase: `au Vampire`, `aux Trolls`, `à la Légion`, `à Zanost`. */
export function aFr(label: unknown): string {
  const name = String(label);
  const m = /^(le|les) (.+)$/su.exec(name);
  if (m && NOUN_AFTER_ARTICLE.test(m[2]!)) return `${m[1] === 'le' ? 'au' : 'aux'} ${m[2]}`;
  return `à ${name}`;
}

/** An ordinal: `197e` / `1re` / `1er`; `197th`, `1st`, `22nd`. */
export function ordinal(n: number, lang: Lang, fem = false): string {
  if (lang === 'fr') return n === 1 ? (fem ? '1re' : '1er') : `${n}e`;
  const t = n % 100;
  const suf = t >= 11 && t <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suf}`;
}

/** An army as battle prose names it: `197e Légion` / `197th Legion` (unknown type: the number alone). */
export function armyName(id: number, type: string, lang: Lang): string {
  const t = ARMY_TYPE_NAMES[type as ArmyType];
  if (!t) return lang === 'fr' ? `l’armée ${id}` : `army ${id}`;
  return `${ordinal(id, lang, t.fem)} ${t[lang]}`;
}

/** The same with its definite article: `la 197e Légion`, `le 117e Dragon`, `les 186e Archers`; `the 197th Legion`. */
export function theArmy(id: number, type: string, lang: Lang): string {
  const t = ARMY_TYPE_NAMES[type as ArmyType];
  if (!t) return armyName(id, type, lang);
  return lang === 'fr' ? `${t.pl ? 'les' : t.fem ? 'la' : 'le'} ${armyName(id, type, lang)}` : `the ${armyName(id, type, lang)}`;
}

/**
 * « à » before a province as the reader knows it: a named province is a place (« à Zanost (601) »,
 * one rule for every name, G-98); a bare number reads « dans la province 601 ». English: `in`.
 */
export function atPlace(label: string, lang: Lang): string {
  const bare = /^\d+$/.test(label);
  if (lang === 'fr') return bare ? `dans la province ${label}` : `à ${label}`;
  return bare ? `in province ${label}` : `in ${label}`;
}

/** A number as the reports write it: `1 234` (narrow no-break space in French), `1,234`. */
export function formatInt(x: number, lang: Lang): string {
  const s = Math.abs(Math.round(x)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : ',');
  return x < 0 ? `−${s}` : s;
}

/** `3 écus` / `1 écu`. */
export function ecus(x: number, lang: Lang): string {
  return `${formatInt(x, lang)} ${Math.abs(x) === 1 ? 'écu' : 'écus'}`;
}

/** `a, b et c` / `a, b and c`. */
export function listJoin(items: string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  const and = lang === 'fr' ? ' et ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}`;
}

/** A name of a Localized table, or the key itself when the table lacks it. */
export function nameOf<K extends string>(table: Record<K, Localized>, key: K | string | undefined | null, lang: Lang): string {
  if (key === undefined || key === null) return '—';
  return (table as Record<string, Localized>)[key]?.[lang] ?? String(key);
}

/** Capitalises the first letter of a sentence. */
export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A stable small hash of integers, for rng-free phrase variants (G-98: reproducible, no game RNG drawn). */
export function variant(n: number, ...keys: number[]): number {
  let h = 2166136261;
  for (const k of keys) {
    h ^= k & 0xffff;
    h = Math.imul(h, 16777619);
    h ^= k >>> 16;
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) % Math.max(1, n);
}

