/**
 * The words of Gruik's text order sheet (rules §2.12; docs/gruik.md "Order sheets"): the order
 * keywords and the words inside orders, each in English and in French (accents, case and hyphens
 * ignored when reading: `déplacer`, `DEPLACER` and `deplacer` are one word), the sheet's own
 * messages in both languages side by side, and the tokenizer (one order a line, `#` comments,
 * double-quoted texts with `\"` and `\\` escapes, commas as separators).
 */
import { normalizeName } from '../../../engine/names.ts';
import type { Lang, Localized } from '../../../engine/ruleset.ts';

/** Every order of the sheet, by its canonical name (the English keyword), with its French keyword. */
export const ORDER_WORDS = {
  'move': { en: 'move', fr: 'deplacer' },
  'detach': { en: 'detach', fr: 'detacher' },
  'resize': { en: 'resize', fr: 'ajuster' },
  'recall': { en: 'recall', fr: 'rappeler' },
  'ally': { en: 'ally', fr: 'allie' },
  'join': { en: 'join', fr: 'joindre' },
  'demand': { en: 'demand', fr: 'exiger' },
  'split': { en: 'split', fr: 'scinder' },
  'merge': { en: 'merge', fr: 'fusionner' },
  'transfer': { en: 'transfer', fr: 'transferer' },
  'combine': { en: 'combine', fr: 'combiner' },
  'raid': { en: 'raid', fr: 'razzia' },
  'attack': { en: 'attack', fr: 'attaquer' },
  'besiege': { en: 'besiege', fr: 'assieger' },
  'no-siege': { en: 'no-siege', fr: 'sans-siege' },
  'surrender': { en: 'surrender', fr: 'rendre' },
  'abandon': { en: 'abandon', fr: 'abandonner' },
  'sortie': { en: 'sortie', fr: 'sortie' },
  'relief': { en: 'relief', fr: 'secours' },
  'consent': { en: 'consent', fr: 'consentir' },
  'contingent': { en: 'contingent', fr: 'contingent' },
  'withdraw': { en: 'withdraw', fr: 'evacuer' },
  'fleet': { en: 'fleet', fr: 'flotte' },
  'policy': { en: 'policy', fr: 'politique' },
  'gift': { en: 'gift', fr: 'don' },
  'ships': { en: 'ships', fr: 'navires' },
  'effort': { en: 'effort', fr: 'effort' },
  'prestige': { en: 'prestige', fr: 'prestige' },
  'pillage': { en: 'pillage', fr: 'piller' },
  'friend': { en: 'friend', fr: 'ami' },
  'unfriend': { en: 'unfriend', fr: 'rompre' },
  'cede': { en: 'cede', fr: 'ceder' },
  'vassal': { en: 'vassal', fr: 'vassal' },
  'accept-vassal': { en: 'accept-vassal', fr: 'accepter-vassal' },
  'free': { en: 'free', fr: 'affranchir' },
  'rate': { en: 'rate', fr: 'taux' },
  'yoke': { en: 'yoke', fr: 'joug' },
  'appoint': { en: 'appoint', fr: 'nommer' },
  'release': { en: 'release', fr: 'relacher' },
  'master': { en: 'master', fr: 'maitre' },
  'posture': { en: 'posture', fr: 'posture' },
  'retreat': { en: 'retreat', fr: 'retraite' },
  'react': { en: 'react', fr: 'reagir' },
  'sovereign': { en: 'sovereign', fr: 'souverain' },
  'disband': { en: 'disband', fr: 'dissoudre' },
  'create-army': { en: 'create-army', fr: 'nouvelle-armee' },
  'accept-ownership': { en: 'accept-ownership', fr: 'accepter-propriete' },
  'declare': { en: 'declare', fr: 'declarer' },
  'rumour': { en: 'rumour', fr: 'rumeur' },
  'treaty': { en: 'treaty', fr: 'traite' },
  'confirm': { en: 'confirm', fr: 'confirmer' },
} as const satisfies Record<string, Localized>;
export type OrderWord = keyof typeof ORDER_WORDS;

/** Other spellings accepted for an order (never printed). */
const ORDER_ALIASES: Record<string, OrderWord> = { rumor: 'rumour', nosiege: 'no-siege', deplace: 'move', navire: 'ships' };

/** The words inside orders. */
export const INNER_WORDS = {
  to: { en: 'to', fr: 'a' },
  as: { en: 'as', fr: 'comme' },
  at: { en: 'at', fr: 'a' },
  with: { en: 'with', fr: 'avec' },
  commander: { en: 'commander', fr: 'commandant' },
  forced: { en: 'forced', fr: 'force' },
  ownership: { en: 'ownership', fr: 'propriete' },
  joinArmy: { en: 'join', fr: 'rejoindre' },
  leaveAfter: { en: 'leave-after', fr: 'quitter-apres' },
  sail: { en: 'move', fr: 'aller' },
  embark: { en: 'embark', fr: 'embarquer' },
  land: { en: 'land', fr: 'debarquer' },
  raid: { en: 'raid', fr: 'razzia' },
  end: { en: 'end', fr: 'fin' },
  coast: { en: 'coast', fr: 'cote' },
  port: { en: 'port', fr: 'port' },
  blockade: { en: 'blockade', fr: 'blocus' },
  intercept: { en: 'intercept', fr: 'intercepter' },
  always: { en: 'always', fr: 'toujours' },
  never: { en: 'never', fr: 'jamais' },
  ifIntercepted: { en: 'if-intercepted', fr: 'si-intercepte' },
  battle: { en: 'battle', fr: 'bataille' },
  retreatTo: { en: 'retreat', fr: 'retraite' },
  continue: { en: 'continue', fr: 'continuer' },
  stay: { en: 'stay', fr: 'rester' },
  battleIf: { en: 'battle-if', fr: 'bataille-si' },
  else: { en: 'else', fr: 'sinon' },
  pursue: { en: 'pursue', fr: 'poursuivre' },
  ask: { en: 'ask', fr: 'demander' },
  yes: { en: 'yes', fr: 'oui' },
  no: { en: 'no', fr: 'non' },
  straits: { en: 'straits', fr: 'detroits' },
  block: { en: 'block', fr: 'bloquer' },
  allow: { en: 'allow', fr: 'ouvrir' },
  engage: { en: 'engage', fr: 'engager' },
  avoid: { en: 'avoid', fr: 'eviter' },
  byLand: { en: 'land', fr: 'terre' },
  bySea: { en: 'sea', fr: 'mer' },
  fortress: { en: 'fortress', fr: 'forteresse' },
  toward: { en: 'to', fr: 'vers' },
  when: { en: 'when', fr: 'si' },
  pin: { en: 'pin', fr: 'fixer' },
  all: { en: 'all', fr: 'tout' },
  auto: { en: 'auto', fr: 'auto' },
} as const satisfies Record<string, Localized>;
export type InnerWord = keyof typeof INNER_WORDS;

/** The keyword of an order in a language. */
export const orderWord = (w: OrderWord, lang: Lang): string => ORDER_WORDS[w][lang];
/** A word inside an order in a language. */
export const inner = (w: InnerWord, lang: Lang): string => INNER_WORDS[w][lang];

const ORDER_INDEX = new Map<string, OrderWord>();
for (const [k, v] of Object.entries(ORDER_WORDS) as [OrderWord, Localized][]) for (const w of [v.en, v.fr]) ORDER_INDEX.set(normalizeName(w), k);
for (const [a, k] of Object.entries(ORDER_ALIASES)) ORDER_INDEX.set(a, k);

/** The order a keyword names, in either language, or undefined. */
export function orderOf(word: string): OrderWord | undefined {
  return ORDER_INDEX.get(normalizeName(word));
}

/** Whether a token is the inner word `w` (either language). */
export function isWord(token: Token | undefined, w: InnerWord): boolean {
  if (!token || token.quoted) return false;
  const k = normalizeName(token.text);
  return k !== '' && (k === normalizeName(INNER_WORDS[w].en) || k === normalizeName(INNER_WORDS[w].fr));
}

// ─── the sheet's own messages, both languages side by side (style §4) ─────────────────────────

export const SHEET_MESSAGES = {
  'missing': { en: 'Missing {what} after "{after}".', fr: 'Il manque {what} après « {after} ».' },
  'extra': { en: 'Unexpected "{word}" at the end of this order.', fr: '« {word} » en trop à la fin de cet ordre.' },
  'expected': { en: 'Expected {list} here, not "{word}".', fr: 'On attend ici {list}, pas « {word} ».' },
  'not-integer': { en: '"{word}" is not a whole number.', fr: '« {word} » n’est pas un nombre entier.' },
  'not-number': { en: '"{word}" is not a number.', fr: '« {word} » n’est pas un nombre.' },
  'unclosed': { en: 'A quoted text is not closed (a " is missing).', fr: 'Un texte entre guillemets n’est pas fermé (il manque un ").' },
  'need-quotes': { en: 'Write the text between double quotes: {order} "…".', fr: 'Écrivez le texte entre guillemets droits : {order} "…".' },
  'too-long': { en: 'A text has at most {max} characters.', fr: 'Un texte compte au plus {max} caractères.' },
  'sortie-where': { en: 'You have no army in the fortress of {p}: nothing can sally out.', fr: 'Vous n’avez pas d’armée dans la forteresse de {p} : personne ne peut sortir.' },
  'siege-own': { en: '{p} is yours: this answer is for a siege you lay.', fr: '{p} est à vous : cette réponse vaut pour un siège que vous menez.' },
  'contingent-where': { en: 'You do not hold {p}: a contingent comes from its besieged garrison.', fr: 'Vous ne tenez pas {p} : un contingent vient de sa garnison assiégée.' },
  'withdraw-where': { en: 'You have no force in the fortress of {p}: nobody can withdraw from it.', fr: 'Vous n’avez aucune force dans la forteresse de {p} : personne ne peut l’évacuer.' },
  'contingent-size': { en: 'A contingent has 1 to {max} AP.', fr: 'Un contingent compte de 1 à {max} AP.' },
  'twice': { en: 'This repeats the order of line {line} for {what}: only one is kept.', fr: 'Cet ordre répète celui de la ligne {line} pour {what} : un seul est gardé.' },
  'detach-name': { en: 'The new detachment will be called {id}, not {given}.', fr: 'Le nouveau détachement s’appellera {id}, et non {given}.' },
  'treaty-alone': { en: 'A treaty names at least one other state after "{with}".', fr: 'Un traité nomme au moins un autre état après « {with} ».' },
  'empty-policy': { en: 'A policy sets at least one of: {list}.', fr: 'Une politique fixe au moins l’un de : {list}.' },
  'bad-ratio': { en: 'A ratio is a number greater than 0 and at most {max}.', fr: 'Un rapport est un nombre supérieur à 0 et au plus {max}.' },
  'combine-fleet': { en: 'The other fleet is written state:Fn (e.g. {example}).', fr: 'L’autre flotte s’écrit état:Fn (par exemple {example}).' },
  'line-too-long': { en: 'This line is longer than {max} characters: it is ignored.', fr: 'Cette ligne dépasse {max} caractères : elle est ignorée.' },
  'too-many-lines': { en: 'The sheet has more than {max} lines: the rest is ignored.', fr: 'La feuille dépasse {max} lignes : la suite est ignorée.' },
} as const satisfies Record<string, Localized>;
export type SheetMessage = keyof typeof SHEET_MESSAGES;

/** What a missing argument is, with its indefinite article (for `missing`). */
export const WHAT = {
  province: { en: 'a province', fr: 'une province' },
  provinces: { en: 'one or more provinces', fr: 'une ou plusieurs provinces' },
  zone: { en: 'a sea zone', fr: 'une zone maritime' },
  state: { en: 'a state', fr: 'un état' },
  force: { en: 'an army or a detachment', fr: 'une armée ou un détachement' },
  army: { en: 'an army', fr: 'une armée' },
  detachment: { en: 'a detachment', fr: 'un détachement' },
  fleet: { en: 'a fleet', fr: 'une flotte' },
  character: { en: 'a character', fr: 'un personnage' },
  treaty: { en: 'a treaty', fr: 'un traité' },
  number: { en: 'a number', fr: 'un nombre' },
  text: { en: 'a text in double quotes', fr: 'un texte entre guillemets' },
  word: { en: 'a word', fr: 'un mot' },
  option: { en: 'a retreat (land, sea, fortress)', fr: 'une retraite (terre, mer, forteresse)' },
} as const satisfies Record<string, Localized>;

/** The kinds of names, as nouns for engine/names.ts (`fem` for French agreement). */
export const NOUNS = {
  order: { en: 'order', fr: 'ordre' },
  province: { en: 'province', fr: 'province', fem: true },
  zone: { en: 'sea zone', fr: 'zone maritime', fem: true },
  state: { en: 'state', fr: 'état' },
  force: { en: 'force', fr: 'force', fem: true },
  army: { en: 'army', fr: 'armée', fem: true },
  detachment: { en: 'detachment', fr: 'détachement' },
  fleet: { en: 'fleet', fr: 'flotte', fem: true },
  character: { en: 'character', fr: 'personnage' },
  treaty: { en: 'treaty', fr: 'traité' },
} as const;

// ─── tokens ───────────────────────────────────────────────────────────────────────────────────

export interface Token { text: string; quoted: boolean }

/** Limits of what the parser reads [P]: beyond them a line or the rest of a sheet is refused, never a slow parse. */
export const SHEET_LIMITS = { lines: 2_000, lineChars: 4_000, textChars: 2_000 } as const;

/**
 * One line's tokens: words split on spaces, `,` a token of its own, `"…"` (or « … », “ … ”) one
 * quoted token with `\"` and `\\` escapes, `#` outside quotes starting a comment. `unclosed` when a
 * quote is not closed.
 */
export function tokenize(line: string): { tokens: Token[]; unclosed: boolean } {
  const tokens: Token[] = [];
  let i = 0;
  let word = '';
  const flush = () => { if (word) { tokens.push({ text: word, quoted: false }); word = ''; } };
  const closing: Record<string, string> = { '"': '"', '«': '»', '“': '”' };
  while (i < line.length) {
    const c = line[i]!;
    if (c === '#') break;
    if (/\s/.test(c)) { flush(); i++; continue; }
    if (c === ',' && /^\d+$/.test(word) && /\d/.test(line[i + 1] ?? '')) { word += c; i++; continue; } // a French decimal: 0,3
    if (c === ',') { flush(); tokens.push({ text: ',', quoted: false }); i++; continue; }
    if (c in closing && word === '') {
      const close = closing[c]!;
      let text = '';
      i++;
      let closed = false;
      while (i < line.length) {
        const d = line[i]!;
        if (d === '\\' && i + 1 < line.length) { const e = line[i + 1]!; text += e === 'n' ? '\n' : e === 'r' ? '\r' : e; i += 2; continue; }
        if (d === close) { closed = true; i++; break; }
        text += d;
        i++;
      }
      if (!closed) return { tokens, unclosed: true };
      tokens.push({ text: close === '»' || close === '”' ? text.trim() : text, quoted: true });
      continue;
    }
    word += c;
    i++;
  }
  flush();
  return { tokens, unclosed: false };
}

/** A value as the printer writes it: plain when it is one safe word, else quoted with escapes. */
export function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}
export function word(text: string): string {
  return /^[^\s"«“#,\\]+$/.test(text) ? text : quote(text);
}

/** A number as the sheet writes it (a dot; a comma is read too). */
export function parseDecimal(text: string): number | null {
  if (!/^\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}
export function parseInteger(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
