/**
 * The report lines of Fief's free actions (free.ts events), French and English side by side (style
 * §4), each written for one reader: an offer and its answer are told to its two players only
 * (§11.6); a gift or a trade is public, but the cards that change hands are named only to the two
 * players (the others learn how many), and with option A.5 (hidden money) the others learn no sum;
 * an annulment request is told to the spouses' players and the pope's; the pope's acts, releases,
 * annulments and relics are public (§4.0, §5.11, A.1).
 */
import { fill as fillL } from '../../engine/localize.ts';
import type { Lang, Localized, PlayerId } from '../../engine/ruleset.ts';
import { BOARD } from './board.ts';
import { RELICS } from './cards.ts';
import { goodsText, type FreeEvent } from './free.ts';
import { lordName, playerName, villageName } from './report.ts';
import type { FiefState } from './state.ts';

const T = {
  gift: { fr: '{from} donne à {to} : {goods}.', en: '{from} gives {to}: {goods}.' },
  embassy: { fr: ' (un jeton Ambassade dépensé)', en: ' (one Embassy token spent)' },
  offerMade: { fr: 'Offre n° {id} de {from} à {to} — offert : {give} ; demandé : {get}.', en: 'Offer #{id} from {from} to {to} — offered: {give}; asked: {get}.' },
  trade: { fr: 'Échange entre {from} et {to} — de {from} : {give} ; de {to} : {got}.', en: 'Trade between {from} and {to} — from {from}: {give}; from {to}: {got}.' },
  declined: { fr: 'Offre n° {id} de {from} : refusée par {to}.', en: 'Offer #{id} from {from}: declined by {to}.' },
  withdrawn: { fr: 'Offre n° {id} de {from} à {to} : retirée.', en: 'Offer #{id} from {from} to {to}: withdrawn.' },
  unfunded: { fr: 'Offre n° {id} de {from} à {to} : retirée, car vous n’avez plus les écus offerts.', en: 'Offer #{id} from {from} to {to}: withdrawn, as you no longer have the ecus offered.' },
  lapsed: { fr: 'Offre n° {id} de {from} à {to} : tombée sans réponse.', en: 'Offer #{id} from {from} to {to}: lapsed without an answer.' },
  released: { fr: '{jailer} libère {lord}{where}.', en: '{jailer} releases {lord}{where}.' },
  releasedAt: { fr: ', placé à {village}', en: ', placed at {village}' },
  releasedWaits: { fr: ', libre à {village} : aucun village n’est libre, ceux qui les tiennent diront s’ils l’accueillent', en: ', free at {village}: no village is free, those who hold them will say whether they host him' },
  excommunicated: { fr: 'Le pape ({who}) excommunie {lord}.', en: 'The pope ({who}) excommunicates {lord}.' },
  lifted: { fr: 'Le pape ({who}) lève l’excommunication de {lord}.', en: 'The pope ({who}) lifts {lord}’s excommunication.' },
  annulAsked: { fr: '{who} demande au pape l’annulation du mariage de {a} et {b}.', en: '{who} asks the pope to annul the marriage of {a} and {b}.' },
  annulled: { fr: 'Le pape annule le mariage de {a} et {b} : leur alliance prend fin.', en: 'The pope annuls the marriage of {a} and {b}: their alliance ends.' },
  annulRefused: { fr: 'Le pape refuse d’annuler le mariage de {a} et {b}.', en: 'The pope refuses to annul the marriage of {a} and {b}.' },
  annulLapsed: { fr: 'La demande d’annulation du mariage de {a} et {b} est tombée sans réponse (refus).', en: 'The request to annul the marriage of {a} and {b} lapsed without an answer (refused).' },
  recovered: { fr: '{lord} recueille {relic}.', en: '{lord} recovers {relic}.' },
  taken: { fr: '{lord} ramasse {relic}.', en: '{lord} picks up {relic}.' },
  handed: { fr: '{from} confie {relic} à {lord}.', en: '{from} hands {relic} over to {lord}.' },
  titlePassed: { fr: '{from} transmet le titre de {title} à {to}.', en: '{from} passes the title of {title} to {to}.' },
  siegeEnded: { fr: '{who} lève le siège de {village}.', en: '{who} lifts the siege of {village}.' },
  toothFamily: { fr: 'Vous porterez la Dent de saint Géronce au secours de tout seigneur de votre famille qui mourra.', en: 'You will use the Tooth of St Géronce for any lord of your family who dies.' },
  toothLords: { fr: 'Vous porterez la Dent de saint Géronce au secours de : {lords}.', en: 'You will use the Tooth of St Géronce for: {lords}.' },
  toothNone: { fr: 'Vous ne porterez la Dent de saint Géronce au secours de personne.', en: 'You will use the Tooth of St Géronce for nobody.' },
} satisfies Record<string, Localized>;

const fill = (t: Localized, lang: Lang, args: Record<string, string | number>): string => fillL(t, args)[lang];

/** Who may read a free event (null: everyone). */
export function audienceOf(s: FiefState, e: FreeEvent): PlayerId[] | null {
  switch (e.t) {
    case 'offer-made': case 'offer-closed': return [e.offer.from, e.offer.to];
    case 'tooth-standing': return [e.player]; // his standing answer is his own (view.ts)
    case 'annul-asked': case 'annul-refused': {
      const owners = [e.request.requester, s.lords[e.request.lord]?.owner, s.lords[e.spouse]?.owner, e.pope].filter((p): p is PlayerId => !!p);
      return [...new Set(owners)];
    }
    default: return null;
  }
}

/** One free event's sentence for `me`, or null when it is not his to read. */
export function freeSentence(s: FiefState, e: FreeEvent, me: PlayerId, lang: Lang): string | null {
  const aud = audienceOf(s, e);
  if (aud && !aud.includes(me)) return null;
  const who = (p: PlayerId) => playerName(s, p, me, lang);
  switch (e.t) {
    case 'gift': { const party = me === e.from || me === e.to; return fill(T.gift, lang, { from: who(e.from), to: who(e.to), goods: goodsText(s, e.goods, lang, party) }) + (e.embassy ? T.embassy[lang] : ''); }
    case 'offer-made': return fill(T.offerMade, lang, { id: e.offer.id, from: who(e.offer.from), to: who(e.offer.to), give: goodsText(s, e.offer.give, lang, true), get: goodsText(s, e.offer.get, lang, true) });
    case 'trade': { const party = me === e.offer.from || me === e.offer.to; return fill(T.trade, lang, { from: who(e.offer.from), to: who(e.offer.to), give: goodsText(s, e.offer.give, lang, party), got: goodsText(s, e.got, lang, party) }) + (e.embassy ? T.embassy[lang] : ''); }
    case 'offer-closed': return fill(e.unfunded && me === e.offer.from ? T.unfunded : T[e.how], lang, { id: e.offer.id, from: who(e.offer.from), to: who(e.offer.to) }); // A.5: the reason to the offerer alone
    case 'released': return fill(T.released, lang, { jailer: who(e.jailer), lord: lordName(s, e.lord), where: e.village ? fill(e.consent ? T.releasedWaits : T.releasedAt, lang, { village: villageName(e.village) }) : '' }); // #13 asked afterwards (flow.ts `placing`)
    case 'excommunicated': return fill(T.excommunicated, lang, { who: who(e.pope), lord: lordName(s, e.lord) });
    case 'lifted': return fill(T.lifted, lang, { who: who(e.pope), lord: lordName(s, e.lord) });
    case 'annul-asked': return fill(T.annulAsked, lang, { who: who(e.request.requester), a: lordName(s, e.request.lord), b: lordName(s, e.spouse) });
    case 'annulled': return fill(T.annulled, lang, { a: lordName(s, e.request.lord), b: lordName(s, e.spouse) });
    case 'annul-refused': return fill(e.how === 'refused' ? T.annulRefused : T.annulLapsed, lang, { a: lordName(s, e.request.lord), b: lordName(s, e.spouse) });
    case 'relic': return fill(T[e.how], lang, { lord: lordName(s, e.lord), relic: RELICS[e.relic].name[lang], from: e.from ? lordName(s, e.from) : '' });
    case 'title-passed': return fill(T.titlePassed, lang, { from: lordName(s, e.from), to: lordName(s, e.to), title: BOARD.fiefs[e.title.slice(5)]?.name ?? e.title });
    case 'siege-ended': return fill(T.siegeEnded, lang, { who: who(e.besieger), village: villageName(e.village) });
    case 'tooth-standing': return e.answer === 'own-family' ? T.toothFamily[lang] : e.answer?.length ? fill(T.toothLords, lang, { lords: e.answer.map((l) => lordName(s, l)).join(', ') }) : T.toothNone[lang];
  }
}

/** The free events' lines for `me` (Markdown list items), in order. */
export function freeLines(s: FiefState, events: readonly FreeEvent[], me: PlayerId, lang: Lang): string[] {
  return events.map((e) => freeSentence(s, e, me, lang)).filter((x): x is string => x !== null);
}
