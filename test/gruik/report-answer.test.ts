/**
 * Rules §6.12.1 step 4, the tabletop battle's report answered without JSON
 * (src/rulesets/gruik/report-answer.ts): the guided form offers every result of §6.5–§6.9 with the
 * two sides, each side's AP lost (0 to what it fielded), the general elements destroyed (§6.4), the
 * loser's retreat (§5.9) and the HOTT defender (§6.2, A-18); every line it writes validates and
 * comes back in the form (`formValues`) as the same report; the line reads in English and French;
 * a bad line is refused part by part in both languages; the JSON of the API still reads as the same
 * value; a report sent as a line is applied at S6.3, its retreat with it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { canonicalJson } from '../../src/engine/hash.ts';
import { formLine, GM_SEAT, isError, type FormEntry } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';

type G = GameRecord<GruikGame>;
function ok(g: G, player: string, decision: string, answer: unknown): G {
  const r = submit(gruik, g, player, decision, answer);
  assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${player} ${decision} accepted`);
  return r.game;
}

/**
 * A game at the report of a tabletop battle in Tourbière, both armies having marched on it (as flow.test.ts): the GM
 * moves the fens' army out, else the fens would defend their capital and fight first (§5.8, A-16 with three states).
 */
function reportGame(): { g: G; d: string } {
  for (let i = 0; i < 30; i++) {
    let g = createGame(gruik, { players: 2, lords: ['Aëlis', 'Borin'], tabletop: true, seasons: 3, gm: true }, `t${i}`);
    if (g.state.flow.phase !== 'orders') continue;
    g = ok(g, 'elves', 'orders', { moves: [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }] });
    g = ok(g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] });
    g = takeAction(gruik, g, GM_SEAT, { id: 'orders', values: { state: 'fens', sheet: 'move A1 gouffre' } }).game as G;
    g = advance(gruik, g, { useDefaults: false });
    if (g.state.flow.phase !== 'tabletop-accept') continue;
    const a = gruik.decisions(g.state)[0]!;
    g = advance(gruik, ok(ok(g, 'elves', a.id, 'accept'), 'dwarves', a.id, 'accept'), { useDefaults: false });
    return { g, d: gruik.decisions(g.state).find((x) => x.kind === 'battle-report')!.id };
  }
  throw new Error('no seed brings the armies to a tabletop battle');
}

/** Each option of each field, the others at their first option (integers: min, then max). */
function lines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 0) : '';
  const out = new Set<string>();
  for (const f of e.fields) {
    const vs = f.kind === 'choice' ? [...f.options.map((o) => o.value), ...(f.optional ? [''] : [])] : f.kind === 'integer' ? [String(f.min ?? 0), String(f.max ?? 0)] : [];
    for (const v of vs) { const l = formLine(e, { ...first, [f.name]: v }); if (l !== null) out.add(l); }
  }
  if (!e.fields.length) out.add(e.code);
  return [...out];
}

test('§6.12.1 the report’s form: every result, AP lost, element, retreat and defender it offers validates and comes back in the form as the same report', () => {
  const { g, d } = reportGame();
  const b = g.state.flow.battles[0]!;
  for (const player of b.sides) for (const lang of ['en', 'fr'] as const) {
    const form = gruik.answerForm!(g.state, player, d, lang);
    const entries = form.groups.flatMap((x) => x.entries);
    assert.deepEqual(entries.map((e) => e.code), ['report', 'none']);
    const report = entries[0]!;
    const outcome = report.fields.find((f) => f.name === 'outcome')!;
    assert.equal(outcome.kind === 'choice' && outcome.options.length, 15, 'the results of §6.5–§6.9, each side’s where one is named');
    for (const [n, st] of b.sides.entries()) {
      const lost = report.fields.find((f) => f.name === `lost${n + 1}`)!;
      assert.deepEqual(lost.kind === 'integer' && [lost.min, lost.max], [0, b.fielded[st]], `${st}: 0 to its fielded AP`);
    }
    let n = 0;
    for (const e of entries) for (const line of lines(e)) {
      const v = gruik.validate(g.state, player, d, line);
      assert.deepEqual(v.issues.filter(isError), [], `«${line}» is accepted`);
      const back = gruik.formValues!(g.state, player, d, v.value);
      assert.ok(back, `«${line}» comes back in the form`);
      const again = gruik.validate(g.state, player, d, formLine(entries.find((x) => x.code === back!.code)!, back!.values));
      assert.equal(canonicalJson(again.value), canonicalJson(v.value), `«${line}» reads back the same`);
      assert.equal(canonicalJson(gruik.validate(g.state, player, d, gruik.answerText!(g.state, player, d, v.value)).value), canonicalJson(v.value), `«${line}»: its stored text reads back the same`);
      n++;
    }
    assert.ok(n >= 25, `${n} lines checked`);
  }
});

test('§6.12.1 the line in English and French gives the same report as the JSON; words told back; the prompt gives a line, not JSON', () => {
  const { g, d } = reportGame();
  const v = (line: unknown) => gruik.validate(g.state, 'elves', d, line);
  const json = { outcome: { kind: 'decisive', winner: 'elves' }, onTable: { elves: 2, dwarves: 8 }, elements: [{ state: 'dwarves', inCloseCombat: true }], loserRetreat: { kind: 'land', to: 'marche' }, hottDefender: 'dwarves' };
  const want = canonicalJson(v(json).value);
  for (const line of [
    'report win elves lost elves 2 dwarves 8 general dwarves close retreat marche defender dwarves',
    'rapport victoire elves pertes elves 2 dwarves 8 général dwarves mêlée retraite Marche-Grise défenseur dwarves',
    'win Aëlis, lost dwarves 8, elves 2, retreat marche, general dwarves melee, defender Thanat',
  ]) assert.equal(canonicalJson(v(line).value), want, line);
  assert.deepEqual(v(JSON.stringify(json)).issues, []);
  for (const line of ['none', 'aucun', 'default']) assert.equal(v(line).value, 'none', line);
  assert.deepEqual(v('extrapolated dwarves lost elves 5 dwarves 1').value!, { outcome: { kind: 'unfinished', agreement: 'winnerExtrapolated', winner: 'dwarves' }, onTable: { elves: 5, dwarves: 1 }, elements: [] });
  assert.deepEqual((v('arret forteresse pertes elves 0 dwarves 0').value as { outcome: unknown }).outcome, { kind: 'agreedStop', agreement: 'attackedToFortress' });
  assert.deepEqual((v('nuit quitte dwarves pertes elves 1 dwarves 1 retraite forteresse').value as { outcome: unknown; loserRetreat: unknown }), { outcome: { kind: 'nightfall', leaver: 'dwarves' }, onTable: { elves: 1, dwarves: 1 }, elements: [], loserRetreat: { kind: 'fortress' } });
  assert.equal(gruik.answerText!(g.state, 'elves', d, v(json).value), 'report win elves lost dwarves 8 elves 2 general dwarves close retreat marche defender dwarves'.replace('lost dwarves 8 elves 2', `lost ${g.state.flow.battles[0]!.sides.map((s) => `${s} ${s === 'elves' ? 2 : 8}`).join(' ')}`));
  const fr = gruik.describeAnswer!(g.state, 'elves', d, v(json).value, 'fr')!;
  assert.match(fr, /^victoire décisive d’Aëlis ; AP perdus sur la table : /);
  assert.match(fr, /éléments de général détruits : Borin \(au corps à corps\) ; retraite : vers Marche-Grise ; défenseur HOTT : Borin$/);
  assert.equal(gruik.describeAnswer!(g.state, 'elves', d, 'none', 'en'), 'you leave the report to the other side');
  const prompt = gruik.decisions(g.state).find((x) => x.id === d)!.prompt;
  assert.match(prompt.en, /as one line \(through the API too\), for example: report win \w+ lost \w+ \d+ \w+ \d+/);
  assert.match(prompt.fr, /l’écrit en une ligne \(par l’API aussi\), par exemple : report win/);
  assert.doesNotMatch(prompt.en + prompt.fr, /[{}]/, 'no JSON in the prompt');
});

test('§6.12.1 a bad line is refused part by part, in English and French', () => {
  const { g, d } = reportGame();
  const b = g.state.flow.battles[0]!;
  const errs = (line: string) => gruik.validate(g.state, 'elves', d, line).issues.filter(isError);
  const both = (line: string, en: RegExp, fr: RegExp) => {
    const i = errs(line);
    assert.ok(i.some((x) => en.test(x.text!.en)), `${line}: ${i.map((x) => x.text!.en).join(' | ')}`);
    assert.ok(i.some((x) => fr.test(x.text!.fr)), `${line}: ${i.map((x) => x.text!.fr).join(' | ')}`);
    assert.ok(i.every((x) => x.text!.en.startsWith('Battle report: ') && x.text!.fr.startsWith('Compte rendu de bataille : ')));
  };
  both('report triumph elves lost elves 1 dwarves 1', /the result comes first: win, extrapolated/, /le résultat vient d’abord : victoire, extrapolee/);
  both('report win fens lost elves 1 dwarves 1', /win: unknown side "fens"/, /win : camp inconnu « fens »/);
  both('report win elves', /lost: the AP each side lost on the table, e\.g\. "lost/, /pertes : les AP perdus sur la table par chaque camp/);
  both(`report win elves lost elves ${b.fielded.elves! + 1} dwarves 1`, new RegExp(`lost Aëlis: a whole number from 0 to the AP fielded \\(${b.fielded.elves}\\)`), new RegExp(`pertes Aëlis : un entier de 0 aux AP engagés \\(${b.fielded.elves}\\)`));
  both('report stop maybe lost elves 1 dwarves 1', /stop: fortress, abandon, withdraw or none/, /stop : forteresse, abandon, retrait ou aucun/);
  both('report unfinished lost elves 1 dwarves 1', /drawn, dice or none/, /nulle, des ou aucun/);
  both('report win elves lost elves 1 dwarves 1 general dwarves sideways', /general Borin: close or range/, /general Borin : melee ou distance/);
  both('report win elves lost elves 1 dwarves 1 retreat enclume', /retreat: fortress, sea <fleet> or a province next to Tourbière \(.*\), not "enclume"/, /retraite : forteresse, mer <flotte> ou une province voisine de Tourbière/);
  both('report win elves lost elves 1 dwarves 1 retreat sea F9', /retreat sea: F9 is not one of your fleets on the coast of Tourbière/, /retraite mer : F9 n’est pas une de vos flottes sur la côte de Tourbière/);
  both('report win elves lost elves 1 dwarves 1 lost elves 2', /"lost" is given twice/, /« lost » est donné deux fois/);
  both('report win elves banner lost elves 1 dwarves 1', /unexpected "banner"/, /« banner » inattendu/);
  both('report win elves lost elves 1 dwarves 1 banner', /lost: unknown side "banner"/, /lost : camp inconnu « banner »/);
  assert.ok(errs('report win elves lost elves x dwarves 1 general dwarves sideways').length >= 2, 'several bad parts, several issues');
  const json = gruik.validate(g.state, 'elves', d, { outcome: { kind: 'unfinished', agreement: 'winnerExtrapolated' }, onTable: { elves: 1, dwarves: 1 } }).issues;
  assert.match(json[0]!.text!.en, /outcome\.winner: the side that was winning/, 'JSON: an extrapolated result names its winner (S6.3 needs one)');
});

test('§6.12.1, §5.9 a report sent as a line is applied at S6.3, the loser’s retreat with it', () => {
  const { g: g0, d } = reportGame();
  const form = gruik.answerForm!(g0.state, 'elves', d, 'en').groups[0]!.entries[0]!;
  const retreat = form.fields.find((f) => f.name === 'retreat')!;
  assert.ok(retreat.kind === 'choice' && retreat.options.some((o) => o.value === 'marche'), 'Marche-Grise offered');
  let g = ok(g0, 'elves', d, 'report win elves lost elves 2 dwarves 8 retreat marche');
  g = ok(g, 'dwarves', d, 'none');
  g = advance(gruik, g, { useDefaults: false });
  g = advance(gruik, g, { useDefaults: true }); // the dwarves' silence confirms
  assert.equal(g.state.gruik.realms.dwarves!.consecutiveMainArmyDefeats, 1, 'the dwarves lost, as reported');
  assert.equal(g.state.gruik.armies['dwarves:A1']!.location, 'marche', 'and retreated where the report said');
});
