/**
 * Reports of a simulated bot game (setup, bots, referee): every event kind the game emits has a
 * renderer (the kinds without one are listed), every event renders as clean prose in both
 * languages for each of its readers, and no report carries another kingdom's treasury or an
 * event not addressed to it.
 */
import { test } from 'node:test';
import { simulateBots } from './fixture.ts';
import { RULESETS, loadAllRulesets } from '../../src/rulesets/index.ts';
import assert from 'node:assert/strict';
import { rendererOf, renderEvent } from '../../src/rulesets/adventurer-kings/report/messages.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import { renderReport } from '../../src/rulesets/adventurer-kings/report/render.ts';
import { mapDoc } from '../../src/rulesets/adventurer-kings/mapdoc.ts';
import { presentView } from '../../src/rulesets/adventurer-kings/present.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const { states, steps } = simulateBots(4, 4, 'report-sim');

test('every event kind emitted in a simulated game has a renderer', () => {
  const kinds = new Set(steps.flat().map((e) => e.t));
  const missing = [...kinds].filter((k) => !rendererOf(k)).sort();
  assert.deepEqual(missing, [], `kinds without a renderer: ${missing.join(', ')}`);
});

test('every event of the game renders as clean prose for each reader, in both languages', () => {
  const bad: string[] = [];
  steps.forEach((events, i) => {
    const s = states[i]!;
    for (const e of events) {
      for (const k of e.to) {
        for (const lang of ['fr', 'en'] as const) {
          const text = renderEvent(e, makeEnv(s, k, lang));
          if (/undefined|\[object Object\]|\bNaN\b|\bnull\b|\{\w+\}/.test(text)) bad.push(`${e.t} (${lang}): ${text}`);
        }
      }
    }
  });
  assert.deepEqual(bad.slice(0, 20), []);
});

test('reports, views and maps of the game: no other kingdom’s treasury, nothing addressed to others', () => {
  const s = states[states.length - 1]!;
  const events = steps[steps.length - 1]!;
  const ids = Object.keys(s.kingdoms).map(Number);
  for (const k of ids) {
    const player = s.kingdoms[k]!.player;
    for (const lang of ['fr', 'en'] as const) {
      const report = renderReport(s, events, player, lang);
      assert.ok(report.length > 500);
      assert.ok(!/undefined|\[object Object\]|\bNaN\b/.test(report), report);
      const other = events.filter((e) => !e.to.includes(k) && typeof e.order === 'string');
      for (const e of other) assert.ok(!report.includes(`« ${e.order} »`) || events.some((o) => o.to.includes(k) && o.order === e.order));
      const doc = JSON.stringify(presentView(s, player, lang)) + JSON.stringify(mapDoc(s, player, lang));
      assert.ok(!/undefined|NaN/.test(doc));
    }
  }
  // The only treasury in a kingdom's view is its own (S8.5).
  for (const k of ids) {
    const v = JSON.stringify(RULESETS['adventurer-kings']!.ruleset.view(s, s.kingdoms[k]!.player));
    assert.equal((v.match(/"treasury":/g) ?? []).length, 1);
  }
});

test('the map of a simulated game has 162 regions and colours only known provinces', () => {
  const s = states[states.length - 1]!;
  const k = Number(Object.keys(s.kingdoms)[0]);
  const doc = mapDoc(s, s.kingdoms[k]!.player, 'fr');
  assert.equal(doc.regions.length, 162);
  const know = s.knowledge[k]!.provinces;
  for (const r of doc.regions) {
    const p = s.provinces[Number(r.id)]!;
    const known = p.owner === k || (know[Number(r.id)]?.pct ?? 0) > 0;
    assert.equal(r.fill !== '#bdbdbd', known, `region ${r.id}`);
  }
});
