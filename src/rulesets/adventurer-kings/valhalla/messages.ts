/**
 * Prose of Valhalla's events (§12.3), French and English side by side: an entrant told at the end
 * of the game, who entered, a visit and a departure. Each event carries the names and texts its
 * reader may know (a hero's text is as his player wrote it, in one language, or a legend's in both).
 */
import type { AKEvent } from '../events.ts';
import type { Alignment } from '../state.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import { ALIGNMENT_NAMES, RACE_SINGULAR, deFr, formatInt, listJoin, nameOf } from '../report/names.ts';
import { ITEMS, itemName } from '../world/items.ts';

/** An item in a sentence: « une épée magique », « Excalibur »; "a magic sword", "Excalibur". */
function itemPhrase(kind: string, lang: 'fr' | 'en'): string {
  const spec = ITEMS[kind];
  if (lang === 'fr') return spec?.frPhrase ?? itemName(kind, 'fr');
  const name = itemName(kind, 'en');
  if (spec?.artifact) return name.includes(' ') ? `the ${name}` : name; // « Excalibur », “the Holy Sword”
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name.toLowerCase()}`;
}

type Loc = { fr: string; en: string };

/** The kinds this domain emits, with their data. */
export type ValhallaEvent =
  | { t: 'valhalla-candidate'; who: number; name: string; sex: 'M' | 'F'; vp: number; winningKing: boolean; items: string[]; descriptionMax: number; storyMax: number }
  | { t: 'valhalla-entered'; who: number; name: string; kingdom: number; item: string | null; description: string }
  | { t: 'valhalla-declined'; who: number; name: string; sex: 'M' | 'F' }
  | { t: 'valhalla-visit'; who: number; name: string; sex: 'M' | 'F'; king: number; alignment: Alignment; description: Loc; story: Loc; placedBy: string | null; legend: boolean; item: string | null; actions: number; every: number; stay: number }
  | { t: 'valhalla-departs'; who: number; name: string; sex: 'M' | 'F'; alive: boolean };

type Of<K extends ValhallaEvent['t']> = Extract<ValhallaEvent, { t: K }>;
const as = <K extends ValhallaEvent['t']>(e: AKEvent) => e as unknown as Of<K>;
/** Pronouns by the character's sex: [il, Il, he, He, his, him]. */
const P = (sex: 'M' | 'F') => (sex === 'F' ? ['elle', 'Elle', 'she', 'She', 'her', 'her'] : ['il', 'Il', 'he', 'He', 'his', 'him']) as [string, string, string, string, string, string];
const quote = (text: string, fr: boolean) => (text ? (fr ? ` « ${text} »` : ` "${text}"`) : '');

const RENDER: { [K in ValhallaEvent['t']]: (e: Of<K>, env: RenderEnv) => string } = {
  'valhalla-candidate': (e, env) => {
    const fr = env.lang === 'fr';
    const [il, Il, he, He, his] = P(e.sex);
    const why = e.winningKing
      ? (fr ? (e.sex === 'F' ? 'Reine victorieuse' : 'Roi vainqueur') : (e.sex === 'F' ? 'the winning Queen' : 'the winning King'))
      : (fr ? `${il} apporte ${formatInt(e.vp, 'fr')} points de victoire à votre royaume` : `${he} brings ${formatInt(e.vp, 'en')} victory points to your kingdom`);
    const items = e.items.length ? listJoin(e.items.map((k) => itemPhrase(k, env.lang)), env.lang) : '';
    return fr
      ? `${e.name} peut entrer au Valhalla (${why}). ${items ? `${Il} peut y emporter l’un de ses objets magiques : ${items}.` : `${Il} ne porte aucun objet magique.`} Vous pouvez écrire sa description (${formatInt(e.descriptionMax, 'fr')} caractères au plus) et son histoire (${formatInt(e.storyMax, 'fr')} au plus) ; sans réponse, ${il} y entre sans texte${items ? ', avec le premier de ses objets' : ''}.`
      : `${e.name} may enter Valhalla (${why}). ${items ? `${He} may take one of ${his} magic items: ${items}.` : `${He} holds no magic item.`} You may write ${his} description (at most ${formatInt(e.descriptionMax, 'en')} characters) and ${his} story (at most ${formatInt(e.storyMax, 'en')}); without an answer ${he} enters without text${items ? `, with the first of ${his} items` : ''}.`;
  },
  'valhalla-entered': (e, env) => {
    const fr = env.lang === 'fr';
    const item = e.item ? (fr ? `, emportant ${itemPhrase(e.item, 'fr')}` : `, taking ${itemPhrase(e.item, 'en')}`) : '';
    return fr
      ? `${e.name}, ${deFr(env.kingdomName(e.kingdom))}, entre au Valhalla${item}.${quote(e.description, true)}`
      : `${e.name}, of ${env.kingdomName(e.kingdom)}, enters Valhalla${item}.${quote(e.description, false)}`;
  },
  'valhalla-declined': (e, env) => (env.lang === 'fr' ? `${e.name} reste parmi les vivants : ${P(e.sex)[0]} n’entre pas au Valhalla.` : `${e.name} stays among the living: ${P(e.sex)[2]} does not enter Valhalla.`),
  'valhalla-visit': (e, env) => {
    const fr = env.lang === 'fr';
    const al = nameOf(ALIGNMENT_NAMES, e.alignment, env.lang);
    const who = e.legend ? (fr ? 'figure légendaire' : 'a legendary figure') : e.placedBy ? (fr ? `héros placé par ${e.placedBy}` : `a hero placed by ${e.placedBy}`) : (fr ? 'héros d’une partie passée' : 'a hero of a past game');
    const [, Il, , He, his] = P(e.sex);
    const item = e.item ? (fr ? ` ${Il} porte ${itemPhrase(e.item, 'fr')}.` : ` ${He} carries ${itemPhrase(e.item, 'en')}.`) : '';
    const d = e.description[env.lang];
    const st = e.story[env.lang];
    const n = e.actions;
    return fr
      ? `${e.name} descend du Valhalla (${who}, ${al}) et paraît aux côtés ${deFr(env.character(e.king))}.${item}${d ? ` ${d}` : ''}${st ? ` ${st}` : ''} Vous dirigez ses actions : ${n} action${n > 1 ? 's' : ''} cette année, une de plus tous les ${e.every} ans ; ${P(e.sex)[0]} repart dans ${e.stay} ans.`
      : `${e.name} comes down from Valhalla (${who}, ${al}) and appears beside ${env.character(e.king)}.${item}${d ? ` ${d}` : ''}${st ? ` ${st}` : ''} You direct ${his} actions: ${n} action${n > 1 ? 's' : ''} this year, one more every ${e.every} years; ${P(e.sex)[2]} leaves in ${e.stay} years.`;
  },
  'valhalla-departs': (e, env) => (env.lang === 'fr'
    ? `${e.name} ${e.alive ? 'retourne au Valhalla' : `est ${e.sex === 'F' ? 'emportée' : 'emporté'} au Valhalla`} ; l’objet qu’${P(e.sex)[0]} avait apporté part avec ${e.sex === 'F' ? 'elle' : 'lui'}.`
    : `${e.name} ${e.alive ? 'goes back to Valhalla' : 'is carried back to Valhalla'}; the item ${P(e.sex)[2]} brought leaves with ${P(e.sex)[5]}.`),
};

export const MESSAGES: MessageTable = Object.fromEntries(
  Object.entries(RENDER).map(([k, r]) => [k, (e: AKEvent, env: RenderEnv) => (r as (x: ValhallaEvent, env: RenderEnv) => string)(as(e), env)]),
);

/** Sample events (the report test renders each kind in both languages), for kingdom 1 of the report fixture. */
export const SAMPLES: Record<ValhallaEvent['t'], AKEvent[]> = {
  'valhalla-candidate': [
    { t: 'valhalla-candidate', phase: 6, to: [1], who: 1, name: 'Tilden', sex: 'M', vp: 20, winningKing: true, items: ['excalibur'], descriptionMax: 300, storyMax: 2000 },
    { t: 'valhalla-candidate', phase: 6, to: [1], who: 2, name: 'Mirna', sex: 'F', vp: 20, winningKing: false, items: [], descriptionMax: 300, storyMax: 2000 },
  ],
  'valhalla-entered': [
    { t: 'valhalla-entered', phase: 6, to: [1], who: 1, name: 'Tilden', kingdom: 1, item: 'excalibur', description: 'Un grand Roi.' },
    { t: 'valhalla-entered', phase: 6, to: [1], who: 1, name: 'Tilden', kingdom: 2, item: null, description: '' },
  ],
  'valhalla-declined': [{ t: 'valhalla-declined', phase: 6, to: [1], who: 2, name: 'Mirna', sex: 'F' }],
  'valhalla-visit': [
    { t: 'valhalla-visit', phase: 0, to: [1], who: 9, at: 305, name: 'Arthur', sex: 'M', king: 1, alignment: 'Good', description: { fr: 'Le Roi Arthur.', en: 'King Arthur.' }, story: { fr: 'Il revint.', en: 'He came back.' }, placedBy: null, legend: true, item: 'excalibur', actions: 1, every: 2, stay: 5 },
    { t: 'valhalla-visit', phase: 0, to: [1], who: 9, at: 305, name: 'Mirna', sex: 'F', king: 1, alignment: 'Evil', description: { fr: '', en: '' }, story: { fr: '', en: '' }, placedBy: 'alice', legend: false, item: null, actions: 1, every: 2, stay: 5 },
  ],
  'valhalla-departs': [
    { t: 'valhalla-departs', phase: 0, to: [1], who: 9, at: 305, name: 'Arthur', sex: 'M', alive: true },
    { t: 'valhalla-departs', phase: 0, to: [1], who: 9, at: 305, name: 'Mirna', sex: 'F', alive: false },
  ],
};

/** A hero of Valhalla in one line (the hall's pages): « Nain, Mauvais — une épée magique ». */
export function heroSummary(hero: Record<string, unknown>, lang: 'fr' | 'en'): string {
  const race = nameOf(RACE_SINGULAR, typeof hero.race === 'string' ? hero.race : '', lang);
  const al = nameOf(ALIGNMENT_NAMES, typeof hero.alignment === 'string' ? hero.alignment : '', lang);
  const kind = (hero.item as { kind?: unknown } | undefined)?.kind;
  const item = typeof kind === 'string' && ITEMS[kind] ? itemPhrase(kind, lang) : '';
  return `${[race, al].filter((x) => x).join(', ')}${item ? ` — ${item}` : ''}`;
}
