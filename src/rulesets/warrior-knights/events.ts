/**
 * Typed events of Warrior Knights (style §4): a closed union, each rendered in French and English
 * from one table (`MSG`) keyed by the event's type, so a new kind does not compile until it has
 * both languages. Names are given as the table shows them (barons by name, cities by name,
 * regions by their map reference). Every event here is public (§9.1 item 8: reveals and non-battle
 * Fate draws are broadcast); private events will get their audience when combat lands.
 */
import { fill } from '../../engine/localize.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { city } from './board.ts';
import { baronData, noble, type BaronId } from './barons.ts';
import { actionCard, BARON_CARD_TYPES, DESTINATION_NAMES, NEUTRAL_CARD_TYPES, ZONE_NAMES, type Destination, type ExpeditionResult, type Zone } from './cards.ts';

export type SpecialPhase = 'taxation' | 'wages' | 'assembly' | 'draft';

export type WkEvent =
  | { t: 'city-razed'; city: string; fate: string }
  | { t: 'fate-fizzled'; need: 'kingdom-city' | 'baron' }
  | { t: 'chairman'; baron: BaronId }
  | { t: 'church'; baron: BaronId }
  | { t: 'troops-revealed'; baron: BaronId; men: number }
  | { t: 'stronghold-placed'; baron: BaronId; region: string }
  | { t: 'noble-placed'; baron: BaronId; noble: string; region: string }
  | { t: 'planning-closed'; turn: number; cards: number[] }
  | { t: 'card-revealed'; card: string; pile: number }
  | { t: 'declined'; card: string }
  | { t: 'crowns'; baron: BaronId; amount: number }
  | { t: 'votes'; baron: BaronId; amount: number }
  | { t: 'faith'; baron: BaronId; amount: number }
  | { t: 'discarded'; card: string; zone: Zone }
  | { t: 'to-hand'; card: string }
  | { t: 'triggered'; phase: SpecialPhase }
  | { t: 'expedition'; destination: Destination; result: ExpeditionResult }
  | { t: 'military-victory'; baron: BaronId }
  | { t: 'noble-died'; noble: string }
  | { t: 'influence'; baron: BaronId; amount: number }
  | { t: 'revolt'; city: string; baron: BaronId; outcome: 'lose' | 'faith' | 'crowns' };

const PHASE_NAMES: Record<SpecialPhase, Localized> = {
  taxation: { fr: 'les Impôts', en: 'Taxation' },
  wages: { fr: 'les Soldes', en: 'Wages' },
  assembly: { fr: 'l’Assemblée', en: 'the Assembly' },
  draft: { fr: 'le Recrutement de mercenaires', en: 'the Mercenary Draft' },
};

/** "1 crown", "3 crowns": the number agreed with its noun in each language. */
const count = (n: number, one: Localized, many: Localized): Localized => fill({ fr: '{n} {w}', en: '{n} {w}' }, { n, w: n === 1 ? one : many });
const who = (b: BaronId): string => baronData(b).name;
export function cardName(id: string): Localized {
  const c = actionCard(id);
  return c.neutral ? NEUTRAL_CARD_TYPES[c.type].name : BARON_CARD_TYPES[c.type].name;
}

type Msg<K extends WkEvent['t']> = (e: Extract<WkEvent, { t: K }>) => Localized;
const MSG: { [K in WkEvent['t']]: Msg<K> } = {
  'city-razed': (e) => fill({ fr: 'La Destinée rase {city}.', en: 'Fate razes {city}.' }, { city: city(e.city).name }),
  'fate-fizzled': () => ({ fr: 'Aucune carte de Destinée ne convient : l’effet est sans suite.', en: 'No Fate card fits: the effect fizzles.' }),
  chairman: (e) => fill({ fr: '{b} préside l’Assemblée.', en: '{b} chairs the Assembly.' }, { b: who(e.baron) }),
  church: (e) => fill({ fr: '{b} a le soutien de l’Église.', en: '{b} has the Church’s support.' }, { b: who(e.baron) }),
  'troops-revealed': (e) => fill({ fr: '{b} a réparti ses {men} hommes.', en: '{b} has assigned his {men} men.' }, { b: who(e.baron), men: e.men }),
  'stronghold-placed': (e) => fill({ fr: '{b} bâtit sa forteresse en {r}.', en: '{b} builds his stronghold in {r}.' }, { b: who(e.baron), r: e.region }),
  'noble-placed': (e) => fill({ fr: '{b} place {n} en {r}.', en: '{b} places {n} in {r}.' }, { b: who(e.baron), n: noble(e.noble).name, r: e.region }),
  'planning-closed': (e) => fill({ fr: 'Tour {turn} : les piles comptent {a}, {b} et {c} cartes.', en: 'Turn {turn}: the piles hold {a}, {b} and {c} cards.' }, { turn: e.turn, a: e.cards[0] ?? 0, b: e.cards[1] ?? 0, c: e.cards[2] ?? 0 }),
  'card-revealed': (e) => fill({ fr: 'Pile {p} : {card}.', en: 'Pile {p}: {card}.' }, { p: e.pile + 1, card: cardName(e.card) }),
  declined: (e) => fill({ fr: 'L’action de {card} n’est pas jouée.', en: 'The action of {card} is not taken.' }, { card: cardName(e.card) }),
  crowns: (e) => fill({ fr: '{b} reçoit {n}.', en: '{b} receives {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'couronne', en: 'crown' }, { fr: 'couronnes', en: 'crowns' }) }),
  votes: (e) => fill({ fr: '{b} reçoit {n}.', en: '{b} receives {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'voix', en: 'vote' }, { fr: 'voix', en: 'votes' }) }),
  faith: (e) => fill({ fr: '{b} reçoit {n}.', en: '{b} receives {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'point de Foi', en: 'Faith' }, { fr: 'points de Foi', en: 'Faith' }) }),
  discarded: (e) => fill({ fr: '{card} va dans la zone {z}.', en: '{card} goes to the {z} zone.' }, { card: cardName(e.card), z: ZONE_NAMES[e.zone] }),
  'to-hand': (e) => fill({ fr: '{card} revient dans la main de son baron.', en: '{card} returns to its baron’s hand.' }, { card: cardName(e.card) }),
  expedition: (e) => fill(
    e.result === 'no-news' ? { fr: 'Pas de nouvelles de l’expédition vers {d}.', en: 'No news of the expedition to {d}.' }
      : e.result === 'lost' ? { fr: 'L’expédition vers {d} est perdue en mer.', en: 'The expedition to {d} is lost at sea.' }
        : { fr: 'L’expédition vers {d} revient : mises × {x}.', en: 'The expedition to {d} returns: stakes × {x}.' },
    { d: DESTINATION_NAMES[e.destination], x: typeof e.result === 'number' ? e.result : 0 }),
  'military-victory': (e) => fill({ fr: '{b} tient plus de la moitié des cités du royaume et s’empare du trône.', en: '{b} holds more than half of the Kingdom’s cities and seizes the throne.' }, { b: who(e.baron) }),
  'noble-died': (e) => fill({ fr: '{n} est mort.', en: '{n} is dead.' }, { n: noble(e.noble).name }),
  influence: (e) => fill({ fr: '{b} gagne {n}.', en: '{b} gains {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'point d’Influence', en: 'Influence' }, { fr: 'points d’Influence', en: 'Influence' }) }),
  revolt: (e) => fill(
    e.outcome === 'lose' ? { fr: '{c} se révolte : {b} en perd le contrôle.', en: '{c} revolts: {b} loses control of it.' }
      : e.outcome === 'faith' ? { fr: '{c} se révolte : {b} l’apaise par sa Foi.', en: '{c} revolts: {b} calms it with Faith.' }
        : { fr: '{c} se révolte : {b} l’apaise en couronnes.', en: '{c} revolts: {b} buys it off in crowns.' },
    { c: city(e.city).name, b: who(e.baron) }),
  triggered: (e) => (e.phase === 'draft'
    ? { fr: 'La piste des mercenaires est pleine : place au Recrutement de mercenaires.', en: 'The Mercenary track is full: the Mercenary Draft now.' }
    : fill({ fr: 'La zone est pleine : place à {p}.', en: 'The zone is full: {p} now.' }, { p: PHASE_NAMES[e.phase] })),
};

export function renderEvent(e: WkEvent, lang: Lang): string {
  return (MSG[e.t] as Msg<typeof e.t>)(e as never)[lang];
}
