/**
 * `node --import tsx scripts/ak-bot-coverage.ts --games N [--seed S] [--max-turns T] [--recheck F] [--out FILE]`
 *
 * The Adventurer Kings soak with bot coverage (issue 17 §3): plays N complete bot games exactly as
 * `npm run soak -- --ruleset adventurer-kings` does (src/soak/soak.ts `playGame`: invariants after
 * every turn, a sample of turns resolved twice, the replay of every game), then tells, per order
 * code and per spell, how often the bots gave it and how often the referee carried it out, the
 * games' endings, the bot lines the referee refused, and the failures. `--out` writes the
 * Markdown report (tables and the command). Exits 1 on any failure or refused bot line.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { getRuleset } from '../src/rulesets/index.ts';
import { gameSpec, playGame } from '../src/soak/soak.ts';
import { addGameCoverage, coverageMarkdown, emptyCoverage, uncovered } from '../src/rulesets/adventurer-kings/bot/coverage.ts';

const { values } = parseArgs({ options: {
  games: { type: 'string', default: '20' }, seed: { type: 'string', default: 'ak-bots' }, 'max-turns': { type: 'string', default: '300' },
  recheck: { type: 'string', default: '0.1' }, out: { type: 'string' },
} });
const games = Number(values.games);
const maxTurns = Number(values['max-turns']);
const recheck = Number(values.recheck);
const entry = getRuleset('adventurer-kings');
const cov = emptyCoverage();
const failures: string[] = [];
const rejected: string[] = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 1; i <= games; i++) {
  const spec = gameSpec(entry, values.seed!, i);
  const { result, record } = playGame(entry, spec, { runSeed: values.seed!, maxTurns, recheck });
  if (record) addGameCoverage(cov, record, result.outcome);
  if (result.failure) failures.push(`game ${i} (${spec.players} kings, seed ${spec.seed}): ${result.failure.kind} at step ${result.failure.step}: ${result.failure.message.split('\n')[0]}`);
  for (const r of result.rejectedBotOrders) rejected.push(`game ${i}: ${r}`);
  process.stdout.write(`${i}/${games}  ${spec.players} kings  seed ${spec.seed}  ${result.turns} turns  ${result.outcome}\n`);
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const missing = uncovered(cov);
const command = `node --import tsx scripts/ak-bot-coverage.ts --games ${games} --seed ${values.seed} --recheck ${recheck}`;
const report = [
  `Command: \`${command}\``,
  '',
  `${games} games, ${cov.turns} turns, ${(ms / 1000).toFixed(0)} s wall clock, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU; ` +
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
