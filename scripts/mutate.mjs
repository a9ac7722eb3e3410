#!/usr/bin/env node
// Mutation testing of one area with StrykerJS: plants small bugs (mutants) in the area's modules one
// at a time, runs the area's test files against each, and counts the mutants no test noticed.
// Usage: npm run mutate -- <area> [--force] [--concurrency N] [--show] [--survivors]
//        npm run mutate -- planted [id…] [--show] [--no-control]   (issue 23's planted bugs: see PLANTED)
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

/** `file:from-end`: the lines from the first matching `start` to the end of the file. */
function spanToEnd(file, start) {
  const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
  const a = lines.findIndex((l) => start.test(l));
  if (a < 0) throw new Error(`${file}: ${start} not found; update scripts/mutate.mjs`);
  return `${file}:${a + 1}-${lines.length}`;
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
    // mutants-access.test.ts first (written for this area: one PGlite platform, the cases as
    // tables, a few seconds), then the channel, game, seat and moderation tests (minutes a mutant).
    tests: [/^test\/platform\/mutants-access\.test\.ts$/,
      /^test\/platform\/(forum|letters|gazette|games|open-seat|public-list|moderation|access.*|csrf.*)\.test\.ts$/],
  },
  claim: {
    what: 'the turn claim and its resolution (one process resolves a turn, once)',
    // The claim, its retries and the failure's record (`claim`, `resolveClaimed`), and resolveIn
    // proper: the lock and the checks, the referee's output reused or not, the step, reports and
    // game row written. Left out for time (a mutant that survives costs the five files, 90 s): the
    // host's failure mail, the resolution's input, the prompts' vacations and clocks, and the
    // seats, reports and mails after the game row.
    mutate: () => [span('src/platform/games/service.ts', /^const RETRY_SQL/, /^async function tellHostOfFailure/),
      span('src/platform/games/service.ts', /^async function resolveIn\(/, /^ {2}\/\/ A game of prompts waits for a player on vacation/),
      span('src/platform/games/service.ts', /^ {2}\/\/ The referee's work runs in a worker thread/, /^ {2}\/\/ Every turn keeps its minimum length/),
      span('src/platform/games/service.ts', /^ {2}const deadline = finished \?/, /^ {2}\/\/ Seats: who is still asked/)],
    // mutants-claim.test.ts (written for this area, PostgreSQL, 4 s) first, then the turn lock (2 s).
    tests: [/^test\/platform\/mutants-claim\.test\.ts$/, /^test\/platform\/turn-lock\.test\.ts$/,
      /^test\/platform\/(jobs|referee|games|durability|claim.*|resolution.*)\.test\.ts$/],
  },
  'gp-rules': {
    what: "Gloire & Pouvoir's formulas, phases and phase order",
    mutate: ['src/rulesets/gloire-et-pouvoir/formulas.ts', 'src/rulesets/gloire-et-pouvoir/turn.ts', 'src/rulesets/gloire-et-pouvoir/phases/*.ts'],
    tests: [/^test\/gloire-et-pouvoir\/(tv-.*|p\d\d-.*|appendix-.*|phase-.*|turn-.*|soak-regressions|caretaker|invariants.*)\.test\.ts$/],
  },
  'gp-formulas': {
    what: "Gloire & Pouvoir's formulas (§4.3–§4.18) and the pass of arms with its retreat thresholds (§4.7.3): gp-rules narrowed",
    // gp-rules narrowed for the shared machine (its regression replays take minutes a mutant): the
    // formulas of formulas.ts (§4.3, §4.5, §2.9, §4.8.5, §4.13, §4.11, §4.18) but global renown
    // and the relation lists (§2.10) and the migrations (§4.14.1), one pass of arms, the
    // attacker's threshold (phase7), the defender's threshold and the pass loop's checks (attack).
    // Left out: the other phases, the rest of phase 7 (defenders, felony, conquest, reports), and
    // turn.ts (the phase order is issue 23's planted bug gp-phase-order).
    mutate: () => {
      const f = 'src/rulesets/gloire-et-pouvoir/formulas.ts', p7 = 'src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts';
      return [span(f, /^\/\*\* Money and men rounding/, /^\/\/ -+ global renown/),
        span(f, /^\/\*\* The highest title/, /^\/\/ -+ migration, repatriation/), spanToEnd(f, /^\/\*\* Men left after a retreat/),
        span(p7, /^export function fightPass\(/, /^\/\/ -+ defenders/),
        span(p7, /^ {4}const threshold = o\.threshold/, /^ {4}ctx\.flags\.attacked\.add/),
        span(p7, /^ {4}const thrD = peasants/, /^ {4}let sD = S0;/),
        span(p7, /^ {4}let next = false;/, /^ {4}if \(peasants && cfg\.persistentPeasants\)/)];
    },
    check: ['src/rulesets/gloire-et-pouvoir'],
    // mutants-formulas.test.ts (written for this area, pure, a second) first, then the phase 7
    // files and the phase order (a second each), then the test vectors (a second each).
    tests: [/^test\/gloire-et-pouvoir\/mutants-formulas\.test\.ts$/,
      /^test\/gloire-et-pouvoir\/(p07-.*|turn-phase-order)\.test\.ts$/, /^test\/gloire-et-pouvoir\/tv-.*\.test\.ts$/],
  },
  'gp-fog': {
    what: "Gloire & Pouvoir's fog of war: each lord's view, the order form's choices, name look-ups",
    mutate: ['src/rulesets/gloire-et-pouvoir/view.ts', 'src/rulesets/gloire-et-pouvoir/form.ts', 'src/rulesets/gloire-et-pouvoir/names.ts'],
    // One group a file, the quickest and most pointed first (the && chain stops at the first
    // failure): mutants-fog.test.ts (written for this area, pure, a second), then view (1 s), form
    // (1 s), fog (5 s, bot games), parse (5 s), properties (2.5 s, random games).
    tests: [/^test\/gloire-et-pouvoir\/mutants-fog\.test\.ts$/, /^test\/gloire-et-pouvoir\/view\.test\.ts$/,
      /^test\/gloire-et-pouvoir\/form\.test\.ts$/, /^test\/gloire-et-pouvoir\/fog.*\.test\.ts$/,
      /^test\/gloire-et-pouvoir\/parse\.test\.ts$/, /^test\/gloire-et-pouvoir\/properties\.test\.ts$/],
  },
  'ak-strength': {
    what: "Adventurer Kings' army strength (Table 15.8 and its recap)",
    mutate: ['src/rulesets/adventurer-kings/armies/strength.ts'],
    // The table's own test first (a second or two): most mutants die there.
    tests: [/^test\/adventurer-kings\/armies-strength-table\.test\.ts$/, /^test\/adventurer-kings\/(armies.*|strength.*|battle.*)\.test\.ts$/],
  },
  'ak-rules': {
    what: "Adventurer Kings' army formulas, battles and the turn's order",
    mutate: ['src/rulesets/adventurer-kings/armies/{strength,battle,pursuit,upkeep,recruit}.ts', 'src/rulesets/adventurer-kings/turn/{turn,initiative}.ts'],
    tests: [/^test\/adventurer-kings\/(armies.*|strength.*|battle.*|turn.*|kingdom.*)\.test\.ts$/],
  },
  'ak-battle': {
    what: "Adventurer Kings' engagement chance, pursuit, retreat and army pay (G-70, G-72, G-73, §11.3): ak-rules narrowed",
    // ak-rules narrowed for the shared machine (its turn and kingdom tests take minutes a mutant):
    // in battle.ts the engagement chance (G-70) and fanaticism (S5.2.6); pursuit.ts (G-72, G-73,
    // G-71's sea) and upkeep.ts (§11.3, [P G-10]) whole. strength.ts is ak-strength. Left out for
    // time (a first definition with fight's winner and casualties and the quality changes took
    // 25 s a mutant at load average 28): the rest of battle.ts (fight, nemesisSwap, qualityRolls),
    // recruit.ts, turn/turn.ts, turn/initiative.ts.
    mutate: () => [span('src/rulesets/adventurer-kings/armies/battle.ts', /^\/\*\* G-70: P\(A wins a column\)/, /^\/\*\* The strength input of an army/),
      'src/rulesets/adventurer-kings/armies/pursuit.ts', 'src/rulesets/adventurer-kings/armies/upkeep.ts'],
    check: ['src/rulesets/adventurer-kings'],
    // mutants-battle.test.ts (written for this area, pure, a second) first, then the battle lines
    // and the pursuit (2 to 3 s each), then the other armies files (2 to 3 s each).
    tests: [/^test\/adventurer-kings\/mutants-battle\.test\.ts$/,
      /^test\/adventurer-kings\/armies-(battle-lines|pursuit-quality)\.test\.ts$/, /^test\/adventurer-kings\/armies.*\.test\.ts$/],
  },
  'ak-fog': {
    what: "Adventurer Kings' fog of war: each kingdom's view and the one message for every kind of 'not found'",
    mutate: ['src/rulesets/adventurer-kings/view.ts', 'src/rulesets/adventurer-kings/orders/absent.ts'],
    // One group a file, the quickest and most pointed first (the && chain stops at the first
    // failure): mutants-fog.test.ts (written for this area, pure, a second), view (3 s),
    // view-fog-fields (8 s), knowledge (4 s), knowledge-audit (4.5 s), properties-fog last (22 s,
    // random games).
    tests: [/^test\/adventurer-kings\/mutants-fog\.test\.ts$/, /^test\/adventurer-kings\/view\.test\.ts$/,
      /^test\/adventurer-kings\/view-fog-fields\.test\.ts$/, /^test\/adventurer-kings\/(view.*|fog.*)\.test\.ts$/,
      /^test\/adventurer-kings\/knowledge\.test\.ts$/, /^test\/adventurer-kings\/knowledge.*\.test\.ts$/,
      /^test\/adventurer-kings\/properties-fog\.test\.ts$/],
  },
  // The rulesets that landed after issue 23 (its last bullet): small areas of pure arithmetic whose
  // own test files run in seconds, so that a run takes minutes on the shared machine. Each runs its
  // mutants.test.ts first (written for this area's survivors, pure, a few seconds).
  'fief-rules': {
    what: "Fief's combat arithmetic (§8.4.3–§8.4.5) and ransom (§8.5.2)",
    // victory.ts (§1.3–§1.6, 274 mutants with these two) was dropped: on the shared machine (load
    // 20) a mutant takes 15 s, hours for the three; its tests stay in mutants.test.ts.
    mutate: ['src/rulesets/fief/rules/combat.ts', 'src/rulesets/fief/rules/ransom.ts'],
    tests: [/^test\/fief\/mutants\.test\.ts$/, /^test\/fief\/battle-arithmetic\.test\.ts$/],
  },
  'wk-rules': {
    what: "Warrior Knights' Fate deck cycle (§4.12) and the §7.2 ranking",
    // taxation.ts (§4.5; 202 mutants with these two) was dropped for time on the shared machine;
    // its tests stay in mutants.test.ts.
    mutate: () => ['src/rulesets/warrior-knights/rules/fate.ts',
      span('src/rulesets/warrior-knights/rules/arrival.ts', /^export function troopsOnBoard\(/, /^\/\*\* After Upkeep step 6/)],
    tests: [/^test\/warrior-knights\/mutants\.test\.ts$/, /^test\/warrior-knights\/arrival\.test\.ts$/],
  },
  'gruik-rules': {
    what: "Gruik's army-size formulas (§4.2–§4.4) and dice derivation (§11.1)",
    // army-size.ts: the size formulas (§4.3) and the modifiers and army count (§4.2, §4.4), not the
    // state plumbing around them; dice.ts: the keyed dice and their record, not the scripted ones.
    // abr.ts (§6.12.2; 260 mutants with these) was dropped for time on the shared machine; its
    // tests stay in mutants.test.ts.
    mutate: () => [span('src/rulesets/gruik/rules/army-size.ts', /^\/\/ ─+ §4\.3 size and limits/, /^\/\*\* The forces joined/),
      span('src/rulesets/gruik/rules/army-size.ts', /^\/\/ ─+ §4\.2 modifiers M6–M9/, /^export interface ArmyCount/),
      span('src/rulesets/gruik/rules/dice.ts', /^function makeDice\(/, /^\/\*\* Dice for tests/)],
    tests: [/^test\/gruik\/mutants\.test\.ts$/, /^test\/gruik\/(army-size|dice)\.test\.ts$/],
  },
};

/**
 * Issue 23's planted bugs: twelve realistic single bugs that the suite once let through (every test
 * passed), each with the test written to catch it, plus the engine's two generator bugs that only a
 * Gloire & Pouvoir regression fixture used to catch. Stryker cannot plant them (they swap lines,
 * widen a list, edit SQL), so `npm run mutate -- planted [id…]` does: in a copy of the checkout
 * (.stryker-tmp/planted: the files git knows, untracked ones included, node_modules linked), each
 * test file runs once as it is (it must pass: the control), then once with its bug planted (it must
 * fail); the file is restored after each. The working tree itself is never touched. Exit code 1 when
 * a bug goes unnoticed or a control fails. The PostgreSQL tests take TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test). The results are recorded in docs/quality.md.
 * `find` must occur exactly once in `file` (otherwise the list is out of date: update it).
 */
const PLANTED = [
  { id: 'claim-lock', file: 'src/platform/games/service.ts',
    bug: 'resolveIn reads the game row without FOR UPDATE',
    find: "const g = await t.one<GameRow>('SELECT * FROM games WHERE id = $1 FOR UPDATE', [gameId]);\n  if (resolutionTestHooks.afterLock)",
    replace: "const g = await t.one<GameRow>('SELECT * FROM games WHERE id = $1', [gameId]);\n  if (resolutionTestHooks.afterLock)",
    tests: ['test/platform/turn-lock.test.ts'] },
  { id: 'csrf-leave', file: 'src/platform/games/game-pages.ts',
    bug: 'POST /games/:id/leave skips the CSRF check',
    find: "app.post('/games/:id/leave', async",
    replace: "app.post('/games/:id/leave', { config: { noCsrf: true } }, async",
    tests: ['test/platform/csrf.test.ts'] },
  { id: 'sanitizer-span-style', file: 'src/platform/channels/sanitize.ts',
    bug: 'the allow-list keeps style on span',
    find: "    td: ['colspan', 'rowspan'],\n  },\n  allowedClasses: {},\n  allowedStyles: {},",
    replace: "    td: ['colspan', 'rowspan'],\n    span: ['style'],\n  },\n  allowedClasses: {},\n  allowedStyles: {},",
    tests: ['test/platform/sanitize-allowlist.test.ts', 'test/platform/gazette-html-policy.test.ts'] },
  { id: 'mail-backoff', file: 'src/platform/mail/mailer.ts',
    bug: 'the retry delay stuck at 5 minutes (GREATEST → LEAST)',
    find: '(5 * 2 ^ GREATEST(attempts - 1, 0))',
    replace: '(5 * 2 ^ LEAST(attempts - 1, 0))',
    tests: ['test/platform/mail-retry.test.ts'] },
  { id: 'replay-initial-hash', file: 'src/engine/game.ts',
    bug: "replay no longer compares the setup's hash with the recorded initialHash",
    find: 'if (g.initialHash !== game.initialHash) mismatches.push',
    replace: 'if (false) mismatches.push',
    tests: ['test/engine/replay-setup.test.ts'] },
  { id: 'rng-step-stream', file: 'src/engine/game.ts',
    bug: 'a resolution draws from stream step/N+1 instead of step/N',
    find: 'structuredClone(submissions), createRng(game.seed, `step/${index}`)',
    replace: 'structuredClone(submissions), createRng(game.seed, `step/${index + 1}`)',
    tests: ['test/engine/rng-streams.test.ts', 'test/engine/rng-stream-words.test.ts'] },
  { id: 'rng-discard', file: 'src/engine/rng.ts',
    bug: 'the generator discards 11 outputs instead of 12',
    find: 'for (let i = 0; i < 12; i++) src();',
    replace: 'for (let i = 0; i < 11; i++) src();',
    tests: ['test/engine/rng-streams.test.ts', 'test/engine/rng-stream-words.test.ts'] },
  { id: 'gp-attacker-threshold', file: 'src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts',
    bug: 'the attacker retreats at <= its threshold instead of <',
    find: 'if (army.strength < thrA) {',
    replace: 'if (army.strength <= thrA) {',
    tests: ['test/gloire-et-pouvoir/p07-retreat-thresholds.test.ts'] },
  { id: 'gp-defender-threshold', file: 'src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts',
    bug: 'the defender retreats at <= its threshold instead of <',
    find: 'if (destroyed || sD < thrD) {',
    replace: 'if (destroyed || sD <= thrD) {',
    tests: ['test/gloire-et-pouvoir/p07-retreat-thresholds.test.ts'] },
  { id: 'gp-phase-order', file: 'src/rulesets/gloire-et-pouvoir/turn.ts',
    bug: 'phases 15 (upkeep, desertion) and 16 (fortifications) swapped',
    find: "  { n: 15, id: 'upkeep-desertion', run: phase15 },\n  { n: 16, id: 'fortifications', run: phase16 },",
    replace: "  { n: 15, id: 'fortifications', run: phase16 },\n  { n: 16, id: 'upkeep-desertion', run: phase15 },",
    tests: ['test/gloire-et-pouvoir/turn-phase-order.test.ts'] },
  { id: 'gp-caretaker-gar0', file: 'src/rulesets/gloire-et-pouvoir/caretaker.ts',
    bug: 'the steward orders GAR 0 for a knight with one man',
    find: 'if (men < 2 || (garrison.get(k.location) ?? 0) >= men) continue;',
    replace: 'if (men < 1 || (garrison.get(k.location) ?? 0) >= men) continue;',
    tests: ['test/gloire-et-pouvoir/bot-caretaker-validation.test.ts'] },
  { id: 'gp-bot-attack-move', file: 'src/rulesets/gloire-et-pouvoir/bot.ts',
    bug: 'a knight that attacks is also ordered to move',
    find: "if (orders.some((o) => (o.code === 'ATT' || o.code === 'ARM' || o.code === 'MOV') && o.knight === k.id)) continue;",
    replace: "if (orders.some((o) => (o.code === 'ARM' || o.code === 'MOV') && o.knight === k.id)) continue;",
    tests: ['test/gloire-et-pouvoir/bot-cancellations.test.ts', 'test/gloire-et-pouvoir/bot-caretaker-validation.test.ts'] },
  { id: 'gp-bot-hunt-attack-move', file: 'src/rulesets/gloire-et-pouvoir/bot.ts',
    bug: 'a demo bot hunting the human lord also moves a knight that attacks',
    find: "    if (!hunted.size) break;\n    if (orders.some((o) => o.code === 'ATT' && o.knight === k.id)) continue;",
    replace: '    if (!hunted.size) break;',
    tests: ['test/gloire-et-pouvoir/bot-cancellations.test.ts', 'test/gloire-et-pouvoir/demo-bots.test.ts'] },
  { id: 'ak-retreat-defence', file: 'src/rulesets/adventurer-kings/armies/strength.ts',
    bug: 'retreating armies lose their ×1.25 defence factor',
    find: 'if (u.defending || u.retreating) f *= cfg.defenceFactor;',
    replace: 'if (u.defending) f *= cfg.defenceFactor;',
    tests: ['test/adventurer-kings/armies-strength-table.test.ts'] },
  { id: 'ak-home-province', file: 'src/rulesets/adventurer-kings/armies/strength.ts',
    bug: 'the home-province quality bonus in every owned province (G-102)',
    find: 'return army.kingdom !== null && s.provinces[province]?.capitalOf === army.kingdom;',
    replace: 'return army.kingdom !== null && s.provinces[province]?.owner === army.kingdom;',
    tests: ['test/adventurer-kings/armies-strength-table.test.ts'] },
  { id: 'ak-contested-fog', file: 'src/rulesets/adventurer-kings/view.ts',
    bug: "a foreign province's contested flag shown to every kingdom that knows it",
    find: 'if (p.contested?.attackers.includes(k)) pv.contested = true;',
    replace: 'if (p.contested) pv.contested = true;',
    tests: ['test/adventurer-kings/view-fog-fields.test.ts'] },
];

async function runPlanted(ids, { show, control }) {
  const { execFileSync, spawnSync } = await import('node:child_process');
  const { cpSync, mkdirSync, realpathSync, rmSync, symlinkSync } = await import('node:fs');
  const unknown = ids.filter((id) => !PLANTED.some((p) => p.id === id));
  if (unknown.length) { console.error(`unknown planted bug(s): ${unknown.join(', ')}; known: ${PLANTED.map((p) => p.id).join(', ')}`); process.exit(1); }
  const chosen = ids.length ? PLANTED.filter((p) => ids.includes(p.id)) : PLANTED;
  for (const p of chosen) {
    const n = readFileSync(p.file, 'utf8').split(p.find).length - 1;
    if (n !== 1) throw new Error(`planted bug ${p.id}: its text occurs ${n} times in ${p.file}, not once; update scripts/mutate.mjs`);
  }
  if (show) {
    for (const p of chosen) console.log(`${p.id.padEnd(22)} ${p.file}: ${p.bug}\n${''.padEnd(23)}tests: ${p.tests.join(' ')}`);
    return;
  }
  const box = '.stryker-tmp/planted';
  rmSync(box, { recursive: true, force: true });
  mkdirSync(box, { recursive: true });
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of tracked) if (existsSync(f) && !statSync(f).isDirectory()) cpSync(f, join(box, f));
  symlinkSync(realpathSync('node_modules'), join(box, 'node_modules'));
  const run = (files) => {
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=dot', '--test-concurrency=1', ...files],
      { cwd: box, env: { ...process.env, SKIP_BROWSER_TESTS: '1' }, encoding: 'utf8', maxBuffer: 64 << 20 });
    const out = `${r.stdout}${r.stderr}`;
    // The dot reporter lists the failed tests at the end, one `✖ name (time)` line each.
    const failed = [...new Set([...out.matchAll(/^✖ (.*?) \([\d.]+m?s\)$/gm)].map((m) => m[1]))];
    return { ok: r.status === 0, seconds: Math.round((Date.now() - t0) / 1000), out, failed };
  };
  const rows = [];
  for (const p of chosen) {
    const path = join(box, p.file);
    const original = readFileSync(path, 'utf8');
    const before = control ? run(p.tests) : null;
    if (before && !before.ok) console.log(before.out.slice(-4000));
    writeFileSync(path, original.replace(p.find, () => p.replace));
    let planted;
    try { planted = run(p.tests); } finally { writeFileSync(path, original); }
    const row = { id: p.id, control: before ? (before.ok ? `pass (${before.seconds} s)` : 'FAILS') : '-', planted: planted.ok ? 'NOT CAUGHT' : `caught (${planted.seconds} s)` };
    rows.push(row);
    console.log(`${row.id.padEnd(22)} without the bug: ${row.control.padEnd(12)} with it: ${row.planted}`);
    for (const name of planted.failed) console.log(`${''.padEnd(23)}failed: ${name}`);
    if (!planted.ok && !planted.failed.length) console.log(planted.out.slice(-2000));
  }
  rmSync(box, { recursive: true, force: true });
  process.exit(rows.every((r) => r.planted.startsWith('caught') && r.control !== 'FAILS') ? 0 : 1);
}

const args = process.argv.slice(2);
if (args[0] === 'planted') {
  await runPlanted(args.slice(1).filter((a) => !a.startsWith('--')), { show: args.includes('--show'), control: !args.includes('--no-control') });
  process.exit(0);
}
const area = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const force = args.includes('--force');
const ci = args.indexOf('--concurrency');
const concurrency = ci >= 0 ? Number(args[ci + 1]) : 1;

if (!area || !AREAS[area]) {
  if (area) console.error(`unknown area "${area}"`);
  console.log('npm run mutate -- <area> [--force] [--concurrency N] [--show]\nareas:');
  for (const [name, a] of Object.entries(AREAS)) console.log(`  ${name.padEnd(12)} ${a.what}`);
  console.log(`  ${'planted'.padEnd(12)} issue 23's ${PLANTED.length} planted bugs, each against its test (npm run mutate -- planted [id…] [--show] [--no-control])`);
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
if (args.includes('--survivors')) {
  // The mutants tested so far by the running (or last) run, from its event-recorder files.
  const dir = `reports/mutation/${area}-events`;
  const tested = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('-onMutantTested.json')).sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))) : [];
  const by = (s) => tested.filter((m) => m.status === s).length;
  console.log(`${tested.length} tested: killed ${by('Killed')}, survived ${by('Survived')}, timeout ${by('Timeout')}, no coverage ${by('NoCoverage')}, not compiling ${by('CompileError')}`);
  for (const m of tested.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
    console.log(`  ${m.status.toLowerCase()} #${m.id}: ${m.fileName}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`);
  }
  process.exit(0);
}

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

// `check`: the folders the TypeScript checker type-checks (with what they import), instead of the
// whole project: on the shared machine a check of the whole project costs 25 s a mutant. A
// tsconfig of the area's own is written for that (tsconfig.stryker-<area>.json, not kept in git).
let tsconfigFile = 'tsconfig.json';
if (a.check) {
  tsconfigFile = `tsconfig.stryker-${area}.json`;
  writeFileSync(tsconfigFile, `${JSON.stringify({ extends: './tsconfig.json', include: a.check }, null, 2)}\n`);
}

const { Stryker } = await import('@stryker-mutator/core');
const stryker = new Stryker({
  testRunner: 'command',
  // SKIP_BROWSER_TESTS: see AREAS. The dot reporter keeps the log short; one test file at a time.
  commandRunner: { command },
  coverageAnalysis: 'off', // the command runner cannot tell which test covers which mutant
  checkers: ['typescript'],
  tsconfigFile,
  mutate,
  concurrency,
  incremental: true,
  incrementalFile,
  force,
  // event-recorder: one JSON file a mutant as soon as it is tested (reports/mutation/<area>-events/),
  // so that the survivors of a long run can be read (`--survivors`) before it ends.
  reporters: ['clear-text', 'progress', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: `reports/mutation/${area}-events` },
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
