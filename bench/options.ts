/**
 * Benchmark: the legal-option computation for one lord — what the order page and the map ask the
 * ruleset for (the guided form's choices, the map orders of every knight, the whole map drawing).
 * Plays 12 bot turns on each theatre first so knights, armies and relations exist, then times each
 * computation over many repetitions and prints median and p95 in milliseconds.
 * Run: `npm run bench` (or `node --import tsx bench/options.ts`).
 */
import { performance } from 'node:perf_hooks';
import { advance, createGame } from '../src/engine/game.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();
import { mapDoc, mapUnits } from '../src/rulesets/gloire-et-pouvoir/mapdoc.ts';
import { orderForm } from '../src/rulesets/gloire-et-pouvoir/form.ts';
import type { GPState } from '../src/rulesets/gloire-et-pouvoir/state.ts';
import { renderMapSvg } from '../src/platform/maps/svg.ts';

const entry = getRuleset('gloire-et-pouvoir');

function played(map: string, players: number, turns: number): GPState {
  let g = createGame(entry.ruleset, { map, players }, `bench-${map}-${players}`);
  for (let i = 0; i < turns && !entry.ruleset.outcome(g.state); i++) g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
  return g.state as GPState;
}

function time(fn: () => unknown, reps: number): { median: number; p95: number } {
  for (let i = 0; i < Math.min(20, reps); i++) fn(); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  xs.sort((a, b) => a - b);
  return { median: xs[Math.floor(xs.length / 2)]!, p95: xs[Math.floor(xs.length * 0.95)]! };
}

const rows: string[][] = [];
for (const [map, players] of [['scandinavia', 10], ['middle-east', 20], ['europe', 30], ['europe', 100]] as const) {
  const s = played(map, players, 12);
  const lord = Object.values(s.lords).find((l) => l.alive)!.id;
  const knights = Object.values(s.knights).filter((k) => k.lord === lord).length;
  const units = time(() => mapUnits(s, lord, 'fr'), 300);
  const form = time(() => orderForm(s, lord, 'fr'), 300);
  const both = time(() => { mapUnits(s, lord, 'fr'); orderForm(s, lord, 'fr'); }, 300);
  const doc = time(() => mapDoc(s, lord, 'fr'), 100);
  const svg = time(() => renderMapSvg(mapDoc(s, lord, 'fr')), 50);
  rows.push([`${map} ${players}`, String(knights), ...[units, form, both, doc, svg].map((x) => `${x.median.toFixed(2)} / ${x.p95.toFixed(2)}`)]);
}
const head = ['theatre, lords', 'knights', 'map orders', 'guided form', 'legal options (both)', 'map doc', 'map doc + SVG'];
console.log(`Legal-option computation for one lord, ms (median / p95), after 12 bot turns — ${new Date().toISOString()}`);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log('Target: legal options for a lord on Europe with 100 lords under 5 ms.');
