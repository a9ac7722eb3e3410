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
import { baronData, noble, type BaronId } from './barons.ts';
import { actionCard, BARON_CARD_TYPES, DESTINATION_NAMES, fate, mercenary, NATION_NAMES, NEUTRAL_CARD_TYPES, ZONE_NAMES, type Destination, type ExpeditionResult, type Zone } from './cards.ts';

/** The works a side defends in an assault or a siege (§6.7–§6.9): a city or a baron's stronghold (used by state.ts too). */
export type Works = { kind: 'city'; city: string } | { kind: 'stronghold'; baron: BaronId };

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
  | { t: 'ransom'; baron: BaronId; from: BaronId; crowns: number; city: string | null };

const PHASE_NAMES: Record<SpecialPhase, Localized> = {
  taxation: { fr: 'les Impôts', en: 'Taxation' },
  wages: { fr: 'les Soldes', en: 'Wages' },
  assembly: { fr: 'l’Assemblée', en: 'the Assembly' },
  draft: { fr: 'le Recrutement de mercenaires', en: 'the Mercenary Draft' },
};

/** "1 crown", "3 crowns": the number agreed with its noun in each language. */
const fateBattle = (id: string): string => fate(id).battle;
const count = (n: number, one: Localized, many: Localized): Localized => fill({ fr: '{n} {w}', en: '{n} {w}' }, { n, w: n === 1 ? one : many });
const who = (b: BaronId): string => baronData(b).name;
export function cardName(id: string): Localized {
  const c = actionCard(id);
  return c.neutral ? NEUTRAL_CARD_TYPES[c.type].name : BARON_CARD_TYPES[c.type].name;
}

/** A city by its name; a stronghold as « la forteresse de … » (the works of §6.7–§6.9). */
const worksName = (w: Works): Localized => (w.kind === 'city' ? city(w.city).name : fill({ fr: 'la forteresse de {b}', en: 'the stronghold of {b}' }, { b: who(w.baron) }));
/** The same, opening a sentence. */
const WorksName = (w: Works): Localized => { const n = worksName(w); return { fr: n.fr.charAt(0).toUpperCase() + n.fr.slice(1), en: n.en.charAt(0).toUpperCase() + n.en.slice(1) }; };
const sideName = (b: BaronId | null): Localized => (b ? { fr: who(b), en: who(b) } : { fr: 'La cité neutre', en: 'The neutral city' });
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
const BATTLE_VALUE: Record<string, Localized> = {
  inflict: { fr: 'Infliger 100', en: 'Inflict 100' }, avoid: { fr: 'Éviter 100', en: 'Avoid 100' },
  victory: { fr: '+1 victoire', en: '+1 victory' }, draw: { fr: 'Tirer une carte', en: 'Draw a card' }, none: { fr: 'rien', en: 'nothing' },
};

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
  'combat-engaged': (e) => fill({ fr: '{a} {k} {d} en {r}.', en: '{a} {k} {d} in {r}.' }, {
    a: who(e.attacker), k: KIND_NAMES[e.kind], r: e.region,
    d: e.works && (e.kind !== 'battle') ? worksName(e.works) : e.defender ? { fr: who(e.defender), en: who(e.defender) } : { fr: 'la cité neutre', en: 'the neutral city' },
  }),
  commander: (e) => fill({ fr: '{n} commande.', en: '{n} commands.' }, { n: noble(e.noble).name }),
  'fate-drawn': (e) => fill({ fr: '{s} tire {n} et en garde {k}.', en: '{s} draws {n} and keeps {k}.' }, {
    s: sideName(e.baron), k: e.kept,
    n: count(e.cards, { fr: 'carte de Destinée', en: 'Fate card' }, { fr: 'cartes de Destinée', en: 'Fate cards' }),
  }),
  'fate-revealed': (e) => fill({ fr: '{s} révèle : {c}.', en: '{s} reveals: {c}.' }, {
    s: sideName(e.baron),
    c: e.cards.length === 0 ? { fr: 'aucune carte', en: 'no card' } : { fr: e.cards.map((id) => BATTLE_VALUE[fateBattle(id)]!.fr).join(', '), en: e.cards.map((id) => BATTLE_VALUE[fateBattle(id)]!.en).join(', ') },
  }),
  casualties: (e) => fill({ fr: 'L’armée de {n} subit {t}.', en: 'The army of {n} suffers {t}.' }, { n: noble(e.noble).name, t: count(e.tokens, { fr: 'perte', en: 'casualty' }, { fr: 'pertes', en: 'casualties' }) }),
  breaches: (e) => fill({ fr: '{w} subit {b}.', en: '{w} suffers {b}.' }, { w: WorksName(e.works), b: count(e.breaches, { fr: 'brèche', en: 'breach' }, { fr: 'brèches', en: 'breaches' }) }),
  'garrison-casualties': (e) => fill({ fr: 'La garnison de {b} subit {t}.', en: 'The garrison of {b} suffers {t}.' }, { b: who(e.baron), t: count(e.tokens, { fr: 'perte', en: 'casualty' }, { fr: 'pertes', en: 'casualties' }) }),
  'battle-result': (e) => (e.result === 'skipped' ? fill({ fr: 'Pas de décompte des victoires : {r}.', en: 'No victory count: {r}.' }, { r: RESULT_NAMES.skipped })
    : fill({ fr: 'Victoires {m} contre {o} : {r}.', en: 'Victories {m} to {o}: {r}.' }, { m: e.mine, o: e.theirs, r: RESULT_NAMES[e.result] })),
  retreat: (e) => fill(e.region ? { fr: '{n} bat en retraite vers {r}.', en: '{n} retreats to {r}.' } : { fr: '{n} n’a nulle part où se retirer.', en: '{n} has nowhere to retreat.' }, { n: noble(e.noble).name, r: e.region ?? '' }),
  desertion: (e) => fill({ fr: 'Des mercenaires {nat} de {n} désertent ({m} hommes).', en: '{nat} mercenaries of {n} desert ({m} men).' }, { n: noble(e.noble).name, nat: { fr: NATION_NAMES[mercenary(e.card).nation].fr.toLowerCase(), en: NATION_NAMES[mercenary(e.card).nation].en }, m: mercenary(e.card).strength }),
  'siege-started': (e) => fill({ fr: '{b} met le siège devant {w}.', en: '{b} lays siege to {w}.' }, { b: who(e.baron), w: worksName(e.works) }),
  'siege-lifted': (e) => fill({ fr: 'Le siège de {w} est levé.', en: 'The siege of {w} is lifted.' }, { w: worksName(e.works) }),
  captured: (e) => fill(
    e.how === 'raze' ? { fr: '{b} prend {w} et la rase.', en: '{b} takes {w} and razes it.' }
      : e.how === 'stronghold' ? { fr: '{b} prend {w} : elle est rasée.', en: '{b} takes {w}: it is razed.' }
        : { fr: '{b} prend le contrôle de {w}.', en: '{b} takes control of {w}.' },
    { b: who(e.baron), w: worksName(e.works) }),
  ransom: (e) => fill(e.city ? { fr: '{f} paie rançon à {b} : {c} et {n}.', en: '{f} pays {b} a ransom: {c} and {n}.' } : { fr: '{f} paie rançon à {b} : {c}.', en: '{f} pays {b} a ransom: {c}.' }, {
    b: who(e.baron), f: who(e.from), n: e.city ? city(e.city).name : '',
    c: count(e.crowns, { fr: 'couronne', en: 'crown' }, { fr: 'couronnes', en: 'crowns' }),
  }),
  triggered: (e) => (e.phase === 'draft'
    ? { fr: 'La piste des mercenaires est pleine : place au Recrutement de mercenaires.', en: 'The Mercenary track is full: the Mercenary Draft now.' }
    : fill({ fr: 'La zone est pleine : place à {p}.', en: 'The zone is full: {p} now.' }, { p: PHASE_NAMES[e.phase] })),
};

export function renderEvent(e: WkEvent, lang: Lang): string {
  return (MSG[e.t] as Msg<typeof e.t>)(e as never)[lang];
}
