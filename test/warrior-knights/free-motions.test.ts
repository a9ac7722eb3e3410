/**
 * The "Free-form Personal Motions" variant (rules §7.4, §5.5; house-laws.ts), a host option off by
 * default: with it off a seeded bot game runs exactly as before (its state hash, the new config
 * keys aside) and a free law is refused; with it on, a free law typed in the guided form is voted
 * like any proposal, adopted, shown in the view, the game's table and the log (FR/EN, quoted, with
 * "not by the referee"), and repealed by a later Personal Motion; too long, empty or option-off
 * texts are refused in both languages; the text never becomes markup (game table HTML, Markdown
 * report); the same seed and answers give the same game; bot games keep every invariant.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { answer, askOf, assemblyQuestion, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { renderEvent } from '../../src/rulesets/warrior-knights/events.ts';
import { eventLine, renderReport } from '../../src/rulesets/warrior-knights/report.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import { hashState } from '../../src/engine/hash.ts';
import { formLine, type Validation } from '../../src/engine/ruleset.ts';
import { renderDoc } from '../../src/platform/http/viewdoc.ts';
import { markdownHtmlString } from '../../src/platform/http/markdown.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { finishAssembly } from './assembly-fixture.ts';
import { emptyTally, soakGame } from '../../scripts/wk-soak.ts';

const ON = { options: { freeFormMotions: true } };
const atMotion = (g: WkGame) => askOf(g)!.kind === 'personal-motion';

/**
 * Bots play until `stop` holds at an open question (bounded); they withdraw every Personal Motion
 * themselves (the default), so that only the test's free laws are in play.
 */
function until(config: unknown, seed: string, stop: (g: WkGame) => boolean, from?: { g: WkGame; rng: Rng }, max = 6000): { g: WkGame; rng: Rng } {
  const rng = from?.rng ?? createRng(seed, 'bots');
  let g = from?.g ?? rs.setup({ players: 3, length: 8, config: config as Record<string, unknown> }, rng);
  for (let i = 0; i < max && !rs.outcome(g); i++) {
    if (askOf(g) && stop(g) && (!from || i > 0)) return { g, rng };
    const [d] = rs.decisions(g);
    const subs = d!.players.map((p, k) => ({ decision: d!.id, player: p, value: d!.kind === 'personal-motion' ? null : rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: k }));
    g = rs.resolve(g, subs, rng).state;
    assert.deepEqual(checkInvariants(g.wk), []);
  }
  throw new Error('the question was never reached');
}

/** The attending barons carry the motion (its proposer may be absent or banished, §5.1): each commits a vote and declares "yes". */
const carry = (_proposer: BaronId, card: string) => (h: WkGame, b: BaronId): unknown => {
  const q = assemblyQuestion(h)!;
  if (q.card !== card) return null;
  if (q.decision === 'commit-votes') return Math.max(1, h.wk.barons[b].votes);
  if (q.decision === 'declare-vote') return 'yes';
  if (q.decision === 'secret-allocation') return { commit: Math.max(1, h.wk.barons[b].votes), declare: 'yes' };
  return null;
};

function refusal(v: Validation<unknown>, fr: RegExp, en: RegExp, what: string): void {
  assert.equal(v.value, null, `${what}: refused`);
  const t = v.issues[0]?.text;
  assert.ok(t && fr.test(t.fr) && en.test(t.en), `${what}: ${JSON.stringify(t)}`);
}

// a text with markup of every kind the pages and the reports read: HTML, Markdown, an entity
const LAW = 'Nul noble ne prend la <b>route</b> & **personne** ne [clique](javascript:alert(1)) <script>x</script>';

test('option off: a seeded bot game runs exactly as before the variant (same hash, the new config keys aside); no free law offered, one typed is refused in both languages', () => {
  const t = emptyTally();
  const g = soakGame(t, 3, 'free-off-a', { maxSteps: 600 })!;
  const st = structuredClone(g.wk);
  assert.equal(st.config.options.freeFormMotions, false);
  assert.equal(st.houseLaws, undefined);
  delete (st.config.options as Record<string, unknown>).freeFormMotions;
  delete (st.config.assembly as Record<string, unknown>).freeLawMaxChars;
  delete (st.config.assembly as Record<string, unknown>).maxHouseLaws;
  // and the other later variant's keys, off by default (elimination.test.ts: Player elimination)
  delete (st.config.options as Record<string, unknown>).playerElimination;
  delete (st.config as Record<string, unknown>).elimination;
  // computed with the code before house-laws.ts existed (commit 9d22edb), by the same soak game
  assert.equal(hashState(st), '391b604a5be1df9842cbe56aac89026c2e3bd92118fa91de0c44a0cfb6a29c23');
  const { g: off } = until({}, 'free-1', atMotion);
  const q = assemblyQuestion(off)!;
  assert.ok(!q.options.includes('free-law'));
  const b = q.who[0]!;
  const form = rs.answerForm!(off, b, askOf(off)!.id, 'en');
  assert.deepEqual(form.groups.flatMap((x) => x.entries).map((e) => e.code), ['motion'], 'no free-law entry');
  refusal(rs.validate(off, b, askOf(off)!.id, { kind: 'free-law', text: 'No roads.' }), /ne sont pas en jeu/, /not in play/, 'option off');
  assert.doesNotMatch(rs.presentView!(off, b, 'en').sections.map((x) => x.title).join(), /Free laws/);
});

test('a free law typed in the guided form, voted, adopted, shown in the view, the table and the log (FR/EN), then repealed', () => {
  let { g, rng } = until(ON, 'free-1', atMotion);
  const q = assemblyQuestion(g)!;
  assert.ok(q.options.includes('free-law'));
  const proposer = q.who[0]!, card = q.card!;
  const id = askOf(g)!.id;
  // the guided form: a text field; its line read back is the free law
  const entry = rs.answerForm!(g, proposer, id, 'fr').groups.flatMap((x) => x.entries).find((e) => e.code === 'law')!;
  assert.ok(entry, 'the form offers a free law');
  assert.match(entry.label, /pas par l’arbitre/);
  assert.equal(entry.fields[0]!.kind, 'text');
  const line = formLine(entry, { text: LAW })!;
  const v = rs.validate(g, proposer, id, line);
  assert.deepEqual(v.issues, []);
  assert.deepEqual(v.value, { kind: 'free-law', text: LAW });
  assert.match(rs.describeAnswer!(g, proposer, id, v.value, 'en')!, /free law “Nul noble.*not by the referee/);
  assert.deepEqual(rs.formValues!(g, proposer, id, v.value), { code: 'law', values: { text: LAW } }, 'the stored answer back in its text field');
  const r1 = answer(g, { [proposer]: v.value });
  g = r1.game;
  const proposed = r1.events.find((e) => e.t === 'personal-motion')!;
  assert.match(renderEvent(proposed as never, 'fr'), /propose une loi libre : « Nul noble ne prend la <b>route<\/b>/);
  const done = finishAssembly(g, carry(proposer, card));
  g = done.g;
  const events = [...r1.events, ...done.events];
  assert.deepEqual(g.wk.houseLaws, [{ id: 'house-1', text: LAW, by: proposer, turn: g.wk.turn }]);
  const adopted = events.find((e) => e.t === 'house-law-adopted')!;
  assert.ok(adopted, 'adopted');
  assert.equal(renderEvent(adopted as never, 'fr'), `La loi libre n° 1 de ${renderEvent({ t: 'pardoned', baron: proposer }, 'fr').replace(/ est gracié\.$/, '')} entre en vigueur : « ${LAW} » (appliquée par l’accord des barons, pas par l’arbitre).`);
  assert.match(renderEvent(adopted as never, 'en'), /free law #1 comes into force: “Nul noble.*” \(enforced by the barons’ agreement, not by the referee\)\.$/);
  // the view (every baron, spectators) and the game's table
  for (const viewer of [...g.wk.players, null]) assert.equal((rs.view(g, viewer) as { houseLaws?: unknown[] }).houseLaws?.length, 1);
  for (const lang of ['fr', 'en'] as const) {
    const sec = rs.presentView!(g, proposer, lang).sections.find((x) => /Lois libres|Free laws/.test(x.title))!;
    assert.ok(sec && sec.kind === 'table' && sec.rows[0]![1] === LAW, 'the table holds the text as a cell');
    assert.match(sec.title, lang === 'fr' ? /pas par l’arbitre/ : /not by the referee/);
    // escaped where it is shown: the game table's HTML and the Markdown report
    const htmlDoc = String(renderDoc(rs.presentView!(g, proposer, lang)));
    assert.ok(!htmlDoc.includes('<b>route') && !htmlDoc.includes('<script>'), 'no markup in the table');
    assert.ok(htmlDoc.includes('&lt;b&gt;route&lt;/b&gt;'));
    const report = markdownHtmlString(renderReport(g, events, proposer, lang));
    assert.ok(!/<(b|script|strong|a)\b/.test(report), `no markup in the report: ${report.slice(0, 400)}`);
    assert.ok(report.includes('&lt;b&gt;route&lt;/b&gt;') && report.includes('**personne**'), 'the text kept as typed');
  }
  assert.match(eventLine(adopted, 'en'), /\\<b\\>route/, 'the report line escapes Markdown');

  // a later Personal Motion repeals it: the form offers it among the Laws in play
  ({ g, rng } = until(ON, 'free-1', atMotion, { g, rng }));
  const q2 = assemblyQuestion(g)!;
  const p2 = q2.who[0]!, card2 = q2.card!;
  const opts = rs.answerForm!(g, p2, askOf(g)!.id, 'en').groups.flatMap((x) => x.entries).find((e) => e.code === 'motion')!.fields[0]!;
  const repeal = opts.kind === 'choice' ? opts.options.find((o) => JSON.parse(o.value).card === 'house-1') : undefined;
  assert.ok(repeal && /Repeal free law n° 1 “Nul noble/.test(repeal.label), 'the repeal is offered');
  const r2 = answer(g, { [p2]: { kind: 'repeal', card: 'house-1' } });
  const done2 = finishAssembly(r2.game, carry(p2, card2));
  g = done2.g;
  assert.deepEqual(g.wk.houseLaws, []);
  const gone = done2.events.find((e) => e.t === 'house-law-repealed')!;
  assert.match(renderEvent(gone as never, 'fr'), /^Abrogation de la loi libre n° 1 : « Nul noble/);
  assert.match(renderEvent(gone as never, 'en'), /^Free law #1 repealed: “Nul noble/);
  assert.ok(!g.wk.proposalDiscard.includes('house-1'), 'a free law is no card');
});

test('refused free laws (too long, empty, not a text, too many in play) in both languages; spaces made one', () => {
  const { g } = until({ options: { freeFormMotions: true }, assembly: { freeLawMaxChars: 40, maxHouseLaws: 1 } }, 'free-1', atMotion);
  const q = assemblyQuestion(g)!;
  const b = q.who[0]!, id = askOf(g)!.id;
  refusal(rs.validate(g, b, id, { kind: 'free-law', text: 'x'.repeat(41) }), /dépasse 40 caractères \(41\)/, /longer than 40 characters \(41\)/, 'too long');
  refusal(rs.validate(g, b, id, 'law ' + 'é'.repeat(41)), /dépasse 40/, /longer than 40/, 'too long, typed in the form');
  refusal(rs.validate(g, b, id, { kind: 'free-law', text: ' \n\t ' }), /est vide/, /is empty/, 'empty');
  refusal(rs.validate(g, b, id, { kind: 'free-law', text: 42 }), /comme un texte/, /as a text/, 'not a text');
  refusal(rs.validate(g, b, id, { kind: 'free-law', text: 'y'.repeat(100_000) }), /trop longue/, /too long/, 'a huge answer');
  // spaces and line breaks made one space; 40 characters counted after that
  const ok = rs.validate(g, b, id, { kind: 'free-law', text: `  Pas de\n\nroutes   ${'z'.repeat(26)}  ` });
  assert.deepEqual(ok.issues, []);
  const r = answer(g, { [b]: ok.value });
  const done = finishAssembly(r.game, carry(b, q.card!));
  assert.equal(done.g.wk.houseLaws?.[0]?.text, `Pas de routes ${'z'.repeat(26)}`);
  // full: the form offers no free law and one typed is refused
  const { g: g2 } = until(ON, 'free-1', atMotion, { g: done.g, rng: createRng('free-x', 'bots') });
  const b2 = assemblyQuestion(g2)!.who[0]!;
  assert.ok(!rs.answerForm!(g2, b2, askOf(g2)!.id, 'en').groups.flatMap((x) => x.entries).some((e) => e.code === 'law'));
  refusal(rs.validate(g2, b2, askOf(g2)!.id, { kind: 'free-law', text: 'Encore' }), /maximum de lois libres en vigueur \(1\) est atteint/, /limit of free laws in play \(1\) is reached/, 'full');
});

test('determinism: the same seed and answers give the same game through a free law', () => {
  const run = () => {
    const { g } = until(ON, 'free-2', atMotion);
    const q = assemblyQuestion(g)!;
    const r = answer(g, { [q.who[0]!]: { kind: 'free-law', text: 'Les routes sont fermées.' } });
    return hashState(finishAssembly(r.game, carry(q.who[0]!, q.card!)).g);
  };
  assert.equal(run(), run());
});

test('bot games with the option on keep every invariant; bots propose free laws and no bot answer is refused', () => {
  const t = emptyTally();
  for (const [n, seed] of [[2, 'free-on-a'], [4, 'free-on-b']] as const) soakGame(t, n, seed, { freeMotions: true, maxSteps: 1500 });
  assert.deepEqual(t.failures.filter((f) => !/not over/.test(f)), []);
  assert.ok((t.phases['free-law-proposed'] ?? 0) > 0, 'bots propose free laws');
});
