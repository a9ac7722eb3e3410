/**
 * Benchmark: the CPU a sheet save spends in the ruleset (issue 20): the decision, `validate` and
 * the warnings (G&P: the sheet played through phases 1–6 on a copy of the state), for the text the
 * save benchmark sends (bench/server.ts), each time with one line changed (`vary`: nothing reused)
 * and the same text (`same`: sheet-cache.ts answers). One thread, no server, no database.
 *
 * Run: `node --import tsx bench/sheet-check.ts [--map scandinavia] [--lords 10] [--n 3000]`
 */
import { parseArgs } from 'node:util';
import { createRng } from '../src/engine/rng.ts';
import { withWarnings } from '../src/engine/ruleset.ts';
import { checkSheet, decisionOf } from '../src/platform/games/sheet-cache.ts';
import { project } from '../src/rulesets/gloire-et-pouvoir/projection.ts';
import { loadAllRulesets, getRuleset } from '../src/rulesets/index.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const { values } = parseArgs({ options: { map: { type: 'string', default: 'scandinavia' }, lords: { type: 'string', default: '10' }, n: { type: 'string', default: '3000' } } });
const N = Number(values.n);
const rs = getRuleset('gloire-et-pouvoir').ruleset;
const state = rs.setup({ map: values.map, lords: Array.from({ length: Number(values.lords) }, (_, i) => `Seigneur ${i}`) }, createRng('bench', 'setup'));
const TEXT = 'CHE 1\nINI 50 50 80\nESP Narvik\nMOV Nobody Thule\n';
const VALID = 'CHE 1\nINI 50 50 80\nESP Narvik\n'; // no error: the warnings are computed (projection)

function cpu(label: string, f: (i: number) => void): void {
  for (let i = 0; i < Math.min(500, N); i++) f(-1 - i); // warm-up
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) f(i);
  const u = process.cpuUsage(t0);
  console.log(`| ${label} | ${((u.user + u.system) / N).toFixed(1)} µs |`);
}

console.log(`Sheet checks, ${values.map} ${values.lords} lords, ${N} each, CPU per call — ${new Date().toISOString()}`);
console.log('| what | CPU per call |\n|---|---|');
cpu('decision (rs.decisions)', () => rs.decisions(state));
cpu('decision, kept per state (decisionOf)', () => decisionOf(rs, state, 'L1'));
for (const [name, text] of [['bench text (a bad line: no warnings)', TEXT], ['valid text (warnings computed)', VALID]] as const) {
  cpu(`validate, ${name}, one line changed`, (i) => rs.validate(state, 'L1', 'orders', `${text}# edit ${i}\n`));
  cpu(`validate + warnings, ${name}, one line changed`, (i) => { const t = `${text}# edit ${i}\n`; withWarnings(rs, state, 'L1', 'orders', t, rs.validate(state, 'L1', 'orders', t)); });
  cpu(`checkSheet, ${name}, one line changed (a miss)`, (i) => checkSheet(rs, state, 'L1', 'orders', `${text}# edit ${i}\n`));
  cpu(`checkSheet, ${name}, same text (a hit)`, () => checkSheet(rs, state, 'L1', 'orders', text));
}
const sheet = rs.validate(state, 'L1', 'orders', VALID).value;
cpu('projection alone (copy + phases 1–6), valid text', () => project(state, 'L1', sheet));
cpu('structuredClone of the state', () => structuredClone(state));
