/**
 * The soak runner on Fief (src/soak/soak.ts through the registry: bot, invariants, soakGame): bot
 * games of 3 to 6 players on the original board, the invariants after every step, some steps
 * resolved twice from their JSON, the replay of every game; the summary counts each decision kind asked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configLeaves, gameSpec, runSoak, specOptions } from '../../src/soak/soak.ts';
import { FIEF_CONSTANTS } from '../../src/rulesets/fief/constants.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/**
 * Three games of the seed `f15-big-a` that together reach the most §11.4 kinds in 250 questions each,
 * with the bots that garrison the last free villages (29 November evening; docs/fief.md): game 1 (3
 * players: relic-power #38a), game 4 (a plague's losses, a revolt's losses #36) and game 20 (ransoms
 * #16 and #17, the attacker's stop #27, and most of the others). None of the first 40 games of that seed
 * asks #6 or the revolt's target #35 in 250 questions any more (the scenes and the big run do).
 * A game is drawn from the run seed and its index alone. The bots decide these games: a change of the
 * bots' play changes them, and the list below is then chosen again (each game's kinds:
 * `playGame(…).result.kinds`, or a run's `--record` files).
 */
const SUITE_RUN = { seed: 'f15-big-a', only: [1, 4, 20], maxTurns: 250 };
/** The kinds these games ask; the others (pope-consent, king-waiver, leave-besieged, reinforce-besieged, revolt-target, fief-heir, …) are counted by the big run and asked in scenes (flow.test.ts, rare-decisions.test.ts, holds.test.ts). */
const SUITE_KINDS = ['start-village', 'propose-marriage', 'accept-marriage', 'declare-candidate', 'place-votes', 'discard-draw', 'plague-losses', 'play-cards',
  'ransom-offer', 'accept-ransom', 'purchases', 'movement', 'pass-consent', 'after-refusal', 'raid-fight', 'declare-battles', 'join-side', 'loss-allocation', 'capture',
  'end-of-round', 'accept-stop', 'sieges', 'pillage', 'hold', 'calming', 'relic-power', 'revolt-losses'];

test('soak: Fief bot games without failure, and the count of each decision kind', { timeout: 300_000 }, async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'fief-soak-'));
  const lines: string[] = [];
  const s = await runSoak({ entry: getRuleset('fief'), games: 20, ...SUITE_RUN, outDir, recheck: 0.2, out: (l) => lines.push(l) });
  assert.deepEqual(s.failures.map((f) => f.failure), []);
  assert.equal(s.rejectedBotOrders, 0);
  assert.equal(s.results.length, 3);
  assert.ok(s.results.every((r) => r.players >= 3 && r.players <= 6 && r.map === 'original'));
  assert.equal(readdirSync(outDir).length, 0, 'no failure file');
  const kinds = lines.find((l) => /^ {2}decisions /.test(l));
  assert.ok(kinds, lines.join('\n'));
  const asked: Record<string, number> = {};
  for (const r of s.results) for (const [k, n] of Object.entries(r.kinds)) asked[k] = (asked[k] ?? 0) + n;
  for (const k of SUITE_KINDS) {
    assert.ok((asked[k] ?? 0) > 0, `${k} asked: ${JSON.stringify(asked)}`);
    assert.match(kinds!, new RegExp(`(^|, | )${k} \\d`), `${k} in the summary`);
  }
  assert.ok(s.results.every((r) => (r.kinds['start-village'] ?? 0) === r.players), 'one start village a player');
  // Each game ran with the optional rules its mix drew, and the summary counts them.
  const drawn = lines.find((l) => /^ {2}host options \(games\) /.test(l));
  assert.ok(drawn, lines.join('\n'));
  for (const r of s.results) for (const leaf of configLeaves(r.config)) assert.ok(drawn!.includes(leaf), leaf);
  // And each game's line gives the options drawn for it.
  for (const r of s.results) {
    const line = lines.find((l) => l.includes(`seed ${r.seed}`));
    assert.ok(line?.endsWith(`host options ${configLeaves(r.config).join(' ')}`), `${line}`);
    assert.match(line!, /options\.relics=(true|false)/);
  }
  const counts = [...drawn!.matchAll(/options\.relics=(true|false) (\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
  assert.equal(counts, 3, 'each game counted once for each option');
});

test('soak mix: each game draws every optional rule of Appendix A among its allowed values, from the run seed alone', () => {
  const entry = getRuleset('fief');
  const specs = Array.from({ length: 24 }, (_, i) => gameSpec(entry, 'fief-options', i + 1));
  const keys = Object.keys(FIEF_CONSTANTS.options);
  assert.deepEqual(keys.sort(), ['fogOfWar', 'firstTurnNoCalamity', 'freeDiplomacy', 'hiddenMoney', 'relics'].sort());
  for (const sp of specs) assert.deepEqual(Object.keys((sp.config as { options: object }).options).sort(), keys, 'every option drawn in every game');
  for (const k of keys) for (const v of [true, false]) assert.ok(specs.some((sp) => (sp.config as { options: Record<string, unknown> }).options[k] === v), `${k}=${v} drawn in some game`);
  assert.ok(new Set(specs.map((sp) => JSON.stringify(sp.config))).size > 8, 'a different subset from game to game');
  assert.deepEqual(gameSpec(entry, 'fief-options', 5), specs[4], 'game i is the same whatever else is drawn');
  // The game is created with them: the resolved constants carry the drawn options.
  const opts = specOptions(entry, specs[0]!) as { config: { options: Record<string, boolean> } };
  assert.deepEqual(opts.config.options, (specs[0]!.config as { options: Record<string, boolean> }).options);
  // The other rulesets' mixes draw no options: their games are what they were.
  assert.equal(gameSpec(getRuleset('warrior-knights'), 'fief-options', 1).config, undefined);
});
