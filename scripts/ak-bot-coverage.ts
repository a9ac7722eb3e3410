/**
 * `node --import tsx scripts/ak-bot-coverage.ts --games N [--seed S] [--max-turns T] [--recheck F] [--out FILE]`
 * `… --games N --part I/P --json FILE` plays only part I of P of the run's games (game i with i mod P = I − 1),
 * `… --merge FILE… --out FILE` adds up such parts (to share the run between processes).
 *
 * The Adventurer Kings soak with bot coverage (issue 17 §3): plays N complete bot games exactly as
 * `npm run soak -- --ruleset adventurer-kings` does (src/soak/soak.ts `playGame`: invariants after
 * every turn, a sample of turns resolved twice, the replay of every game), then tells, per order
 * code and per spell, how often the bots gave it and how often the referee carried it out, the
 * games' endings, the bot lines the referee refused, and the failures. `--out` writes the
 * Markdown report (tables and the command). Exits 1 on any failure or refused bot line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();
import { gameSpec, playGame } from '../src/soak/soak.ts';
import { addGameCoverage, type Coverage, coverageMarkdown, emptyCoverage, uncovered } from '../src/rulesets/adventurer-kings/bot/coverage.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: {
  games: { type: 'string', default: '20' }, seed: { type: 'string', default: 'ak-bots' }, 'max-turns': { type: 'string', default: '300' },
  recheck: { type: 'string', default: '0.1' }, out: { type: 'string' }, part: { type: 'string', default: '1/1' }, json: { type: 'string' },
  merge: { type: 'boolean', default: false },
} });
interface Part { cov: Coverage; failures: string[]; rejected: string[]; ms: number; cpuMs: number }
const [partI, partP] = values.part!.split('/').map(Number) as [number, number];
const games = Number(values.games);
const maxTurns = Number(values['max-turns']);
const recheck = Number(values.recheck);
let cov = emptyCoverage();
let failures: string[] = [];
let rejected: string[] = [];
let ms = 0;
let cpuMs = 0;
if (values.merge) {
  for (const f of positionals) {
    const part = JSON.parse(readFileSync(f, 'utf8')) as Part;
    cov = mergeCoverage(cov, part.cov);
    failures.push(...part.failures); rejected.push(...part.rejected);
    ms = Math.max(ms, part.ms); cpuMs += part.cpuMs;
  }
} else {
  const entry = getRuleset('adventurer-kings');
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 1; i <= games; i++) {
    if ((i - 1) % partP !== partI - 1) continue;
    const spec = gameSpec(entry, values.seed!, i);
    const { result, record } = playGame(entry, spec, { runSeed: values.seed!, maxTurns, recheck });
    if (record) addGameCoverage(cov, record, result.outcome);
    if (result.failure) failures.push(`game ${i} (${spec.players} kings, seed ${spec.seed}): ${result.failure.kind} at step ${result.failure.step}: ${result.failure.message.split('\n')[0]}`);
    for (const r of result.rejectedBotOrders) rejected.push(`game ${i}: ${r}`);
    process.stdout.write(`${i}/${games}  ${spec.players} kings  seed ${spec.seed}  ${result.turns} turns  ${result.outcome}\n`);
    // Written after every game, so that a run stopped early still tells what it played.
    if (values.json) writeFileSync(values.json, JSON.stringify({ cov, failures, rejected, ms: performance.now() - t0, cpuMs: cpuSince(cpu0) } satisfies Part));
  }
  ms = performance.now() - t0;
  cpuMs = cpuSince(cpu0);
  if (values.json) writeFileSync(values.json, JSON.stringify({ cov, failures, rejected, ms, cpuMs } satisfies Part));
}

function cpuSince(cpu0: NodeJS.CpuUsage): number {
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000;
}

function mergeCoverage(a: Coverage, b: Coverage): Coverage {
  const out = structuredClone(a);
  out.games += b.games; out.turns += b.turns;
  for (const key of ['orders', 'actionSpells', 'combatSpells'] as const) {
    for (const [code, v] of Object.entries(b[key])) {
      const t = ((out[key] as unknown as Record<string, Record<string, number>>)[code] ??= {});
      for (const [f, n] of Object.entries(v)) t[f] = (t[f] ?? 0) + (n as number);
    }
  }
  for (const [k, n] of Object.entries(b.sheet)) out.sheet[k] = (out.sheet[k] ?? 0) + n;
  for (const [k, n] of Object.entries(b.endings)) out.endings[k] = (out.endings[k] ?? 0) + n;
  for (const [k, n] of Object.entries(b.effects ?? {})) out.effects[k] = (out.effects[k] ?? 0) + n;
  return out;
}
const missing = uncovered(cov);
const command = values.merge
  ? `node --import tsx scripts/ak-bot-coverage.ts --merge ${positionals.join(' ')} (parts of one run, see above)`
  : `node --import tsx scripts/ak-bot-coverage.ts --games ${games} --seed ${values.seed} --recheck ${recheck}${partP > 1 ? ` --part ${partI}/${partP}` : ''}`;
const report = [
  `Command: \`${command}\``,
  '',
  `${cov.games} games, ${cov.turns} turns, ${(ms / 1000).toFixed(0)} s wall clock${partP > 1 || values.merge ? ' (the longest part)' : ''}, ${(cpuMs / 1000).toFixed(0)} s CPU; ` +
  `invariant, determinism or replay failures: ${failures.length}; bot lines refused by the referee: ${rejected.length}.`,
  `Never carried out: orders ${missing.orders.join(' ') || 'none'}; action spells ${missing.actionSpells.join(' ') || 'none'}; combat spells ${missing.combatSpells.join(' ') || 'none'}.`,
  '',
  coverageMarkdown(cov),
  ...(failures.length ? ['', 'Failures:', ...failures.map((f) => `- ${f}`)] : []),
  ...(rejected.length ? ['', 'Refused bot lines (first 10):', ...rejected.slice(0, 10).map((f) => `- ${f}`)] : []),
].join('\n');
console.log(`\n${report}`);
if (values.out) writeFileSync(values.out, `${report}\n`);
process.exitCode = failures.length || rejected.length ? 1 : 0;
