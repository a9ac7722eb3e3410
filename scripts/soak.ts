/**
 * `npm run soak -- --games N [--seed S] [--max-turns T] [--maps scandinavia,middle-east,europe] [--out DIR]`
 * Plays N complete bot games, checking invariants after every turn, determinism on a sample of
 * turns and the replay of every game (see src/soak/soak.ts). Exits 1 when any game failed.
 *
 * Other options: --lords N (every game with N lords), --only I,J (only these games of the run's
 * list), --recheck F (fraction of turns resolved twice, default 0.1), --record DIR (write every
 * game, not only failures), --ruleset ID; and `--rerecord FILE… [--out DIR]`, which re-records a
 * fixed soak failure's hashes with the current code and checks it (for test/…/regressions/).
 */
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();
import { checkRecord, DEFAULT_MAX_TURNS, DEFAULT_OUT_DIR, loadRecord, rerecordFile, runSoak, writeRecord } from '../src/soak/soak.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: {
  games: { type: 'string' }, seed: { type: 'string' }, 'max-turns': { type: 'string' }, maps: { type: 'string' }, out: { type: 'string' },
  lords: { type: 'string' }, only: { type: 'string' }, recheck: { type: 'string' }, record: { type: 'string' },
  ruleset: { type: 'string', default: 'gloire-et-pouvoir' }, rerecord: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' },
} });

function whole(v: string | undefined, what: string, min = 0): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) { console.error(`soak: ${what} must be a whole number ≥ ${min}, got "${v}"`); process.exit(2); }
  return n;
}

function fraction(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  if (!(x >= 0 && x <= 1)) { console.error(`soak: --recheck is a fraction of turns from 0 to 1, got "${v}"`); process.exit(2); }
  return x;
}

if (values.help) {
  console.log('npm run soak -- --games N [--seed S] [--max-turns T] [--maps a,b] [--out DIR] [--lords N] [--only I,J] [--recheck F] [--record DIR]\nnpm run soak -- --rerecord FILE… [--out DIR]');
  process.exit(0);
}

if (values.rerecord) {
  // A fixed soak failure, re-recorded with the current code, checked, and written (to --out, else in place).
  let bad = 0;
  for (const file of positionals) {
    const record = loadRecord(file);
    const entry = getRuleset(record.ruleset);
    const game = rerecordFile(entry, record);
    const { steps, problems } = checkRecord(entry, game);
    const path = writeRecord(values.out ?? join(file, '..'), basename(file), game);
    console.log(`${path}: ${steps} step(s) re-recorded${problems.length ? `; STILL FAILING: ${problems.join('; ')}` : ', replay and invariants ok'}`);
    if (problems.length) bad++;
  }
  process.exit(bad ? 1 : 0);
}

const entry = getRuleset(values.ruleset!);
let stop = false;
process.once('SIGINT', () => { stop = true; console.log('\nsoak: stopping after this game (Ctrl-C again to quit now)'); process.once('SIGINT', () => process.exit(130)); });
const summary = await runSoak({
  entry,
  games: whole(values.games, '--games', 1) ?? 10,
  seed: values.seed,
  maxTurns: whole(values['max-turns'], '--max-turns', 1) ?? DEFAULT_MAX_TURNS,
  maps: values.maps?.split(',').map((m) => m.trim()).filter(Boolean),
  players: whole(values.lords, '--lords', 1),
  only: values.only?.split(',').map((i) => whole(i.trim(), '--only', 1)!),
  outDir: values.out ?? DEFAULT_OUT_DIR,
  recordDir: values.record,
  recheck: fraction(values.recheck),
  stopRequested: () => stop,
});
process.exitCode = summary.failures.length ? 1 : 0;
