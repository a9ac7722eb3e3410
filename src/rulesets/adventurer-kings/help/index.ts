/**
 * Adventurer Kings' help for players (issue 13 §5): the rules written for players (pages-fr.ts,
 * pages-en.ts), the order reference and the glossary.
 *
 * The order reference is generated from the sheet parser's own registry (orders/index.ts
 * ORDER_SPECS: code, syntax, label, whether it takes an encounter plan), so a new order appears in
 * it by itself; the sheet's other lines (PERSO, TRAITES…) follow. Examples are written in a sample
 * game (a fixed seed, turn 1, the first kingdom), and the common mistakes are those examples
 * altered, with the message the parser gives for each. The glossary is built from the ruleset's
 * own name tables (characteristics, army types, qualities, spells), so every code a page shows is in it.
 */
import type { HelpBook, Lang, Localized, OrderHelp } from '../../../engine/ruleset.ts';
import { fillSlots, helpPerLang } from '../../../engine/help.ts';
import { createRng } from '../../../engine/rng.ts';
import { SPELLS } from '../magic/spells.ts';
import { ACTION_CODES, orderSpec } from '../orders/index.ts';
import { parseSheet } from '../orders/sheet.ts';
import { ARMY_TYPE_NAMES, CHAR_NAMES, QUALITY_NAMES } from '../report/names.ts';
import { ARMY_TYPES, CHAR_CODES, type AKState, type Quality, type TacticCode } from '../state.ts';
import type { ActionCode } from '../turn/context.ts';
import { setupGame } from '../world/setup.ts';
import { PAGES_EN } from './pages-en.ts';
import { PAGES_FR } from './pages-fr.ts';

// ───────────────────────────────────────────────────────────── the sample game

export interface HelpSample {
  state: AKState;
  /** The kingdom whose sheet the examples are. */
  kingdom: number;
  names: Record<string, string>;
}

let sample: HelpSample | null = null;

/** A three-King game at turn 1 (fixed seed); the examples are the first kingdom's sheet. */
export function helpSample(): HelpSample {
  if (sample) return sample;
  const state = setupGame({ players: 3, kings: [{ name: 'Arthur' }, { name: 'Morgane' }, { name: 'Lancelot' }] }, createRng('help', 'adventurer-kings'));
  const kingdom = 1;
  const k = state.kingdoms[kingdom]!;
  const mine = Object.values(state.characters).filter((c) => c.kingdom === kingdom && c.alive);
  const king = state.characters[k.king]!;
  const hero = mine.find((c) => c.id !== king.id) ?? king;
  const capital = state.provinces[k.capital]!;
  const known = Object.keys(state.knowledge[kingdom]!.provinces).map(Number).filter((p) => p !== capital.id).sort((a, b) => a - b);
  const near = known.find((p) => state.provinces[p]!.terrain !== 'Sea') ?? known[0] ?? capital.id;
  // A spell someone of the kingdom can cast on a neighbouring province, for CA's example.
  const spells = Object.values(SPELLS).filter((sp) => sp.kind === 'action' && sp.target === 'province' && sp.range === 'adjacent' && !sp.terrain);
  const cast = mine.flatMap((c) => spells.filter((sp) => c.talent[sp.college] > 0).map((sp) => ({ c, sp })))[0];
  sample = {
    state,
    kingdom,
    names: {
      king: String(king.id), kingName: king.name, hero: String(hero.id), heroName: hero.name,
      capital: String(capital.id), near: String(near), type: capital.types[0] ?? 'GA',
      mage: String(cast?.c.id ?? king.id), spell: cast?.sp.code ?? 'BL',
    },
  };
  return sample;
}

// ───────────────────────────────────────────────────────────── the order reference

/** The block every example is written in: the King's orders, phase 1. */
const FOR_KING = 'PERSO {king} ({kingName})\n1 ';

/** Each order's example (after `PERSO n`), with `{name}` slots filled from the sample game. */
const EXAMPLES: Partial<Record<ActionCode, Localized | string>> = {
  DE: 'DE {capital}',
  DI: { fr: 'DI tout', en: 'DI all' },
  GI: { fr: 'GI 2 à {hero}', en: 'GI 2 to {hero}' },
  HI: { fr: 'HI 52 pour 3', en: 'HI 52 for 3' },
  PR: 'PR Ta',
  SP: 'SP',
  EX: 'EX',
  MO: 'MO {near}',
  SE: 'SE 12 / TA, ME, FL',
  LE: { fr: 'LE tout à GC', en: 'LE all to GC' },
  CA: 'PERSO {mage}\n1 CA {spell} {near}',
  PI: { fr: 'PI tout', en: 'PI all' },
  PU: 'PU 52 / ME, FL',
  RE: { fr: 'RE {type} pour {king}', en: 'RE {type} for {king}' },
  EN: 'EN 52 / TA, ME',
  TR: 'TR 52',
  US: 'US 31',
  FI: 'FI {hero}',
};

const SUMMARIES: Partial<Record<ActionCode, Localized>> = {
  DE: { fr: 'Le personnage garde une zone autour de la province nommée et marche au-devant des invasions voisines jusqu’à la fin du tour.', en: 'The character guards a zone around the province named and marches to meet nearby invasions until the end of the turn.' },
  DI: { fr: 'Disperse des armées (numéros, ou toutes celles qu’il mène) : elles deviennent des mercenaires sans emploi.', en: 'Disperses armies (numbers, or all he leads): they become unemployed mercenaries.' },
  GI: { fr: 'Donne un objet (son numéro), ou de l’or pour un Roi, à un personnage de la même province.', en: 'Gives an item (its number), or gold for a King, to a character in the same province.' },
  HI: { fr: 'Offre de 1 à 4 écus à un Héros errant de la même province ; s’il accepte, il entre à votre service à la phase suivante.', en: 'Offers 1 to 4 écus to a wandering Hero in the same province; if he accepts, he enters your service from the next phase.' },
  PR: { fr: 'S’entraîne dans une caractéristique (code à deux lettres) : chance de gagner un niveau ; Sa peut faire une découverte, Ta et Na entraînent les armées menées.', en: 'Trains a characteristic (two-letter code): a chance to gain a level; Sa may make a discovery, Ta and Na train the armies led.' },
  SP: { fr: 'Espionne la province où il se trouve : propriétaire, voisins, armées recrutables, et une estimation des forces et de l’impôt.', en: 'Spies on the province he is in: owner, neighbours, recruitable armies, and an estimate of forces and tax.' },
  EX: { fr: 'Explore la province où il se trouve : le pourcentage connu monte et révèle ses lieux ; à 100 %, l’impôt exact.', en: 'Explores the province he is in: the known percentage rises and reveals its sites; at 100 %, the exact tax.' },
  MO: { fr: 'Se déplace d’une province par phase vers la province nommée, avec les armées qu’il mène ; une province ennemie ou sans maître est envahie.', en: 'Moves one province per phase toward the province named, with the armies he leads; an enemy or unowned province is invaded.' },
  SE: { fr: 'Fouille un lieu connu : il affronte seul son gardien avec le plan de rencontre, et s’il gagne prend le trésor.', en: 'Searches a known site: he faces its guardian alone with the encounter plan, and if he wins takes the treasure.' },
  LE: { fr: 'Laisse des armées en garnison (GC) ou à un autre personnage présent, de votre royaume ou d’un allié.', en: 'Leaves armies as a garrison (GC) or to another character present, of your kingdom or an ally’s.' },
  CA: { fr: 'Lance un sort d’action (code à deux lettres, puis sa cible) ; il faut un talent dans le collège du sort.', en: 'Casts an action spell (two-letter code, then its target); it takes talent in the spell’s college.' },
  PI: { fr: 'Prend le commandement d’armées de votre royaume dans la province (numéros, ou tout : la garnison).', en: 'Takes command of your kingdom’s armies in the province (numbers, or all: the garrison).' },
  PU: { fr: 'Poursuit un personnage avec le plan de rencontre ; sur lui-même, c’est une patrouille.', en: 'Pursues a character with the encounter plan; on himself, it is a patrol.' },
  RE: { fr: 'Recrute des armées des types de la province (codes à deux lettres), menées par le personnage nommé ou en garnison (GC). Payé tout de suite.', en: 'Recruits armies of the province’s types (two-letter codes), led by the character named or as a garrison (GC). Paid at once.' },
  EN: { fr: 'Rencontre un personnage de la même province avec le plan de rencontre (parler, donner, combattre…).', en: 'Meets a character in the same province with the encounter plan (talk, give, fight…).' },
  TR: { fr: 'Piste un personnage pour apprendre où il va.', en: 'Tracks a character to learn where he goes.' },
  US: { fr: 'Utilise un objet (son numéro) : son sort est lancé sans jet de dé, une charge est consommée.', en: 'Uses an item (its number): its spell is cast without a roll, one charge is used.' },
  FI: { fr: 'Renvoie un Héros : il redevient errant avec ses objets ; ses armées passent en garnison ou deviennent mercenaires.', en: 'Dismisses a Hero: he becomes a wanderer again with his items; his armies become a garrison or mercenaries.' },
};

/** The sheet's other lines (orders/sheet.ts KEYWORDS), with an example each. */
const SHEET_LINES: { code: Localized; label: Localized; syntax: Localized; summary: Localized; example: Localized }[] = [
  { code: { fr: 'PERSO', en: 'CHAR' }, label: { fr: 'Personnage', en: 'Character' }, syntax: { fr: 'PERSO <n> [(nom)]', en: 'CHAR <n> [(name)]' }, summary: { fr: 'Les lignes suivantes sont les ordres de ce personnage : « <phase 1..5> <code> <paramètres> ».', en: 'The next lines are this character’s orders: “<phase 1..5> <code> <parameters>”.' }, example: { fr: 'PERSO {king} ({kingName})\n1 EX\n2 PR Ta', en: 'CHAR {king} ({kingName})\n1 EX\n2 PR Ta' } },
  { code: { fr: 'SPECIAL', en: 'SPECIAL' }, label: { fr: 'Plan spécial', en: 'Special plan' }, syntax: { fr: 'SPECIAL <tactiques>', en: 'SPECIAL <tactics>' }, summary: { fr: 'Le plan de rencontre du personnage quand il est surpris ou dans le duel avant une bataille ; il reste valable d’un tour à l’autre.', en: 'The character’s encounter plan when he is surprised, and in the duel before a battle; it holds from turn to turn.' }, example: { fr: 'PERSO {king}\nSPECIAL FL, ME', en: 'CHAR {king}\nSPECIAL FL, ME' } },
  { code: { fr: 'TRAITES', en: 'TREATIES' }, label: { fr: 'Traités', en: 'Treaties' }, syntax: { fr: 'TRAITES <n° de Roi> … | TOUS', en: 'TREATIES <King number> … | ALL' }, summary: { fr: 'Propose un traité aux Rois nommés ; il est conclu si l’autre le propose aussi.', en: 'Offers a treaty to the Kings named; it is made if the other offers it too.' }, example: { fr: 'TRAITES 2', en: 'TREATIES 2' } },
  { code: { fr: 'RUPTURES', en: 'BREAKS' }, label: { fr: 'Ruptures', en: 'Breaks' }, syntax: { fr: 'RUPTURES <n° de Roi> … | TOUS', en: 'BREAKS <King number> … | ALL' }, summary: { fr: 'Rompt le traité avec les Rois nommés, en fin de tour.', en: 'Breaks the treaty with the Kings named, at the end of the turn.' }, example: { fr: 'RUPTURES 3', en: 'BREAKS 3' } },
  { code: { fr: 'VOTE', en: 'VOTE' }, label: { fr: 'Vote', en: 'Vote' }, syntax: { fr: 'VOTE [OUI | NON | POUR <n° de Roi>]', en: 'VOTE [YES | NO | FOR <King number>]' }, summary: { fr: 'Appelle l’élection de l’Empereur au tour suivant, ou vote pour un Roi.', en: 'Calls the election of the Emperor next turn, or votes for a King.' }, example: { fr: 'VOTE', en: 'VOTE' } },
  { code: { fr: 'CAPITALE', en: 'CAPITAL' }, label: { fr: 'Nom de la capitale', en: 'Capital’s name' }, syntax: { fr: 'CAPITALE <nom>', en: 'CAPITAL <name>' }, summary: { fr: 'Au tour 1 seulement : renomme votre capitale.', en: 'Turn 1 only: renames your capital.' }, example: { fr: 'CAPITALE Camelot', en: 'CAPITAL Camelot' } },
  { code: { fr: 'NOM', en: 'NAME' }, label: { fr: 'Nom d’un personnage', en: 'A character’s name' }, syntax: { fr: 'NOM <nom> (après PERSO)', en: 'NAME <name> (after CHAR)' }, summary: { fr: 'Au tour 1 seulement : renomme le personnage du bloc.', en: 'Turn 1 only: renames the block’s character.' }, example: { fr: 'PERSO {hero}\nNOM Perceval', en: 'CHAR {hero}\nNAME Perceval' } },
  { code: { fr: 'HERITIER', en: 'HEIR' }, label: { fr: 'Héritier royal', en: 'Royal Heir' }, syntax: { fr: 'HERITIER <code> <niveaux>, … [SEXE M|F] [HUMEUR …]', en: 'HEIR <code> <levels>, … [SEX M|F] [TEMPER …]' }, summary: { fr: 'Les talents de l’Héritier royal, s’il doit succéder au Roi.', en: 'The Royal Heir’s talents, should he succeed the King.' }, example: { fr: 'HERITIER Ta 2, Me 1', en: 'HEIR Ta 2, Me 1' } },
];

/** The parser's message for a sheet on the sample game, or null when it accepts it. */
function problem(text: string, lang: Lang): string | null {
  const { state, kingdom } = helpSample();
  const i = parseSheet(state, kingdom, text).issues[0];
  return i ? (i.text?.[lang] ?? i.message) : null;
}

/** Common mistakes: the example's last line without its last word, with its first number wrong, or with a word too many. */
function mistakes(example: string, lang: Lang): { line: string; message: string }[] {
  const lines = example.split('\n');
  const last = lines.at(-1)!;
  const head = lines.slice(0, -1);
  const [order, plan] = last.split(' / ');
  const words = order!.split(/\s+/);
  const withPlan = (ws: string[]) => ws.join(' ') + (plan !== undefined ? ` / ${plan}` : '');
  const tries: string[] = [];
  const argStart = /^[1-5]$/.test(words[0]!) ? 2 : 1;
  if (words.length > argStart) tries.push(withPlan(words.slice(0, -1)));
  const num = words.findIndex((w, i) => i >= argStart && /^\d+$/.test(w));
  if (num >= 0) tries.push(withPlan(words.map((w, i) => (i === num ? 'x' : w))));
  if (plan !== undefined) tries.push(words.join(' '));
  if (words.length === argStart) tries.push(`${order} 999`);
  const out: { line: string; message: string }[] = [];
  for (const line of tries) {
    const message = problem([...head, line].join('\n'), lang);
    if (message && !out.some((o) => o.message === message)) out.push({ line: [...head, line].join('\n'), message });
  }
  return out.slice(0, 3);
}

const PLAN_NOTE: Localized = { fr: ' Prend un plan de rencontre après « / ».', en: ' Takes an encounter plan after “/”.' };

function orderEntries(lang: Lang): OrderHelp[] {
  const { names } = helpSample();
  const actions = ACTION_CODES.map((code): OrderHelp => {
    const spec = orderSpec(code)!;
    const ex = EXAMPLES[code];
    const text = ex === undefined ? '' : typeof ex === 'string' ? ex : ex[lang];
    const example = text === '' ? '' : fillSlots(text.startsWith('PERSO ') ? text : FOR_KING + text, names);
    const example2 = lang === 'en' ? example.replace(/^PERSO /, 'CHAR ') : example;
    return {
      code,
      label: spec.label[lang],
      syntax: spec.syntax,
      when: lang === 'fr' ? 'Phases 1 à 5 (une action par personnage et par saison)' : 'Phases 1 to 5 (one action per character per season)',
      summary: (SUMMARIES[code]?.[lang] ?? '') + (spec.plan ? PLAN_NOTE[lang] : ''),
      example: example2,
      errors: example2 ? mistakes(example2, lang) : [],
    };
  });
  const lines = SHEET_LINES.map((l): OrderHelp => {
    const example = fillSlots(l.example[lang], names);
    return {
      code: l.code[lang], label: l.label[lang], syntax: l.syntax[lang],
      when: lang === 'fr' ? 'Ligne de la feuille' : 'Sheet line',
      summary: l.summary[lang], example, errors: mistakes(example, lang),
    };
  });
  return [...actions, ...lines];
}

const ORDERS_INTRO: Localized = {
  fr: 'La feuille d’ordres est un texte, une ligne par entrée (mots-clés en français ou en anglais, majuscules et accents facultatifs, « # » commence un commentaire). Les ordres d’un personnage suivent une ligne « PERSO n » ; chacun s’écrit « <phase 1..5> <code> <paramètres> », avec au plus un ordre par phase. Les ordres SE, PU, EN et TR prennent un plan de rencontre après « / » : une liste de tactiques séparées par des virgules (voir le glossaire). Un nom entre parenthèses après un numéro est vérifié et sinon ignoré : « GI 31 (Baguette de feu) à 25 ». Les exemples sont écrits dans une partie d’essai (année 1, royaume 1) ; les erreurs sont celles que l’arbitre affiche pour ces lignes.',
  en: 'The order sheet is text, one entry per line (keywords in French or English, capitals and accents optional, “#” starts a comment). A character’s orders follow a “CHAR n” line (or PERSO n); each is written “<phase 1..5> <code> <parameters>”, at most one order per phase. The orders SE, PU, EN and TR take an encounter plan after “/”: a comma-separated list of tactics (see the glossary). A name in parentheses after a number is checked and otherwise ignored: “GI 31 (Fire wand) to 25”. The examples are written in a sample game (turn 1, kingdom 1); the errors are what the referee shows for those lines.',
};

// ───────────────────────────────────────────────────────────── the glossary

const TACTIC_NAMES: Record<TacticCode, Localized> = {
  ME: { fr: 'Mêlée : attaquer au corps à corps', en: 'Melee: attack hand to hand' },
  GI: { fr: 'Donner (un objet, de l’or, tout)', en: 'Give (an item, gold, all)' },
  SC: { fr: 'Fouiller le lieu', en: 'Search the site' },
  FL: { fr: 'Fuir', en: 'Flee' },
  CA: { fr: 'Lancer un sort de combat (CA-FI…)', en: 'Cast a combat spell (CA-FI…)' },
  TA: { fr: 'Parler, négocier', en: 'Talk, negotiate' },
  SA: { fr: 'Dire un texte (SA-"…")', en: 'Say a text (SA-"…")' },
  FU: { fr: 'Accomplir ce qui est demandé', en: 'Fulfil what is asked' },
  FI: { fr: 'Tirer à l’arc', en: 'Fire a bow' },
  US: { fr: 'Utiliser un objet (US-31)', en: 'Use an item (US-31)' },
  ST: { fr: 'Voler', en: 'Steal' },
};

const WORDS: [string, Localized][] = [
  ['GC', { fr: 'Commandant de la garnison : le chef fantôme des armées sans personnage (LE … à GC, RE … pour GC).', en: 'Garrison Commander: the phantom leader of armies without a character (LE … to GC, RE … for GC).' }],
  ['pdv / HP', { fr: 'Points de vie d’un personnage ou d’un monstre.', en: 'Hit points of a character or a monster.' }],
  ['PV / VP', { fr: 'Points de victoire, donnés par les Charges Impériales en fin de partie.', en: 'Victory points, given by the Imperial Offices at the end of the game.' }],
  ['ec / écu', { fr: 'La monnaie du jeu.', en: 'The game’s currency.' }],
  ['PM / MP', { fr: 'Points de mouvement d’une armée pendant une phase.', en: 'An army’s movement points in a phase.' }],
  ['talent / aptitude (2/3)', { fr: 'Dans le tableau des personnages, « 2/3 » se lit talent 2, aptitude 3 : le talent sert, l’aptitude est le niveau que l’entraînement atteint sans trop de peine.', en: 'In the characters’ table, “2/3” reads talent 2, aptitude 3: the talent is used, the aptitude is the level training reaches without much difficulty.' }],
  ['%', { fr: 'Pour une province : la part que votre royaume en connaît (0 à 100 %).', en: 'For a province: how much your kingdom knows of it (0 to 100 %).' }],
  ['TOUS / ALL, tout / all', { fr: 'Tous les Rois (TRAITES, RUPTURES) ; toutes les armées (DI, LE, PI).', en: 'All Kings (TREATIES, BREAKS); all armies (DI, LE, PI).' }],
  ['n° 207', { fr: 'Une province : rangée × 100 + colonne (207 = rangée 2, colonne 7). Le monde fait 18 colonnes sur 9 rangées ; les colonnes 18 et 1 se touchent.', en: 'A province: row × 100 + column (207 = row 2, column 7). The world is 18 columns by 9 rows; columns 18 and 1 touch.' }],
  ['pauvre / prospère / riche', { fr: 'La richesse connue d’une province : 0–2, 3–6, 7–10 écus d’impôt.', en: 'poor / prosperous / rich: a province’s known wealth: 0–2, 3–6, 7–10 écus of tax.' }],
];

function glossary(lang: Lang): HelpBook['glossary'] {
  const T = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  return [
    { title: T('Mots et abréviations', 'Words and abbreviations'), entries: WORDS.map(([term, m]) => ({ term, meaning: m[lang] })) },
    { title: T('Caractéristiques des personnages', 'Characters’ characteristics'), entries: CHAR_CODES.map((c) => ({ term: c, meaning: CHAR_NAMES[c][lang] })) },
    { title: T('Types d’armées', 'Army types'), entries: ARMY_TYPES.map((c) => ({ term: c, meaning: ARMY_TYPE_NAMES[c][lang] })) },
    { title: T('Qualité des armées', 'Army quality'), entries: ([0, 1, 2, 3, 4, 5] as Quality[]).map((q) => ({ term: String(q), meaning: QUALITY_NAMES[q][lang] })) },
    { title: T('Ordres', 'Orders'), entries: ACTION_CODES.map((c) => ({ term: c, meaning: orderSpec(c)!.label[lang] })) },
    {
      title: T('Lignes de la feuille d’ordres', 'Order sheet lines'),
      entries: SHEET_LINES.map((l) => ({ term: l.code.fr === l.code.en ? l.code.fr : `${l.code[lang]} / ${l.code[lang === 'fr' ? 'en' : 'fr']}`, meaning: `${l.label[lang]} : ${l.summary[lang]}`.replace(' : ', lang === 'fr' ? ' : ' : ': ') })),
    },
    { title: T('Tactiques des plans de rencontre', 'Encounter plan tactics'), entries: (Object.keys(TACTIC_NAMES) as TacticCode[]).map((c) => ({ term: c, meaning: TACTIC_NAMES[c][lang] })) },
    {
      title: T('Sorts (CA <code>, ou CA-<code> dans un plan)', 'Spells (CA <code>, or CA-<code> in a plan)'),
      entries: Object.values(SPELLS).map((s) => ({ term: s.code, meaning: `${s.name[lang]} — ${CHAR_NAMES[s.college][lang]}${s.kind === 'combat' ? T(' (combat)', ' (combat)') : ''}` })),
    },
  ];
}

// ───────────────────────────────────────────────────────────── the book

/** The help in one language (built once). */
export const akHelp = helpPerLang(build);

function build(lang: Lang): HelpBook {
  return {
    pages: lang === 'fr' ? PAGES_FR : PAGES_EN,
    firstTurn: 'first-turn',
    orders: { intro: ORDERS_INTRO[lang], entries: orderEntries(lang) },
    glossary: glossary(lang),
  };
}
