/** The Adventurer Kings bot: valid sheets over a whole game, no hidden state read, no overspending. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { botSheetText } from '../../src/rulesets/adventurer-kings/bot.ts';
import { expectedDefenders, expectedRatio } from '../../src/rulesets/adventurer-kings/bot/estimate.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { parseSheet } from '../../src/rulesets/adventurer-kings/orders/sheet.ts';
import { typeRow } from '../../src/rulesets/adventurer-kings/armies/types.ts';
import type { AKState, ArmyType } from '../../src/rulesets/adventurer-kings/state.ts';
import { clone } from '../../src/rulesets/adventurer-kings/state.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('adventurer-kings');

function play(seed: string, turns: number, each?: (s: AKState) => void): GameRecord {
  let game = createGame(entry.ruleset, entry.options({ players: 8 }), seed);
  while (game.steps.length < turns && !entry.ruleset.outcome(game.state)) {
    each?.(game.state as AKState);
    const rejected: string[] = [];
    game = advance(entry.ruleset, botAnswers(entry, game, rejected), { useDefaults: true });
    assert.deepEqual(rejected, [], `turn ${game.steps.length}`);
  }
  return game;
}

/** Écus the sheet commits at most: the pay of every army it recruits and every Hero's offer. */
function plannedCost(s: AKState, text: string): number {
  const cfg = resolveConfig(s.config).armies;
  let cost = 0;
  for (const line of text.split('\n')) {
    const re = /^\d RE (\S+) pour/.exec(line);
    if (re) for (const t of re[1]!.split(',')) cost += typeRow(cfg, t as ArmyType).pay;
    const hi = /^\d HI \d+ pour (\d+)/.exec(line);
    if (hi) cost += Number(hi[1]);
  }
  return cost;
}

test('bot sheets validate with no issue over a whole game, and never plan to spend more than the treasury', () => {
  let sheets = 0;
  let recruits = 0;
  play('AK-bot-1', 30, (s) => {
    for (const kd of Object.values(s.kingdoms).filter((k) => !k.eliminated)) {
      const text = botSheetText(s, kd.player, createRng('t', `${s.turn}/${kd.id}`));
      assert.deepEqual(parseSheet(s, kd.id, text).issues, [], `turn ${s.turn}, kingdom ${kd.id}:\n${text}`);
      const cost = plannedCost(s, text);
      assert.ok(cost <= kd.treasury, `turn ${s.turn}, kingdom ${kd.id} plans ${cost} with ${kd.treasury}`);
      sheets++;
      if (/ RE /.test(text)) recruits++;
    }
  });
  assert.ok(sheets > 100);
  assert.ok(recruits > 20, `the bots recruit (${recruits} sheets with RE)`);
});

test('the bot reads no hidden state: foreign armies, treasuries and true taxes do not change its sheet', () => {
  const game = play('AK-bot-2', 12);
  const s = game.state as AKState;
  for (const kd of Object.values(s.kingdoms).filter((k) => !k.eliminated)) {
    const k = kd.id;
    const before = botSheetText(s, kd.player, createRng('h', String(k)));
    const t = clone(s);
    for (const a of Object.values(t.armies)) if (a.kingdom !== k) { a.quality = 0; a.province = Object.keys(t.provinces).map(Number)[0]!; }
    for (const o of Object.values(t.kingdoms)) if (o.id !== k) o.treasury = 9999;
    for (const p of Object.values(t.provinces)) if (p.owner !== k) p.taxBase = 0;
    for (const c of Object.values(t.characters)) if (c.kingdom !== k) c.talent = { ...c.talent, Ta: 9 };
    const after = botSheetText(t, kd.player, createRng('h', String(k)));
    assert.equal(after, before, `kingdom ${k}`);
  }
});

test('battle estimate: natives from the known income band (G-03 step 7), more armies give a better ratio', () => {
  const game = play('AK-bot-2', 1);
  const s = game.state as AKState;
  const cfg = resolveConfig(s.config).armies;
  const know = { provinces: { 1: { pct: 1, sites: [], terrain: 'Plain' as const, race: 'Human' as const, types: ['LE' as ArmyType], band: 'Rich' as const, owner: { kingdom: null, asOf: { turn: 1, phase: 0 } } } }, sites: {}, characters: {}, alignments: {} };
  const d = expectedDefenders(s, know, 1);
  assert.deepEqual(d.map((u) => u.type), ['LE', 'LE', 'LE', 'GA'], 'Rich ≈ tax 8: round(8/3) = 3 armies + 1 GA');
  const unit = { type: 'LE' as ArmyType, race: 'Human' as const, quality: 2, leaderLevel: 0 };
  const r2 = expectedRatio(cfg, [unit, unit], d, 'Plain', false);
  const r6 = expectedRatio(cfg, [unit, unit, unit, unit, unit, unit], d, 'Plain', false);
  assert.ok(r6 > r2 && r2 > 0, `${r2} < ${r6}`);
  assert.equal(expectedRatio(cfg, [unit], [], 'Plain', false), Infinity);
});
