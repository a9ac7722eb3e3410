/**
 * Gloire & Pouvoir's help for players (issue 13 §5): the rules written for players (pages-fr.ts,
 * pages-en.ts), the order reference and the glossary.
 *
 * The order reference is generated from the parser's own table (orders/types.ts ORDER_CODES and
 * ORDER_PHASE, orders/parse.ts ORDER_SYNTAX, the form's labels), so a new order appears in it by
 * itself. Its examples are written with the names of a sample game (a fixed seed, turn 2, once its
 * first lord has levied and recruited), and its common mistakes are those examples altered, with
 * the message the parser gives for each: nothing in the reference is written twice.
 */
import type { HelpBook, Lang, Localized, OrderHelp } from '../../../engine/ruleset.ts';
import { fillSlots, helpPerLang } from '../../../engine/help.ts';
import { createRng } from '../../../engine/rng.ts';
import { DEFAULT_CONFIG as C } from '../config.ts';
import { orderLabel } from '../form.ts';
import { getMap } from '../maps/index.ts';
import { territoryName } from '../tools/common.ts';
import { ORDER_SYNTAX, ORDER_SYNTAX_FR, parseSheet } from '../orders/parse.ts';
import { ORDER_CODES, ORDER_PHASE, type OrderCode } from '../orders/types.ts';
import { PHASE_TITLES } from '../report.ts';
import { setupGame } from '../setup.ts';
import type { GPState, LordId } from '../state.ts';
import { resolveTurn } from '../turn.ts';
import { PAGES_EN } from './pages-en.ts';
import { PAGES_FR } from './pages-fr.ts';

// ───────────────────────────────────────────────────────────── the sample game

/** The lords of the sample game the examples are written in. */
const SAMPLE_LORDS = ['Aliénor', 'Baudouin', 'Clotilde'];

export interface HelpSample {
  state: GPState;
  /** The lord whose sheet the examples are. */
  lord: LordId;
  /** The names the examples use. */
  names: Record<string, string>;
}

let sample: HelpSample | null = null;

/**
 * A Scandinavia game at turn 2 (fixed seed): the first lord has recruited two knights and levied an
 * army for his lord-knight and a garrison at home, so every order has something to name.
 */
export function helpSample(): HelpSample {
  if (sample) return sample;
  const rng = createRng('help', 'gloire-et-pouvoir');
  const s0 = setupGame({ map: 'scandinavia', lords: SAMPLE_LORDS }, rng);
  const lord: LordId = 'L1';
  const map = getMap(s0.map);
  const tName = (id: string) => territoryName(s0, id);
  const homeOf = (s: GPState, l: LordId) => Object.values(s.territories).find((t) => t.owner === l)!.id;
  const lk = s0.knights[s0.lords[lord]!.lordKnight]!;
  const home = homeOf(s0, lord);
  const first = parseSheet(s0, lord, `CHE 2\nARM ${q(tName(home))} 2000 ${q(lk.name)}\nARM ${q(tName(home))} 1000`);
  const s1 = resolveTurn(s0, { [lord]: { lines: first.sheet.lines, submittedOrder: 0 } }, rng).state;
  const mine = Object.values(s1.knights).filter((k) => k.lord === lord);
  const other = mine.find((k) => k.id !== lk.id) ?? lk;
  const armies = Object.values(s1.armies).filter((a) => a.lord === lord);
  const led = armies.find((a) => a.commander !== null);
  const garrison = armies.find((a) => a.commander === null);
  const near = map.territories.find((t) => t.id === home)!.adjacent.find((id) => s1.territories[id]!.owner === null) ?? home;
  const rival: LordId = 'L2';
  sample = {
    state: s1,
    lord,
    names: {
      knight: q(lk.name), knight2: q(other.name), home: q(tName(home)), near: q(tName(near)),
      lord: q(s1.lords[rival]!.name), lordHome: q(tName(homeOf(s1, rival))),
      army: String(led?.id ?? 1), garrison: String(garrison?.id ?? 2),
    },
  };
  return sample;
}

/** A name as an order line may write it (in double quotes when it has a space). */
function q(name: string): string {
  return /\s/.test(name) ? `"${name}"` : name;
}

// ───────────────────────────────────────────────────────────── the order reference

/** Each order's example, with `{name}` slots filled from the sample game. */
const EXAMPLES: Partial<Record<OrderCode, Localized | string>> = {
  REN: 'REN {knight2} Perceval',
  ABD: 'ABD',
  LIB: 'LIB {knight2}',
  DEM: 'DEM {garrison}',
  IMP: 'IMP 5 {home}',
  RED: 'RED 1000 {home}',
  INI: 'INI 50 50 80',
  DEF: 'DEF {garrison} 300',
  CHE: 'CHE 2',
  ARM: 'ARM {home} 1500 {knight}',
  AFF: 'AFF {knight2} {garrison}',
  TSF: 'TSF {knight} {knight2} 200',
  GAR: 'GAR {knight} 100',
  ATT: 'ATT {knight} {near} 150',
  GUE: 'GUE {lord}',
  ALL: 'ALL {lord}',
  PAI: 'PAI {lord}',
  ANN: 'ANN {lord}',
  APP: 'APP {lord}',
  MOV: 'MOV {knight} {near}',
  ORG: 'ORG 4 1000 lance',
  PAR: 'PAR {knight2} {lord} lance',
  VND: 'VND {lord} {home} 3000',
  ACH: 'ACH {lord} {lordHome} 3000',
  ESP: 'ESP {near}',
  FOR: { fr: 'FOR {home} palissade', en: 'FOR {home} palisade' },
};

/** What each order does, for players (the phases page tells the rest). */
const SUMMARIES: Partial<Record<OrderCode, Localized>> = {
  REN: { fr: 'Donne un nouveau nom à l’un de vos chevaliers.', en: 'Gives one of your knights a new name.' },
  ABD: { fr: 'Vous quittez la partie : vos terres deviennent neutres, vos chevaliers et vos armées disparaissent.', en: 'You leave the game: your land becomes neutral, your knights and armies disappear.' },
  LIB: { fr: 'Renvoie un chevalier (pas votre chevalier-seigneur). Son armée part avec lui : confiez-la d’abord à un autre.', en: 'Dismisses a knight (not your lord-knight). His army leaves with him: hand it to another knight first.' },
  DEM: { fr: 'Dissout une armée ou une garnison (numéro d’armée). Plus d’entretien à payer.', en: 'Disbands an army or a garrison (army number). No more upkeep to pay.' },
  IMP: { fr: 'Lève l’impôt sur une terre, niveau 0 à 10 : plus le niveau est haut, plus il rapporte et plus le bonheur et le coefficient baissent. Le niveau 10 provoque une révolte.', en: 'Taxes a territory at level 0 to 10: the higher the level, the more it yields and the more happiness and the tax coefficient fall. Level 10 causes a revolt.' },
  RED: { fr: 'Rend des écus au peuple d’une terre : le bonheur et le coefficient montent (au plus ×2 en un tour). Elle suit l’impôt dans la même phase.', en: 'Gives écus back to a territory’s people: happiness and the coefficient rise (at most ×2 in a turn). It follows taxation in the same phase.' },
  INI: { fr: 'Vos seuils de repli par défaut, en % de la force au début du combat : paysans, garnisons, armées de chevaliers. Ils restent valables jusqu’au prochain INI.', en: 'Your default retreat thresholds, in % of the strength at the start of a battle: peasants, garrisons, knights’ armies. They hold until your next INI.' },
  DEF: { fr: 'Pour ce tour seulement : l’armée attaquée se replie sous ce nombre d’hommes.', en: 'This turn only: the army, when attacked, retreats below this number of men.' },
  CHE: { fr: `Recrute de 1 à ${C.maxRecruitsPerTurn} chevaliers ; leur renommée (et donc leur prix) est tirée au hasard, au plus celle de votre chevalier-seigneur + 1.`, en: `Recruits 1 to ${C.maxRecruitsPerTurn} knights; their renown (and so their price) is drawn at random, at most your lord-knight’s + 1.` },
  ARM: { fr: `Lève une armée sur votre terre avec des écus (environ 1 homme pour ${C.levyEcusPerMan} écus). Avec un chevalier (sur la terre ou à côté), il en prend le commandement ; sans, c’est une garnison.`, en: `Levies an army on your territory with écus (about 1 man for ${C.levyEcusPerMan} écus). With a knight (on that territory or next to it), he takes command; without, it is a garrison.` },
  AFF: { fr: 'Un chevalier prend le commandement d’une de vos garnisons (sur sa terre ou une terre voisine).', en: 'A knight takes command of one of your garrisons (on his territory or a neighbouring one).' },
  TSF: { fr: 'Un chevalier passe des hommes à un autre chevalier (le vôtre, un allié ou un neutre), sur la même terre ou une terre voisine.', en: 'A knight hands men to another knight (yours, an ally’s or a neutral lord’s), on the same or a neighbouring territory.' },
  GAR: { fr: 'Un chevalier laisse des hommes en garnison sur la terre où il se trouve (elle doit être à vous).', en: 'A knight leaves men as a garrison on the territory where he stands (it must be yours).' },
  ATT: { fr: 'Un chevalier et son armée attaquent une terre voisine ; il se replie sous le seuil donné (sinon votre INI).', en: 'A knight and his army attack a neighbouring territory; he retreats below the threshold given (otherwise your INI).' },
  GUE: { fr: 'Déclare la guerre à un seigneur (à un allié : félonie).', en: 'Declares war on a lord (on an ally: felony).' },
  ALL: { fr: 'Propose une alliance ; elle est conclue si l’autre seigneur vous la propose le même tour.', en: 'Proposes an alliance; it is made if the other lord proposes it to you in the same turn.' },
  PAI: { fr: 'Propose la paix à un ennemi ; elle est signée s’il vous la propose le même tour.', en: 'Proposes peace to an enemy; it is signed if he proposes it to you in the same turn.' },
  ANN: { fr: 'Rompt une alliance (sans félonie).', en: 'Cancels an alliance (no felony).' },
  APP: { fr: 'Appelle un allié : au tour suivant, il doit être en guerre contre tous vos ennemis, sinon il perd de la renommée.', en: 'Calls an ally: next turn he must be at war with all your enemies, or he loses renown.' },
  MOV: { fr: 'Déplace un chevalier (et son armée) vers une terre voisine, neutre, à vous ou à un allié.', en: 'Moves a knight (and his army) to a neighbouring territory, neutral, yours or an ally’s.' },
  ORG: { fr: `Organise une joute : places (${C.joustPlaceCost} écus chacune), récompense (${C.joustMinReward} écus au moins) et mot de passe à donner aux invités.`, en: `Organises a joust: places (${C.joustPlaceCost} écus each), reward (at least ${C.joustMinReward} écus) and a password for your guests.` },
  PAR: { fr: 'Inscrit un chevalier (ou tous avec *) à la joute d’un seigneur, ou à la joute royale avec ROI.', en: 'Enters a knight (or all with *) in a lord’s joust, or in the royal joust with ROI.' },
  VND: { fr: 'Vend une terre à un seigneur ; il doit donner l’ordre ACH correspondant, au même prix, le même tour.', en: 'Sells a territory to a lord; he must give the matching ACH order, at the same price, in the same turn.' },
  ACH: { fr: 'Achète une terre à un seigneur ; il doit donner l’ordre VND correspondant, au même prix, le même tour.', en: 'Buys a territory from a lord; he must give the matching VND order, at the same price, in the same turn.' },
  ESP: { fr: `Envoie un espion (${C.espionageCost} écus) sur une terre ; s’il réussit, le BILAN donne ses chiffres et ses forces.`, en: `Sends a spy (${C.espionageCost} écus) to a territory; if he succeeds, the turn report gives its figures and forces.` },
  FOR: { fr: 'Construit une palissade, une muraille ou une forteresse sur votre terre.', en: 'Builds a palisade, a wall or a fortress on your territory.' },
};

/** The parser's message for a line on the sample game, or null when it accepts it. */
function problem(line: string, lang: Lang): string | null {
  const { state, lord } = helpSample();
  const i = parseSheet(state, lord, line).issues[0];
  return i ? (i.text?.[lang] ?? i.message) : null;
}

/** Common mistakes: the example without its last word, and with its first number or name wrong. */
function mistakes(example: string, lang: Lang): { line: string; message: string }[] {
  const words = example.match(/"[^"]*"|\S+/g) ?? [];
  const tries: string[] = [];
  if (words.length > 1) tries.push(words.slice(0, -1).join(' '));
  const num = words.findIndex((w, i) => i > 0 && /^\d+$/.test(w));
  if (num > 0) tries.push(words.map((w, i) => (i === num ? '-5' : w)).join(' '));
  const name = words.findIndex((w, i) => i > 0 && !/^\d+$/.test(w));
  if (name > 0) tries.push(words.map((w, i) => (i === name ? 'Xyzzy' : w)).join(' '));
  if (words.length === 1) tries.push(`${example} 3`);
  const out: { line: string; message: string }[] = [];
  for (const line of tries) {
    const message = problem(line, lang);
    if (message && !out.some((o) => o.message === message)) out.push({ line, message });
  }
  return out.slice(0, 3);
}

function orderEntries(lang: Lang): OrderHelp[] {
  const { names } = helpSample();
  return ORDER_CODES.map((code) => {
    const ex = EXAMPLES[code];
    const example = ex === undefined ? '' : fillSlots(typeof ex === 'string' ? ex : ex[lang], names);
    const p = ORDER_PHASE[code];
    return {
      code,
      label: orderLabel(code, lang),
      syntax: (lang === 'fr' ? ORDER_SYNTAX_FR : ORDER_SYNTAX)[code],
      when: lang === 'fr' ? `Phase ${p} — ${PHASE_TITLES[p]!.fr}` : `Phase ${p} — ${PHASE_TITLES[p]!.en}`,
      summary: SUMMARIES[code]?.[lang] ?? '',
      example,
      errors: example ? mistakes(example, lang) : [],
    };
  });
}

const ORDERS_INTRO: Localized = {
  fr: 'Une ligne par ordre : le code de trois lettres, puis ses paramètres. Les noms s’écrivent tels quels (accents et majuscules facultatifs, un début de nom suffit s’il est unique), entre guillemets s’ils ont des espaces. Les ordres d’une même phase s’exécutent dans l’ordre où vous les écrivez. Les exemples ci-dessous sont écrits dans une partie d’essai (Scandinavie, tour 2, seigneur Aliénor) ; les erreurs sont celles que l’arbitre affiche pour ces lignes.',
  en: 'One line per order: the three-letter code, then its parameters. Names are written as they are (accents and capitals optional, the start of a name is enough when it is unique), in double quotes when they have spaces. Orders of one phase run in the order you write them. The examples below are written in a sample game (Scandinavia, turn 2, lord Aliénor); the errors are what the referee shows for those lines.',
};

// ───────────────────────────────────────────────────────────── the glossary

const GLOSSARY: { title: Localized; entries: [string, Localized][] }[] = [
  {
    title: { fr: 'Abréviations et mots du jeu', en: 'Abbreviations and game words' },
    entries: [
      ['BILAN', { fr: 'Le compte rendu du tour, envoyé à chaque seigneur après la résolution.', en: 'The turn report, sent to every lord after resolution.' }],
      ['RG / GR', { fr: 'Renommée globale d’un seigneur : renommée de son chevalier-seigneur, de ses chevaliers, de ses terres, de son trésor et de ses alliés, moins celle de ses ennemis. Elle décide de l’ordre d’action et de la victoire.', en: 'A lord’s global renown: his lord-knight’s renown, his knights’, his land’s, his treasury’s and his allies’, less his enemies’. It sets the order of action and decides victory.' }],
      ['R', { fr: 'Renommée d’un chevalier : son talent au combat et à la joute.', en: 'A knight’s renown: his skill in battle and in jousts.' }],
      ['H', { fr: `Bonheur d’une terre (${C.startHappiness} au départ). Un peuple heureux paie mieux l’impôt ; à 0, il se révolte.`, en: `A territory’s happiness (${C.startHappiness} at the start). Happy people pay more tax; at 0 they revolt.` }],
      ['C', { fr: `Coefficient d’imposition d’une terre, entre ${String(C.coefMin).replace('.', ',')} et ${String(C.coefMax).replace('.', ',')}.`, en: `A territory’s tax coefficient, between ${C.coefMin} and ${C.coefMax}.` }],
      ['POP', { fr: 'Population d’une terre.', en: 'A territory’s population.' }],
      ['écu', { fr: 'La monnaie du jeu.', en: 'The game’s currency.' }],
      ['#7', { fr: 'Une armée désignée par son numéro (on peut écrire 7 ou #7).', en: 'An army named by its number (write 7 or #7).' }],
      ['ROI / KING', { fr: 'Le Roi, c’est-à-dire l’arbitre : il paie les rentes et organise la joute royale (PAR … ROI).', en: 'The King, that is the referee: he pays rents and runs the royal joust (PAR … ROI).' }],
      ['*', { fr: 'Dans PAR : tous vos chevaliers.', en: 'In PAR: all your knights.' }],
      ['INI', { fr: 'Vos seuils de repli par défaut (paysans / garnison / chevalier), en %.', en: 'Your default retreat thresholds (peasants / garrison / knight), in %.' }],
      ['SCA, EUR, MO', { fr: 'Les cartes : Scandinavie, Europe, Moyen-Orient.', en: 'The maps: Scandinavia, Europe, Middle East.' }],
    ],
  },
  {
    title: { fr: 'Personnages, troupes et terres', en: 'Characters, troops and land' },
    entries: [
      ['seigneur / lord', { fr: 'Le personnage que joue chaque joueur.', en: 'The character each player plays.' }],
      ['chevalier-seigneur / lord-knight', { fr: 'Le chevalier du seigneur lui-même : s’il meurt, le seigneur est éliminé.', en: 'The lord’s own knight: if he dies, the lord is out of the game.' }],
      ['chevalier / knight', { fr: 'Seul un chevalier à la tête d’une armée peut attaquer.', en: 'Only a knight leading an army can attack.' }],
      ['armée / army', { fr: 'Des hommes ; sa force est son nombre d’hommes.', en: 'A body of men; its strength is its number of men.' }],
      ['garnison / garrison', { fr: 'Une armée sans chevalier, qui garde une de vos terres et y rend le peuple plus heureux.', en: 'An army without a knight, guarding one of your territories and making its people happier.' }],
      ['paysans / peasants', { fr: 'L’armée qui défend une terre neutre, levée sur place.', en: 'The army defending a neutral territory, raised on the spot.' }],
      ['terre neutre / neutral land', { fr: 'Une terre qui n’appartient à aucun seigneur.', en: 'A territory no lord owns.' }],
      ['repli / retreat', { fr: 'Une armée qui tombe sous son seuil quitte le combat.', en: 'An army that falls below its threshold leaves the fight.' }],
      ['félonie / felony', { fr: 'Combattre un seigneur à qui l’on n’a pas déclaré la guerre : la renommée du chevalier-seigneur est divisée par 3.', en: 'Fighting a lord you have not declared war on: your lord-knight’s renown is divided by 3.' }],
      ['mémoire du peuple / people’s memory', { fr: 'Le bonheur dont une terre perdue se souvient ; elle le retrouve si vous la reprenez.', en: 'The happiness a lost territory remembers; it gets it back if you take it again.' }],
      ['titre, rente / title, rent', { fr: 'Baron, Vicomte, Comte, Marquis, Duc, Prince selon la renommée globale ; chaque titre rapporte une rente à chaque tour.', en: 'Baron, Viscount, Count, Marquess, Duke, Prince by global renown; each title pays a rent every turn.' }],
      ['palissade, muraille, forteresse / palisade, wall, fortress', { fr: 'Les fortifications d’une terre : elles aident ses défenseurs et son bonheur.', en: 'A territory’s fortifications: they help its defenders and its happiness.' }],
      ['rapatriement / repatriation', { fr: 'En fin de tour, vos chevaliers et vos armées restés sur la terre d’un seigneur qui n’est pas votre allié rentrent sur votre terre la plus proche, en perdant des hommes selon la distance.', en: 'At the end of the turn, your knights and armies left on the land of a lord who is not your ally come back to your nearest territory, losing men with the distance.' }],
    ],
  },
  {
    title: { fr: 'Codes d’ordres', en: 'Order codes' },
    entries: ORDER_CODES.map((c) => [c, { fr: orderLabel(c, 'fr'), en: orderLabel(c, 'en') }] as [string, Localized]),
  },
];

// ───────────────────────────────────────────────────────────── the book

/** The help in one language (built once). */
export const gpHelp = helpPerLang(build);

function build(lang: Lang): HelpBook {
  const pages = lang === 'fr' ? PAGES_FR : PAGES_EN;
  return {
    pages,
    firstTurn: 'first-turn',
    orders: { intro: ORDERS_INTRO[lang], entries: orderEntries(lang) },
    glossary: GLOSSARY.map((g) => ({ title: g.title[lang], entries: g.entries.map(([term, m]) => ({ term, meaning: m[lang] })) })),
  };
}
