/**
 * A guided form filled back with an answer given already (engine `Ruleset.formValues`, issue 21):
 * the prompt page shows a player who answered his answer in the form, to change it before the
 * deadline. A ruleset proposes candidates (the entry and values it thinks write the answer) and
 * `firstRoundTrip` keeps the first that the form shows and that the referee reads back as the same
 * answer: the line the page would post (`formLine`) goes through `validate`, and its value must be
 * the stored one, key for key (canonical JSON). So a form filled back and sent unchanged can never
 * change the answer, whatever a ruleset's candidates get wrong: a wrong one is skipped.
 */
import { canonicalJson } from './hash.ts';
import { formLine, isError, type AnswerForm, type FormEntry, type FormValues, type PlayerId, type Ruleset } from './ruleset.ts';

/** Most candidates tried for one answer (each one `validate` of its line): bounded like the forms' own dry runs. */
export const FORM_VALUE_TRIES = 200;

/** Whether `values` fill `entry` as its form can: known fields only, each choice one of its options, each integer whole and within its bounds. */
function fits(entry: FormEntry, values: Record<string, string>): boolean {
  if (Object.keys(values).some((k) => !entry.fields.some((f) => f.name === k))) return false;
  return entry.fields.every((f) => {
    const v = values[f.name] ?? '';
    if (v === '') return !!f.optional;
    if (f.kind === 'choice') return f.options.some((o) => o.value === v);
    if (f.kind === 'integer') return /^-?\d{1,9}$/.test(v) && (f.min === undefined || Number(v) >= f.min) && (f.max === undefined || Number(v) <= f.max);
    return true;
  });
}

/**
 * The first of `candidates` (at most FORM_VALUE_TRIES looked at) whose entry is in `form`, whose
 * values fill it, and whose line `rs.validate` reads without error as `value`; null when none does.
 */
export function firstRoundTrip<S, A>(rs: Ruleset<S, A>, state: S, player: PlayerId, decision: string, value: A, form: AnswerForm, candidates: Iterable<FormValues>): FormValues | null {
  const want = canonicalJson(value);
  const entries = form.groups.flatMap((g) => g.entries);
  let tries = 0;
  for (const c of candidates) {
    if (++tries > FORM_VALUE_TRIES) break;
    const entry = entries.find((e) => e.code === c.code);
    if (!entry || !fits(entry, c.values)) continue;
    const line = formLine(entry, c.values);
    if (line === null) continue;
    const v = rs.validate(state, player, decision, line);
    if (v.value !== null && !v.issues.some(isError) && canonicalJson(v.value) === want) return { code: c.code, values: { ...c.values } };
  }
  return null;
}

/**
 * The candidates of the entries whose form is a pick: an entry without fields (the line is its
 * code), or with a single choice field, each of its options in turn (Warrior Knights' choices are
 * the answers themselves as JSON, Fief's surprise plays and loss allocations are entries of their own).
 */
export function* choiceCandidates(form: AnswerForm): Generator<FormValues> {
  for (const e of form.groups.flatMap((g) => g.entries)) {
    if (e.fields.length === 0) yield { code: e.code, values: {} };
    const f = e.fields[0];
    if (e.fields.length === 1 && f?.kind === 'choice') for (const o of f.options) yield { code: e.code, values: { [f.name]: o.value } };
  }
}
