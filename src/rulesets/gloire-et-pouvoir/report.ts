/**
 * The turn report (BILAN) of Gloire & Pouvoir, rendered per lord from the typed events of a resolved
 * turn (events.ts), in French or English, as a Markdown document (CommonMark + GFM tables: the
 * platform renders it as HTML and as plain text). The first BILAN, sent when the game starts, is
 * rendered from the state alone (`renderReport` with no events).
 *
 * One source for both languages: every sentence is a `Phrase` with a French and an English template
 * over already-formatted arguments (the message table `MSG`, keyed by event type). The renderer of an
 * event (`RENDER`, also keyed by event type) is language-independent: it picks names and figures,
 * formats them for the language, and chooses the phrases.
 */
import { DEFAULT_CONFIG, type Fortification, type GPConfig, type Title } from './config.ts';
import type { CancelReason, DefenderReport, EventType, GPEvent } from './events.ts';
import { getMap, mapIndex } from './maps/index.ts';
import { isRoyalJoustTurn } from './phases/p10-p11-jousts.ts';
import type { GPState, KnightId, LordId, Relation, TerritoryId } from './state.ts';
import { lordIdCompare } from './state.ts';
import type { GPView } from './view.ts';
import { playerView } from './view.ts';

export type ReportLang = 'fr' | 'en';
type Loc = { fr: string; en: string };
type Phrase<A> = { fr: (a: A) => string; en: (a: A) => string };
type Ev<K extends EventType> = Extract<GPEvent, { type: K }>;

const ph = <A>(fr: (a: A) => string, en: (a: A) => string): Phrase<A> => ({ fr, en });

// ─── Vocabulary ────────────────────────────────────────────────────────────────────────────────

export const PHASE_TITLES: Record<number, Loc> = {
  1: { fr: 'Abdications et noms des chevaliers', en: "Abdication and knights' names" },
  2: { fr: 'Démobilisation des armées, libération des chevaliers', en: 'Disbanding armies, releasing knights' },
  3: { fr: 'Économie : rente, impôts, redistribution', en: 'Economy: rent, taxation, redistribution' },
  4: { fr: 'Valeurs de repli, défense spéciale', en: 'Retreat values, special defence' },
  5: { fr: 'Recrutement des chevaliers, levées d’armées', en: 'Recruiting knights, levying armies' },
  6: { fr: 'Affectations, transferts, garnisons', en: 'Assignments, transfers, garrisons' },
  7: { fr: 'Attaques', en: 'Attacks' },
  8: { fr: 'Diplomatie', en: 'Diplomacy' },
  9: { fr: 'Mouvements', en: 'Movement' },
  10: { fr: 'Organisation des joutes', en: 'Organising jousts' },
  11: { fr: 'Joutes', en: 'Jousts' },
  12: { fr: 'Ventes et achats de terres', en: 'Sales and purchases of land' },
  13: { fr: 'Espionnage', en: 'Espionage' },
  14: { fr: 'Migrations, révoltes, mémoire du peuple', en: "Migrations, revolts, people's memory" },
  15: { fr: 'Solde, entretien des armées, désertions', en: 'Pay, army upkeep, desertions' },
  16: { fr: 'Fortifications', en: 'Fortifications' },
  17: { fr: 'Anoblissement', en: 'Ennoblement' },
  18: { fr: 'Rapatriement', en: 'Repatriation' },
  19: { fr: 'Fin du tour', en: 'End of turn' },
};

export const TITLE_NAMES: Record<Title, Loc> = {
  baron: { fr: 'Baron', en: 'Baron' },
  vicomte: { fr: 'Vicomte', en: 'Viscount' },
  comte: { fr: 'Comte', en: 'Count' },
  marquis: { fr: 'Marquis', en: 'Marquess' },
  duc: { fr: 'Duc', en: 'Duke' },
  prince: { fr: 'Prince', en: 'Prince' },
};

export const FORT_NAMES: Record<Fortification, Loc> = {
  none: { fr: 'aucune', en: 'none' },
  palisade: { fr: 'palissade', en: 'palisade' },
  wall: { fr: 'muraille', en: 'wall' },
  fortress: { fr: 'enceinte fortifiée', en: 'fortress' },
};

const RELATION_NAMES: Record<Relation, Loc> = {
  peace: { fr: 'paix', en: 'peace' },
  war: { fr: 'guerre', en: 'war' },
  alliance: { fr: 'alliance', en: 'alliance' },
};

const RELATION_CAUSES: Record<Ev<'relation'>['cause'], Loc> = {
  GUE: { fr: 'GUE', en: 'GUE' },
  ALL: { fr: 'ALL', en: 'ALL' },
  PAI: { fr: 'PAI', en: 'PAI' },
  ANN: { fr: 'ANN', en: 'ANN' },
  felony: { fr: 'félonie', en: 'felony' },
  'common-ally': { fr: 'guerre entre deux alliés communs', en: 'war between two common allies' },
  death: { fr: 'mort d’un seigneur', en: "a lord's death" },
};

const DEMOB_CAUSES: Record<Ev<'army-demobilised'>['cause'], Loc> = {
  order: { fr: 'ordre DEM', en: 'DEM order' },
  released: { fr: 'chevalier libéré', en: 'knight released' },
  upkeep: { fr: 'entretien impayé', en: 'upkeep unpaid' },
  death: { fr: 'mort de son chevalier', en: 'death of its knight' },
};

const DESERTION_CAUSES: Record<Ev<'desertion'>['cause'], Loc> = {
  renown: { fr: 'sa renommée atteint le double de celle du chevalier-seigneur', en: "his renown reached twice the lord-knight's" },
  unpaid: { fr: 'solde impayée', en: 'unpaid' },
};

const FELONY_CAUSES: Record<Ev<'felony'>['cause'], Loc> = {
  battle: { fr: 'attaque d’une terre non ennemie', en: "attack on a non-enemy's land" },
  'war-on-ally': { fr: 'guerre déclarée à un allié', en: 'war declared on an ally' },
};

const DEFENDER_KINDS: Record<DefenderReport['kind'], Loc> = {
  peasants: { fr: 'paysans', en: 'peasants' },
  garrison: { fr: 'garnison', en: 'garrison' },
  knight: { fr: 'chevalier', en: 'knight' },
};

const DEFENDER_OUTCOMES: Record<DefenderReport['outcome'], Loc> = {
  retreated: { fr: 'repli', en: 'retreated' },
  destroyed: { fr: 'anéantissement', en: 'destroyed' },
  died: { fr: 'mort du chevalier', en: 'knight killed' },
  held: { fr: 'tient bon', en: 'held' },
};

const VICTORY_REASONS: Record<Ev<'victory'>['reason'], Loc> = {
  renown: { fr: 'victoire par la renommée', en: 'victory by renown' },
  conquest: { fr: 'victoire par la conquête', en: 'victory by conquest' },
  alliance: { fr: 'victoire par l’alliance', en: 'victory by alliance' },
  none: { fr: 'aucun seigneur ne reste en lice', en: 'no lord is left' },
};

/** The constants a reason quotes (the host may have changed them: the sentence takes the game's). */
type ReasonCfg = Pick<GPConfig, 'maxRecruitsPerTurn' | 'joustMinReward'>;

/** Why an order was cancelled: one sentence per reason, in both languages (exhaustive by type). */
const REASONS: Record<CancelReason, Loc | ((c: ReasonCfg) => Loc)> = {
  'lord-out': { fr: 'vous ne jouez plus', en: 'you are out of the game' },
  'unknown-knight': { fr: 'ce chevalier n’existe pas (ou plus)', en: 'no such knight (any more)' },
  'unknown-army': { fr: 'cette armée n’existe pas (ou plus)', en: 'no such army (any more)' },
  'not-own-knight': { fr: 'ce chevalier n’est pas à vous', en: 'this knight is not yours' },
  'not-own-army': { fr: 'cette armée n’est pas à vous', en: 'this army is not yours' },
  'not-own-territory': { fr: 'cette terre n’est pas à vous', en: 'this land is not yours' },
  'lord-knight': { fr: 'impossible avec votre chevalier-seigneur', en: 'not possible with your lord-knight' },
  'name-taken': { fr: 'ce nom est déjà porté', en: 'this name is already taken' },
  duplicate: { fr: 'ordre en double, seul le premier compte', en: 'duplicate order, only the first one counts' },
  'no-funds': { fr: 'trésor insuffisant', en: 'not enough money in the treasury' },
  'too-many-recruits': (c) => ({ fr: `pas plus de ${formatInt(c.maxRecruitsPerTurn, 'fr')} chevaliers recrutés par tour`, en: `no more than ${formatInt(c.maxRecruitsPerTurn, 'en')} knights recruited per turn` }),
  'no-territory': { fr: 'vous n’avez aucune terre où les accueillir', en: 'you have no land to receive them' },
  'knight-too-far': { fr: 'le chevalier est trop loin (ni sur place ni sur une terre voisine)', en: 'the knight is too far (neither there nor next door)' },
  'not-garrison': { fr: 'cette armée n’est pas une garnison', en: 'this army is not a garrison' },
  'already-received-transfer': { fr: 'cette armée a reçu des hommes ce tour-ci et ne peut en céder', en: 'this army received men this turn and cannot give any' },
  'enemy-receiver': { fr: 'le destinataire est un ennemi', en: 'the receiver is an enemy' },
  // One sentence for "no such knight" and "not within reach": the report must not tell which (phase 6).
  'receiver-out-of-reach': {
    fr: 'aucun chevalier de ce nom à portée (sur place ou sur une terre voisine)',
    en: 'no knight of that name within reach (there or next door)',
  },
  'not-enough-men': { fr: 'pas assez d’hommes', en: 'not enough men' },
  'no-army': { fr: 'ce chevalier ne commande aucune armée', en: 'this knight leads no army' },
  'already-attacked': { fr: 'ce chevalier a déjà attaqué ce tour-ci', en: 'this knight already attacked this turn' },
  'own-territory': { fr: 'cette terre est déjà à vous', en: 'this land is already yours' },
  'allied-territory': { fr: 'cette terre appartient à un allié', en: 'this land belongs to an ally' },
  'not-adjacent': { fr: 'cette terre n’est pas voisine', en: 'this land is not adjacent' },
  'below-threshold': { fr: 'l’armée est déjà sous son seuil de repli', en: 'the army is already below its retreat threshold' },
  self: { fr: 'impossible envers vous-même', en: 'not possible towards yourself' },
  'already-at-war': { fr: 'vous êtes déjà en guerre avec ce seigneur', en: 'you are already at war with this lord' },
  'not-at-war': { fr: 'vous n’êtes pas en guerre avec ce seigneur', en: 'you are not at war with this lord' },
  'not-allied': { fr: 'ce seigneur n’est pas votre allié', en: 'this lord is not your ally' },
  'at-war': { fr: 'vous êtes en guerre : signez d’abord la paix', en: 'you are at war: make peace first' },
  'allied-with-enemy': { fr: 'l’un de vous est allié à un ennemi de l’autre', en: "one of you is allied with the other's enemy" },
  'no-match': { fr: 'aucun ordre correspondant de l’autre seigneur', en: 'no matching order from the other lord' },
  'already-moved': { fr: 'ce chevalier s’est déjà déplacé ce tour-ci', en: 'this knight already moved this turn' },
  'conquered-this-turn': { fr: 'ce chevalier a conquis une terre ce tour-ci, ce fut son mouvement', en: 'this knight conquered land this turn, that was his move' },
  'hostile-destination': { fr: 'un chevalier non allié se trouve à destination', en: 'a non-allied knight stands at the destination' },
  'destination-not-allowed': { fr: 'destination interdite (ni neutre, ni à vous, ni alliée)', en: 'destination not allowed (neither neutral, yours nor allied)' },
  'reward-too-low': (c) => ({ fr: `récompense trop faible (${formatInt(c.joustMinReward, 'fr')} écus au moins)`, en: `reward too low (at least ${formatInt(c.joustMinReward, 'en')} écus)` }),
  'already-organised': { fr: 'vous organisez déjà une joute ce tour-ci', en: 'you already organise a joust this turn' },
  'no-joust': { fr: 'aucune joute de ce seigneur ce tour-ci', en: 'no joust by this lord this turn' },
  'wrong-password': { fr: 'mot de passe erroné', en: 'wrong password' },
  'already-jousting': { fr: 'ce chevalier joute déjà ce tour-ci', en: 'this knight already jousts this turn' },
  'joust-full': { fr: 'la joute est complète', en: 'the joust is full' },
  'first-turn': { fr: 'interdit au premier tour', en: 'not allowed on the first turn' },
  'already-bought': { fr: 'un seul achat par tour', en: 'only one purchase per turn' },
  'enemy-border': { fr: 'la terre touche celle d’un ennemi', en: "the land borders an enemy's" },
  'sold-last-turn': { fr: 'cette terre a été vendue au tour précédent', en: 'this land was sold last turn' },
  'first-vnd-only': { fr: 'une seule vente de cette terre, seule la première compte', en: 'one sale of this land, only the first one counts' },
  'price-mismatch': { fr: 'les prix de vente et d’achat diffèrent', en: 'the sale and purchase prices differ' },
  'not-weaker-fortification': { fr: 'cette terre a déjà une fortification égale ou meilleure', en: 'this land already has an equal or better fortification' },
  'lord-dead': { fr: 'ce seigneur n’est plus en jeu', en: 'this lord is no longer in the game' },
  'no-enemy': { fr: 'vous n’avez aucun ennemi', en: 'you have no enemy' },
  capacity: { fr: 'capacité invalide (2 places au moins)', en: 'invalid capacity (at least 2 places)' },
};

/** Why an order was cancelled, in the game's terms (`cfg`: the game's constants; the rules' by default). */
export function describeReason(reason: CancelReason, lang: ReportLang, cfg: ReasonCfg = DEFAULT_CONFIG): string {
  const r = REASONS[reason];
  if (!r) return reason;
  return (typeof r === 'function' ? r(cfg) : r)[lang];
}

// ─── Number formatting ─────────────────────────────────────────────────────────────────────────

/** French thousands separator (a plain space keeps plain-text mail readable everywhere). */
const FR_GROUP = ' ';

function group(digits: string, sep: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

export function formatInt(x: number, lang: ReportLang): string {
  if (!Number.isFinite(x)) return String(x);
  const r = Math.round(x);
  return (r < 0 ? '-' : '') + group(String(Math.abs(r)), lang === 'fr' ? FR_GROUP : ',');
}

export function formatDec(x: number, digits: number, lang: ReportLang): string {
  if (!Number.isFinite(x)) return String(x);
  const fixed = Math.abs(x).toFixed(digits);
  const [int, frac] = fixed.split('.') as [string, string | undefined];
  const neg = x < 0 && Number(fixed) !== 0;
  return (neg ? '-' : '') + group(int, lang === 'fr' ? FR_GROUP : ',') + (frac ? (lang === 'fr' ? ',' : '.') + frac : '');
}

// ─── Markdown ──────────────────────────────────────────────────────────────────────────────────
// The BILAN is a Markdown document (CommonMark + GFM tables), which the platform renders as HTML
// and as plain text. What players write (lords' and knights' names, order lines) is escaped here,
// so that a name never opens markup: every character that could is preceded by a backslash.

/** Player-written text as Markdown text (a backslash before each character that could open markup). */
export function mdEscape(text: string): string {
  // And at its start, what would open a list item where the name begins a line ("1. …", "- …").
  return text.replace(/[\\`*_[\]<>|#~&]/g, (c) => `\\${c}`).replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([-+])/, '\\$1');
}

/** An order line as a code span, fenced longer than any run of backquotes inside it. */
export function mdCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export interface MdTable { head: string[]; rows: string[][]; /** Columns aligned right (figures). */ right?: readonly number[] }

/** A GFM table (cells are already Markdown text). */
export function mdTable(t: MdTable): string[] {
  const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\s*\n\s*/g, ' ')).join(' | ')} |`;
  return [row(t.head), `|${t.head.map((_, i) => (t.right?.includes(i) ? '---:' : '---')).join('|')}|`, ...t.rows.map(row)];
}

// ─── Rendering context ─────────────────────────────────────────────────────────────────────────

/** Who is the subject of a sentence: the reading lord ("you") or another one (his name). */
interface Subj { you: boolean; who: string }

interface X {
  lang: ReportLang;
  s: GPState;
  reader: LordId;
  n(x: number): string;
  d2(x: number): string;
  d1(x: number): string;
  pct(p: number): string;
  v(l: Loc): string;
  say<A>(p: Phrase<A>, a: A): string;
  lord(id: LordId | null): string;
  subj(id: LordId): Subj;
  terr(id: TerritoryId): string;
  knight(id: KnightId, carried?: string | null): string;
  title(t: Title | null): string;
  fort(f: Fortification): string;
}

function makeX(s: GPState, reader: LordId, lang: ReportLang, names: Map<KnightId, string>): X {
  let byId: Map<string, { name: string }> | null = null;
  try { byId = mapIndex(getMap(s.map)).byId; } catch { byId = null; }
  const x: X = {
    lang, s, reader,
    n: (v) => formatInt(v, lang),
    d2: (v) => formatDec(v, 2, lang),
    d1: (v) => formatDec(v, 1, lang),
    pct: (p) => `${formatInt(p * 100, lang)}${lang === 'fr' ? ' %' : '%'}`,
    v: (l) => l[lang],
    say: (p, a) => p[lang](a),
    lord: (id) => (id === null ? x.v({ fr: 'personne', en: 'nobody' }) : mdEscape(s.lords[id]?.name ?? id)),
    subj: (id) => ({ you: id === reader, who: x.lord(id) }),
    terr: (id) => mdEscape(byId?.get(id)?.name ?? id),
    knight: (id, carried) => mdEscape(s.knights[id]?.name ?? (carried || undefined) ?? names.get(id) ?? id),
    title: (t) => (t ? TITLE_NAMES[t][lang] : x.v({ fr: 'sans titre', en: 'no title' })),
    fort: (f) => FORT_NAMES[f][lang],
  };
  return x;
}

/** Every knight name the events carry (for knights no longer in the state). */
function knightNames(events: GPEvent[]): Map<KnightId, string> {
  const m = new Map<KnightId, string>();
  const put = (id: KnightId | null, name: string | null | undefined) => { if (id && name && !m.has(id)) m.set(id, name); };
  for (const e of events) {
    switch (e.type) {
      case 'renamed': m.set(e.knight, e.to); break;
      case 'knight-released': case 'knight-recruited': case 'knight-died': case 'desertion': put(e.knight, e.name); break;
      case 'battle': put(e.knight, e.knightName); for (const d of e.defenders) put(d.knight, d.name); break;
      case 'joust': for (const k of [...e.entrants, ...e.refused]) put(k.knight, k.name); break;
      case 'espionage': for (const k of e.report?.knights ?? []) put(k.knight, k.name); break;
      default: break;
    }
  }
  return m;
}

// ─── Message table (fr and en for every sentence), keyed by event type ───────────────────────────

/** French "de" with elision before a vowel: "d’Oulu", "de Narvik". */
const de = (w: string) => (/^[aeiouyàâäåæéèêëîïôöøûüœ]/i.test(w) ? `d’${w}` : `de ${w}`);
const avez = (a: Subj) => (a.you ? 'Vous avez' : `${a.who} a`);
const etes = (a: Subj) => (a.you ? 'Vous êtes' : `${a.who} est`);
const you = (a: Subj) => (a.you ? 'You' : a.who);
const are = (a: Subj) => (a.you ? 'You are' : `${a.who} is`);
/** Noun-style lines name the lord only when he is not the reader. */
const pre = (a: Subj) => (a.you ? '' : `${a.who} — `);
const plural = (n: string, one: string, many: string) => (n === '1' ? one : many);

type Hb = { hb: string; ha: string };
type Cb = { cb: string; ca: string };

const MSG = {
  caretaker: ph(
    (a: { none: boolean }) => `Faute d’ordres, votre intendant a gouverné vos terres ce tour-ci :${a.none ? ' il n’a rien ordonné.' : ''}`,
    (a) => `As you sent no orders, your steward governed your lands this turn:${a.none ? ' he ordered nothing.' : ''}`),
  'order.line': ph((a: { line: string }) => `Ligne ${a.line} — `, (a) => `Line ${a.line} — `),
  'order-cancelled': ph(
    (a: Subj & { line: string; code: string; reason: string }) => `${pre(a)}Ligne ${a.line}, ordre annulé : ${a.code} — ${a.reason}.`,
    (a) => `${pre(a)}Line ${a.line}, order cancelled: ${a.code} — ${a.reason}.`),
  abdicated: ph((a: Subj) => `${avez(a)} abdiqué.`, (a) => `${you(a)} abdicated.`),
  renamed: ph(
    (a: { from: string; to: string }) => `Le chevalier ${a.from} s’appelle désormais ${a.to}.`,
    (a) => `The knight ${a.from} is now called ${a.to}.`),
  'knight-released': ph(
    (a: Subj & { name: string; men: string | null }) => `${avez(a)} libéré le chevalier ${a.name}${a.men ? ` ; son armée de ${a.men} hommes est démobilisée` : ''}.`,
    (a) => `${you(a)} released the knight ${a.name}${a.men ? `; his army of ${a.men} men is disbanded` : ''}.`),
  'army-demobilised': ph(
    (a: Subj & { army: string; men: string; terr: string; cause: string }) => `${pre(a)}Armée n° ${a.army} démobilisée à ${a.terr} : ${a.men} hommes rentrent chez eux (${a.cause}).`,
    (a) => `${pre(a)}Army #${a.army} disbanded at ${a.terr}: ${a.men} men go home (${a.cause}).`),
  rent: ph(
    (a: Subj & { title: string; amount: string }) => `Le Roi ${a.you ? 'vous verse' : `verse à ${a.who}`} la rente ${de(a.title)} : ${a.amount} écus.`,
    (a) => `The King pays ${a.you ? 'you' : a.who} the rent of a ${a.title}: ${a.amount} écus.`),
  tax: ph(
    (a: Subj & Hb & Cb & { income: string; terr: string; level: string }) => `${avez(a)} levé ${a.income} écus d’impôts à ${a.terr} (IMP ${a.level}) ; bonheur ${a.hb} → ${a.ha} ; coefficient ${a.cb} → ${a.ca}.`,
    (a) => `${you(a)} raised ${a.income} écus of taxes at ${a.terr} (IMP ${a.level}); happiness ${a.hb} → ${a.ha}; coefficient ${a.cb} → ${a.ca}.`),
  redistribution: ph(
    (a: Subj & Hb & Cb & { amount: string; terr: string; ratio: string }) => `${avez(a)} redistribué ${a.amount} écus à ${a.terr} (RED, ratio ${a.ratio}) ; bonheur ${a.hb} → ${a.ha} ; coefficient ${a.cb} → ${a.ca}.`,
    (a) => `${you(a)} redistributed ${a.amount} écus at ${a.terr} (RED, ratio ${a.ratio}); happiness ${a.hb} → ${a.ha}; coefficient ${a.cb} → ${a.ca}.`),
  'retreat-defaults': ph(
    (a: Subj & { p: string; g: string; k: string }) => `${pre(a)}Valeurs de repli par défaut (INI) : paysans ${a.p} %, garnison ${a.g} %, chevalier ${a.k} %.`,
    (a) => `${pre(a)}Default retreat values (INI): peasants ${a.p}%, garrison ${a.g}%, knight ${a.k}%.`),
  'special-defence': ph(
    (a: Subj & { army: string; men: string }) => `${pre(a)}Défense spéciale (DEF) : l’armée n° ${a.army} ne se repliera pas avant d’être réduite à ${a.men} hommes ce tour-ci.`,
    (a) => `${pre(a)}Special defence (DEF): army #${a.army} will not retreat before falling to ${a.men} men this turn.`),
  'knight-recruited': ph(
    (a: Subj & { name: string; renown: string; cost: string; terr: string }) => `${avez(a)} recruté le chevalier ${a.name} (renommée ${a.renown}) pour ${a.cost} écus ; il se tient à ${a.terr}.`,
    (a) => `${you(a)} recruited the knight ${a.name} (renown ${a.renown}) for ${a.cost} écus; he stands at ${a.terr}.`),
  'recruit-unaffordable': ph(
    (a: Subj & { renown: string; cost: string; treasury: string; left: string }) => `${pre(a)}Recrutement interrompu : le chevalier suivant (renommée ${a.renown}) coûtait ${a.cost} écus pour un trésor de ${a.treasury} écus ; ${a.left} ${plural(a.left, 'chevalier non recruté', 'chevaliers non recrutés')}.`,
    (a) => `${pre(a)}Recruitment stopped: the next knight (renown ${a.renown}) would cost ${a.cost} écus with ${a.treasury} écus in the treasury; ${a.left} ${plural(a.left, 'knight', 'knights')} not recruited.`),
  levy: ph(
    (a: Subj & Hb & { men: string; terr: string; amount: string; factor: string; army: string; knight: string | null }) => `${avez(a)} levé ${a.men} hommes à ${a.terr} pour ${a.amount} écus (facteur ${a.factor}) : armée n° ${a.army}, ${a.knight ? `commandée par ${a.knight}` : 'en garnison'} ; bonheur ${a.hb} → ${a.ha}.`,
    (a) => `${you(a)} levied ${a.men} men at ${a.terr} for ${a.amount} écus (factor ${a.factor}): army #${a.army}, ${a.knight ? `led by ${a.knight}` : 'as a garrison'}; happiness ${a.hb} → ${a.ha}.`),
  'army-assigned': ph(
    (a: Subj & Hb & { knight: string; army: string; men: string; terr: string }) => `${pre(a)}Le chevalier ${a.knight} prend le commandement de la garnison n° ${a.army} (${a.men} hommes) à ${a.terr} ; bonheur ${a.hb} → ${a.ha}.`,
    (a) => `${pre(a)}The knight ${a.knight} takes command of garrison #${a.army} (${a.men} men) at ${a.terr}; happiness ${a.hb} → ${a.ha}.`),
  transfer: ph(
    (a: Subj & { men: string; from: string; to: string; toYou: boolean; toLord: string | null }) => `${avez(a)} transféré ${a.men} hommes ${de(a.from)} à ${a.to}${a.toYou ? ' (votre chevalier)' : a.toLord ? ` (chevalier ${de(a.toLord)})` : ''}.`,
    (a) => `${you(a)} transferred ${a.men} men from ${a.from} to ${a.to}${a.toYou ? ' (your knight)' : a.toLord ? ` (${a.toLord}'s knight)` : ''}.`),
  garrisoned: ph(
    (a: Subj & { knight: string; men: string; terr: string }) => `${pre(a)}${a.knight} laisse ${a.men} hommes en garnison à ${a.terr}.`,
    (a) => `${pre(a)}${a.knight} leaves ${a.men} men as a garrison at ${a.terr}.`),
  battle: ph(
    (a: Subj & { knight: string; terr: string; from: string; start: string; threshold: string; ownerYou: boolean; owner: string | null; fort: string }) =>
      `**Bataille pour ${a.terr}** : ${a.you ? `votre chevalier ${a.knight}` : `${a.knight} (${a.who})`} attaque depuis ${a.from} avec ${a.start} hommes (seuil de repli ${a.threshold}) ; ${a.ownerYou ? 'votre terre' : a.owner ? `terre ${de(a.owner)}` : 'terre neutre'}, fortification : ${a.fort}.`,
    (a) => `**Battle for ${a.terr}**: ${a.you ? `your knight ${a.knight}` : `${a.knight} (${a.who})`} attacks from ${a.from} with ${a.start} men (retreat threshold ${a.threshold}); ${a.ownerYou ? 'your land' : a.owner ? `${a.owner}'s land` : 'neutral land'}, fortification: ${a.fort}.`),
  'battle.head': ph(
    (_: object) => ['Défenseur', 'Renommée du commandant', 'Hommes', 'Seuil de repli', 'Passes', 'Issue'].join('\t'),
    () => ['Defender', 'Commander’s renown', 'Men', 'Retreat threshold', 'Passes', 'Outcome'].join('\t')),
  'battle.defender': ph(
    (a: { kind: string; name: string | null; lord: string | null }) => `${a.kind}${a.name ? ` ${a.name}` : ''}${a.lord ? ` (${a.lord})` : ''}`,
    (a) => `${a.kind}${a.name ? ` ${a.name}` : ''}${a.lord ? ` (${a.lord})` : ''}`),
  'battle.summary': ph(
    (a: { passes: string; start: string; end: string; losses: string; knight: string; rb: string; ra: string }) => `Passes d’armes : ${a.passes} ; attaquant ${a.start} → ${a.end} hommes (pertes ${a.losses}) ; renommée ${de(a.knight)} ${a.rb} → ${a.ra}.`,
    (a) => `Passes: ${a.passes}; attacker ${a.start} → ${a.end} men (losses ${a.losses}); ${a.knight}'s renown ${a.rb} → ${a.ra}.`),
  'battle.result': ph(
    (a: { result: Ev<'battle'>['result']; terr: string; knight: string }) => `Résultat : ${a.result === 'conquest' ? `${a.terr} est conquise` : a.result === 'repelled' ? 'l’attaque est repoussée' : `${a.knight} est mort au combat, son armée est anéantie`}.`,
    (a) => `Result: ${a.result === 'conquest' ? `${a.terr} is conquered` : a.result === 'repelled' ? 'the attack is repelled' : `${a.knight} died in battle, his army is destroyed`}.`),
  felony: ph(
    (a: { byYou: boolean; felon: string; by: string; victim: string; cause: string; rb: string; ra: string }) =>
      `Félonie commise par ${a.by} envers ${a.victim} (${a.cause}) : renommée ${a.byYou ? 'de votre chevalier-seigneur' : `du chevalier-seigneur ${de(a.felon)}`} ${a.rb} → ${a.ra}.`,
    (a) => `Felony committed by ${a.by} against ${a.victim} (${a.cause}): ${a.byYou ? 'your' : `${a.felon}'s`} lord-knight's renown ${a.rb} → ${a.ra}.`),
  conquest: ph(
    (a: Subj & { terr: string; fromYou: boolean; from: string | null; h: string; lost: string | null }) => `${avez(a)} conquis ${a.terr} (${a.fromYou ? 'votre terre' : a.from ? `terre ${de(a.from)}` : 'terre neutre'}) ; bonheur ${a.h}${a.lost ? ` ; la ${a.lost} est détruite` : ''}.`,
    (a) => `${you(a)} conquered ${a.terr} (${a.fromYou ? 'your land' : a.from ? `${a.from}'s land` : 'neutral land'}); happiness ${a.h}${a.lost ? `; the ${a.lost} is destroyed` : ''}.`),
  'garrison-repatriated': ph(
    (a: Subj & { army: string; from: string; to: string | null; distance: string; before: string; after: string }) => a.to
      ? `${pre(a)}La garnison n° ${a.army} quitte ${a.from} pour ${a.to} (distance ${a.distance}) : ${a.before} → ${a.after} hommes.`
      : `${pre(a)}La garnison n° ${a.army} ${de(a.from)} n’a nulle part où se replier : ${a.before} hommes perdus.`,
    (a) => a.to
      ? `${pre(a)}Garrison #${a.army} leaves ${a.from} for ${a.to} (distance ${a.distance}): ${a.before} → ${a.after} men.`
      : `${pre(a)}Garrison #${a.army} at ${a.from} has nowhere to go: ${a.before} men lost.`),
  'lord-died': ph(
    (a: Subj & { battle: boolean; freed: string | null }) => `${a.battle ? `${etes(a)} mort au combat` : `${avez(a)} abdiqué`} et ${a.you ? 'quittez' : 'quitte'} la partie ; ${a.freed ? `${a.you ? 'vos' : 'ses'} terres redeviennent neutres : ${a.freed}` : 'aucune terre n’est libérée'}.`,
    (a) => `${a.battle ? `${you(a)} died in battle` : `${you(a)} abdicated`} and ${a.you ? 'leave' : 'leaves'} the game; ${a.freed ? `${a.you ? 'your' : 'his'} lands become neutral: ${a.freed}` : 'no land is freed'}.`),
  'knight-died': ph(
    (a: Subj & { name: string; terr: string }) => `${pre(a)}Le chevalier ${a.name} est mort à ${a.terr}.`,
    (a) => `${pre(a)}The knight ${a.name} died at ${a.terr}.`),
  relation: ph(
    (a: { a: string; b: string; from: string; to: string; cause: string }) => `Relations entre ${a.a} et ${a.b} : ${a.from} → ${a.to} (${a.cause}).`,
    (a) => `Relations between ${a.a} and ${a.b}: ${a.from} → ${a.to} (${a.cause}).`),
  'aid-refused': ph(
    (a: { calleeYou: boolean; callerYou: boolean; callee: string; caller: string; penalty: string; rb: string; ra: string }) =>
      `${a.calleeYou ? `Vous n’avez pas répondu à l’appel à l’aide ${de(a.caller)}` : a.callerYou ? `${a.callee} n’a pas répondu à votre appel à l’aide` : `${a.callee} n’a pas répondu à l’appel à l’aide ${de(a.caller)}`} : pénalité ${a.penalty}, renommée ${a.calleeYou ? 'de votre' : 'de son'} chevalier-seigneur ${a.rb} → ${a.ra}.`,
    (a) => `${a.calleeYou ? `You did not answer ${a.caller}'s call for aid` : a.callerYou ? `${a.callee} did not answer your call for aid` : `${a.callee} did not answer ${a.caller}'s call for aid`}: penalty ${a.penalty}, ${a.calleeYou ? 'your' : 'his'} lord-knight's renown ${a.rb} → ${a.ra}.`),
  'ally-called': ph(
    (a: { callerYou: boolean; calleeYou: boolean; caller: string; callee: string; enemies: string }) =>
      a.callerYou ? `Vous appelez ${a.callee} à l’aide (APP) contre ${a.enemies}.`
        : a.calleeYou ? `${a.caller} vous appelle à l’aide (APP) contre ${a.enemies} : au prochain tour, lui refuser votre aide vous coûtera de la renommée.`
          : `${a.caller} appelle ${a.callee} à l’aide (APP) contre ${a.enemies}.`,
    (a) => a.callerYou ? `You call ${a.callee} to help (APP) against ${a.enemies}.`
      : a.calleeYou ? `${a.caller} calls you to help (APP) against ${a.enemies}: next turn, refusing your aid will cost you renown.`
        : `${a.caller} calls ${a.callee} to help (APP) against ${a.enemies}.`),
  moved: ph(
    (a: Subj & { knight: string; from: string; to: string; men: string | null }) => `${pre(a)}${a.knight} se rend ${de(a.from)} à ${a.to}${a.men ? ` avec ${a.men} hommes` : ''}.`,
    (a) => `${pre(a)}${a.knight} moves from ${a.from} to ${a.to}${a.men ? ` with ${a.men} men` : ''}.`),
  'joust-organised': ph(
    (a: Subj & { capacity: string; reward: string; cost: string }) => `${avez(a)} organisé une joute : ${a.capacity} places, récompense ${a.reward} écus, coût des places ${a.cost} écus.`,
    (a) => `${you(a)} organised a joust: ${a.capacity} places, reward ${a.reward} écus, cost of the places ${a.cost} écus.`),
  joust: ph(
    (a: { royal: boolean; organizer: string; reward: string; held: boolean }) => `${a.royal ? 'Joute royale' : `Joute organisée par ${a.organizer}`} (récompense ${a.reward} écus)${a.held ? '' : ` : elle n’a pas lieu, moins de deux chevaliers admis${a.royal ? '' : ' ; la récompense revient à l’organisateur'}`}.`,
    (a) => `${a.royal ? 'Royal joust' : `Joust organised by ${a.organizer}`} (reward ${a.reward} écus)${a.held ? '' : `: not held, fewer than two knights admitted${a.royal ? '' : '; the reward returns to the organiser'}`}.`),
  'joust.entrants': ph((a: { list: string }) => `Participants : ${a.list}`, (a) => `Entrants: ${a.list}`),
  'joust.refused': ph((a: { list: string }) => `Refusés (joute complète) : ${a.list}`, (a) => `Turned away (joust full): ${a.list}`),
  'joust.duel': ph(
    (a: { round: string; winner: string; loser: string; gain: string; loss: string; passes: string }) => `manche ${a.round} : ${a.winner} bat ${a.loser} (+${a.gain} / −${a.loss}, ${a.passes} ${plural(a.passes, 'passe', 'passes')})`,
    (a) => `round ${a.round}: ${a.winner} beats ${a.loser} (+${a.gain} / −${a.loss}, ${a.passes} ${plural(a.passes, 'pass', 'passes')})`),
  'joust.bye': ph((a: { round: string; knight: string }) => `manche ${a.round} : ${a.knight} est exempt`, (a) => `round ${a.round}: ${a.knight} has a bye`),
  'joust.winner': ph(
    (a: { knight: string; lord: string; reward: string }) => `Vainqueur : ${a.knight} (${a.lord}), qui remporte ${a.reward} écus.`,
    (a) => `Winner: ${a.knight} (${a.lord}), who wins ${a.reward} écus.`),
  'joust.bonus': ph(
    (a: { organizer: string; bonus: string }) => `Bonus de l’organisateur : +${a.bonus} de renommée pour le chevalier-seigneur ${de(a.organizer)}.`,
    (a) => `Organiser's bonus: +${a.bonus} renown to ${a.organizer}'s lord-knight.`),
  sale: ph(
    (a: { sellerYou: boolean; buyerYou: boolean; seller: string; buyer: string; terr: string; price: string }) =>
      a.sellerYou ? `Vous avez vendu ${a.terr} à ${a.buyer} pour ${a.price} écus.`
        : a.buyerYou ? `Vous avez acheté ${a.terr} à ${a.seller} pour ${a.price} écus.`
          : `${a.seller} a vendu ${a.terr} à ${a.buyer} pour ${a.price} écus.`,
    (a) => a.sellerYou ? `You sold ${a.terr} to ${a.buyer} for ${a.price} écus.`
      : a.buyerYou ? `You bought ${a.terr} from ${a.seller} for ${a.price} écus.`
        : `${a.seller} sold ${a.terr} to ${a.buyer} for ${a.price} écus.`),
  espionage: ph(
    (a: Subj & { terr: string; cost: string; p: string; success: boolean }) => `${pre(a)}Espionnage ${de(a.terr)} (ESP, ${a.cost} écus, chance de réussite ${a.p}) : ${a.success ? 'réussite' : 'échec, vos espions n’ont rien appris'}.`,
    (a) => `${pre(a)}Espionage of ${a.terr} (ESP, ${a.cost} écus, chance of success ${a.p}): ${a.success ? 'success' : 'failure, your spies learnt nothing'}.`),
  'espionage.land': ph(
    (a: { owner: string | null; pop: string; h: string; c: string; fort: string }) => `Propriétaire : ${a.owner ?? 'aucun (terre neutre)'} ; population ${a.pop} ; bonheur ${a.h} ; coefficient ${a.c} ; fortification : ${a.fort}.`,
    (a) => `Owner: ${a.owner ?? 'none (neutral land)'}; population ${a.pop}; happiness ${a.h}; coefficient ${a.c}; fortification: ${a.fort}.`),
  'espionage.garrison': ph((a: { men: string }) => `Garnison : ${a.men} hommes.`, (a) => `Garrison: ${a.men} men.`),
  'espionage.peasants': ph((a: { men: string }) => `Paysans estimés : ${a.men} hommes.`, (a) => `Estimated peasants: ${a.men} men.`),
  'espionage.knight': ph(
    (a: { name: string; lord: string; renown: string; men: string }) => `Chevalier ${a.name} (${a.lord}) : renommée ${a.renown}, ${a.men} hommes.`,
    (a) => `Knight ${a.name} (${a.lord}): renown ${a.renown}, ${a.men} men.`),
  'espionage.noKnight': ph((_: object) => 'Aucun chevalier sur place.', () => 'No knight there.'),
  migration: ph(
    (a: Subj & { terr: string; before: string; after: string; out: string; in: string }) => `${pre(a)}Migrations à ${a.terr} : population ${a.before} → ${a.after} (départs ${a.out}, arrivées ${a.in}).`,
    (a) => `${pre(a)}Migration at ${a.terr}: population ${a.before} → ${a.after} (${a.out} left, ${a.in} arrived).`),
  revolt: ph(
    (a: Subj & { terr: string }) => `Révolte ! Le peuple ${de(a.terr)}, à bout, ${a.you ? 'vous chasse' : `chasse ${a.who}`} : la terre redevient neutre.`,
    (a) => `Revolt! The people of ${a.terr}, at the end of their tether, drive ${a.you ? 'you' : a.who} out: the land becomes neutral.`),
  memory: ph(
    (a: Subj & { terr: string; value: string }) => `Mémoire du peuple ${de(a.terr)} envers ${a.you ? 'vous' : a.who} : ${a.value}.`,
    (a) => `People's memory of ${a.you ? 'you' : a.who} at ${a.terr}: ${a.value}.`),
  desertion: ph(
    (a: Subj & { name: string; men: string | null; cause: string }) => `${pre(a)}Désertion : le chevalier ${a.name} s’en va${a.men ? ` avec ses ${a.men} hommes` : ''} (${a.cause}).`,
    (a) => `${pre(a)}Desertion: the knight ${a.name} leaves${a.men ? ` with his ${a.men} men` : ''} (${a.cause}).`),
  upkeep: ph(
    (a: Subj & { pay: string; armies: string; after: string }) => `${pre(a)}Solde des chevaliers : ${a.pay} écus ; entretien des armées : ${a.armies} écus ; trésor restant : ${a.after} écus.`,
    (a) => `${pre(a)}Knights' pay: ${a.pay} écus; army upkeep: ${a.armies} écus; treasury left: ${a.after} écus.`),
  'garrison-bonus': ph(
    (a: Subj & { terr: string; bonus: string; h: string }) => `${pre(a)}La garnison ${de(a.terr)} rassure le peuple : bonheur +${a.bonus} → ${a.h}.`,
    (a) => `${pre(a)}The garrison of ${a.terr} reassures the people: happiness +${a.bonus} → ${a.h}.`),
  fortified: ph(
    (a: Subj & Hb & { fort: string; terr: string; cost: string }) => `${avez(a)} bâti une ${a.fort} à ${a.terr} pour ${a.cost} écus ; bonheur ${a.hb} → ${a.ha}.`,
    (a) => `${you(a)} built a ${a.fort} at ${a.terr} for ${a.cost} écus; happiness ${a.hb} → ${a.ha}.`),
  title: ph(
    (a: Subj & { from: string | null; to: string | null }) => a.to
      ? (a.from ? `${etes(a)} désormais ${a.to} (auparavant ${a.from}).` : `${etes(a)} anobli : ${a.to}.`)
      : `${avez(a)} perdu ${a.you ? 'votre' : 'son'} titre${a.from ? ` ${de(a.from)}` : ''}.`,
    (a) => a.to
      ? (a.from ? `${are(a)} now ${a.to} (formerly ${a.from}).` : `${are(a)} ennobled: ${a.to}.`)
      : `${you(a)} lost ${a.you ? 'your' : 'his'} title${a.from ? ` of ${a.from}` : ''}.`),
  repatriated: ph(
    (a: Subj & { knight: string | null; army: string | null; from: string; to: string; distance: string; before: string; after: string }) =>
      `${pre(a)}Rapatriement : ${a.knight ?? `l’armée n° ${a.army}`} quitte ${a.from} pour ${a.to} (distance ${a.distance})${a.army ? ` ; armée n° ${a.army} : ${a.before} → ${a.after} hommes` : ''}.`,
    (a) => `${pre(a)}Repatriation: ${a.knight ?? `army #${a.army}`} leaves ${a.from} for ${a.to} (distance ${a.distance})${a.army ? `; army #${a.army}: ${a.before} → ${a.after} men` : ''}.`),
  ranking: ph((_: object) => 'Classement de la renommée globale', () => 'Global renown ranking'),
  'ranking.none': ph((_: object) => 'Aucun seigneur en lice.', () => 'No lord left.'),
  'ranking.header': ph(
    (_: object) => ['Rang', 'Seigneur', 'Titre', 'Renommée', 'Terres'].join('\t'),
    () => ['Rank', 'Lord', 'Title', 'Renown', 'Lands'].join('\t')),
  treasury: ph(
    (a: Subj & { start: string; end: string }) => `${pre(a)}Trésor : ${a.start} → ${a.end} écus.`,
    (a) => `${pre(a)}Treasury: ${a.start} → ${a.end} écus.`),
  'treasury.now': ph((a: { end: string }) => `Trésor : ${a.end} écus.`, (a) => `Treasury: ${a.end} écus.`),
  victory: ph(
    (a: { king: (Subj) | null; reason: string }) => a.king
      ? `La partie est terminée : ${a.king.you ? 'vous êtes couronné' : `${a.king.who} est couronné`} Roi (${a.reason}) !`
      : `La partie est terminée sans Roi : ${a.reason}.`,
    (a) => a.king
      ? `The game is over: ${a.king.you ? 'you are' : `${a.king.who} is`} crowned King (${a.reason})!`
      : `The game is over with no King: ${a.reason}.`),
  'header.title': ph(
    (a: { turn: string; map: string }) => `# BILAN — Gloire & Pouvoir — ${a.map} — tour ${a.turn}`,
    (a) => `# TURN REPORT — Gloire & Pouvoir — ${a.map} — turn ${a.turn}`),
  'header.start': ph(
    (a: { map: string }) => `# BILAN — Gloire & Pouvoir — ${a.map} — début de partie`,
    (a) => `# TURN REPORT — Gloire & Pouvoir — ${a.map} — start of the game`),
  'header.lord': ph(
    (a: { name: string; title: string; id: string }) => `Seigneur : **${a.name}** (${a.id}), ${a.title}.`,
    (a) => `Lord: **${a.name}** (${a.id}), ${a.title}.`),
  'header.out': ph(
    (a: { abdicated: boolean; turn: string | null }) => `**${a.abdicated ? 'Vous avez abdiqué' : 'Vous êtes mort'}${a.turn ? ` au tour ${a.turn}` : ''} : vous êtes hors jeu.**`,
    (a) => `**${a.abdicated ? 'You abdicated' : 'You died'}${a.turn ? ` on turn ${a.turn}` : ''}: you are out of the game.**`),
  'header.caretaker': ph((_: object) => 'Votre intendant', () => 'Your steward'),
  'header.phase': ph(
    (a: { n: string; title: string }) => `Phase ${a.n} — ${a.title}`,
    (a) => `Phase ${a.n} — ${a.title}`),
  'header.nothing': ph((_: object) => 'Rien à signaler ce tour-ci.', () => 'Nothing to report this turn.'),
  'header.end': ph((_: object) => 'Fin de la partie', () => 'Game over'),
  // The first BILAN, sent when the game starts [T §3, rules P-07, P-09].
  'start.title': ph((_: object) => 'La partie commence', () => 'The game begins'),
  'start.intro': ph(
    (a: { home: string | null; pop: string; h: string; c: string; knight: string; renown: string; treasury: string; turn: string }) =>
      `Le roi Kalan se meurt et cherche un héritier. ${a.home ? `Vous recevez un petit fief, **${a.home}** (population ${a.pop}, bonheur ${a.h}, coefficient d’impôt ${a.c}), où se tient` : 'Vous n’avez aucune terre ; près de vous se tient'} votre chevalier-seigneur **${a.knight}** (renommée ${a.renown}), sans armée. Votre trésor compte **${a.treasury} écus**. Vos premiers ordres sont ceux du tour ${a.turn} ; les chiffres de vos possessions et vos voisins sont au bas de ce bilan.`,
    (a) =>
      `King Kalan is dying and seeks an heir. ${a.home ? `You receive a small fief, **${a.home}** (population ${a.pop}, happiness ${a.h}, tax coefficient ${a.c}), where your lord-knight **${a.knight}** (renown ${a.renown}) stands` : `You hold no land; your lord-knight **${a.knight}** (renown ${a.renown}) stands by`}, without an army. Your treasury holds **${a.treasury} écus**. Your first orders are those of turn ${a.turn}; the figures of your holdings and your neighbours are at the end of this report.`),
  'start.lords': ph((_: object) => 'Les autres seigneurs', () => 'The other lords'),
  'start.lords.head': ph(
    (_: object) => ['Seigneur', 'Terres', 'Titre', 'Renommée globale', 'Relation'].join('\t'),
    () => ['Lord', 'Lands', 'Title', 'Global renown', 'Relation'].join('\t')),
  // The royal joust, announced in the BILAN of the turn before [T §5.12, P G-27].
  'joust.royal.title': ph((a: { turn: string }) => `Joutes royales au tour ${a.turn}`, (a) => `Royal joust on turn ${a.turn}`),
  'joust.royal.announce': ph(
    (a: { turn: string; reward: string }) =>
      `Le Roi organise ses joutes royales au tour ${a.turn} : tous les chevaliers y sont conviés, sans limite de places, et le vainqueur remporte **${a.reward} écus**. Pour y inscrire un chevalier, écrivez \`PAR <chevalier>\` sans seigneur organisateur ni mot de passe (\`PAR *\` pour tous vos chevaliers). Un chevalier ne joute qu’une fois par tour.`,
    (a) =>
      `The King holds his royal joust on turn ${a.turn}: every knight is invited, with no limit of places, and the winner takes **${a.reward} écus**. To enter a knight, write \`PAR <knight>\` with no organising lord and no password (\`PAR *\` for all your knights). A knight jousts once per turn.`),
  // The summary of the lord's holdings that ends every BILAN (the figures of his next DEM, AFF, DEF, ATT orders).
  'holdings.title': ph(
    (a: { turn: string | null }) => (a.turn ? `Vos possessions à la fin du tour ${a.turn}` : 'Vos possessions au début de la partie'),
    (a) => (a.turn ? `Your holdings at the end of turn ${a.turn}` : 'Your holdings at the start of the game')),
  'holdings.title-line': ph((a: { title: string }) => `Titre : ${a.title}.`, (a) => `Title: ${a.title}.`),
  'holdings.retreat': ph(
    (a: { p: string; g: string; k: string }) => `Valeurs de repli (INI) : paysans ${a.p} %, garnison ${a.g} %, chevalier ${a.k} % (une armée se replie sous ce pourcentage de ses hommes du début de la bataille).`,
    (a) => `Retreat values (INI): peasants ${a.p}%, garrison ${a.g}%, knight ${a.k}% (an army retreats below this share of the men it had when the battle began).`),
  'holdings.lands': ph((_: object) => 'Terres', () => 'Lands'),
  'holdings.lands.head': ph(
    (_: object) => ['Terre', 'Population', 'Bonheur', 'Coefficient', 'Fortification', 'Garnison'].join('\t'),
    () => ['Land', 'Population', 'Happiness', 'Coefficient', 'Fortification', 'Garrison'].join('\t')),
  'holdings.lands.none': ph((_: object) => 'Vous n’avez plus aucune terre.', () => 'You hold no land any more.'),
  'holdings.neighbours': ph((_: object) => 'Leurs voisines :', () => 'Their neighbours:'),
  'holdings.knights': ph((_: object) => 'Chevaliers', () => 'Knights'),
  'holdings.knights.head': ph(
    (_: object) => ['Chevalier', 'Renommée', 'Position', 'Armée', 'Hommes'].join('\t'),
    () => ['Knight', 'Renown', 'Position', 'Army', 'Men'].join('\t')),
  'holdings.armies': ph((_: object) => 'Armées et garnisons', () => 'Armies and garrisons'),
  'holdings.armies.head': ph(
    (_: object) => ['Armée', 'Hommes', 'Commandant', 'Position'].join('\t'),
    () => ['Army', 'Men', 'Commander', 'Position'].join('\t')),
  'holdings.armies.none': ph((_: object) => 'Aucune armée ni garnison.', () => 'No army and no garrison.'),
} as const;

// ─── Event renderers (language-independent), keyed by event type ─────────────────────────────────

/**
 * One event as the reader sees it: a sentence, with optional details (a nested list), a table
 * and closing sentences. In a phase section, an event without a table is one item of the phase's
 * list; an event with a table (a battle) is a block of its own: paragraph, table, paragraphs.
 */
export interface Chunk { text: string; items?: string[]; table?: MdTable; after?: string[] }

type Renderers = { [K in EventType]: (e: Ev<K>, x: X) => Chunk };

const one = (text: string): Chunk => ({ text });
const hb = (x: X, b: number, a: number): Hb => ({ hb: x.d2(b), ha: x.d2(a) });
const cb = (x: X, b: number, a: number): Cb => ({ cb: x.d2(b), ca: x.d2(a) });
const youOr = (x: X, id: LordId) => (id === x.reader ? x.v({ fr: 'vous', en: 'you' }) : x.lord(id));
const list = (x: X, items: string[]) => (items.length ? items.join(', ') : x.v({ fr: 'aucun', en: 'none' }));

const RENDER: Renderers = {
  caretaker: (e, x) => ({ text: x.say(MSG.caretaker, { none: e.orders.length === 0 }), items: e.orders.map(mdCode) }),
  'order-cancelled': (e, x) => one(x.say(MSG['order-cancelled'], { ...x.subj(e.lord), line: String(e.line), code: mdCode(e.text), reason: describeReason(e.reason, x.lang, x.s.config) })),
  abdicated: (e, x) => one(x.say(MSG.abdicated, x.subj(e.lord))),
  renamed: (e, x) => one(x.say(MSG.renamed, { from: mdEscape(e.from), to: mdEscape(e.to) })),
  'knight-released': (e, x) => one(x.say(MSG['knight-released'], { ...x.subj(e.lord), name: x.knight(e.knight, e.name), men: e.armyMen > 0 ? x.n(e.armyMen) : null })),
  'army-demobilised': (e, x) => one(x.say(MSG['army-demobilised'], { ...x.subj(e.lord), army: String(e.army), men: x.n(e.men), terr: x.terr(e.territory), cause: x.v(DEMOB_CAUSES[e.cause]) })),
  rent: (e, x) => one(x.say(MSG.rent, { ...x.subj(e.lord), title: x.title(e.title), amount: x.n(e.amount) })),
  tax: (e, x) => one(x.say(MSG.tax, { ...x.subj(e.lord), ...hb(x, e.hBefore, e.hAfter), ...cb(x, e.cBefore, e.cAfter), income: x.n(e.income), terr: x.terr(e.territory), level: String(e.level) })),
  redistribution: (e, x) => one(x.say(MSG.redistribution, { ...x.subj(e.lord), ...hb(x, e.hBefore, e.hAfter), ...cb(x, e.cBefore, e.cAfter), amount: x.n(e.amount), terr: x.terr(e.territory), ratio: x.d2(e.ratio) })),
  'retreat-defaults': (e, x) => one(x.say(MSG['retreat-defaults'], { ...x.subj(e.lord), p: x.n(e.peasant), g: x.n(e.garrison), k: x.n(e.knight) })),
  'special-defence': (e, x) => one(x.say(MSG['special-defence'], { ...x.subj(e.lord), army: String(e.army), men: x.n(e.men) })),
  'knight-recruited': (e, x) => one(x.say(MSG['knight-recruited'], { ...x.subj(e.lord), name: x.knight(e.knight, e.name), renown: x.d2(e.renown), cost: x.n(e.cost), terr: x.terr(e.territory) })),
  'recruit-unaffordable': (e, x) => one(x.say(MSG['recruit-unaffordable'], { ...x.subj(e.lord), renown: x.d2(e.renown), cost: x.n(e.cost), treasury: x.n(e.treasury), left: x.n(e.notRecruited) })),
  levy: (e, x) => one(x.say(MSG.levy, {
    ...x.subj(e.lord), ...hb(x, e.hBefore, e.hAfter), men: x.n(e.men), terr: x.terr(e.territory), amount: x.n(e.amount), factor: x.d2(e.factor),
    army: String(e.army), knight: e.knight ? x.knight(e.knight) : null,
  })),
  'army-assigned': (e, x) => one(x.say(MSG['army-assigned'], { ...x.subj(e.lord), ...hb(x, e.hBefore, e.hAfter), knight: x.knight(e.knight), army: String(e.army), men: x.n(e.men), terr: x.terr(e.territory) })),
  transfer: (e, x) => one(x.say(MSG.transfer, {
    ...x.subj(e.lord), men: x.n(e.men), from: x.knight(e.from), to: x.knight(e.to),
    toYou: e.toLord === x.reader && e.lord !== x.reader, toLord: e.toLord !== e.lord ? x.lord(e.toLord) : null,
  })),
  garrisoned: (e, x) => one(x.say(MSG.garrisoned, { ...x.subj(e.lord), knight: x.knight(e.knight), men: x.n(e.men), terr: x.terr(e.territory) })),
  battle: (e, x) => {
    const knight = x.knight(e.knight, e.knightName);
    const text = x.say(MSG.battle, {
      ...x.subj(e.lord), knight, terr: x.terr(e.territory), from: x.terr(e.from), start: x.n(e.attackerStart), threshold: x.n(e.threshold),
      ownerYou: e.owner !== null && e.owner === x.reader && e.lord !== x.reader, owner: e.owner ? x.lord(e.owner) : null, fort: x.fort(e.fortification),
    });
    const rows = e.defenders.map((d) => [
      x.say(MSG['battle.defender'], { kind: x.v(DEFENDER_KINDS[d.kind]), name: d.kind === 'knight' && d.knight ? x.knight(d.knight, d.name) : null, lord: d.lord ? x.lord(d.lord) : null }),
      x.d2(d.commanderRenown), `${x.n(d.start)} → ${x.n(d.end)}`, x.n(d.threshold), x.n(d.passes), x.v(DEFENDER_OUTCOMES[d.outcome]),
    ]);
    return {
      text,
      ...(rows.length ? { table: { head: x.say(MSG['battle.head'], {}).split('\t'), rows, right: [1, 2, 3, 4] } } : {}),
      after: [
        x.say(MSG['battle.summary'], {
          passes: x.n(e.passes), start: x.n(e.attackerStart), end: x.n(e.attackerEnd), losses: x.n(e.attackerStart - e.attackerEnd),
          knight, rb: x.d2(e.renownBefore), ra: x.d2(e.renownAfter),
        }),
        x.say(MSG['battle.result'], { result: e.result, terr: x.terr(e.territory), knight }),
      ],
    };
  },
  felony: (e, x) => one(x.say(MSG.felony, { byYou: e.lord === x.reader, felon: x.lord(e.lord), by: youOr(x, e.lord), victim: youOr(x, e.victim), cause: x.v(FELONY_CAUSES[e.cause]), rb: x.d2(e.renownBefore), ra: x.d2(e.renownAfter) })),
  conquest: (e, x) => one(x.say(MSG.conquest, {
    ...x.subj(e.to), terr: x.terr(e.territory), fromYou: e.from !== null && e.from === x.reader, from: e.from ? x.lord(e.from) : null,
    h: x.d2(e.happiness), lost: e.fortificationLost !== 'none' ? x.fort(e.fortificationLost) : null,
  })),
  'garrison-repatriated': (e, x) => one(x.say(MSG['garrison-repatriated'], {
    ...x.subj(e.lord), army: String(e.army), from: x.terr(e.from), to: e.to ? x.terr(e.to) : null, distance: String(e.distance), before: x.n(e.before), after: x.n(e.after),
  })),
  'lord-died': (e, x) => one(x.say(MSG['lord-died'], { ...x.subj(e.lord), battle: e.cause === 'battle', freed: e.territoriesFreed.length ? e.territoriesFreed.map(x.terr).join(', ') : null })),
  'knight-died': (e, x) => one(x.say(MSG['knight-died'], { ...x.subj(e.lord), name: x.knight(e.knight, e.name), terr: x.terr(e.territory) })),
  relation: (e, x) => one(x.say(MSG.relation, { a: youOr(x, e.a), b: youOr(x, e.b), from: x.v(RELATION_NAMES[e.from]), to: x.v(RELATION_NAMES[e.to]), cause: x.v(RELATION_CAUSES[e.cause]) })),
  'aid-refused': (e, x) => one(x.say(MSG['aid-refused'], {
    calleeYou: e.lord === x.reader, callerYou: e.caller === x.reader, callee: x.lord(e.lord), caller: x.lord(e.caller),
    penalty: x.d2(e.penalty), rb: x.d2(e.renownBefore), ra: x.d2(e.renownAfter),
  })),
  'ally-called': (e, x) => one(x.say(MSG['ally-called'], {
    callerYou: e.caller === x.reader, calleeYou: e.callee === x.reader, caller: x.lord(e.caller), callee: x.lord(e.callee), enemies: list(x, e.enemies.map((l) => x.lord(l))),
  })),
  moved: (e, x) => one(x.say(MSG.moved, { ...x.subj(e.lord), knight: x.knight(e.knight), from: x.terr(e.from), to: x.terr(e.to), men: e.men > 0 ? x.n(e.men) : null })),
  'joust-organised': (e, x) => one(x.say(MSG['joust-organised'], { ...x.subj(e.lord), capacity: x.n(e.capacity), reward: x.n(e.reward), cost: x.n(e.cost) })),
  joust: (e, x) => {
    const carried = (id: KnightId) => e.entrants.find((k) => k.knight === id)?.name ?? e.refused.find((k) => k.knight === id)?.name;
    const kn = (id: KnightId) => x.knight(id, carried(id));
    const text = x.say(MSG.joust, { royal: e.royal || e.organizer === null, organizer: e.organizer ? youOr(x, e.organizer) : '', reward: x.n(e.reward), held: e.held });
    const out: string[] = [];
    out.push(x.say(MSG['joust.entrants'], { list: list(x, e.entrants.map((k) => `${kn(k.knight)} (${x.lord(k.lord)}, ${x.d2(k.renown)})`)) }));
    if (e.refused.length) out.push(x.say(MSG['joust.refused'], { list: list(x, e.refused.map((k) => `${kn(k.knight)} (${x.lord(k.lord)})`)) }));
    const rounds = [...new Set([...e.byes.map((b) => b.round), ...e.duels.map((d) => d.round)])].sort((a, b) => a - b);
    for (const r of rounds) {
      for (const b of e.byes.filter((y) => y.round === r)) out.push(x.say(MSG['joust.bye'], { round: String(r), knight: kn(b.knight) }));
      for (const d of e.duels.filter((y) => y.round === r)) {
        const loser = d.winner === d.a ? d.b : d.a;
        out.push(x.say(MSG['joust.duel'], { round: String(r), winner: kn(d.winner), loser: kn(loser), gain: x.d2(d.gain), loss: x.d2(d.loss), passes: x.n(d.passes) }));
      }
    }
    if (e.winner) {
      const lord = e.winnerLord ?? e.entrants.find((k) => k.knight === e.winner)?.lord ?? null;
      out.push(x.say(MSG['joust.winner'], { knight: kn(e.winner), lord: x.lord(lord), reward: x.n(e.reward) }));
    }
    if (e.organizer && e.organiserBonus > 0) out.push(x.say(MSG['joust.bonus'], { organizer: x.lord(e.organizer), bonus: x.d2(e.organiserBonus) }));
    return { text, items: out };
  },
  sale: (e, x) => one(x.say(MSG.sale, { sellerYou: e.seller === x.reader, buyerYou: e.buyer === x.reader, seller: x.lord(e.seller), buyer: x.lord(e.buyer), terr: x.terr(e.territory), price: x.n(e.price) })),
  espionage: (e, x) => {
    const text = x.say(MSG.espionage, { ...x.subj(e.lord), terr: x.terr(e.territory), cost: x.n(e.cost), p: x.pct(e.probability), success: e.success });
    const r = e.report;
    if (!r) return one(text);
    const out: string[] = [];
    out.push(x.say(MSG['espionage.land'], { owner: r.owner ? x.lord(r.owner) : null, pop: x.n(r.population), h: x.d2(r.happiness), c: x.d2(r.taxCoef), fort: x.fort(r.fortification) }));
    if (r.owner) out.push(x.say(MSG['espionage.garrison'], { men: x.n(r.garrison) }));
    if (r.peasantEstimate !== null) out.push(x.say(MSG['espionage.peasants'], { men: x.n(r.peasantEstimate) }));
    if (!r.knights.length) out.push(x.say(MSG['espionage.noKnight'], {}));
    for (const k of r.knights) out.push(x.say(MSG['espionage.knight'], { name: x.knight(k.knight, k.name), lord: x.lord(k.lord), renown: x.d2(k.renown), men: x.n(k.men) }));
    return { text, items: out };
  },
  migration: (e, x) => one(x.say(MSG.migration, { ...x.subj(e.lord), terr: x.terr(e.territory), before: x.n(e.before), after: x.n(e.after), out: x.n(e.out), in: x.n(e.in) })),
  revolt: (e, x) => one(x.say(MSG.revolt, { ...x.subj(e.lord), terr: x.terr(e.territory) })),
  memory: (e, x) => one(x.say(MSG.memory, { ...x.subj(e.lord), terr: x.terr(e.territory), value: x.d2(e.value) })),
  desertion: (e, x) => one(x.say(MSG.desertion, { ...x.subj(e.lord), name: x.knight(e.knight, e.name), men: e.men > 0 ? x.n(e.men) : null, cause: x.v(DESERTION_CAUSES[e.cause]) })),
  upkeep: (e, x) => one(x.say(MSG.upkeep, { ...x.subj(e.lord), pay: x.n(e.pay), armies: x.n(e.armies), after: x.n(e.treasuryAfter) })),
  'garrison-bonus': (e, x) => one(x.say(MSG['garrison-bonus'], { ...x.subj(e.lord), terr: x.terr(e.territory), bonus: x.d2(e.bonus), h: x.d2(e.hAfter) })),
  fortified: (e, x) => one(x.say(MSG.fortified, { ...x.subj(e.lord), ...hb(x, e.hBefore, e.hAfter), fort: x.fort(e.fortification), terr: x.terr(e.territory), cost: x.n(e.cost) })),
  title: (e, x) => one(x.say(MSG.title, { ...x.subj(e.lord), from: e.from ? x.title(e.from) : null, to: e.to ? x.title(e.to) : null })),
  repatriated: (e, x) => one(x.say(MSG.repatriated, {
    ...x.subj(e.lord), knight: e.knight ? x.knight(e.knight) : null, army: e.army !== null ? String(e.army) : null,
    from: x.terr(e.from), to: x.terr(e.to), distance: String(e.distance), before: x.n(e.before), after: x.n(e.after),
  })),
  ranking: (e, x) => {
    const rows = e.entries.map((r, i) => {
      const cells = [String(i + 1), x.lord(r.lord), x.title(r.title), x.d1(r.renown), x.n(r.territories)];
      return r.lord === x.reader ? cells.map((c) => `**${c}**`) : cells; // the reader's own row in bold
    });
    if (!rows.length) return one(x.say(MSG['ranking.none'], {}));
    return { text: x.say(MSG.ranking, {}), table: { head: x.say(MSG['ranking.header'], {}).split('\t'), rows, right: [0, 3, 4] } };
  },
  treasury: (e, x) => one(x.say(MSG.treasury, { ...x.subj(e.lord), start: x.n(e.start), end: x.n(e.end) })),
  victory: (e, x) => one(x.say(MSG.victory, { king: e.lord ? x.subj(e.lord) : null, reason: x.v(VICTORY_REASONS[e.reason]) })),
};

function renderWith(e: GPEvent, x: X): Chunk {
  const r = RENDER[e.type] as (e: GPEvent, x: X) => Chunk;
  return r(e, x);
}

/**
 * An event with the line of the reader's order that caused it, as the order page numbers the
 * sheet (a cancelled order says its line itself). Another lord's order is never cited.
 */
function renderCited(e: GPEvent, x: X): Chunk {
  const c = renderWith(e, x);
  if (!e.order || e.order.lord !== x.reader || e.type === 'order-cancelled') return c;
  return { ...c, text: x.say(MSG['order.line'], { line: String(e.order.line) }) + c.text };
}

/** A chunk as one item of a list (its details nested under it). */
function asItem(c: Chunk): string[] {
  return [`- ${c.text}`, ...(c.items ?? []).map((i) => `  - ${i}`)];
}

/** A chunk as a block of its own: paragraph, details as a list, table, closing paragraphs. */
function asBlock(c: Chunk): string[] {
  const out = [c.text];
  if (c.items?.length) out.push('', ...c.items.map((i) => `- ${i}`));
  if (c.table) out.push('', ...mdTable(c.table));
  for (const a of c.after ?? []) out.push('', a);
  return out;
}

/** The chunks of a section: runs of items make one list; a chunk with a table stands apart. Blank lines between groups. */
function section(chunks: Chunk[]): string[] {
  const out: string[] = [];
  let inList = false;
  for (const c of chunks) {
    const block = c.table !== undefined || (c.after?.length ?? 0) > 0;
    if (block || !inList) out.push('');
    out.push(...(block ? asBlock(c) : asItem(c)));
    inList = !block;
  }
  return out;
}

// ─── Public API ──────────────────────────────────────────────────────────────────────────────────

/** One event as the reading lord sees it, as Markdown lines (a paragraph, then its details and table). */
export function renderEvent(state: GPState, e: GPEvent, lord: LordId, lang: ReportLang): string[] {
  return asBlock(renderWith(e, makeX(state, lord, lang, knightNames([e]))));
}

/** Whether the lord may read this event. */
export function visibleTo(e: GPEvent, lord: LordId): boolean {
  return e.audience === 'all' || e.audience.includes(lord);
}

/** Events rendered before the phase sections (the lord's own only), in this order. */
const OPENING: readonly EventType[] = ['caretaker'];
/** Events rendered after the phase sections, in this order (the treasury goes into the holdings). */
const CLOSING: readonly EventType[] = ['ranking', 'victory', 'treasury'];

/** The referee announces a conquest just before the battle that won it: tell the battle first. */
function battleFirst(events: GPEvent[]): GPEvent[] {
  const out = events.slice();
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    if (a.type === 'conquest' && b.type === 'battle' && b.territory === a.territory) { out[i] = b; out[i + 1] = a; i++; }
  }
  return out;
}

/** French puts a space before a colon. */
const colon = (x: X) => (x.lang === 'fr' ? ' :' : ':');

/** How a territory's owner reads to the lord: you, neutral, or the owner (and the relation when not at peace; relations are public). */
function ownerNote(x: X, v: GPView, t: TerritoryId): string {
  const owner = v.territories[t]?.owner ?? null;
  if (owner === null) return x.v({ fr: 'neutre', en: 'neutral' });
  if (owner === x.reader) return x.v({ fr: 'à vous', en: 'yours' });
  const rel = v.lords.find((l) => l.id === owner)?.relation ?? 'peace';
  return rel === 'peace' ? x.lord(owner) : `${x.lord(owner)}, ${x.v(RELATION_NAMES[rel])}`;
}

function neighboursOf(x: X, v: GPView, t: TerritoryId): string {
  let adj: string[] = [];
  try { adj = getMap(x.s.map).territories.find((m) => m.id === t)?.adjacent ?? []; } catch { adj = []; }
  return list(x, adj.map((n) => `${x.terr(n)} (${ownerNote(x, v, n)})`));
}

/**
 * The summary of the lord's holdings that ends every BILAN: what his next DEM, AFF, DEF, GAR, ATT
 * and MOV orders need — treasury, title, retreat values (INI), his lands with their figures,
 * garrisons and neighbours, his knights and his armies by number. Built from his view (view.ts),
 * so it shows nothing he may not know.
 */
function holdings(x: X, v: GPView, turn: number | null, treasury: Ev<'treasury'> | undefined): string[] {
  const me = v.me;
  if (!me || !me.alive) return [];
  const out = ['', `## ${x.say(MSG['holdings.title'], { turn: turn === null ? null : String(turn) })}`, ''];
  const money = treasury ? x.say(MSG.treasury, { you: true, who: '', start: x.n(treasury.start), end: x.n(me.treasury) }) : x.say(MSG['treasury.now'], { end: x.n(me.treasury) });
  out.push(`${money} ${x.say(MSG['holdings.title-line'], { title: me.title ? x.title(me.title) : x.v({ fr: 'aucun', en: 'none' }) })}`);
  out.push('', x.say(MSG['holdings.retreat'], { p: x.n(me.retreat.peasant), g: x.n(me.retreat.garrison), k: x.n(me.retreat.knight) }));

  const lands = Object.values(v.territories).filter((t) => t.owner === me.id).sort((a, b) => x.terr(a.id).localeCompare(x.terr(b.id)));
  out.push('', `### ${x.say(MSG['holdings.lands'], {})}`, '');
  if (!lands.length) out.push(x.say(MSG['holdings.lands.none'], {}));
  else {
    out.push(...mdTable({
      head: x.say(MSG['holdings.lands.head'], {}).split('\t'),
      rows: lands.map((t) => [x.terr(t.id), x.n(t.population), x.d2(t.happiness), x.d2(t.taxCoef ?? 0), t.fortification ? x.fort(t.fortification) : '—', x.n(t.garrison ?? 0)]),
      right: [1, 2, 3, 5],
    }));
    out.push('', x.say(MSG['holdings.neighbours'], {}), '');
    for (const t of lands) out.push(`- **${x.terr(t.id)}**${colon(x)} ${neighboursOf(x, v, t.id)}`);
  }

  const byNumber = (a: string, b: string) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b);
  const knights = v.knights.filter((k) => k.lord === me.id).sort((a, b) => byNumber(a.id, b.id));
  out.push('', `### ${x.say(MSG['holdings.knights'], {})}`, '');
  out.push(...mdTable({
    head: x.say(MSG['holdings.knights.head'], {}).split('\t'),
    rows: knights.map((k) => [
      k.isLordKnight ? `${mdEscape(k.name)} (${x.v({ fr: 'chevalier-seigneur', en: 'lord-knight' })})` : mdEscape(k.name),
      x.d2(k.renown ?? 0), x.terr(k.location), k.army !== null ? armyNo(x, k.army) : '—', x.n(k.men ?? 0),
    ]),
    right: [1, 4],
  }));

  const armies = me.armies.slice().sort((a, b) => a.id - b.id);
  out.push('', `### ${x.say(MSG['holdings.armies'], {})}`, '');
  if (!armies.length) out.push(x.say(MSG['holdings.armies.none'], {}));
  else {
    out.push(...mdTable({
      head: x.say(MSG['holdings.armies.head'], {}).split('\t'),
      rows: armies.map((a) => [
        armyNo(x, a.id), x.n(a.strength),
        a.commander ? mdEscape(v.knights.find((k) => k.id === a.commander)?.name ?? a.commander) : `*${x.v({ fr: 'garnison', en: 'garrison' })}*`,
        x.terr(a.location),
      ]),
      right: [1],
    }));
  }
  return out;
}

const armyNo = (x: X, id: number) => (x.lang === 'fr' ? `n° ${id}` : `#${id}`);

/** The royal joust of the coming turn, announced in the BILAN of the turn before [T §5.12, P G-27]. */
function royalJoustNotice(x: X, s: GPState): string[] {
  if (s.finished || !isRoyalJoustTurn({ cfg: s.config, turn: s.turn })) return [];
  const turn = String(s.turn);
  return ['', `## ${x.say(MSG['joust.royal.title'], { turn })}`, '', x.say(MSG['joust.royal.announce'], { turn, reward: x.n(s.config.royalJoustReward) })];
}

/**
 * The first BILAN, sent when the game starts [rules P-07, P-09]: the lord's home, his lord-knight
 * and treasury in a paragraph, the other lords (what is public: their lands, titles, renown and
 * relations), then the holdings summary that ends every BILAN.
 */
function startReport(x: X, s: GPState, lord: LordId, mapName: string): string[] {
  const v = playerView(s, lord);
  const l = s.lords[lord];
  const out = [x.say(MSG['header.start'], { map: mdEscape(mapName) }), ''];
  out.push(x.say(MSG['header.lord'], { name: x.lord(lord), id: lord, title: x.title(l?.title ?? null) }));
  if (!v.me || !l) return [...out, ...royalJoustNotice(x, s)];
  const lk = v.knights.find((k) => k.id === l.lordKnight);
  const home = Object.values(v.territories).find((t) => t.owner === lord) ?? null;
  out.push('', `## ${x.say(MSG['start.title'], {})}`, '');
  out.push(x.say(MSG['start.intro'], {
    home: home ? x.terr(home.id) : null, pop: x.n(home?.population ?? 0), h: x.d2(home?.happiness ?? 0), c: x.d2(home?.taxCoef ?? 0), knight: lk ? mdEscape(lk.name) : x.lord(lord), renown: x.d2(lk?.renown ?? 0), treasury: x.n(v.me.treasury), turn: String(s.turn),
  }));
  const others = v.lords.filter((o) => o.id !== lord && o.alive).sort((a, b) => lordIdCompare(a.id, b.id));
  if (others.length) {
    out.push('', `## ${x.say(MSG['start.lords'], {})}`, '');
    out.push(...mdTable({
      head: x.say(MSG['start.lords.head'], {}).split('\t'),
      rows: others.map((o) => [
        x.lord(o.id),
        list(x, Object.values(v.territories).filter((t) => t.owner === o.id).map((t) => x.terr(t.id))),
        x.title(o.title), o.renown !== null ? x.d1(o.renown) : '—', o.relation ? x.v(RELATION_NAMES[o.relation]) : '—',
      ]),
      right: [3],
    }));
  }
  out.push(...royalJoustNotice(x, s));
  out.push(...holdings(x, v, null, undefined));
  return out;
}

/**
 * The BILAN of one lord, as a Markdown document: a title, the steward's orders if any, one section
 * per phase with what happened (a list; battles as a paragraph and a table), the renown ranking,
 * the end of the game, the royal joust of the coming turn, and the summary of his holdings.
 * Given no events on a game that has resolved no turn yet (the platform's start mail, the command
 * line's `report --turn 0`), it is the first BILAN of the game.
 */
/**
 * The public chronicle of a resolved turn (issue 19, the archive of a finished game): the events
 * every lord read (audience 'all': relations, deaths, conquests, jousts, sales…), by phase, told
 * to no lord in particular (nobody is "you"), as Markdown with the report's phase headings.
 */
export function renderPublicReport(state: GPState, events: GPEvent[], lang: ReportLang): string {
  const pub = events.filter((e) => e.audience === 'all');
  const x = makeX(state, '' as LordId, lang, knightNames(pub));
  const body = pub.filter((e) => !OPENING.includes(e.type) && e.type !== 'treasury');
  const phases = [...new Set(body.map((e) => e.phase))].sort((a, b) => a - b);
  const out: string[] = [];
  for (const p of phases) {
    const title = PHASE_TITLES[p] ? x.v(PHASE_TITLES[p]) : '';
    out.push('', `## ${x.say(MSG['header.phase'], { n: String(p), title })}`);
    out.push(...section(battleFirst(body.filter((ev) => ev.phase === p)).map((e) => renderCited(e, x))));
  }
  if (!phases.length) out.push(x.say(MSG['header.nothing'], {}));
  return out.join('\n').trim() + '\n';
}

export function renderReport(state: GPState, events: GPEvent[], lord: LordId, lang: ReportLang, turn?: number): string {
  // Names of knights gone from the state, from the events this lord reads only (fog of war).
  const mine = events.filter((e) => visibleTo(e, lord));
  const x = makeX(state, lord, lang, knightNames(mine));
  let mapName = state.map;
  try { mapName = getMap(state.map).name[lang]; } catch { /* unknown map: its id */ }
  if (events.length === 0 && state.turn === 1 && !state.finished && turn === undefined) return startReport(x, state, lord, mapName).join('\n') + '\n';

  const t = turn ?? (state.finished ? state.turn : state.turn - 1);
  const l = state.lords[lord];
  const out: string[] = [];
  out.push(x.say(MSG['header.title'], { turn: String(t), map: mdEscape(mapName) }), '');
  out.push(x.say(MSG['header.lord'], { name: x.lord(lord), id: lord, title: x.title(l?.title ?? null) }));
  if (l && (!l.alive || l.abdicated)) out.push('', x.say(MSG['header.out'], { abdicated: l.abdicated, turn: l.outTurn !== null ? String(l.outTurn) : null }));

  const opening = mine.filter((e) => OPENING.includes(e.type) && 'lord' in e && e.lord === lord);
  if (opening.length) {
    out.push('', `## ${x.say(MSG['header.caretaker'], {})}`);
    for (const e of opening) out.push('', ...asBlock(renderWith(e, x)));
  }
  const body = mine.filter((e) => !CLOSING.includes(e.type) && !OPENING.includes(e.type));
  const phases = [...new Set(body.map((e) => e.phase))].sort((a, b) => a - b);
  for (const p of phases) {
    const title = PHASE_TITLES[p] ? x.v(PHASE_TITLES[p]) : '';
    out.push('', `## ${x.say(MSG['header.phase'], { n: String(p), title })}`);
    out.push(...section(battleFirst(body.filter((ev) => ev.phase === p)).map((e) => renderCited(e, x))));
  }
  if (!phases.length) out.push('', x.say(MSG['header.nothing'], {}));

  for (const e of mine.filter((ev) => ev.type === 'ranking')) {
    const c = renderWith(e, x);
    out.push('', `## ${c.text}`, '');
    if (c.table) out.push(...mdTable(c.table));
  }
  const victory = mine.filter((e) => e.type === 'victory');
  if (victory.length) {
    out.push('', `## ${x.say(MSG['header.end'], {})}`);
    for (const e of victory) out.push('', renderWith(e, x).text);
  }
  out.push(...royalJoustNotice(x, state));
  const treasury = mine.find((e): e is Ev<'treasury'> => e.type === 'treasury' && e.lord === lord);
  const hold = l?.alive ? holdings(x, playerView(state, lord), t, treasury) : [];
  if (hold.length) out.push(...hold);
  else if (treasury) out.push('', renderWith(treasury, x).text);
  return out.join('\n') + '\n';
}
