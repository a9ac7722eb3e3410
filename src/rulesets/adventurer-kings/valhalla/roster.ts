/**
 * Valhalla's roster (§12.3: « vous rejoindrez des figures légendaires, comme le Roi Arthur »): the
 * legendary figures written for the online edition (original characters, King Arthur as the seed
 * names him), and the check of the heroes a game receives in its options. The roster is fixed when
 * a game is set up and stored in its state (`s.valhalla.roster`), so that a replay never depends
 * on later games.
 */
import { LocalizedError } from '../../../engine/constants.ts';
import type { Rng } from '../../../engine/rng.ts';
import { ALIGNMENTS, CHAR_CODES, RACES, TEMPERAMENTS, type AKState, type CharCode, type Levels, type ValhallaHero } from '../state.ts';
import { ITEMS } from '../world/items.ts';

const levels = (l: Partial<Levels>): Levels => Object.fromEntries(CHAR_CODES.map((c) => [c, l[c] ?? 0])) as Levels;

/** The legends: at least one for each alignment that receives visits (Good to Evil, §12.3). */
export const LEGENDS: readonly ValhallaHero[] = [
  {
    key: 'legend:arthur', legend: true, name: 'Arthur', sex: 'M', race: 'Human', alignment: 'Good', temperament: 'Brave',
    talent: levels({ Ta: 5, Ma: 3, Na: 1, Ar: 2, Me: 6, Wh: 1, Ex: 2, Sp: 1 }), item: { kind: 'excalibur' },
    description: { fr: 'Le Roi Arthur, seigneur de Camelot, revenu de l’île d’Avalon.', en: 'King Arthur, lord of Camelot, come back from the isle of Avalon.' },
    story: { fr: 'Il tira l’épée de la pierre, rassembla la Table ronde et tomba à Camlann. On dit qu’il reviendra quand un royaume aura besoin de lui.', en: 'He drew the sword from the stone, gathered the Round Table and fell at Camlann. They say he will return when a kingdom needs him.' },
  },
  {
    key: 'legend:ysolde', legend: true, name: 'Ysolde de la Tour Blanche', sex: 'F', race: 'Human', alignment: 'Good', temperament: 'Cautious',
    talent: levels({ Ta: 3, Ma: 2, Me: 3, Wh: 5, Sa: 2, Sp: 1 }), item: { kind: 'amulet-holy-symbol', charges: 4 },
    description: { fr: 'Prêtresse guerrière, gardienne de la Tour Blanche.', en: 'A warrior priestess, keeper of the White Tower.' },
    story: { fr: 'Elle tint la Tour Blanche quarante jours contre les morts-vivants, puis brûla leur nécropole.', en: 'She held the White Tower for forty days against the undead, then burned their necropolis.' },
  },
  {
    key: 'legend:maelgwen', legend: true, name: 'Maëlgwen l’Ancienne', sex: 'F', race: 'Elf', alignment: 'Druid', temperament: 'Cautious',
    talent: levels({ Ta: 2, Ma: 3, Ar: 3, Dr: 6, El: 3, Ex: 3 }), item: { kind: 'druids-torc' },
    description: { fr: 'Druidesse elfe qui parle aux aigles et aux ents.', en: 'An elven druid who speaks to eagles and ents.' },
    story: { fr: 'Elle mena les forêts en marche contre l’empire des Orcs et planta un chêne sur chaque champ de bataille.', en: 'She led the marching forests against the Orc empire and planted an oak on every battlefield.' },
  },
  {
    key: 'legend:hakon', legend: true, name: 'Hakon le Cartographe', sex: 'M', race: 'Dwarf', alignment: 'Neutral', temperament: 'Cautious',
    talent: levels({ Ta: 3, Ma: 2, Na: 3, Me: 3, Ex: 6, Sa: 3, Th: 1 }), item: { kind: 'map-of-ages' },
    description: { fr: 'Nain voyageur qui dessina la première carte du monde entier.', en: 'A travelling dwarf who drew the first map of the whole world.' },
    story: { fr: 'Il servit six Rois sans jurer fidélité à aucun, et ne perdit jamais son chemin.', en: 'He served six Kings without swearing loyalty to any of them, and never lost his way.' },
  },
  {
    key: 'legend:brunhalde', legend: true, name: 'Brunhalde aux Corbeaux', sex: 'F', race: 'Human', alignment: 'Pagan', temperament: 'Berserk',
    talent: levels({ Ta: 4, Ma: 2, Na: 2, Me: 6, El: 2, Sp: 2 }), item: { kind: 'great-sword' },
    description: { fr: 'Reine des clans du Nord, suivie de ses corbeaux.', en: 'Queen of the northern clans, followed by her ravens.' },
    story: { fr: 'Elle brûla ses navires sur la plage pour que ses guerriers ne reculent jamais.', en: 'She burned her ships on the beach so that her warriors would never fall back.' },
  },
  {
    key: 'legend:morvrax', legend: true, name: 'Morvrax le Sans-Tombe', sex: 'M', race: 'Orc', alignment: 'Evil', temperament: 'Brave',
    talent: levels({ Ta: 5, Ma: 2, Me: 4, Ne: 4, Ps: 2, Th: 2 }), item: { kind: 'wand-of-fireballs', charges: 5 },
    description: { fr: 'Seigneur de guerre orc que nulle tombe ne put garder.', en: 'An orc warlord no grave could hold.' },
    story: { fr: 'Tué trois fois, trois fois revenu : ses ennemis ont cessé de compter.', en: 'Killed three times, three times returned: his enemies stopped counting.' },
  },
];

const bad = (fr: string, en: string) => new LocalizedError({ fr: `Valhalla : ${fr}`, en: `Valhalla: ${en}` });
const text = (x: unknown, max: number): boolean => typeof x === 'string' && x.length <= max
  || !!x && typeof x === 'object' && typeof (x as { fr?: unknown }).fr === 'string' && typeof (x as { en?: unknown }).en === 'string';

/** The heroes a game receives (`options.valhalla`), checked: a list of heroes, each complete and within the rules' bounds. */
export function checkHeroes(list: unknown): ValhallaHero[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw bad('le registre est une liste de héros', 'the roster is a list of heroes');
  if (list.length > 10_000) throw bad('au plus 10 000 héros', 'at most 10,000 heroes');
  const keys = new Set<string>();
  return list.map((h: Partial<ValhallaHero> | null, i) => {
    const where = `${i + 1}`;
    if (!h || typeof h !== 'object') throw bad(`le héros ${where} n’est pas un objet`, `hero ${where} is not an object`);
    if (typeof h.key !== 'string' || !h.key || keys.has(h.key)) throw bad(`le héros ${where} n’a pas de clé unique`, `hero ${where} has no unique key`);
    keys.add(h.key);
    if (typeof h.name !== 'string' || !h.name.trim() || h.name.length > 80) throw bad(`le nom du héros ${where}`, `the name of hero ${where}`);
    if (h.sex !== 'M' && h.sex !== 'F') throw bad(`le sexe du héros ${where}`, `the sex of hero ${where}`);
    if (!RACES.includes(h.race!)) throw bad(`la race du héros ${where}`, `the race of hero ${where}`);
    if (!ALIGNMENTS.includes(h.alignment!)) throw bad(`l’alignement du héros ${where}`, `the alignment of hero ${where}`);
    if (!TEMPERAMENTS.includes(h.temperament!)) throw bad(`le tempérament du héros ${where}`, `the temperament of hero ${where}`);
    const t = h.talent as Record<string, unknown> | undefined;
    if (!t || typeof t !== 'object' || !CHAR_CODES.every((c: CharCode) => Number.isInteger(t[c]) && (t[c] as number) >= 0 && (t[c] as number) <= 9)) {
      throw bad(`les talents du héros ${where} (0 à 9)`, `the talents of hero ${where} (0 to 9)`);
    }
    if (h.item !== undefined && (!h.item || typeof h.item.kind !== 'string' || !ITEMS[h.item.kind]
      || (h.item.charges !== undefined && !(Number.isInteger(h.item.charges) && h.item.charges >= 0 && h.item.charges <= 99)))) {
      throw bad(`l’objet du héros ${where}`, `the item of hero ${where}`);
    }
    if (!text(h.description, 2000) || !text(h.story, 10_000)) throw bad(`les textes du héros ${where}`, `the texts of hero ${where}`);
    const out: ValhallaHero = {
      key: h.key, name: h.name.trim(), sex: h.sex, race: h.race!, alignment: h.alignment!, temperament: h.temperament!,
      talent: levels(t as Partial<Levels>), description: h.description!, story: h.story!,
    };
    if (h.item) out.item = h.item.charges === undefined ? { kind: h.item.kind } : { kind: h.item.kind, charges: h.item.charges };
    if (typeof h.placedBy === 'string') out.placedBy = h.placedBy.slice(0, 80);
    return out;
  });
}

/**
 * Valhalla in a new game (called by the ruleset's setup after the world is made, so that the
 * world's draws are unchanged): the legends and the heroes of the options, and the visits' seed,
 * the one draw this takes from the setup stream.
 */
export function setupValhalla(s: AKState, heroes: unknown, rng: Rng): AKState {
  const given = checkHeroes(heroes).filter((h) => !LEGENDS.some((l) => l.key === h.key));
  s.valhalla = { seed: rng.int(0, 2 ** 31 - 1), roster: [...LEGENDS.map((l) => structuredClone(l)), ...given], visits: [] };
  return s;
}

/** A text of the roster in a language (a legend's are in both; a player's in the one he wrote). */
export function textIn(t: ValhallaHero['description'], lang: 'fr' | 'en'): string {
  return typeof t === 'string' ? t : t[lang];
}
