/**
 * A baron's stored answer put back in the prompt page's guided form (engine `formValues`, issue
 * 21): the entry of `formOf` (forms.ts) that writes it and its fields' values. Most entries are one
 * choice whose options are the answers themselves (compact JSON): each is tried in turn. The
 * entries with several fields are read from the answer: the planning's piles (#4, each card's pile
 * or « kept »), the votes and Faith (#28, #36), the secret allocation (#32, #37: votes and
 * declaration per proposal), the retreats and a dead noble's losses (#13, #14: the piece of the
 * answer about each of his nobles). `firstRoundTrip` keeps a candidate only when its line, read
 * back by `validate` (forms.ts `fromFormLine`), gives the same answer.
 *
 * Fog (§9.4): read from his own answer and his own form (his hand, his nobles, his side's draw).
 */
import { canonicalJson } from '../../engine/hash.ts';
import { choiceCandidates } from '../../engine/form-values.ts';
import type { AnswerForm, FormValues } from '../../engine/ruleset.ts';
import type { BaronId } from './barons.ts';
import { assemblyQuestion, type Ask, type WkGame } from './flow.ts';
import { allocationCards } from './forms.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const c = (code: string, values: Record<string, string>): FormValues[] => [{ code, values }];

/** The pieces of a #13/#14 answer that a field of noble `id` writes (forms.ts combatForm: `desert-`, `retreat-`, `death-`). */
function pieceOf(field: string, value: Obj): Obj | null {
  const m = /^(desert|retreat|death)-(.+)$/.exec(field);
  if (!m) return null;
  const id = m[2]!;
  const keys = m[1] === 'desert' ? ['deserter'] : m[1] === 'retreat' ? ['retreat'] : ['deserter', 'lose'];
  const out: Obj = {};
  for (const k of keys) { const part = value[k]; if (isObj(part) && part[id] !== undefined) out[k] = { [id]: part[id] }; }
  return out;
}

/** The candidates for `value`, baron `b`'s answer to `ask` (the form `form`, his own). */
export function wkFormCandidates(g: WkGame, ask: Ask, b: BaronId, form: AnswerForm, value: unknown): Iterable<FormValues> {
  const entry = form.groups.flatMap((x) => x.entries)[0];
  switch (ask.kind) {
    case 'plan-piles': { // each card of his hand: the pile that holds it (1…), or 0, kept in hand
      if (!Array.isArray(value) || !value.every((p) => Array.isArray(p))) return [];
      const left = (value as unknown[][]).map((p) => [...p]);
      return c('piles', Object.fromEntries(g.wk.barons[b].hand.map((card, i) => {
        const pile = left.findIndex((p) => p.includes(card));
        if (pile >= 0) left[pile]!.splice(left[pile]!.indexOf(card), 1); // a card held twice: each copy once
        return [`p${i}`, String(pile + 1)];
      })));
    }
    case 'commit-votes': return typeof value === 'number' ? c('commit', { n: String(value) }) : [];
    case 'pledge-faith': return typeof value === 'number' ? c('pledge', { n: String(value) }) : [];
    case 'secret-allocation': {
      const q = assemblyQuestion(g);
      if (!q || !isObj(value)) return [];
      const cards = allocationCards(g, q);
      const votes = q.into === 'allocation' ? cards.map((id) => value[id]) : [value];
      if (!votes.every((v) => isObj(v) && v.commit !== undefined && v.declare !== undefined)) return [];
      return c('alloc', Object.fromEntries(votes.flatMap((v, i) => [[`c${i}`, String((v as Obj).commit)], [`d${i}`, String((v as Obj).declare)]])));
    }
    case 'retreat': case 'death': { // each field: the option that writes this answer's piece about its noble
      if (!entry || !isObj(value)) return [];
      const values: Record<string, string> = {};
      for (const f of entry.fields) {
        const piece = pieceOf(f.name, value);
        const o = piece && f.kind === 'choice' ? f.options.find((x) => { try { return canonicalJson(JSON.parse(x.value)) === canonicalJson(piece); } catch { return false; } }) : undefined;
        if (!o) return [];
        values[f.name] = o.value;
      }
      return c('aftermath', values);
    }
    case 'personal-motion': // §7.4: a free law back in its text field; the other motions are the choice's options
      return isObj(value) && value.kind === 'free-law' && typeof value.text === 'string' ? c('law', { text: value.text }) : choiceCandidates(form);
    default: return choiceCandidates(form); // one choice: each answer of the moment in turn
  }
}
