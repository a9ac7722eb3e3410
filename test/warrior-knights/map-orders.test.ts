/**
 * The map orders of the prompt page (map-orders.ts, index.ts `mapUnits`/`mapDoc`): over bot games
 * of 2 to 5 barons, at every open question, for each baron asked, every map action fills an entry
 * of his guided form (forms.ts) with options of its fields, writes that entry's line (engine
 * `formLine`), and the referee (`validate`) takes the line without a word; the other way, every
 * option of the form that names a place (a card's move or attack, a stronghold's region, a
 * retreat's region) is on the map. A baron not asked and a spectator get no map orders; a baron's
 * units are his own pieces. The questions with map orders are counted, so that the test is seen to
 * reach them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formLine, type FormEntry, type Lang, type MapUnit } from '../../src/engine/ruleset.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { createRng } from '../../src/engine/rng.ts';
import { BOARD } from '../../src/rulesets/warrior-knights/board.ts';

const BOARD_IDS = new Set(BOARD.regions.map((r) => r.id));

const PLACED = new Set(['use-card', 'place-stronghold', 'retreat']);

/** The values of the form's options that name a place, by entry code (what the map must offer). */
function placed(kind: string, entries: FormEntry[]): { code: string; field: string; value: string }[] {
  const out: { code: string; field: string; value: string }[] = [];
  for (const e of entries) for (const f of e.fields) {
    if (f.kind !== 'choice') continue;
    for (const o of f.options) {
      const a = (() => { try { return JSON.parse(o.value) as Record<string, unknown>; } catch { return null; } })();
      const has = kind === 'use-card' ? e.code === 'order' && !!a && (Array.isArray(a.moves) || !!a.attack)
        : kind === 'place-stronghold' ? e.code === 'stronghold'
          : kind === 'retreat' ? e.code === 'aftermath' && f.name.startsWith('retreat-') : false;
      if (has) out.push({ code: e.code, field: f.name, value: o.value });
    }
  }
  return out;
}

function check(g: WkGame, d: { id: string; kind: string; players: string[] }, p: string, lang: Lang, units: MapUnit[], bad: string[]): number {
  const form = rs.answerForm!(g, p, d.id, lang);
  const entries = form.groups.flatMap((x) => x.entries);
  let actions = 0;
  for (const u of units) {
    const n = g.wk.nobles[u.id];
    if (n && n.baron !== p) bad.push(`${d.kind}: ${p} is given ${u.id}, another baron's noble`);
    if (!n && u.id !== 'stronghold') bad.push(`${d.kind}: unknown unit ${u.id}`);
    if (n && (n.location.kind === 'off' || n.location.region !== u.region)) bad.push(`${d.kind}: ${u.id} is not at ${u.region}`);
    for (const a of u.actions) {
      actions++;
      const where = `${d.kind} ${p} ${u.id} → ${a.region} «${a.line}»`;
      if (!a.form || a.form.decision !== d.id) { bad.push(`${where}: no form of the open question`); continue; }
      const e = entries.find((x) => x.code === a.form!.code);
      if (!e) { bad.push(`${where}: entry ${a.form.code} not in the form`); continue; }
      for (const [k, v] of Object.entries(a.form.values)) {
        const f = e.fields.find((x) => x.name === k);
        if (!f || (f.kind === 'choice' && !f.options.some((o) => o.value === v))) bad.push(`${where}: ${k}=${v} not an option`);
      }
      const line = formLine(e, a.form.values);
      if (line === null || line !== a.line) { bad.push(`${where}: formLine ${line}`); continue; }
      const v = rs.validate(g, p, d.id, line);
      if (v.value === null || v.issues.length) bad.push(`${where}: refused: ${v.issues[0]?.message}`);
      if (!BOARD_IDS.has(a.region)) bad.push(`${where}: unknown region`);
    }
  }
  // the other way: every option that names a place is on the map
  const offered = new Set(units.flatMap((u) => u.actions.map((a) => `${a.form?.code}|${Object.entries(a.form?.values ?? {}).map(([k, v]) => `${k}=${v}`).join('|')}`)));
  const onMap = (code: string, field: string, value: string): boolean => [...offered].some((k) => k.startsWith(`${code}|`) && k.split('|').includes(`${field}=${value}`));
  for (const o of placed(d.kind, entries)) if (!onMap(o.code, o.field, o.value)) bad.push(`${d.kind} ${p}: the form's ${o.code} ${o.value} is not on the map`);
  return actions;
}

const reached: Record<string, number> = {};
const GAMES: [number, string, number][] = [[2, 'wk-map-2', 4], [3, 'wk-map-3', 3], [4, 'wk-map-4', 3], [5, 'wk-map-5', 2]];
for (const [n, seed, maxTurns] of GAMES) {
  test(`${n} barons (${seed}): every map order is an answer of the form the referee takes, and every placed answer of the form is on the map`, () => {
    const rng = createRng(seed, 'bots');
    let g: WkGame = rs.setup({ players: n, length: 8, maxTurns }, rng);
    const bad: string[] = [];
    for (let steps = 0; steps < 4000 && !rs.outcome(g); steps++) {
      const [d] = rs.decisions(g);
      assert.ok(d, 'a question is open');
      const lang: Lang = steps % 2 ? 'fr' : 'en';
      for (const p of g.wk.players) {
        const units = rs.mapUnits!(g, p, lang, null);
        if (!d!.players.includes(p)) { if (units.length) bad.push(`${d!.kind}: ${p} not asked but given ${units.length} units`); continue; }
        if (!PLACED.has(d!.kind)) { if (units.length) bad.push(`${d!.kind}: map orders for a question with no place`); continue; }
        const actions = check(g, d!, p, lang, units, bad);
        if (actions) {
          reached[d!.kind] = (reached[d!.kind] ?? 0) + 1;
          // the whole map gives the same orders; the public map none
          if ((reached[d!.kind] ?? 0) % 5 === 1) {
            assert.deepEqual(rs.mapDoc!(g, p, lang, null).units, units, 'mapDoc and mapUnits agree');
            assert.deepEqual(rs.mapDoc!(g, p, lang).units, [], 'the drawing alone (no pending) carries no map orders');
            assert.deepEqual(rs.mapDoc!(g, null, lang, null).units, [], 'a spectator has no map orders');
          }
        }
      }
      const subs = d!.players.map((p, i) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: i }));
      g = rs.resolve(g, subs, rng).state;
    }
    assert.deepEqual(bad, [], 'the map, the form and the referee agree');
  });
}

test('the questions with map orders were reached: the card orders (#5/#8), the strongholds (S14), the retreats (#13)', (t) => {
  t.diagnostic(`questions with map orders, by kind: ${JSON.stringify(reached)}`);
  assert.ok((reached['use-card'] ?? 0) >= 5, `use-card with map orders: ${JSON.stringify(reached)}`);
  assert.ok((reached['place-stronghold'] ?? 0) >= 5, `place-stronghold with map orders: ${JSON.stringify(reached)}`);
  assert.ok((reached.retreat ?? 0) >= 1, `retreat with map orders: ${JSON.stringify(reached)}`);
});
