/**
 * What the tests of the GM's console of Gruik share (console.test.ts, console-entities.test.ts):
 * the seed `console` game (the first season's orders awaited), a GM action through the engine
 * (`takeAction` with GM_SEAT) accepted or refused with its reason in French and English, and the
 * reports of the last step's events.
 */
import assert from 'node:assert/strict';
import { createGame, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';

export type G = GameRecord<GruikGame>;
/** Seed `console`: the first season's orders are awaited (elves: sylve, rives, coudre, hautval; dwarves: marche, enclume, roc, gouffre; the neutral fens: tourbe, ilot). */
export const start = (): G => createGame(gruik, { players: 2, gm: true, seasons: 3 }, 'console');
export function edit(g: G, id: string, values: Record<string, string>): G {
  const r = takeAction(gruik, g, GM_SEAT, { id, values });
  assert.deepEqual(r.validation.issues.map((i) => i.message), [], `${id} ${JSON.stringify(values)} accepted`);
  return r.game;
}
export function refused(g: G, id: string, values: Record<string, string>, fr: RegExp, en: RegExp): void {
  const r = takeAction(gruik, g, GM_SEAT, { id, values });
  assert.equal(r.game, g, `${id} ${JSON.stringify(values)}: nothing changes`);
  const t = r.validation.issues[0]?.text;
  assert.ok(t, `${id} ${JSON.stringify(values)}: refused with a reason`);
  assert.match(t.fr, fr, `${id}: the French reason (${t.fr})`);
  assert.match(t.en, en, `${id}: the English reason (${t.en})`);
}
export const lastEvents = (g: G) => g.steps[g.steps.length - 1]!.events as GruikFlowEvent[];
export const reportOf = (g: G, p: string | null, lang: 'fr' | 'en' = 'en') => (p === null ? gruik.publicReport!(g.state, lastEvents(g), lang) : gruik.report(g.state, lastEvents(g), p, lang));
