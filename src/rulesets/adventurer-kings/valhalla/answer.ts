/**
 * The Valhalla decision (§12.3, [P G-94]): the player of each entrant answers once, after the end
 * of the game, whether his character enters, which of his magic items he takes, and his
 * description and story (« vous pourrez aussi donner une description de votre personnage, son
 * histoire »), as text lines or a structured answer:
 *
 *     VALHALLA OUI            (ENTRER/YES; NON/NO: he stays among the living)
 *     OBJET 12                (ITEM; the id of one of his items; AUCUN/NONE: none)
 *     DESCRIPTION Un grand Roi elfe…        (several lines are joined by a space)
 *     HISTOIRE Il naquit à…                  (STORY; each line a paragraph)
 *
 * The default, for a player who sends nothing: he enters with the first of his items (an
 * artifact first), without text. Limits come from the constants (`descriptionMax`, `storyMax`);
 * control characters are removed, so the text is plain (the platform escapes it when it shows it).
 */
import type { AnswerForm, Lang, Localized, Validation, ValidationIssue } from '../../../engine/ruleset.ts';
import { resolveConfig } from '../config.ts';
import type { AKState, ValhallaEntrant } from '../state.ts';
import { itemName } from '../world/items.ts';

export const VALHALLA_DECISION = 'valhalla';

export interface ValhallaAnswer { valhalla: true; accept: boolean; item: number | null; description: string; story: string }

export const isValhallaAnswer = (x: unknown): x is ValhallaAnswer => !!x && typeof x === 'object' && (x as { valhalla?: unknown }).valhalla === true;

/** The entrant a player answers for, if the game is waiting for him. */
export function entrantOf(s: AKState, player: string): ValhallaEntrant | null {
  return s.valhalla?.pending?.find((e) => e.player === player) ?? null;
}

export function defaultAnswer(e: ValhallaEntrant): ValhallaAnswer {
  return { valhalla: true, accept: true, item: e.items[0] ?? null, description: '', story: '' };
}

/** Plain text: no control characters (a story keeps its line breaks), no surrounding blanks. */
export function plain(text: string, keepLines: boolean): string {
  const t = text.normalize('NFC').replace(/\r\n?/g, '\n');
  // eslint-disable-next-line no-control-regex
  const cleaned = keepLines ? t.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '') : t.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, ' ');
  return cleaned.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

const KEYWORDS: Record<string, 'accept' | 'item' | 'description' | 'story'> = {
  VALHALLA: 'accept', ENTRER: 'accept', ENTER: 'accept', OBJET: 'item', ITEM: 'item', DESCRIPTION: 'description', HISTOIRE: 'story', STORY: 'story',
};
const YES = new Set(['OUI', 'YES', 'O', 'Y']);
const NO = new Set(['NON', 'NO', 'N']);
const NONE = new Set(['AUCUN', 'NONE', 'RIEN', 'NOTHING', '-']);

const issue = (fr: string, en: string, line?: number): ValidationIssue => ({ message: en, text: { fr, en }, ...(line === undefined ? {} : { line }) });

/** Checks one answer against the entrant: text lines or the structured form. */
export function validateValhalla(s: AKState, player: string, answer: unknown): Validation<ValhallaAnswer> {
  const e = entrantOf(s, player);
  if (!e) return { value: null, issues: [issue('aucun de vos personnages n’attend d’entrer au Valhalla', 'none of your characters is waiting to enter Valhalla')] };
  const cfg = resolveConfig(s.config).valhalla;
  const out = defaultAnswer(e);
  const issues: ValidationIssue[] = [];
  const checkItem = (v: unknown, line?: number) => {
    if (v === null) { out.item = null; return; }
    const id = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (typeof v === 'string' && NONE.has(v.trim().toUpperCase())) { out.item = null; return; }
    if (!e.items.includes(id)) {
      const list = e.items.map((i) => String(i)).join(', ');
      issues.push(issue(`${e.name} ne porte pas l’objet « ${String(v)} »${list ? ` (ses objets : ${list})` : ' (il n’en porte aucun)'}`,
        `${e.name} holds no item "${String(v)}"${list ? ` (his items: ${list})` : ' (he holds none)'}`, line));
      return;
    }
    out.item = id;
  };
  const checkLength = (what: 'description' | 'story', line?: number) => {
    const max = what === 'description' ? cfg.descriptionMax : cfg.storyMax;
    if (out[what].length > max) {
      issues.push(issue(`${what === 'description' ? 'la description' : 'l’histoire'} fait ${out[what].length} caractères, au plus ${max}`,
        `the ${what} is ${out[what].length} characters long, at most ${max}`, line));
      out[what] = out[what].slice(0, max);
    }
  };
  if (isValhallaAnswer(answer)) {
    out.accept = answer.accept !== false;
    if (answer.item !== undefined) checkItem(answer.item);
    out.description = plain(String(answer.description ?? ''), false);
    out.story = plain(String(answer.story ?? ''), true);
    checkLength('description');
    checkLength('story');
    return { value: out, issues };
  }
  const text = typeof answer === 'string' ? answer : Array.isArray(answer) && answer.every((l) => typeof l === 'string') ? answer.join('\n') : null;
  if (text === null) return { value: null, issues: [issue('une réponse pour le Valhalla est un texte', 'an answer for Valhalla is text')] };
  if (text.length > 100_000) return { value: null, issues: [issue('réponse trop longue', 'answer too long')] };
  const desc: string[] = [];
  const story: string[] = [];
  let descLine: number | undefined;
  let storyLine: number | undefined;
  for (const [i, raw] of text.replace(/\r\n?/g, '\n').split('\n').entries()) {
    const line = i + 1;
    const l = raw.trim();
    if (!l || l.startsWith('#')) continue;
    const m = /^(\S+)\s*(.*)$/.exec(l)!;
    const kw = KEYWORDS[m[1]!.toUpperCase().replace(/:$/, '')];
    const rest = m[2]!;
    if (!kw) {
      issues.push(issue(`ligne inconnue : « ${m[1]} » (VALHALLA, OBJET, DESCRIPTION ou HISTOIRE)`, `unknown line: "${m[1]}" (VALHALLA, ITEM, DESCRIPTION or STORY)`, line));
      continue;
    }
    if (kw === 'accept') {
      const w = rest.trim().toUpperCase();
      if (YES.has(w) || w === '') out.accept = true;
      else if (NO.has(w)) out.accept = false;
      else issues.push(issue(`VALHALLA OUI ou VALHALLA NON, et non « ${rest} »`, `VALHALLA YES or VALHALLA NO, not "${rest}"`, line));
    } else if (kw === 'item') checkItem(rest, line);
    else if (kw === 'description') { desc.push(rest); descLine ??= line; } else { story.push(rest); storyLine ??= line; }
  }
  out.description = plain(desc.join(' '), false);
  out.story = plain(story.join('\n'), true);
  checkLength('description', descLine);
  checkLength('story', storyLine);
  return { value: out, issues };
}

/** The answer as text lines (what a structured answer reads as, and what the order page shows). */
export function formatValhalla(a: ValhallaAnswer, lang: Lang): string {
  const fr = lang === 'fr';
  const lines = [`VALHALLA ${a.accept ? (fr ? 'OUI' : 'YES') : (fr ? 'NON' : 'NO')}`];
  lines.push(`${fr ? 'OBJET' : 'ITEM'} ${a.item === null ? (fr ? 'AUCUN' : 'NONE') : a.item}`);
  if (a.description) lines.push(`DESCRIPTION ${a.description}`);
  for (const p of a.story.split('\n')) if (p.trim()) lines.push(`${fr ? 'HISTOIRE' : 'STORY'} ${p}`);
  return lines.join('\n');
}

const L = (lang: Lang, l: Localized) => l[lang];

/** The blank answer: what he may take, as comment lines, and the default lines. */
export function valhallaTemplate(s: AKState, player: string, lang: Lang): string {
  const e = entrantOf(s, player);
  if (!e) return '';
  const cfg = resolveConfig(s.config).valhalla;
  const fr = lang === 'fr';
  const lines = [
    fr ? `# ${e.name} peut entrer au Valhalla (§12.3).` : `# ${e.name} may enter Valhalla (§12.3).`,
    ...e.items.map((id) => `#   ${fr ? 'OBJET' : 'ITEM'} ${id} — ${itemName(s.items[id]!.kind, lang)}`),
    fr ? `# Description : au plus ${cfg.descriptionMax} caractères ; histoire : au plus ${cfg.storyMax}.` : `# Description: at most ${cfg.descriptionMax} characters; story: at most ${cfg.storyMax}.`,
    formatValhalla(defaultAnswer(e), lang),
  ];
  return lines.join('\n');
}

/** The guided form of the decision: enter or not, the item, the description, one paragraph of story per entry. */
export function valhallaForm(s: AKState, player: string, lang: Lang): AnswerForm {
  const e = entrantOf(s, player);
  if (!e) return { groups: [] };
  const fr = lang === 'fr';
  return {
    groups: [{
      title: L(lang, { fr: `${e.name} au Valhalla`, en: `${e.name} in Valhalla` }),
      entries: [
        { code: 'VALHALLA', label: fr ? 'Entrer au Valhalla' : 'Enter Valhalla', syntax: fr ? 'VALHALLA OUI|NON' : 'VALHALLA YES|NO',
          fields: [{ name: 'accept', label: fr ? 'Il entre' : 'He enters', kind: 'choice', options: [{ value: fr ? 'OUI' : 'YES', label: fr ? 'oui' : 'yes' }, { value: fr ? 'NON' : 'NO', label: fr ? 'non' : 'no' }] }] },
        { code: fr ? 'OBJET' : 'ITEM', label: fr ? 'L’objet qu’il emporte' : 'The item he takes', syntax: fr ? 'OBJET n' : 'ITEM n',
          fields: [{ name: 'item', label: fr ? 'Objet' : 'Item', kind: 'choice', options: [
            ...e.items.map((id) => ({ value: String(id), label: `${id} — ${itemName(s.items[id]!.kind, lang)}` })),
            { value: fr ? 'AUCUN' : 'NONE', label: fr ? 'aucun' : 'none' }] }] },
        { code: 'DESCRIPTION', label: fr ? 'Sa description' : 'His description', syntax: 'DESCRIPTION …',
          fields: [{ name: 'text', label: 'Description', kind: 'text', verbatim: true }] },
        { code: fr ? 'HISTOIRE' : 'STORY', label: fr ? 'Un paragraphe de son histoire' : 'A paragraph of his story', syntax: fr ? 'HISTOIRE …' : 'STORY …',
          fields: [{ name: 'text', label: fr ? 'Histoire' : 'Story', kind: 'text', verbatim: true }] },
      ],
    }],
  };
}
