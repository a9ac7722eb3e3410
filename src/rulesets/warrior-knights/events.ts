/**
 * Typed events of Warrior Knights (style §4): a closed union, each rendered in French and English
 * from one table (`MSG`) keyed by the event's type, so a new kind does not compile until it has
 * both languages. Names are given as the table shows them (barons by name, cities by name,
 * regions by their map reference). Every event here is public (§9.1 item 8: reveals and non-battle
 * Fate draws are broadcast). A combat's private draws never become events: they wait in
 * `secret.combatDraws` (the drawing side sees them through view.ts), and only their number and,
 * at the reveal, the kept cards are told (§9.3).
 */
import { fill } from '../../engine/localize.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { city } from './board.ts';
import { baronData, noble, type BaronId, type Who } from './barons.ts';
import { actionCard, BARON_CARD_TYPES, DESTINATION_NAMES, fate, mercenary, NATION_NAMES, NEUTRAL_CARD_TYPES, ZONE_NAMES, type Destination, type ExpeditionResult, type Nation, type Zone } from './cards.ts';
import { eventCard, isEventCard } from './event-cards.ts';
import { proposalCard } from './proposal-cards.ts';
import { HOUSE_LAW_NOTE, quoted } from './house-law-words.ts';

/** The works a side defends in an assault or a siege (§6.7–§6.9): a city or a baron's stronghold (used by state.ts too). */
export type Works = { kind: 'city'; city: string } | { kind: 'stronghold'; baron: BaronId };

export type SpecialPhase = 'taxation' | 'wages' | 'assembly' | 'draft';

export type WkEvent =
  | { t: 'city-razed'; city: string; fate: string }
  | { t: 'fate-fizzled'; need: 'kingdom-city' | 'baron' | 'city' | 'noble' | 'nation' }
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
  // The Mercenary Draft (§4.9, rules/draft.ts): each shield's pick, as it is taken
  | { t: 'recruited'; baron: BaronId; cards: string[]; wages: number }
  | { t: 'draft-pass'; baron: BaronId }
  | { t: 'revolt'; city: string; baron: BaronId; outcome: 'lose' | 'faith' | 'crowns' }
  // Combat (§6.5–§6.11, rules/engage.ts, battle.ts, siege.ts, aftermath.ts). Each side's draw is
  // told by its number only; the cards are named when they are revealed (§9.3).
  | { t: 'combat-engaged'; attacker: BaronId; defender: BaronId | null; region: string; kind: 'battle' | 'assault' | 'siege'; works: Works | null }
  | { t: 'commander'; noble: string }
  | { t: 'fate-drawn'; baron: BaronId | null; cards: number; kept: number }
  | { t: 'fate-revealed'; baron: BaronId | null; cards: string[] }
  | { t: 'casualties'; noble: string; tokens: number }
  | { t: 'breaches'; works: Works; breaches: number }
  | { t: 'garrison-casualties'; baron: BaronId; tokens: number }
  | { t: 'battle-result'; attacker: BaronId; result: 'total' | 'partial' | 'draw' | 'partial-defeat' | 'total-defeat' | 'skipped'; mine: number; theirs: number }
  | { t: 'retreat'; noble: string; region: string | null }
  | { t: 'desertion'; noble: string; card: string }
  | { t: 'siege-started'; baron: BaronId; works: Works }
  | { t: 'siege-lifted'; works: Works }
  | { t: 'captured'; baron: BaronId; works: Works; how: 'control' | 'raze' | 'stronghold' }
  | { t: 'ransom'; baron: BaronId; from: BaronId; crowns: number; city: string | null }
  // Events and their effects (§4.7; rules/major-event.ts, rules/effects.ts)
  | { t: 'no-event' }
  | { t: 'event-drawn'; card: string; baron: BaronId }
  | { t: 'event-cancelled'; card: string; paid: Partial<Record<BaronId, number>> }
  /** §9.2 #20: the affected baron's choice for the card. */
  | { t: 'event-choice'; card: string; baron: BaronId; city: string }
  | { t: 'fate-picked'; what: 'city' | 'noble' | 'baron' | 'nation'; id: string }
  | { t: 'loses'; baron: BaronId; what: 'crowns' | 'votes' | 'faith'; amount: number }
  | { t: 'city-neutral'; city: string }
  | { t: 'fortified'; city: string }
  | { t: 'healed'; baron: BaronId }
  | { t: 'no-heir'; noble: string }
  | { t: 'deserted'; cards: number }
  | { t: 'readied'; baron: BaronId }
  | { t: 'exhausted'; baron: BaronId }
  | { t: 'pardoned'; baron: BaronId }
  | { t: 'banished'; baron: BaronId }
  | { t: 'manual'; card: string }
  // The Assembly (§5; rules/assembly.ts) and the Laws at Taxation (§4.5)
  | { t: 'assembly-opened' }
  | { t: 'assembly-closed' }
  | { t: 'no-attendance' }
  | { t: 'adjourned' }
  | { t: 'acting-chairman'; baron: BaronId }
  | { t: 'personal-motion'; card: string; baron: BaronId | null; choice: 'withdraw' | 'pardon' | 'repeal' | 'adjourn' | 'resubmit' | 'free-law'; /** the free law put to the vote (house-laws.ts) */ text?: string }
  | { t: 'proposal-read'; card: string }
  | { t: 'commitments'; card: string; amounts: Partial<Record<BaronId, number>> }
  | { t: 'declared'; card: string; baron: BaronId; choice: 'yes' | 'no' | BaronId | null; votes: number }
  | { t: 'vote-result'; card: string; result: 'yes' | 'no' | BaronId; tie: boolean }
  | { t: 'rejected'; card: string }
  | { t: 'law-adopted'; card: string }
  | { t: 'repealed'; card: string }
  // The "Free-form Personal Motions" variant (§7.4; house-laws.ts): the text quoted, never markup
  | { t: 'house-law-adopted'; id: string; text: string; baron: BaronId }
  | { t: 'house-law-repealed'; id: string; text: string }
  | { t: 'office-discarded'; card: string }
  | { t: 'refused'; card: string; baron: BaronId }
  | { t: 'title-given'; card: string; baron: BaronId }
  | { t: 'title-discarded'; card: string; baron: BaronId }
  | { t: 'office-given'; card: string; noble: string }
  | { t: 'agenda'; cards: string[] }
  | { t: 'law-levy'; card: string; baron: BaronId; amount: number }
  // Crowns given at any time (§4.13, §9.1 item 7, §9.2 #42; free.ts): public, like every baron's crowns (§9.4)
  | { t: 'crowns-given'; from: BaronId; to: BaronId; amount: number }
  // The "Heir exchange" variant (§7.4, §9.2 #43; heirs.ts): public [P]
  | { t: 'heir-offered'; id: number; from: BaronId; to: BaronId; give: string | null; giveCrowns: number; want: string | null; wantCrowns: number }
  | { t: 'heir-trade'; id: number; from: BaronId; to: BaronId }
  | { t: 'heir-declined'; id: number; from: BaronId; to: BaronId }
  | { t: 'heir-returned'; noble: string; from: BaronId; to: BaronId }
  | { t: 'heir-executed'; noble: string; by: BaronId }
  | { t: 'heir-offers-expired'; count: number }
  // The "Player elimination" variant (§7.4, [P G-A47]; rules/elimination.ts): public
  | { t: 'eliminated'; baron: BaronId; by: BaronId | null }
  | { t: 'last-standing'; baron: BaronId };

const PHASE_NAMES: Record<SpecialPhase, Localized> = {
  taxation: { fr: 'les Impôts', en: 'Taxation' },
  wages: { fr: 'les Soldes', en: 'Wages' },
  assembly: { fr: 'l’Assemblée', en: 'the Assembly' },
  draft: { fr: 'le Recrutement de mercenaires', en: 'the Mercenary Draft' },
};

/** One side of an heir offer: « l'héritier de X et 3 couronnes », "nothing". */
const tradeSide = (heir: string | null, crowns: number): Localized => {
  const parts: Localized[] = [];
  if (heir) parts.push(fill({ fr: 'l’héritier de {n}', en: 'the heir of {n}' }, { n: noble(heir).name }));
  if (crowns > 0) parts.push(count(crowns, RESOURCE.crowns[0], RESOURCE.crowns[1]));
  return parts.length ? fill({ fr: '{a}', en: '{a}' }, { a: list(parts) }) : { fr: 'rien', en: 'nothing' };
};
/** "1 crown", "3 crowns": the number agreed with its noun in each language. */
const fateBattle = (id: string): string => fate(id).battle;
const count = (n: number, one: Localized, many: Localized): Localized => fill({ fr: '{n} {w}', en: '{n} {w}' }, { n, w: n === 1 ? one : many });
/**
 * How the log names a baron: a function from his id to his name. The reports and the prompts pass
 * `baronName` over the game's seat names (the names the platform's pages give the players:
 * « En attente de : Aude », the log's timeouts); without them, the baron's own name (barons.ts).
 */
const builtIn: Who = (b) => baronData(b).name;
/** French « de » before a name, elided before a vowel (« la forteresse d’Aude », « de Bérenger »). */
const de = (name: string): string => (/^[aeiouyàâäéèêëîïôöûüœ]/i.test(name) ? `d’${name}` : `de ${name}`);
/** « de {name} » in French, the bare name in English (the templates say « of » or « ’s » themselves). */
const ofName = (name: string): Localized => ({ fr: de(name), en: name });
export function cardName(id: string): Localized {
  const c = actionCard(id);
  return c.neutral ? NEUTRAL_CARD_TYPES[c.type].name : BARON_CARD_TYPES[c.type].name;
}

/** A city by its name; a stronghold as « la forteresse de … » (the works of §6.7–§6.9). */
const worksName = (w: Works, who: Who): Localized => (w.kind === 'city' ? city(w.city).name : fill({ fr: 'la forteresse {b}', en: 'the stronghold of {b}' }, { b: ofName(who(w.baron)) }));
/** The same, opening a sentence. */
const WorksName = (w: Works, who: Who): Localized => { const n = worksName(w, who); return { fr: n.fr.charAt(0).toUpperCase() + n.fr.slice(1), en: n.en.charAt(0).toUpperCase() + n.en.slice(1) }; };
const sideName = (b: BaronId | null, who: Who): Localized => (b ? { fr: who(b), en: who(b) } : { fr: 'La cité neutre', en: 'The neutral city' });
const KIND_NAMES: Record<'battle' | 'assault' | 'siege', Localized> = {
  battle: { fr: 'livre bataille à', en: 'gives battle to' },
  assault: { fr: 'donne l’assaut à', en: 'assaults' },
  siege: { fr: 'assiège', en: 'besieges' },
};
const RESULT_NAMES: Record<'total' | 'partial' | 'draw' | 'partial-defeat' | 'total-defeat' | 'skipped', Localized> = {
  total: { fr: 'victoire totale de l’attaquant', en: 'total victory for the attacker' },
  partial: { fr: 'victoire partielle de l’attaquant', en: 'partial victory for the attacker' },
  draw: { fr: 'match nul', en: 'a draw' },
  'partial-defeat': { fr: 'victoire partielle du défenseur', en: 'partial victory for the defender' },
  'total-defeat': { fr: 'victoire totale du défenseur', en: 'total victory for the defender' },
  skipped: { fr: 'un camp n’a plus de combattant', en: 'one side has no fighter left' },
};
/** A Fate card's battle value (§6.6), as the reports and the guided forms name it. */
export const BATTLE_VALUE: Record<string, Localized> = {
  inflict: { fr: 'Infliger 100', en: 'Inflict 100' }, avoid: { fr: 'Éviter 100', en: 'Avoid 100' },
  victory: { fr: '+1 victoire', en: '+1 victory' }, draw: { fr: 'Tirer une carte', en: 'Draw a card' }, none: { fr: 'rien', en: 'nothing' },
};
/** An Event or Proposal card's name. */
export const deckCardName = (id: string): Localized => (isEventCard(id) ? eventCard(id).name : proposalCard(id).name);
const choiceName = (c: 'yes' | 'no' | BaronId | null, who: Who): Localized =>
  c === null ? { fr: '—', en: '—' } : c === 'yes' ? { fr: 'Oui', en: 'Yes' } : c === 'no' ? { fr: 'Non', en: 'No' } : { fr: who(c), en: who(c) };
const RESOURCE: Record<'crowns' | 'votes' | 'faith', [Localized, Localized]> = {
  crowns: [{ fr: 'couronne', en: 'crown' }, { fr: 'couronnes', en: 'crowns' }],
  votes: [{ fr: 'voix', en: 'vote' }, { fr: 'voix', en: 'votes' }],
  faith: [{ fr: 'point de Foi', en: 'Faith' }, { fr: 'points de Foi', en: 'Faith' }],
};
const CHOICE_NAMES: Record<'withdraw' | 'pardon' | 'repeal' | 'adjourn' | 'resubmit' | 'free-law', Localized> = {
  withdraw: { fr: 'la retire', en: 'withdraws it' },
  pardon: { fr: 'propose une grâce', en: 'proposes a pardon' },
  repeal: { fr: 'propose une abrogation', en: 'proposes a repeal' },
  adjourn: { fr: 'propose d’ajourner l’Assemblée', en: 'proposes to adjourn the Assembly' },
  resubmit: { fr: 'représente une proposition de la défausse', en: 'brings back a proposal from the discard pile' },
  'free-law': { fr: 'propose une loi libre', en: 'proposes a free law' },
};
const pickedName = (what: 'city' | 'noble' | 'baron' | 'nation', id: string, who: Who): Localized =>
  what === 'city' ? city(id).name : what === 'noble' ? { fr: noble(id).name, en: noble(id).name } : what === 'baron' ? { fr: who(id as BaronId), en: who(id as BaronId) } : NATION_NAMES[id as Nation];
const list = (xs: Localized[]): Localized => ({ fr: xs.map((x) => x.fr).join(', '), en: xs.map((x) => x.en).join(', ') });

type Msg<K extends WkEvent['t']> = (e: Extract<WkEvent, { t: K }>, who: Who) => Localized;
const MSG: { [K in WkEvent['t']]: Msg<K> } = {
  'city-razed': (e, who) => fill({ fr: 'La Destinée rase {city}.', en: 'Fate razes {city}.' }, { city: city(e.city).name }),
  'fate-fizzled': () => ({ fr: 'Aucune carte de Destinée ne convient : l’effet est sans suite.', en: 'No Fate card fits: the effect fizzles.' }),
  chairman: (e, who) => fill({ fr: '{b} préside l’Assemblée.', en: '{b} chairs the Assembly.' }, { b: who(e.baron) }),
  church: (e, who) => fill({ fr: '{b} a le soutien de l’Église.', en: '{b} has the Church’s support.' }, { b: who(e.baron) }),
  'troops-revealed': (e, who) => fill({ fr: '{b} a réparti ses {men} hommes.', en: '{b} has assigned {men} men.' }, { b: who(e.baron), men: e.men }),
  'stronghold-placed': (e, who) => fill({ fr: '{b} bâtit sa forteresse en {r}.', en: '{b} builds a stronghold in {r}.' }, { b: who(e.baron), r: e.region }),
  'noble-placed': (e, who) => fill({ fr: '{b} place {n} en {r}.', en: '{b} places {n} in {r}.' }, { b: who(e.baron), n: noble(e.noble).name, r: e.region }),
  'planning-closed': (e, who) => fill({ fr: 'Tour {turn} : les piles comptent {a}, {b} et {c} cartes.', en: 'Turn {turn}: the piles hold {a}, {b} and {c} cards.' }, { turn: e.turn, a: e.cards[0] ?? 0, b: e.cards[1] ?? 0, c: e.cards[2] ?? 0 }),
  'card-revealed': (e, who) => fill({ fr: 'Pile {p} : {card}.', en: 'Pile {p}: {card}.' }, { p: e.pile + 1, card: cardName(e.card) }),
  declined: (e, who) => fill({ fr: 'L’action de {card} n’est pas jouée.', en: 'The action of {card} is not taken.' }, { card: cardName(e.card) }),
  crowns: (e, who) => fill({ fr: '{b} reçoit {n}.', en: '{b} receives {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'couronne', en: 'crown' }, { fr: 'couronnes', en: 'crowns' }) }),
  votes: (e, who) => fill({ fr: '{b} reçoit {n}.', en: '{b} receives {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'voix', en: 'vote' }, { fr: 'voix', en: 'votes' }) }),
  faith: (e, who) => fill({ fr: '{b} reçoit {n}.', en: '{b} receives {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'point de Foi', en: 'Faith' }, { fr: 'points de Foi', en: 'Faith' }) }),
  discarded: (e, who) => fill({ fr: '{card} va dans la zone {z}.', en: '{card} goes to the {z} zone.' }, { card: cardName(e.card), z: ZONE_NAMES[e.zone] }),
  'to-hand': (e, who) => fill({ fr: '{card} revient dans la main de son baron.', en: '{card} returns to its baron’s hand.' }, { card: cardName(e.card) }),
  expedition: (e, who) => fill(
    e.result === 'no-news' ? { fr: 'Pas de nouvelles de l’expédition vers {d}.', en: 'No news of the expedition to {d}.' }
      : e.result === 'lost' ? { fr: 'L’expédition vers {d} est perdue en mer.', en: 'The expedition to {d} is lost at sea.' }
        : { fr: 'L’expédition vers {d} revient : mises × {x}.', en: 'The expedition to {d} returns: stakes × {x}.' },
    { d: DESTINATION_NAMES[e.destination], x: typeof e.result === 'number' ? e.result : 0 }),
  'military-victory': (e, who) => fill({ fr: '{b} tient plus de la moitié des cités du royaume et s’empare du trône.', en: '{b} holds more than half of the Kingdom’s cities and seizes the throne.' }, { b: who(e.baron) }),
  'noble-died': (e, who) => fill({ fr: '{n} est mort.', en: '{n} is dead.' }, { n: noble(e.noble).name }),
  influence: (e, who) => fill({ fr: '{b} gagne {n}.', en: '{b} gains {n}.' }, { b: who(e.baron), n: count(e.amount, { fr: 'point d’Influence', en: 'Influence' }, { fr: 'points d’Influence', en: 'Influence' }) }),
  recruited: (e, who) => fill({ fr: '{b} recrute {c} et paie {w}.', en: '{b} recruits {c} and pays {w}.' }, {
    b: who(e.baron), w: count(e.wages, RESOURCE.crowns[0], RESOURCE.crowns[1]),
    c: list(e.cards.map((id) => fill({ fr: '{n} ({m})', en: '{n} ({m})' }, { n: NATION_NAMES[mercenary(id).nation], m: mercenary(id).strength }))),
  }),
  'draft-pass': (e, who) => fill({ fr: '{b} ne recrute pas.', en: '{b} recruits nobody.' }, { b: who(e.baron) }),
  revolt: (e, who) => fill(
    e.outcome === 'lose' ? { fr: '{c} se révolte : {b} en perd le contrôle.', en: '{c} revolts: {b} loses control of it.' }
      : e.outcome === 'faith' ? { fr: '{c} se révolte : {b} l’apaise par sa Foi.', en: '{c} revolts: {b} calms it with Faith.' }
        : { fr: '{c} se révolte : {b} l’apaise en couronnes.', en: '{c} revolts: {b} buys it off in crowns.' },
    { c: city(e.city).name, b: who(e.baron) }),
  'combat-engaged': (e, who) => fill({ fr: '{a} {k} {d} en {r}.', en: '{a} {k} {d} in {r}.' }, {
    a: who(e.attacker), k: KIND_NAMES[e.kind], r: e.region,
    d: e.works && (e.kind !== 'battle') ? worksName(e.works, who) : e.defender ? { fr: who(e.defender), en: who(e.defender) } : { fr: 'la cité neutre', en: 'the neutral city' },
  }),
  commander: (e, who) => fill({ fr: '{n} commande.', en: '{n} commands.' }, { n: noble(e.noble).name }),
  'fate-drawn': (e, who) => fill({ fr: '{s} tire {n} et en garde {k}.', en: '{s} draws {n} and keeps {k}.' }, {
    s: sideName(e.baron, who), k: e.kept,
    n: count(e.cards, { fr: 'carte de Destinée', en: 'Fate card' }, { fr: 'cartes de Destinée', en: 'Fate cards' }),
  }),
  'fate-revealed': (e, who) => fill({ fr: '{s} révèle : {c}.', en: '{s} reveals: {c}.' }, {
    s: sideName(e.baron, who),
    c: e.cards.length === 0 ? { fr: 'aucune carte', en: 'no card' } : { fr: e.cards.map((id) => BATTLE_VALUE[fateBattle(id)]!.fr).join(', '), en: e.cards.map((id) => BATTLE_VALUE[fateBattle(id)]!.en).join(', ') },
  }),
  casualties: (e, who) => fill({ fr: 'L’armée de {n} subit {t}.', en: 'The army of {n} suffers {t}.' }, { n: noble(e.noble).name, t: count(e.tokens, { fr: 'perte', en: 'casualty' }, { fr: 'pertes', en: 'casualties' }) }),
  breaches: (e, who) => fill({ fr: '{w} subit {b}.', en: '{w} suffers {b}.' }, { w: WorksName(e.works, who), b: count(e.breaches, { fr: 'brèche', en: 'breach' }, { fr: 'brèches', en: 'breaches' }) }),
  'garrison-casualties': (e, who) => fill({ fr: 'La garnison {b} subit {t}.', en: 'The garrison of {b} suffers {t}.' }, { b: ofName(who(e.baron)), t: count(e.tokens, { fr: 'perte', en: 'casualty' }, { fr: 'pertes', en: 'casualties' }) }),
  'battle-result': (e, who) => (e.result === 'skipped' ? fill({ fr: 'Pas de décompte des victoires : {r}.', en: 'No victory count: {r}.' }, { r: RESULT_NAMES.skipped })
    : fill({ fr: 'Victoires {m} contre {o} : {r}.', en: 'Victories {m} to {o}: {r}.' }, { m: e.mine, o: e.theirs, r: RESULT_NAMES[e.result] })),
  retreat: (e, who) => fill(e.region ? { fr: '{n} bat en retraite vers {r}.', en: '{n} retreats to {r}.' } : { fr: '{n} n’a nulle part où se retirer.', en: '{n} has nowhere to retreat.' }, { n: noble(e.noble).name, r: e.region ?? '' }),
  desertion: (e, who) => fill({ fr: 'Des mercenaires {nat} de {n} désertent ({m} hommes).', en: '{nat} mercenaries of {n} desert ({m} men).' }, { n: noble(e.noble).name, nat: { fr: NATION_NAMES[mercenary(e.card).nation].fr.toLowerCase(), en: NATION_NAMES[mercenary(e.card).nation].en }, m: mercenary(e.card).strength }),
  'siege-started': (e, who) => fill({ fr: '{b} met le siège devant {w}.', en: '{b} lays siege to {w}.' }, { b: who(e.baron), w: worksName(e.works, who) }),
  'siege-lifted': (e, who) => fill({ fr: 'Le siège de {w} est levé.', en: 'The siege of {w} is lifted.' }, { w: worksName(e.works, who) }),
  captured: (e, who) => fill(
    e.how === 'raze' ? { fr: '{b} prend {w} et la rase.', en: '{b} takes {w} and razes it.' }
      : e.how === 'stronghold' ? { fr: '{b} prend {w} : elle est rasée.', en: '{b} takes {w}: it is razed.' }
        : { fr: '{b} prend le contrôle de {w}.', en: '{b} takes control of {w}.' },
    { b: who(e.baron), w: worksName(e.works, who) }),
  ransom: (e, who) => fill(e.city ? { fr: '{f} paie rançon à {b} : {c} et {n}.', en: '{f} pays {b} a ransom: {c} and {n}.' } : { fr: '{f} paie rançon à {b} : {c}.', en: '{f} pays {b} a ransom: {c}.' }, {
    b: who(e.baron), f: who(e.from), n: e.city ? city(e.city).name : '',
    c: count(e.crowns, { fr: 'couronne', en: 'crown' }, { fr: 'couronnes', en: 'crowns' }),
  }),
  'no-event': () => ({ fr: 'Il n’y a plus de carte Événement.', en: 'There is no Event card left.' }),
  'event-drawn': (e, who) => fill({ fr: '{b} tire l’Événement {c}.', en: '{b} draws the Event {c}.' }, { b: who(e.baron), c: deckCardName(e.card) }),
  'event-cancelled': (e, who) => fill({ fr: '{c} est annulé par la Foi ({p}).', en: '{c} is cancelled by Faith ({p}).' }, { c: deckCardName(e.card), p: list(Object.entries(e.paid).map(([b, n]) => fill({ fr: '{b} : {n}', en: '{b}: {n}' }, { b: who(b as BaronId), n: n ?? 0 }))) }),
  'event-choice': (e, who) => fill({ fr: '{c} : {b} choisit {x}.', en: '{c}: {b} chooses {x}.' }, { c: deckCardName(e.card), b: who(e.baron), x: pickedName('city', e.city, who) }),
  'fate-picked': (e, who) => fill({ fr: 'La Destinée désigne {x}.', en: 'Fate names {x}.' }, { x: pickedName(e.what, e.id, who) }),
  loses: (e, who) => fill({ fr: '{b} perd {n}.', en: '{b} loses {n}.' }, { b: who(e.baron), n: count(e.amount, RESOURCE[e.what][0], RESOURCE[e.what][1]) }),
  'city-neutral': (e, who) => fill({ fr: '{c} redevient neutre.', en: '{c} turns neutral.' }, { c: city(e.city).name }),
  fortified: (e, who) => fill({ fr: '{c} est réparée et fortifiée.', en: '{c} is repaired and fortified.' }, { c: city(e.city).name }),
  healed: (e, who) => fill({ fr: 'Les armées {b} n’ont plus de pertes.', en: '{b}’s armies have no casualties left.' }, { b: ofName(who(e.baron)) }),
  'no-heir': (e, who) => fill({ fr: '{n} n’a plus d’héritier.', en: '{n} has no heir any more.' }, { n: noble(e.noble).name }),
  deserted: (e, who) => fill({ fr: 'Désertion : {k}.', en: 'Desertion: {k}.' }, { k: count(e.cards, { fr: 'carte de mercenaires', en: 'mercenary card' }, { fr: 'cartes de mercenaires', en: 'mercenary cards' }) }),
  readied: (e, who) => fill({ fr: 'Les nobles {b} sont frais et dispos.', en: '{b}’s nobles are ready.' }, { b: ofName(who(e.baron)) }),
  exhausted: (e, who) => fill({ fr: 'Les nobles {b} sont épuisés.', en: '{b}’s nobles are exhausted.' }, { b: ofName(who(e.baron)) }),
  pardoned: (e, who) => fill({ fr: '{b} est gracié.', en: '{b} is pardoned.' }, { b: who(e.baron) }),
  banished: (e, who) => fill({ fr: '{b} est banni de l’Assemblée.', en: '{b} is banished from the Assembly.' }, { b: who(e.baron) }),
  manual: (e, who) => fill({ fr: '{c} demande une décision de l’hôte.', en: '{c} needs the host’s decision.' }, { c: deckCardName(e.card) }),
  'assembly-opened': () => ({ fr: 'L’Assemblée se réunit.', en: 'The Assembly sits.' }),
  'assembly-closed': () => ({ fr: 'L’Assemblée se sépare.', en: 'The Assembly rises.' }),
  'no-attendance': () => ({ fr: 'Aucun baron ne siège : rien n’est voté.', en: 'No baron attends: nothing is voted.' }),
  adjourned: () => ({ fr: 'L’Assemblée est ajournée.', en: 'The Assembly is adjourned.' }),
  'acting-chairman': (e, who) => fill({ fr: '{b} préside cette Assemblée à la place du président.', en: '{b} chairs this Assembly in the Chairman’s place.' }, { b: who(e.baron) }),
  'personal-motion': (e, who) => (e.choice === 'free-law' && e.text !== undefined
    ? fill({ fr: '{c} : {b} {x} : {q} ({n}).', en: '{c}: {b} {x}: {q} ({n}).' }, { c: deckCardName(e.card), b: e.baron ? who(e.baron) : { fr: 'personne', en: 'nobody' }, x: CHOICE_NAMES[e.choice], q: quoted(e.text), n: HOUSE_LAW_NOTE })
    : fill({ fr: '{c} : {b} {x}.', en: '{c}: {b} {x}.' }, { c: deckCardName(e.card), b: e.baron ? who(e.baron) : { fr: 'personne', en: 'nobody' }, x: CHOICE_NAMES[e.choice] })),
  'proposal-read': (e, who) => fill({ fr: 'Proposition : {c}.', en: 'Proposal: {c}.' }, { c: deckCardName(e.card) }),
  commitments: (e, who) => fill({ fr: '{c} : voix engagées — {a}.', en: '{c}: votes committed — {a}.' }, { c: deckCardName(e.card), a: list(Object.entries(e.amounts).map(([b, n]) => fill({ fr: '{b} {n}', en: '{b} {n}' }, { b: who(b as BaronId), n: n ?? 0 }))) }),
  declared: (e, who) => fill(e.choice === null ? { fr: '{b} s’abstient ({n} perdues pour lui).', en: '{b} abstains ({n} lost).' } : { fr: '{b} met {n} sur {x}.', en: '{b} puts {n} on {x}.' }, { b: who(e.baron), n: count(e.votes, RESOURCE.votes[0], RESOURCE.votes[1]), x: choiceName(e.choice, who) }),
  'vote-result': (e, who) => fill(e.tie ? { fr: '{c} : égalité, le président tranche pour {x}.', en: '{c}: a tie, the Chairman decides for {x}.' } : { fr: '{c} : l’Assemblée choisit {x}.', en: '{c}: the Assembly chooses {x}.' }, { c: deckCardName(e.card), x: choiceName(e.result, who) }),
  rejected: (e, who) => fill({ fr: '{c} est rejetée.', en: '{c} is rejected.' }, { c: deckCardName(e.card) }),
  'law-adopted': (e, who) => fill({ fr: 'La loi {c} entre en vigueur.', en: 'The law {c} comes into force.' }, { c: deckCardName(e.card) }),
  repealed: (e, who) => fill({ fr: 'Abrogation : {c}.', en: 'Repealed: {c}.' }, { c: deckCardName(e.card) }),
  'house-law-adopted': (e, who) => fill({ fr: 'La loi libre n° {i} de {b} entre en vigueur : {q} ({n}).', en: '{b}’s free law #{i} comes into force: {q} ({n}).' }, { i: e.id.replace(/^house-/, ''), b: who(e.baron), q: quoted(e.text), n: HOUSE_LAW_NOTE }),
  'house-law-repealed': (e) => fill({ fr: 'Abrogation de la loi libre n° {i} : {q}.', en: 'Free law #{i} repealed: {q}.' }, { i: e.id.replace(/^house-/, ''), q: quoted(e.text) }),
  'office-discarded': (e, who) => fill({ fr: 'L’office {c} est défaussé.', en: 'The Office {c} is discarded.' }, { c: deckCardName(e.card) }),
  refused: (e, who) => fill({ fr: '{b} refuse {c}.', en: '{b} refuses {c}.' }, { b: who(e.baron), c: deckCardName(e.card) }),
  'title-given': (e, who) => fill({ fr: '{b} reçoit {c}.', en: '{b} receives {c}.' }, { b: who(e.baron), c: deckCardName(e.card) }),
  'title-discarded': (e, who) => fill({ fr: '{b} défausse {c}.', en: '{b} discards {c}.' }, { b: who(e.baron), c: deckCardName(e.card) }),
  'office-given': (e, who) => fill({ fr: '{n} reçoit l’office {c}.', en: '{n} receives the Office {c}.' }, { n: noble(e.noble).name, c: deckCardName(e.card) }),
  agenda: (e, who) => fill({ fr: 'Ordre du jour : {a}.', en: 'Agenda: {a}.' }, { a: list(e.cards.map(deckCardName)) }),
  'crowns-given': (e, who) => fill({ fr: '{a} donne {n} à {b}.', en: '{a} gives {b} {n}.' }, { a: who(e.from), b: who(e.to), n: count(e.amount, RESOURCE.crowns[0], RESOURCE.crowns[1]) }),
  'heir-offered': (e, who) => fill({ fr: 'Offre n° {i} de {a} à {b} : {g} contre {w}.', en: 'Offer #{i} from {a} to {b}: {g} for {w}.' }, { i: e.id, a: who(e.from), b: who(e.to), g: tradeSide(e.give, e.giveCrowns), w: tradeSide(e.want, e.wantCrowns) }),
  'heir-trade': (e, who) => fill({ fr: '{b} accepte l’offre n° {i} de {a} : l’échange est fait.', en: '{b} accepts offer #{i} from {a}: the exchange is made.' }, { i: e.id, a: who(e.from), b: who(e.to) }),
  'heir-declined': (e, who) => fill({ fr: '{b} refuse l’offre n° {i} de {a}.', en: '{b} declines offer #{i} from {a}.' }, { i: e.id, a: who(e.from), b: who(e.to) }),
  'heir-returned': (e, who) => fill({ fr: '{a} rend l’héritier de {n} à {b}.', en: '{a} gives the heir of {n} back to {b}.' }, { a: who(e.from), b: who(e.to), n: noble(e.noble).name }),
  'heir-executed': (e, who) => fill({ fr: '{a} fait exécuter l’héritier de {n} : sa lignée s’éteint.', en: '{a} has the heir of {n} executed: his line ends.' }, { a: who(e.by), n: noble(e.noble).name }),
  'heir-offers-expired': (e) => fill({ fr: 'Fin du tour : {k} sans réponse expire(nt).', en: 'End of the turn: {k} unanswered expire(s).' }, { k: count(e.count, { fr: 'offre d’héritiers', en: 'heir offer' }, { fr: 'offres d’héritiers', en: 'heir offers' }) }),
  eliminated: (e, who) => fill({ fr: '{b} a perdu sa forteresse{by} : il est éliminé. Ses nobles quittent le plateau, ses cités deviennent neutres et ses cartes sont retirées du jeu.', en: '{b} has lost his stronghold{by}: he is eliminated. His nobles leave the board, his cities become neutral and his cards are removed from the game.' }, { b: who(e.baron), by: e.by ? { fr: ` aux mains de ${who(e.by)}`, en: ` to ${who(e.by)}` } : '' }),
  'last-standing': (e, who) => fill({ fr: '{b} est le dernier baron en lice : il l’emporte.', en: '{b} is the last baron standing: he wins.' }, { b: who(e.baron) }),
  'law-levy': (e, who) => fill({ fr: '{b} paie {n} au titre de {c}.', en: '{b} pays {n} under {c}.' }, { b: who(e.baron), n: count(e.amount, RESOURCE.crowns[0], RESOURCE.crowns[1]), c: deckCardName(e.card) }),
  triggered: (e, who) => (e.phase === 'draft'
    ? { fr: 'La piste des mercenaires est pleine : place au Recrutement de mercenaires.', en: 'The Mercenary track is full: the Mercenary Draft now.' }
    : fill({ fr: 'La zone est pleine : place à {p}.', en: 'The zone is full: {p} now.' }, { p: PHASE_NAMES[e.phase] })),
};

/** One event as a sentence in `lang`, each baron named by `who` (default: the baron's own name; the reports pass the seats' names, `baronName`). */
export function renderEvent(e: WkEvent, lang: Lang, who: Who = builtIn): string {
  return (MSG[e.t] as Msg<typeof e.t>)(e as never, who)[lang];
}
