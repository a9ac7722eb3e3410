#!/usr/bin/env node
// Mutation testing of one area with StrykerJS: plants small bugs (mutants) in the area's modules one
// at a time, runs the area's test files against each, and counts the mutants no test noticed.
// Usage: npm run mutate -- <area> [--force] [--concurrency N] [--show]
//        npm run mutate            (lists the areas)
// The tests run through Stryker's command runner (`node --import tsx --test <files>`), the modules
// are type-checked by the TypeScript checker first (a mutant that does not compile is not run).
// Incremental: the results are kept in reports/stryker-incremental-<area>.json, and a rerun tests
// only the mutants whose code changed, and the surviving ones again when the area's tests changed
// (the command runner cannot tell Stryker which test covers which mutant, so that second rule is
// this script's: see `testsChanged`); --force runs them all again. The report goes to
// reports/mutation/<area>.html and .json. --show prints the area's modules and test files, and stops. Not part of `npm test` nor of CI (minutes to hours);
// the scores and the surviving mutants are recorded in docs/quality.md.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `file:from-to`: the lines from the first matching `start` to the line before `end`, found now (they move as the file is edited). */
function span(file, start, end) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const a = lines.findIndex((l) => start.test(l));
  const b = lines.findIndex((l, i) => i > a && end.test(l));
  if (a < 0 || b < 0) throw new Error(`${file}: ${start} … ${end} not found; update scripts/mutate.mjs`);
  return `${file}:${a + 1}-${b}`;
}

/**
 * Each area: the modules to mutate (files, globs, or a span of lines of a file) and the test
 * files to run: patterns matched against the paths under test/ (so that a new test file for the
 * area is picked up), or `{ files, suites, names }` to run, in those files, only the suites
 * (`describe`) whose name matches `suites` (hooks included: scripts/mutate-suites.mjs) and the
 * tests whose name matches `names` (node's --test-name-pattern) — e.g. the pure sanitiser tests of
 * a file whose other suites start servers. The browser tests are skipped: Chromium for each
 * mutant would take hours.
 */
const AREAS = {
  engine: {
    what: 'the engine: game records and replay, the random generator, the state hash',
    mutate: ['src/engine/game.ts', 'src/engine/rng.ts', 'src/engine/hash.ts'],
    tests: [/^test\/engine\/(?!engine\.|constants\.).*\.test\.ts$/, /^test\/engine\/.*\.test\.ts$/],
  },
  sanitizer: {
    what: "the gazette's HTML allow-list",
    mutate: ['src/platform/channels/sanitize.ts'],
    tests: [/^test\/platform\/(gazette-html-policy|.*saniti[sz].*)\.test\.ts$/,
      { files: /^test\/platform\/gazette\.test\.ts$/, suites: '^the gazette sanitiser$' }],
  },
  mail: {
    what: 'the outgoing mailer: claims, sends, retries with back-off',
    mutate: ['src/platform/mail/mailer.ts'],
    tests: [/^test\/platform\/.*(mailer|outbox|retr).*\.test\.ts$/,
      // The mailer's own test, and the sign-up, whose mails (text and HTML) go through it by the
      // platform's mail loop; PostgreSQL only (PGlite's start would double each run).
      { files: /^test\/platform\/accounts\.test\.ts$/, suites: '^accounts \\(postgres\\)', names: '^(mailer|sign-up)' }],
  },
  access: {
    what: "who may read and write a game's pages and channels",
    mutate: () => ['src/platform/channels/access.ts',
      span('src/platform/games/page-kit.ts', /^export async function access\(/, /^\/\/ ─+ generic rendering/)],
    tests: [/^test\/platform\/(forum|letters|gazette|games|open-seat|public-list|moderation|access.*|csrf.*)\.test\.ts$/],
  },
  claim: {
    what: 'the turn claim and its resolution (one process resolves a turn, once)',
    mutate: () => [span('src/platform/games/service.ts', /^const RETRY_SQL/, /^async function testPauseInTransaction/)],
    tests: [/^test\/platform\/(jobs|referee|games|durability|claim.*|resolution.*)\.test\.ts$/],
  },
  'gp-rules': {
    what: "Gloire & Pouvoir's formulas, phases and phase order",
    mutate: ['src/rulesets/gloire-et-pouvoir/formulas.ts', 'src/rulesets/gloire-et-pouvoir/turn.ts', 'src/rulesets/gloire-et-pouvoir/phases/*.ts'],
    tests: [/^test\/gloire-et-pouvoir\/(tv-.*|p\d\d-.*|appendix-.*|phase-.*|soak-regressions|caretaker|invariants.*)\.test\.ts$/],
  },
  'gp-fog': {
    what: "Gloire & Pouvoir's fog of war: each lord's view, the order form's choices, name look-ups",
    mutate: ['src/rulesets/gloire-et-pouvoir/view.ts', 'src/rulesets/gloire-et-pouvoir/form.ts', 'src/rulesets/gloire-et-pouvoir/names.ts'],
    tests: [/^test\/gloire-et-pouvoir\/(view|fog.*|form|parse|properties)\.test\.ts$/],
  },
  'ak-strength': {
    what: "Adventurer Kings' army strength (Table 15.8 and its recap)",
    mutate: ['src/rulesets/adventurer-kings/armies/strength.ts'],
    tests: [/^test\/adventurer-kings\/(armies.*|strength.*|battle.*)\.test\.ts$/],
  },
  'ak-rules': {
    what: "Adventurer Kings' army formulas, battles and the turn's order",
    mutate: ['src/rulesets/adventurer-kings/armies/{strength,battle,pursuit,upkeep,recruit}.ts', 'src/rulesets/adventurer-kings/turn/{turn,initiative}.ts'],
    tests: [/^test\/adventurer-kings\/(armies.*|strength.*|battle.*|turn.*|kingdom.*)\.test\.ts$/],
  },
  'ak-fog': {
    what: "Adventurer Kings' fog of war: each kingdom's view and the one message for every kind of 'not found'",
    mutate: ['src/rulesets/adventurer-kings/view.ts', 'src/rulesets/adventurer-kings/orders/absent.ts'],
    tests: [/^test\/adventurer-kings\/(view|properties-fog|fog.*|knowledge.*)\.test\.ts$/],
  },
};

const args = process.argv.slice(2);
const area = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const force = args.includes('--force');
const ci = args.indexOf('--concurrency');
const concurrency = ci >= 0 ? Number(args[ci + 1]) : 1;

if (!area || !AREAS[area]) {
  if (area) console.error(`unknown area "${area}"`);
  console.log('npm run mutate -- <area> [--force] [--concurrency N] [--show]\nareas:');
  for (const [name, a] of Object.entries(AREAS)) console.log(`  ${name.padEnd(12)} ${a.what}`);
  process.exit(area ? 1 : 0);
}

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f).split('\\').join('/');
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.test.ts') ? [p] : [];
  });
}
const a = AREAS[area];
const mutate = typeof a.mutate === 'function' ? a.mutate() : a.mutate;
const all = walk('test').sort();
// One `node --test` per entry of the area's tests, in their order, joined by && so that the first
// failure ends the run: put the quick files first.
const groups = new Map();
for (const f of all) {
  const t = a.tests.find((x) => (x instanceof RegExp ? x : x.files).test(f));
  if (!t) continue;
  const key = JSON.stringify([a.tests.indexOf(t), t.suites ?? '', t.names ?? '']);
  groups.set(key, [...(groups.get(key) ?? []), f]);
}
const files = [...groups.values()].flat();
if (!files.length) { console.error(`no test file for area ${area}`); process.exit(1); }
const command = [...groups].sort(([a], [b]) => JSON.parse(a)[0] - JSON.parse(b)[0]).map(([key, fs]) => {
  const [, suites, names] = JSON.parse(key);
  return `SKIP_BROWSER_TESTS=1 ${suites ? `MUTATE_SUITES='${suites}' ` : ''}node --import tsx${suites ? ' --import ./scripts/mutate-suites.mjs' : ''}` +
    ` --test --test-reporter=dot --test-concurrency=1${names ? ` --test-name-pattern='${names}'` : ''} ${fs.join(' ')}`;
}).join(' && ');
console.log(`area ${area}: mutating ${mutate.join(', ')}\ntests: ${command}`);
if (args.includes('--show')) process.exit(0);

// The area's test files and the helpers beside them (fixtures, harnesses): when any changed since
// the last run, the mutants that survived it (or were not covered) are tested again — Stryker
// alone would reuse every result whose code did not change, since the command runner reports no
// per-test coverage. Killed mutants stay killed (--force to check that too).
const incrementalFile = `reports/stryker-incremental-${area}.json`;
const helpers = [...new Set(files.map((f) => dirname(f)))].flatMap((d) =>
  readdirSync(d).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(d, f)));
const fingerprint = createHash('sha256');
fingerprint.update(command);
for (const f of [...files, ...helpers].sort()) fingerprint.update(`\0${f}\0${readFileSync(f, 'utf8')}`);
const testsHash = fingerprint.digest('hex');
const testsHashFile = `reports/stryker-incremental-${area}.tests`;
if (!force && existsSync(incrementalFile) && (!existsSync(testsHashFile) || readFileSync(testsHashFile, 'utf8') !== testsHash)) {
  const report = JSON.parse(readFileSync(incrementalFile, 'utf8'));
  let dropped = 0;
  for (const file of Object.values(report.files ?? {})) {
    const keep = file.mutants.filter((m) => m.status !== 'Survived' && m.status !== 'NoCoverage');
    dropped += file.mutants.length - keep.length;
    file.mutants = keep;
  }
  writeFileSync(incrementalFile, JSON.stringify(report));
  console.log(`the area's tests changed since the last run: its ${dropped} surviving mutants are tested again`);
}

const { Stryker } = await import('@stryker-mutator/core');
const stryker = new Stryker({
  testRunner: 'command',
  // SKIP_BROWSER_TESTS: see AREAS. The dot reporter keeps the log short; one test file at a time.
  commandRunner: { command },
  coverageAnalysis: 'off', // the command runner cannot tell which test covers which mutant
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  mutate,
  concurrency,
  incremental: true,
  incrementalFile,
  force,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${area}.html` },
  jsonReporter: { fileName: `reports/mutation/${area}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The machine is shared: a slow run is not an infinite loop.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 15,
  tempDirName: `.stryker-tmp/${area}`, // one sandbox folder per area: two areas may run at once
  ignorePatterns: ['/.stryker-tmp', '/test/artifacts', '/bench', '/soak-failures', '/scratch', '/.scratch', '/tmp', '/reports', '/data'],
});
const results = await stryker.runMutationTest();

writeFileSync(testsHashFile, testsHash);

const count = (s) => results.filter((m) => m.status === s).length;
const killed = count('Killed'), survived = count('Survived'), timeout = count('Timeout'), noCov = count('NoCoverage');
const compile = count('CompileError'), runtime = count('RuntimeError'), ignored = count('Ignored');
const valid = killed + survived + timeout + noCov;
const score = valid ? (100 * (killed + timeout)) / valid : 100;
console.log(`\n${area}: killed ${killed}, survived ${survived}, timeout ${timeout}, no coverage ${noCov}` +
  ` (not counted: compile errors ${compile}, runtime errors ${runtime}, ignored ${ignored}); score ${score.toFixed(1)} %`);
for (const m of results.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
  console.log(`  ${m.status.toLowerCase()}: ${m.fileName}:${m.location.start.line} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`);
}
