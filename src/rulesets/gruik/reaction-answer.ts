/**
 * The reaction window's answer (rules §5.6) as one line of text and as a guided form, so that no
 * player types JSON: the form (engine `AnswerForm`) offers, for each of the state's forces that may
 * still react, the provinces it may react into (`reactionRefusal`, the referee's own check, against
 * the state's own movement report); the line it writes is read back by `parseReactionLine`.
 *
 * Syntax, one line (English keywords written, French read too; names as on the order sheet: own
 * forces by short id `A1`, `D2`, provinces by id or name, accents and case ignored; `to` and the
 * commas may be left out):
 *
 *   react A1 to hautval, D2 to coudre     (French: reagir A1 vers hautval, D2 vers coudre)
 *   none                                   no reaction (French: aucune; `react` alone says the same)
 *   default                                the standing reaction policy (French: defaut)
 *
 * The JSON of the API and bots (`[{"force":…,"path":[province]}]`) is read by answers.ts as before.
 */
import { fill } from '../../engine/localize.ts';
import { normalizeName } from '../../engine/names.ts';
import type { AnswerForm, FormField, FormValues, Lang, Localized, ValidationIssue } from '../../engine/ruleset.ts';
import { indexMap } from './map.ts';
import { reactionRefusal, type MoveOrder } from './rules/movement.ts';
import type { GruikState, StateId } from './state.ts';
import { viewOf } from './view.ts';
import { Names, shortId } from './sheet/names.ts';
import { isWord, tokenize, type Token } from './sheet/words.ts';

/** The answer's own words, both languages read. */
const WORDS = { react: ['react', 'reagir'], none: ['none', 'aucune', 'aucun', 'rien'], default: ['default', 'defaut'] } as const;
const is = (t: Token | undefined, w: keyof typeof WORDS) => !!t && !t.quoted && (WORDS[w] as readonly string[]).includes(normalizeName(t.text));

const M = {
  group: { fr: 'Réaction (§5.6)', en: 'Reaction (§5.6)' },
  react: { fr: 'Réagir : chaque force choisie se porte d’une province', en: 'React: each force chosen moves one province' },
  none: { fr: 'Ne pas réagir', en: 'Do not react' },
  default: { fr: 'Laisser jouer ma consigne permanente de réaction', en: 'Let my standing reaction policy apply' },
  army: { fr: 'armée', en: 'army' },
  detachment: { fr: 'détachement', en: 'detachment' },
  force: { fr: '{id} ({k}, {ap} AP, à {p})', en: '{id} ({k}, {ap} AP, in {p})' },
  into: { fr: 'vers {p}', en: 'to {p}' },
  missingTo: { fr: '{f} : il manque la province où réagir.', en: '{f}: the province to react into is missing.' },
  empty: { fr: 'Une réaction s’écrit « reagir A1 vers hautval » (plusieurs forces séparées par des virgules), « aucune » ou « defaut ».', en: 'A reaction is written "react A1 to hautval" (several forces separated by commas), "none" or "default".' },
  said: { fr: '{f} → {p}', en: '{f} → {p}' },
  noReaction: { fr: 'pas de réaction', en: 'no reaction' },
  policy: { fr: 'votre consigne permanente de réaction', en: 'your standing reaction policy' },
} satisfies Record<string, Localized>;

const issue = (m: Localized, args: Record<string, string | number> = {}): ValidationIssue => { const text = fill(m, args); return { message: text.en, text }; };

/** The state's forces that may react now, each with the provinces it may react into (map order). */
export function reactionChoices(s: GruikState, st: StateId): { force: string; to: string[] }[] {
  if (!Object.hasOwn(s.realms, st)) return [];
  const v = viewOf(s, st);
  const ix = indexMap(s.map);
  const report = s.movementReport[st] ?? [];
  const forces = [...Object.values(v.armies), ...Object.values(v.detachments)]
    .filter((f) => f.state === st && !f.moved && typeof f.location === 'string' && f.location !== 'captured')
    .map((f) => f.id).sort();
  return forces.map((force) => {
    const from = (s.armies[force] ?? s.detachments[force])!.location as string;
    const to = [...new Set((ix.land[from] ?? []).map((l) => l.province))].filter((p) => !reactionRefusal(s, report, force, p));
    return { force, to: s.map.provinces.map((p) => p.id).filter((p) => to.includes(p)) };
  }).filter((x) => x.to.length > 0);
}

/** The guided form of the reaction window: one field a force (its legal provinces), « none », « default ». */
export function reactionForm(s: GruikState, st: StateId, lang: Lang): AnswerForm {
  const place = (p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  const fields: FormField[] = reactionChoices(s, st).map(({ force, to }) => {
    const f = s.armies[force] ?? s.detachments[force]!;
    const ap = s.armies[force]?.currentAP ?? s.detachments[force]?.ap ?? 0;
    const label = fill(M.force, { id: shortId(st, force), k: s.armies[force] ? M.army : M.detachment, ap, p: place(f.location as string) })[lang];
    return { name: shortId(st, force), label, kind: 'choice', optional: true, prefix: `${shortId(st, force)} to`, options: to.map((p) => ({ value: p, label: fill(M.into, { p: place(p) })[lang] })) };
  });
  return {
    groups: [{
      title: M.group[lang],
      entries: [
        ...(fields.length ? [{ code: 'react', label: M.react[lang], syntax: 'react <force> to <province>, …', fields }] : []),
        { code: 'none', label: M.none[lang], syntax: 'none', fields: [] },
        { code: 'default', label: M.default[lang], syntax: 'default', fields: [] },
      ],
    }],
  };
}

/** A line read: `default`, or the moves named (own forces and provinces resolved, not yet checked against the rules). */
export type ReactionLine = { value: 'default' | { force: string; to: string; label: string }[]; issues: ValidationIssue[] };

/** Reads a reaction line (names from what the state may know, sheet/names.ts); each bad part an issue in both languages. */
export function parseReactionLine(s: GruikState, st: StateId, text: string): ReactionLine {
  const { tokens: all, unclosed } = tokenize(text);
  const tokens = all.filter((t) => t.quoted || t.text !== ',');
  if (unclosed || tokens.length === 0) return { value: [], issues: [issue(M.empty)] };
  if (tokens.length === 1 && is(tokens[0], 'default')) return { value: 'default', issues: [] };
  if (tokens.length === 1 && is(tokens[0], 'none')) return { value: [], issues: [] };
  let i = is(tokens[0], 'react') ? 1 : 0;
  const names = new Names(s, st);
  const out: { force: string; to: string; label: string }[] = [];
  const issues: ValidationIssue[] = [];
  while (i < tokens.length) {
    const f = names.resolve('force', tokens[i]!.text);
    if (!f.ok) { issues.push({ message: f.message.en, text: f.message, ...(f.candidates.length ? { candidates: f.candidates } : {}) }); i += isWord(tokens[i + 1], 'toward') || isWord(tokens[i + 1], 'to') ? 3 : 2; continue; }
    const label = names.label('force', f.id);
    i++;
    if (isWord(tokens[i], 'toward') || isWord(tokens[i], 'to')) i++;
    const t = tokens[i];
    if (!t) { issues.push(issue(M.missingTo, { f: label })); break; }
    i++;
    const p = names.resolve('province', t.text);
    if (!p.ok) { issues.push({ message: `${label}: ${p.message.en}`, text: { fr: `${label} : ${p.message.fr}`, en: `${label}: ${p.message.en}` }, ...(p.candidates.length ? { candidates: p.candidates } : {}) }); continue; }
    out.push({ force: f.id, to: p.id, label });
  }
  // [P] simultaneous moves: kept in the forces' order, as the form writes them
  out.sort((a, b) => (a.force < b.force ? -1 : a.force > b.force ? 1 : 0));
  return { value: out, issues };
}

/** The line of a reaction (what the form writes for it). */
export function reactionLine(st: StateId, v: MoveOrder[] | 'default'): string {
  if (v === 'default') return 'default';
  if (v.length === 0) return 'none';
  return `react ${v.map((m) => `${shortId(st, m.force)} to ${m.path[0]}`).join(', ')}`;
}

/** The form's entry and values that write this reaction (checked by `firstRoundTrip`). */
export function reactionFormValues(st: StateId, v: MoveOrder[] | 'default'): FormValues {
  if (v === 'default') return { code: 'default', values: {} };
  if (v.length === 0) return { code: 'none', values: {} };
  return { code: 'react', values: Object.fromEntries(v.map((m) => [shortId(st, m.force), m.path[0]!])) };
}

/** A reaction told back in words, with the provinces' names. */
export function describeReaction(s: GruikState, st: StateId, v: MoveOrder[] | 'default', lang: Lang): string {
  if (v === 'default') return M.policy[lang];
  if (v.length === 0) return M.noReaction[lang];
  const place = (p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  return v.map((m) => fill(M.said, { f: shortId(st, m.force), p: place(m.path[0]!) })[lang]).join(', ');
}
