/**
 * A stored answer put back in its guided form (engine `formValues`, `engine/form-values.ts`, issue
 * 21), over bot games of Fief, Warrior Knights and Fair: at each question with a form, every line
 * the form writes (each option of each field) that the referee accepts comes back as the same
 * entry's values (unless a choice button gives that answer: Fief's `pillage <village> 0` is « Rien »), and those values, written as the page posts them (`formLine`), are read back by
 * `validate` as the same answer; the bots' answers and the defaults come back the same way or not
 * at all (several orders in one answer: null), never as another answer. `firstRoundTrip` skips a
 * candidate that reads back as another answer, and stops after FORM_VALUE_TRIES.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson } from '../../src/engine/hash.ts';
import { choiceCandidates, firstRoundTrip, FORM_VALUE_TRIES } from '../../src/engine/form-values.ts';
import { formLine, isError, type AnswerForm, type FormEntry, type Ruleset } from '../../src/engine/ruleset.ts';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { botAnswer as fiefBot } from '../../src/rulesets/fief/bot.ts';
import { warriorKnights } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer as wkBot } from '../../src/rulesets/warrior-knights/bot.ts';
import { fair, fairBot } from './fair-ruleset.ts';

/** Each option of each field of an entry, the other fields at their first option (integers: min, then max). */
function lines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 0) : '';
  const out = new Set<string>();
  for (const f of e.fields) {
    const vs = f.kind === 'choice' ? f.options.map((o) => o.value) : f.kind === 'integer' ? [String(f.min ?? 0), ...(f.max !== undefined ? [String(f.max)] : [])] : [first[f.name]!];
    for (const v of vs) { const l = formLine(e, { ...first, [f.name]: v }); if (l !== null) out.add(l); }
  }
  if (!e.fields.length) out.add(e.code);
  return [...out];
}

interface Tally { back: Map<string, number>; bad: string[]; checked: number }

/** Plays a bot game of `rs`; at each question (at most `perKind` of a kind) checks every accepted form line and the bot's answer and the default. */
function exercise<S>(rs: Ruleset<S>, state: S, bot: (g: S, p: string, d: string, rng: Rng) => unknown, rng: Rng, o: { steps: number; perKind: number; maxLines: number }, t: Tally): void {
  let g = state;
  const seen = new Map<string, number>();
  for (let steps = 0; steps < o.steps && !rs.outcome(g)?.finished; steps++) {
    const ds = rs.decisions(g);
    if (!ds.length) break;
    for (const d of ds) {
      if ((seen.get(d.kind) ?? 0) >= o.perKind) continue;
      seen.set(d.kind, (seen.get(d.kind) ?? 0) + 1);
      for (const p of d.players) {
        const form = rs.answerForm!(g, p, d.id, 'en');
        const entries = form.groups.flatMap((x) => x.entries);
        const answers: { a: unknown; fromForm: string | null }[] = [{ a: bot(g, p, d.id, createRng('probe', `${steps}/${p}`)), fromForm: null }, { a: d.defaults[p], fromForm: null }];
        for (const e of entries) for (const l of lines(e).slice(0, o.maxLines)) answers.push({ a: l, fromForm: e.code });
        // what a choice button answers (Fief's « Rien »: `pillage <village> 0` is no pillage) is shown by the button
        const buttons = new Set((d.choices ?? []).map((c) => rs.validate(g, p, d.id, c.value).value).filter((x) => x !== null).map((x) => canonicalJson(x)));
        for (const { a, fromForm } of answers) {
          const v = rs.validate(g, p, d.id, a);
          if (v.value === null || v.issues.some(isError)) continue;
          t.checked++;
          const back = rs.formValues!(g, p, d.id, v.value);
          if (back === null) {
            // a line the form wrote always comes back (its own entry writes it)
            if (fromForm !== null && !buttons.has(canonicalJson(v.value))) t.bad.push(`${d.kind}: the form's line «${String(a)}» does not come back`);
            continue;
          }
          const entry = entries.find((e) => e.code === back.code);
          const line = entry ? formLine(entry, back.values) : null;
          const again = line === null ? null : rs.validate(g, p, d.id, line);
          if (!again || again.value === null || again.issues.some(isError) || canonicalJson(again.value) !== canonicalJson(v.value)) {
            t.bad.push(`${d.kind}: ${JSON.stringify(v.value)} back as «${line}» → ${JSON.stringify(again?.value)}`);
            continue;
          }
          t.back.set(d.kind, (t.back.get(d.kind) ?? 0) + 1);
        }
      }
    }
    const subs = ds.flatMap((d) => d.players.map((p) => ({ decision: d.id, player: p, value: rs.validate(g, p, d.id, bot(g, p, d.id, rng)).value })))
      .map((s, i) => ({ ...s, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
}

const tally = (): Tally => ({ back: new Map(), bad: [], checked: 0 });

test('Fief: every answer the form writes comes back in it and reads back the same; the others the same or not at all', { timeout: 180_000 }, () => {
  const t = tally();
  for (const seed of ['fief-fv-a', 'fief-fv-b', 'fief-fv-f']) { // fief-fv-f: since the bots hold their villages, a's and b's games allocate no losses within their five turns
    const rng = createRng(seed, 'bots');
    exercise(fief as unknown as Ruleset<unknown>, fief.setup({ players: 4, maxTurns: 5 } as never, rng), fiefBot as never, rng, { steps: 1200, perKind: 10, maxLines: 8 }, t);
  }
  assert.deepEqual(t.bad, []);
  for (const k of ['purchases', 'movement', 'declare-battles', 'sieges', 'pillage', 'discard-draw', 'play-cards', 'hold', 'loss-allocation']) assert.ok((t.back.get(k) ?? 0) > 0, `${k} comes back (${JSON.stringify([...t.back])})`);
});

test('Warrior Knights: every answer the form writes comes back in it and reads back the same; the others the same or not at all', { timeout: 180_000 }, () => {
  const t = tally();
  for (const [n, seed] of [[4, 'wk-fv-4'], [2, 'wk-fv-2']] as const) {
    const rng = createRng(seed, 'bots');
    exercise(warriorKnights as unknown as Ruleset<unknown>, warriorKnights.setup({ players: n, length: 8, maxTurns: 4 } as never, rng), wkBot as never, rng, { steps: 2000, perKind: 6, maxLines: 8 }, t);
  }
  assert.deepEqual(t.bad, []);
  for (const k of ['plan-piles', 'place-stronghold', 'use-card', 'draft-pick', 'order-of-business']) assert.ok((t.back.get(k) ?? 0) > 0, `${k} comes back (${JSON.stringify([...t.back])})`);
  assert.ok((t.back.get('commit-votes') ?? 0) + (t.back.get('secret-allocation') ?? 0) > 0, `votes come back (${JSON.stringify([...t.back])})`);
});

test('Fair: the stall, the consent and the sealed bid come back in their forms', () => {
  const t = tally();
  const rng = createRng('fair-fv', 'bots');
  exercise(fair as unknown as Ruleset<unknown>, fair.setup({ players: 3 } as never, rng), fairBot as never, rng, { steps: 200, perKind: 20, maxLines: 12 }, t);
  assert.deepEqual(t.bad, []);
  for (const k of ['stall', 'sealed-bid']) assert.ok((t.back.get(k) ?? 0) > 0, `${k} comes back (${JSON.stringify([...t.back])})`);
});

test('firstRoundTrip: a candidate that reads back as another answer, or that the form cannot show, is skipped; at most FORM_VALUE_TRIES are tried', () => {
  const rng = createRng('fair-fv-rt', 'bots');
  const g = fair.setup({ players: 3 } as never, rng);
  const [d] = fair.decisions(g);
  const p = d!.players[0]!;
  const form: AnswerForm = fair.answerForm!(g, p, d!.id, 'en');
  const well = fair.validate(g, p, d!.id, 'stall well').value!;
  // another region, a region the form does not offer, an unknown field, then the right one
  const got = firstRoundTrip(fair, g, p, d!.id, well, form, [
    { code: 'stall', values: { region: 'gate' } }, { code: 'stall', values: { region: 'nowhere' } },
    { code: 'stall', values: { region: 'well', extra: 'x' } }, { code: 'bid', values: { region: 'well' } }, { code: 'stall', values: { region: 'well' } }]);
  assert.deepEqual(got, { code: 'stall', values: { region: 'well' } });
  // bounded: the right candidate after FORM_VALUE_TRIES wrong ones is never reached
  const wrong = Array.from({ length: FORM_VALUE_TRIES }, () => ({ code: 'stall', values: { region: 'gate' } }));
  assert.equal(firstRoundTrip(fair, g, p, d!.id, well, form, [...wrong, { code: 'stall', values: { region: 'well' } }]), null);
  assert.deepEqual(firstRoundTrip(fair, g, p, d!.id, well, form, [...wrong.slice(1), { code: 'stall', values: { region: 'well' } }]), { code: 'stall', values: { region: 'well' } });
  // the picks of a form: each option of its one-choice entries
  assert.deepEqual([...choiceCandidates(form)].map((c) => c.values.region), form.groups[0]!.entries[0]!.fields[0]!.kind === 'choice' ? form.groups[0]!.entries[0]!.fields[0]!.options.map((o) => o.value) : []);
});
