/**
 * Prose renderers of the world domain's events (see report/types.ts), in French and English:
 * exploration (what was found, the guardian's descriptor, the legend), sites found on entering
 * a province, experience, site events.
 */
import type { AKEvent } from '../events.ts';
import type { CharCode, SiteKnowledge } from '../state.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import { legendText } from './items.ts';
import { describeMonster } from './monsters.ts';
import { siteTitle } from './names.ts';
import { atPlace, variant, deFr, aFr, capital } from '../report/names.ts';

type FoundSite = SiteKnowledge & { id: number };

/** "Il"/"Elle", "He"/"She", "son"/"sa"… from the character's sex (own characters are known to their kingdom). */
export function pronoun(env: RenderEnv, id: number): { subj: string; poss: string } {
  const female = env.s.characters[id]?.sex === 'F';
  return env.lang === 'fr' ? { subj: female ? 'Elle' : 'Il', poss: 'Son' } : { subj: female ? 'She' : 'He', poss: female ? 'Her' : 'His' };
}

export const CHAR_NAMES: Record<CharCode, { fr: string; en: string }> = {
  Ta: { fr: 'Tactique', en: 'Tactics' }, Ma: { fr: 'Marche forcée', en: 'Forced March' }, Na: { fr: 'Marine', en: 'Naval' },
  Ar: { fr: "Tir à l’arc", en: 'Archery' }, Me: { fr: 'Mêlée', en: 'Melee' }, Wh: { fr: 'Magie blanche', en: 'White Magic' },
  Ps: { fr: 'Magie psychique', en: 'Psychic Magic' }, Il: { fr: 'Illusionnisme', en: 'Illusion' }, El: { fr: 'Magie élémentaire', en: 'Elemental Magic' },
  Ne: { fr: 'Nécromancie', en: 'Necromancy' }, Sa: { fr: 'Sagesse', en: 'Sage' }, Dr: { fr: 'Druidisme', en: 'Druid' },
  Sp: { fr: 'Espionnage', en: 'Spy' }, Ex: { fr: 'Exploration', en: 'Explorer' }, Th: { fr: 'Vol', en: 'Thief' },
};

/** One found site in a sentence: "la Tour de Kharzul (site 12), gardée par un grand Troll ; la légende parle d’Excalibur". */
export function describeSite(s: FoundSite, env: RenderEnv): string {
  const fr = env.lang === 'fr';
  const title = `${siteTitle(s.type, s.name, env.lang)} (site ${s.id})`;
  const guard = s.monster
    ? fr ? `${s.type === 'underground' ? 'gardés' : /^(les )/i.test(siteTitle(s.type, s.name, 'fr')) ? 'gardées' : /^la /i.test(siteTitle(s.type, s.name, 'fr')) ? 'gardée' : 'gardé'} par ${describeMonster(s.monster, s.descriptor, 'fr')}`
      : `guarded by ${describeMonster(s.monster, s.descriptor, 'en')}`
    : fr ? 'que plus rien ne garde' : 'no longer guarded';
  return `${title}, ${guard}${fr ? ' ; ' : '; '}${legendText(s.legend, env.lang)}`;
}

function sitesSentence(sites: FoundSite[], env: RenderEnv, subject: string): string {
  if (sites.length === 0) return '';
  const list = sites.map((x) => describeSite(x, env));
  if (env.lang === 'fr') return ` ${subject} découvrit ${list.join(', puis ')}.`;
  return ` ${subject} discovered ${list.join(', then ')}.`;
}

function explore(e: AKEvent, env: RenderEnv): string {
  const who = env.character(e.who as number);
  const where = env.province(e.at as number);
  const fr = env.lang === 'fr';
  const sites = (e.sites as FoundSite[]) ?? [];
  const before = e.before as number, pct = e.pct as number;
  let out: string;
  if (fr) {
    out = pct > before
      ? `${capital(who)} explora ${where} : le royaume en connaît désormais ${pct} % (contre ${before} %).`
      : `${capital(who)} parcourut une fois encore ${where}, qui n’avait plus guère de secrets (${pct} %).`;
    out += sitesSentence(sites, env, pronoun(env, e.who as number).subj);
    // Rng-free variants (G-98), so that a kingdom's explorers do not all write the same sentence.
    const vk = variant(3, e.who as number, e.at as number, env.s.turn, e.phase);
    if (sites.length === 0 && pct > before) out += [' Aucun lieu remarquable ne se révéla.', ' Nul lieu d’aventure ne s’y révéla.', ' Aucune ruine, aucun antre ne s’offrit à la vue.'][vk];
    if (typeof e.exactTax === 'number') out += [` La province rapporte exactement ${e.exactTax} écu${(e.exactTax as number) > 1 ? 's' : ''} par an.`, ` On sait désormais ce qu’elle rapporte : ${e.exactTax} écu${(e.exactTax as number) > 1 ? 's' : ''} par an.`, ` Ses impôts valent exactement ${e.exactTax} écu${(e.exactTax as number) > 1 ? 's' : ''} par an.`][vk];
    const f = e.fallen as number;
    out += f > 0 ? ` Sur un ancien champ de bataille gisent les restes ${f > 1 ? `${deFr(f)} armées tombées` : 'd’une armée tombée'} jadis.` : '';
    return out;
  }
  out = pct > before
    ? `${capital(who)} explored ${where}: the kingdom now knows ${pct}% of it (up from ${before}%).`
    : `${capital(who)} roamed ${where} once more, a land with few secrets left (${pct}%).`;
  out += sitesSentence(sites, env, pronoun(env, e.who as number).subj);
  const vk = variant(3, e.who as number, e.at as number, env.s.turn, e.phase);
  const ecu = `${e.exactTax} écu${(e.exactTax as number) === 1 ? '' : 's'}`;
  if (sites.length === 0 && pct > before) out += [' No remarkable place came to light.', ' No place of adventure revealed itself.', ' No ruin, no lair met the eye.'][vk];
  if (typeof e.exactTax === 'number') out += [` The province yields exactly ${ecu} a year.`, ` Its worth is now known: ${ecu} a year.`, ` Its taxes come to exactly ${ecu} a year.`][vk];
  const f = e.fallen as number;
  out += f > 0 ? ` On an ancient battlefield lie the remains of ${f > 1 ? `${f} fallen armies` : 'a fallen army'}.` : '';
  return out;
}

function enterSites(e: AKEvent, env: RenderEnv): string {
  const sites = (e.sites as FoundSite[]) ?? [];
  const where = env.province(e.at as number);
  const list = sites.map((x) => describeSite(x, env));
  return env.lang === 'fr'
    ? `En parcourant ${where}, vos gens repérèrent ${list.join(', puis ')}.`
    : `Travelling through ${where}, your people came upon ${list.join(', then ')}.`;
}

function experienceGain(e: AKEvent, env: RenderEnv): string {
  const who = env.character(e.who as number);
  const code = CHAR_NAMES[e.code as CharCode]?.[env.lang] ?? String(e.code);
  const apt = e.aptitudeUp ? (env.lang === 'fr' ? ' Son aptitude naturelle grandit aussi.' : ` ${pronoun(env, e.who as number).poss} natural aptitude grew as well.`) : '';
  return env.lang === 'fr'
    ? `L’expérience a profité ${aFr(who)} : son talent en ${code} monte au niveau ${e.level}.${apt}`
    : `Experience served ${who} well: ${code} rises to level ${e.level}.${apt}`;
}

function siteEvent(e: AKEvent, env: RenderEnv): string {
  const who = env.character(e.who as number);
  const fr = env.lang === 'fr';
  const place: Record<string, [string, string]> = {
    spring: ['Une source magique jaillissait là', 'A magic spring welled up there'],
    shrine: ['Un antique sanctuaire se dressait là', 'An ancient shrine stood there'],
    library: ['Une bibliothèque oubliée dormait là', 'A forgotten library slept there'],
    oracle: ['Un oracle y rendait ses arrêts', 'An oracle spoke there'],
    training: ["Une lice d’entraînement y était restée intacte", 'A training ground lay there intact'],
    portal: ['Un portail chatoyant y vibrait', 'A shimmering portal hummed there'],
  };
  const [pf, pe] = place[e.kind as string] ?? ['Un prodige se produisit', 'Something strange happened'];
  let out = fr ? `${pf}. ` : `${pe}. `;
  if (e.gain) out += fr ? `${capital(who)} en sortit grandi : +1 en ${CHAR_NAMES[e.gain as CharCode].fr}.` : `${capital(who)} came out stronger: +1 ${CHAR_NAMES[e.gain as CharCode].en}.`;
  else if (e.loss) out += fr ? `Une malédiction frappa ${who} : −1 en ${CHAR_NAMES[e.loss as CharCode].fr}.` : `A curse struck ${who}: −1 ${CHAR_NAMES[e.loss as CharCode].en}.`;
  else if (e.moved !== undefined) out += fr ? `${capital(who)} fut happé et se retrouva ${atPlace(env.province(e.moved as number), 'fr')}.` : `${capital(who)} was swept away and came out ${atPlace(env.province(e.moved as number), 'en')}.`;
  else if (e.oracle) out += fr ? `Il dévoila ${aFr(who)} les terres alentour.` : `It showed ${who} the lands around.`;
  else out += fr ? `Rien n’arriva ${aFr(who)}.` : `Nothing happened to ${who}.`;
  return out;
}

export const MESSAGES: MessageTable = {
  explore,
  'enter-sites': enterSites,
  'experience-gain': experienceGain,
  'site-event': siteEvent,
};
