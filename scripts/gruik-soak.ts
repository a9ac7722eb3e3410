/**
 * `node --import tsx scripts/gruik-soak.ts [--flow] [--campaigns N] [--seasons S] [--base SEED] [--json] [--progress] [--minutes M]`
 * Plays N Gruik bot campaigns of S seasons on the §12.7 fixture (src/rulesets/gruik/soak.ts) and
 * prints what was reached: order kinds, steps, event kinds, judgment items, the bots' orders the
 * referee refused, failures with their seed and step, invariant violations, time. Exits 1 on any
 * failure or violation. Gruik is not registered yet, so this stands apart from `npm run soak`.
 *
 * `--flow`: the campaigns are played as the platform plays them (src/rulesets/gruik/flow-soak.ts):
 * the Ruleset through the engine, every decision answered by the registry's bot, on the default map
 * (4–8 players) and the fixture, with and without a GM and tabletop battles. Prints the decision
 * kinds, free actions, steps, event kinds and judgment items reached, and what never was.
 */
import { parseArgs } from 'node:util';
import { soak } from '../src/rulesets/gruik/soak.ts';
import { flowSoak } from '../src/rulesets/gruik/flow-soak.ts';
import { loadAllRulesets, getRuleset } from '../src/rulesets/index.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const { values } = parseArgs({ options: {
  campaigns: { type: 'string', default: '20' }, seasons: { type: 'string', default: '20' }, base: { type: 'string', default: 'soak' }, json: { type: 'boolean', default: false },
  flow: { type: 'boolean', default: false }, progress: { type: 'boolean', default: false }, minutes: { type: 'string' },
} });
const whole = (v: string, what: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) { console.error(`gruik-soak: ${what} must be a whole number from 1 to 100000, got "${v}"`); process.exit(2); }
  return n;
};
const table = (title: string, rec: Record<string, number>) => {
  console.log(`\n## ${title}`);
  for (const [k, n] of Object.entries(rec).sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`${k.padEnd(28)} ${n}`);
};
if (values.flow) {
  const bot = getRuleset('gruik').bot!;
  const n = whole(values.campaigns!, '--campaigns');
  const f = flowSoak(n, whole(values.seasons!, '--seasons'), (g, p, d, rng) => bot(g, p, d, rng), {
    base: values.base === 'soak' ? 'flow' : values.base!, now: () => performance.now(),
    // --minutes M: no campaign is started after M minutes (the report says how many were played)
    stop: values.minutes ? ((t0, m) => () => performance.now() - t0 > m * 60_000)(performance.now(), whole(values.minutes, '--minutes')) : undefined,
    progress: values.progress ? (i, c) => console.error(`campaign ${i + 1}/${n} ${c.seed} ${JSON.stringify({ ...c.options, ...(c.options.scenario ? { scenario: (c.options.scenario as { id?: string }).id } : {}) })}: ${c.seasons} seasons, ${c.engineSteps} engine steps${c.failure ? ' FAILED' : ''}${c.violations.length ? ` ${c.violations.length} violations` : ''}`) : undefined,
  });
  if (values.json) { console.log(JSON.stringify(f, null, 1)); process.exit(f.failures.length || f.violations.length ? 1 : 0); }
  console.log(`# Gruik soak through the flow: ${f.campaigns} campaigns, ${f.seasons} seasons, ${f.engineSteps} engine steps, ${(f.ms / 1000).toFixed(1)} s`);
  table('Decision kinds asked', f.counts.decisions);
  table('Free actions taken', f.counts.actions);
  table('Steps run', f.counts.steps);
  table('Event kinds', f.counts.events);
  table('Judgment items (gmQueue, and the GM’s disputes)', f.counts.judgments);
  table('Judgment rows with no GM step, default seen applied (flow-soak.ts DEFAULT_SIGNS)', f.counts.defaults);
  table('Order kinds handed in (bots)', f.counts.orders);
  table('Battle communiqués (§6.11, J21: posted, published, moderated, withheld, edited)', f.counts.communiques);
  table('Answers and actions the referee refused', f.counts.refused);
  for (const x of f.refusals) console.log(`  ${x}`);
  console.log('\n## Never reached');
  for (const [k, list] of Object.entries(f.missing)) console.log(`${k}: ${list.length ? list.join(', ') : '(none)'}`);
  console.log(`\n## Failures: ${f.failures.length}`);
  for (const x of f.failures.slice(0, 20)) console.log(`seed ${x.seed} season ${x.season} step ${x.step}: ${x.error}`);
  console.log(`\n## Invariant violations: ${f.violations.length}`);
  for (const v of f.violations.slice(0, 20)) console.log(v);
  process.exit(f.failures.length || f.violations.length ? 1 : 0);
}
const r = soak(whole(values.campaigns!, '--campaigns'), whole(values.seasons!, '--seasons'), { base: values.base!, now: () => performance.now() });
if (values.json) { console.log(JSON.stringify(r, null, 1)); process.exit(r.failures.length || r.violations.length ? 1 : 0); }
console.log(`# Gruik soak: ${r.campaigns} campaigns, ${r.seasons} seasons played, ${(r.ms / 1000).toFixed(1)} s`);
table('Order kinds (bots)', r.counts.orders);
table('Steps run', r.counts.steps);
table('Event kinds', r.counts.events);
table('Judgment items raised (gmQueue)', r.counts.judgments);
table('Bots’ orders refused by the referee', r.counts.refused);
console.log('\n## Never reached');
for (const [k, list] of Object.entries(r.missing)) console.log(`${k}: ${list.length ? list.join(', ') : '(none)'}`);
console.log(`\n## Failures: ${r.failures.length}`);
for (const f of r.failures.slice(0, 20)) console.log(`seed ${f.seed} season ${f.season} step ${f.step}: ${f.error}`);
console.log(`\n## Invariant violations: ${r.violations.length}`);
for (const v of r.violations.slice(0, 20)) console.log(v);
process.exit(r.failures.length || r.violations.length ? 1 : 0);
