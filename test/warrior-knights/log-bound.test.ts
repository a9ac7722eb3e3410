/**
 * The state's log is bounded (constants `log.keep`, flow.ts `trimLog`): after every step it holds
 * at most `keep` entries, and nothing reports need is lost — the events each step sends out (which
 * the platform stores and reports from) are the same as with a log kept whole, the game is the same
 * game (the Assemblies' shuffles are named from `assemblies`, not from the log), and the outcome's
 * victory kind is still known.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { resolveWkConfig } from '../../src/rulesets/warrior-knights/constants.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { createRng } from '../../src/engine/rng.ts';

function play(keep: number, seed: string, maxTurns: number): { g: WkGame; events: string[]; longest: number; steps: number } {
  const rng = createRng(seed, 'bots');
  let g = rs.setup({ players: 3, length: 8, maxTurns, config: { log: { keep } } }, rng);
  const events: string[] = [];
  let longest = 0, steps = 0;
  while (!rs.outcome(g) && steps < 3000) {
    const [d] = rs.decisions(g);
    assert.ok(d, 'a question is open');
    const subs = d!.players.map((p, i) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: i }));
    const r = rs.resolve(g, subs, rng);
    g = r.state;
    for (const e of r.events) events.push(JSON.stringify(e));
    if (steps > 0) longest = Math.max(longest, g.wk.log.length);
    steps++;
  }
  return { g, events, longest, steps };
}

test('the log keeps at most log.keep entries after every step; the steps send out the same events as with the whole log, and the game is the same', () => {
  const small = play(50, 'wk-log', 4), whole = play(5000, 'wk-log', 4);
  assert.ok(small.longest <= 50, `at most 50 entries (${small.longest})`);
  assert.ok(whole.longest > 50, `the same game logs more than 50 entries (${whole.longest}): the bound matters`);
  assert.equal(small.steps, whole.steps, 'the same number of questions');
  assert.deepEqual(small.events, whole.events, 'every step sends out the same events');
  const { log: _a, config: _c, ...a } = small.g.wk;
  const { log: _b, config: _d, ...b } = whole.g.wk;
  assert.deepEqual(a, b, 'the same game, apart from the log kept');
  assert.ok((small.g.wk.assemblies ?? 0) === (whole.g.wk.assemblies ?? 0), 'the Assemblies are counted in the state');
  assert.deepEqual(rs.outcome(small.g), rs.outcome(whole.g), 'the same outcome');
  const md = rs.report(small.g, [], small.g.wk.players[0]!, 'fr');
  assert.ok(md.startsWith('## Tour'), 'reports still render');
});

test('log.keep is in the constants table with its bounds', () => {
  assert.equal(resolveWkConfig({}).log.keep, 300, 'default 300');
  assert.throws(() => resolveWkConfig({ log: { keep: 10 } }), 'below the minimum refused');
  assert.throws(() => resolveWkConfig({ log: { keep: 100_000 } }), 'above the maximum refused');
  assert.equal(resolveWkConfig({ log: { keep: 50 } }).log.keep, 50, 'a host may lower it to 50');
});

test('a military victory stays the log’s last entry, so the outcome still names its kind', () => {
  const g = play(50, 'wk-log', 1).g;
  const wk = structuredClone(g.wk);
  wk.stage = 'over'; wk.winner = wk.players[0]!;
  wk.log = [...wk.log.slice(-49), { t: 'military-victory', baron: wk.players[0]! }];
  assert.equal(rs.outcome({ ...g, wk, flow: { ...g.flow, capped: false } })?.reason, 'military', 'military');
});
