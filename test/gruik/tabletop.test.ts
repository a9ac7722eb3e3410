/**
 * Rules §6.12.1, the tabletop battle as its two players arrange it (src/rulesets/gruik/tabletop.ts,
 * tabletop-table.ts): the battle sheet's facts on the board of the two sides alone; each side's
 * army list (step 3) and the date of the table as free actions; a list over the budget, an action on
 * no battle and a date accepted before any is proposed are refused in both languages; the lists
 * stay private until S6.3 fights the battle, then both sides (and they alone) read them; a replay
 * gives the same hashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { isError } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';

type G = GameRecord<GruikGame>;
const ok = (g: G, player: string, decision: string, answer: unknown): G => {
  const r = submit(gruik, g, player, decision, answer);
  assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${player} ${decision} accepted`);
  return r.game;
};
const act = (g: G, player: string, id: string, values: Record<string, string> = {}) => takeAction(gruik, g, player, { id, values });

/**
 * A game at the battle report of a tabletop battle in Rives-Claires, both armies having marched on it (the
 * dwarves by the strait). Not Tourbière: without a GM the fens' army holds its capital, defends it and fights
 * first (§5.8, A-16 with three states), against a neutral no tabletop battle.
 */
function reportGame(): G {
  for (let i = 0; i < 30; i++) {
    let g = createGame(gruik, { players: 2, tabletop: true, seasons: 3, gm: false }, `t${i}`);
    if (g.state.flow.phase !== 'orders') continue;
    g = ok(g, 'elves', 'orders', { moves: [{ force: 'elves:A1', path: ['rives'] }], naval: [{ fleet: 'elves:F1', actions: [], policy: { blockStraits: false } }] }); // the elves' fleet lets the strait open (A-35)
    g = ok(g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['roc', 'rives'] }] });
    g = advance(gruik, g, { useDefaults: false });
    if (g.state.flow.phase !== 'tabletop-accept') continue;
    const d = gruik.decisions(g.state)[0]!;
    g = ok(ok(g, 'elves', d.id, 'accept'), 'dwarves', d.id, 'accept');
    return advance(gruik, g, { useDefaults: false });
  }
  throw new Error('no seed brings the armies to a tabletop battle');
}
const text = (g: G, player: string | null, lang: 'fr' | 'en' = 'en') => JSON.stringify(gruik.presentView!(g.state, player, lang));

test('§6.12.1 the battle sheet and the table’s actions are the two sides’ alone; lists, dates and their refusals', () => {
  let g = reportGame();
  assert.equal(g.state.flow.phase, 'battle-report');
  const b = g.state.flow.battles[0]!;
  assert.match(gruik.decisions(g.state)[0]!.prompt.en, /as one line \(through the API too\), for example: report win (elves|dwarves) lost (elves|dwarves) \d+ (elves|dwarves) \d+$/, 'the report prompt gives a line with the sides’ ids, not JSON');
  const acts = gruik.freeActions!(g.state, 'elves', 'en').map((a) => a.id);
  assert.deepEqual(acts, [`army-list:${b.id}`, `propose-date:${b.id}`], 'a list and a date to propose; nothing to accept yet');
  assert.match(text(g, 'elves'), /Tabletop battle: Rives-Claires/);
  assert.match(text(g, 'dwarves', 'fr'), /Bataille sur table : Rives-Claires/);
  // the rest of the sheet (step 1): contingents, §6.2 modifiers, the attacker roll, the fortress
  assert.match(text(g, 'elves'), /"Royaume de Sylvebrune’s allied contingents","none"/);
  assert.match(text(g, 'elves'), /"Royaume de Sylvebrune’s campaign modifier \(§6\.2, D4\)","\+\d( \([^)]*moved this season[^)]*\))?"/);
  assert.match(text(g, 'elves'), /"Attacker and defender \(§6\.2\)","rolled at the table: d6 \+ modifier each/);
  assert.match(text(g, 'dwarves', 'fr'), /"Retraite de Thanat d’Enclumegarde dans la forteresse \(§5\.9\)","(possible|impossible)/);
  assert.doesNotMatch(text(g, null), /Tabletop battle/, 'a watcher sees no battle sheet');
  const budget = b.fielded.elves!;
  const over = act(g, 'elves', `army-list:${b.id}`, { list: '12 Kn', ap: String(budget + 1) });
  assert.ok(over.validation.issues.some(isError), 'a list over the budget is refused');
  assert.match(over.validation.issues[0]!.text!.fr, new RegExp(`votre budget \\(${budget} AP\\)`), 'in French too');
  const none = act(g, 'elves', 'army-list:nowhere', { list: 'x', ap: '1' }).validation.issues[0]!.text!.en;
  const early = act(g, 'elves', `accept-date:${b.id}`).validation.issues[0]!.text!.en;
  assert.match(none, /No tabletop battle of your state/);
  assert.match(early, /no date to accept/);
  g = act(g, 'elves', `army-list:${b.id}`, { list: '4 Blades, 2 Shooters, General (Rider)', ap: String(budget) }).game;
  g = act(g, 'dwarves', `propose-date:${b.id}`, { date: 'Saturday 5 December, 14:00' }).game;
  assert.ok(gruik.freeActions!(g.state, 'elves', 'en').some((a) => a.id === `accept-date:${b.id}`), 'the elves may accept the dwarves’ date');
  assert.equal(act(g, 'dwarves', `accept-date:${b.id}`).validation.issues.length > 0, true, 'one does not accept one’s own date');
  g = act(g, 'elves', `accept-date:${b.id}`).game;
  assert.equal(g.state.flow.battles[0]!.table!.date, 'Saturday 5 December, 14:00');
  assert.match(text(g, 'elves'), /4 Blades/, 'the elves read their own list');
  assert.doesNotMatch(text(g, 'dwarves'), /4 Blades/, 'the dwarves do not read it before the battle');
  assert.match(text(g, 'dwarves'), /handed in; revealed after the battle/);
  assert.match(text(g, 'dwarves'), /Date agreed","Saturday 5 December, 14:00/);
  const notes = g.steps.flatMap((s) => s.events as GruikFlowEvent[]).filter((e) => e.t === 'note');
  assert.ok(notes.length >= 3 && notes.every((e) => e.t === 'note' && e.audience.length === 2), 'every note goes to the two sides alone');
  assert.ok(notes.every((e) => !JSON.stringify(e).includes('4 Blades')), 'no note carries the list before the battle');
});

test('§6.12.1 step 3: S6.3 reveals both lists to the two sides once the report is confirmed; the replay agrees', () => {
  let g = reportGame();
  const b = g.state.flow.battles[0]!;
  g = act(g, 'elves', `army-list:${b.id}`, { list: 'Elf blades', ap: '10' }).game;
  g = act(g, 'dwarves', `army-list:${b.id}`, { list: 'Dwarf hordes', ap: '12' }).game;
  g = ok(g, 'elves', `battle-report:${b.id}`, { outcome: { kind: 'decisive', winner: 'elves' }, onTable: { elves: 3, dwarves: 9 }, elements: [] });
  g = ok(g, 'dwarves', `battle-report:${b.id}`, 'none');
  g = advance(gruik, g, { useDefaults: false });
  const conf = gruik.decisions(g.state)[0]!;
  assert.equal(conf.kind, 'report-confirmation');
  assert.match(conf.prompt.en, /decisive victory of Royaume de Sylvebrune; AP lost on the table: Thanat d’Enclumegarde 9, Royaume de Sylvebrune 3\)/, 'the report in words');
  assert.match(conf.prompt.fr, /victoire décisive de Royaume de Sylvebrune ; AP perdus sur la table/);
  assert.equal(gruik.freeActions!(g.state, 'dwarves', 'en').length, 2, 'the table may still be arranged while the report awaits confirmation');
  g = ok(g, 'dwarves', `report-confirmation:${b.id}`, 'confirm');
  g = advance(gruik, g, { useDefaults: false });
  const last = g.steps.at(-1)!.events as GruikFlowEvent[];
  const reveal = last.find((e) => e.t === 'note' && /army lists revealed/.test(e.text.en));
  assert.ok(reveal && reveal.t === 'note', 'the lists are revealed at S6.3');
  assert.deepEqual([...reveal.audience].sort(), ['dwarves', 'elves']);
  assert.match(reveal.text.en, /Elf blades/);
  assert.match(reveal.text.fr, /Dwarf hordes/);
  assert.match(gruik.report(g.state, last, 'dwarves', 'en'), /Elf blades/, 'the dwarves read the elves’ list after the battle');
  assert.doesNotMatch(gruik.publicReport!(g.state, last, 'en'), /Elf blades|Dwarf hordes/, 'the public report does not');
  assert.deepEqual(gruik.freeActions!(g.state, 'elves', 'en').map((a) => a.id), ['communique:0:rives:dwarves:elves'], 'nothing to arrange once the battle is fought: only its communiqué (§6.11) is left');
  assert.equal(replay(gruik, g).ok, true, 'the replay gives the same hashes');
});
