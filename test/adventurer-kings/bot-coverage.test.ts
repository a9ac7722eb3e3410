/**
 * The Adventurer Kings bots play the whole game (issue 17 §3). A small soak through the soak
 * runner (invariants after every turn, a sample of turns resolved twice, the replay of each game)
 * in which the bots give every order code that does not wait on luck and the referee carries each
 * out, with every bot line accepted; then the orders that need a treasure found first (items to
 * give, items to use) from a world where each kingdom's adventurer has found some. The full table
 * over 200 games is in bench/ak-bot-coverage.md (scripts/ak-bot-coverage.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { playGame } from '../../src/soak/soak.ts';
import { botSheetLines } from '../../src/rulesets/adventurer-kings/bot.ts';
import { parseSheet } from '../../src/rulesets/adventurer-kings/orders/sheet.ts';
import { addGameCoverage, emptyCoverage } from '../../src/rulesets/adventurer-kings/bot/coverage.ts';
import { ACTION_CODES } from '../../src/rulesets/adventurer-kings/orders/index.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { createItem } from '../../src/rulesets/adventurer-kings/world/items.ts';
import { createRng } from '../../src/engine/rng.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('adventurer-kings');
/** Orders that wait on a treasure being found (an item to give or use), checked from a seeded world below. */
const NEED_TREASURE = ['GI', 'US'];

test('a small soak: the bots give every order code and the referee carries each out, every bot line accepted, invariants hold', () => {
  const cov = emptyCoverage();
  const games = [{ players: 8, seed: 'ak-cover-1' }, { players: 6, seed: 'ak-cover-2' }];
  // 25 turns a game: by then these two games have given and carried out every order code, cast 13
  // action and 11 combat spells, made 326 treaties and broken 2, set 160 special plans — the same
  // spell counts as over 40 turns (measured 2026-11-29), at 60 % of the time. The long soak is
  // scripts/ak-bot-coverage.ts.
  games.forEach((g, i) => {
    const { result, record } = playGame(entry, { index: i + 1, map: 'standard', ...g }, { runSeed: 'ak-cover', maxTurns: 25, recheck: 0.05 });
    assert.equal(result.failure, undefined, result.failure?.message);
    assert.deepEqual(result.rejectedBotOrders, []);
    addGameCoverage(cov, record!, result.outcome);
  });
  const missing = ACTION_CODES.filter((c) => !NEED_TREASURE.includes(c) && !(cov.orders[c]!.given > 0 && cov.orders[c]!.executed > 0));
  assert.deepEqual(missing, [], `orders never given or never carried out: ${missing.join(' ')}\n${JSON.stringify(cov.orders)}`);
  const castAction = Object.values(cov.actionSpells).filter((v) => v.executed > 0).length;
  const castCombat = Object.values(cov.combatSpells).filter((v) => v.executed > 0).length;
  assert.ok(castAction >= 10, `action spells cast: ${castAction}`);
  assert.ok(castCombat >= 6, `combat spells cast: ${castCombat}`);
  assert.ok(cov.sheet.breaks! > 0 && cov.sheet.treaties! > 0, 'alliances are made and broken');
  assert.ok(cov.sheet['special-plan']! > 0, 'special plans are set');
});

test('with treasure found, the bots give items to their generals (GI) and use action-spell items (US), the referee carries both out, and no bot line is ever refused', () => {
  let game: GameRecord = createGame(entry.ruleset, entry.options({ players: 8 }), 'ak-cover-items');
  const s = game.state as AKState;
  const rng = createRng('ak-cover-items', 'items');
  // Each kingdom's first adventurer has found a Crystal Ball (Clairvoyance, an action spell) and a War Banner (for generals).
  for (const kd of Object.values(s.kingdoms)) {
    const adv = Object.values(s.characters).filter((c) => c.kingdom === kd.id && c.id !== kd.king).sort((a, b) => a.id - b.id)[0];
    if (!adv) continue;
    for (const kind of ['crystal-ball', 'war-banner']) adv.items.push(createItem(s, kind, rng, { holder: adv.id }).id);
  }
  let initial: unknown = structuredClone(s);
  entry.invariants?.(s, { initial, previous: null, step: 0 });
  const cov = emptyCoverage();
  let lines = 0;
  while (game.steps.length < 25 && !entry.ruleset.outcome(game.state)) {
    const rejected: string[] = [];
    const before = game.state as AKState;
    // Every line the bots write is one the referee's parser accepts: its check drops nothing (the same streams as botAnswers).
    for (const kd of Object.values(before.kingdoms).filter((x) => !x.eliminated)) {
      const raw = botSheetLines(before, kd.player, createRng(game.seed, `bot/${game.steps.length + 1}/${kd.player}`));
      assert.deepEqual(parseSheet(before, kd.id, raw.join('\n')).issues.map((i) => `${raw[i.line! - 1]}: ${i.message}`), [], `turn ${before.turn}, kingdom ${kd.id}`);
      lines += raw.length;
    }
    game = advance(entry.ruleset, botAnswers(entry, game, rejected), { useDefaults: true });
    assert.deepEqual(rejected, [], `turn ${game.steps.length}`);
    entry.invariants?.(game.state, { initial, previous: before, step: game.steps.length });
  }
  addGameCoverage(cov, game);
  for (const code of NEED_TREASURE) assert.ok(cov.orders[code]!.executed > 0, `${code}: ${JSON.stringify(cov.orders[code])}`);
  assert.ok(cov.actionSpells.CL!.fromItems > 0, 'the Crystal Ball is used');
  assert.ok(lines > 1000, `${lines} lines checked`);
  initial = null;
});
