/**
 * A property over random bot games with the hold points (flow.ts, holds.ts, bot.ts), rules §11.2,
 * §11.3: after every step the invariants hold (money and troops never negative, each card and piece
 * in one place); the same seed plays the same game (same hashes); the bots play surprise cards at
 * the holds (not always passing); and fog — nothing a player is shown (his view, the open
 * questions with their prompts, choices and defaults, his own form, his report of the step) names a
 * card held in another player's hand: of the others' hands he knows the counts only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('fief');

/** The card ids `text` names (a card id not followed by another digit: `REVOLT_1` is not `REVOLT_12`). */
const names = (text: string, card: string): boolean => new RegExp(`(?<![A-Z0-9_])${card}(?![0-9])`).test(text);

interface Run { hashes: string[]; plays: number; holds: number }

function play(players: number, seed: string, turns: number): Run {
  let g = createGame(fief, { players, maxTurns: turns }, seed) as GameRecord<FiefGame>;
  const rejected: string[] = [];
  let plays = 0;
  for (let i = 0; i < 5_000 && fief.decisions(g.state).length > 0; i++) {
    g = botAnswers(entry, g, rejected) as GameRecord<FiefGame>;
    g = advance(fief, g, { useDefaults: true });
    const s = g.state.fief;
    const step = g.steps.at(-1)!;
    assert.deepEqual(checkInvariants(s), [], `invariants after ${step.label}`);
    for (const p of s.players) {
      assert.ok(s.families[p]!.ecus >= 0, 'money never negative');
      assert.ok(s.families[p]!.reserve.sergeants >= 0 && s.families[p]!.reserve.knights >= 0, 'reserves never negative');
    }
    plays += (step.events as { t: string }[]).filter((e) => e.t === 'surprise').length;
    // Fog (§11.2): what p is shown never names a card in another's hand.
    const decisions = fief.decisions(g.state);
    for (const p of s.players) {
      const shown = [
        JSON.stringify(fief.view(g.state, p)),
        JSON.stringify(decisions.map((d) => ({ id: d.id, kind: d.kind, players: d.players, prompt: d.prompt, choices: d.choices, defaults: d.defaults }))),
        ...decisions.filter((d) => d.players.includes(p)).map((d) => JSON.stringify(fief.answerForm!(g.state, p, d.id, 'en'))),
        fief.report(g.state, step.events as never[], p, 'fr'), fief.report(g.state, step.events as never[], p, 'en'),
      ].join('\n');
      for (const q of s.players) if (q !== p) for (const card of s.hands[q]!) assert.ok(!names(shown, card), `${p} is shown ${q}’s ${card} at ${step.label}`);
      const view = fief.view(g.state, p) as unknown as { hands?: Record<string, unknown> };
      if (view.hands) for (const q of s.players) if (q !== p) assert.ok(!Array.isArray(view.hands[q]), `${p} sees only the count of ${q}’s hand`);
    }
  }
  assert.deepEqual(rejected, [], 'the bots give only answers the referee accepts');
  assert.equal(g.state.flow.stage, 'over');
  return { hashes: g.steps.map((x) => x.hash), plays, holds: g.state.flow.asked.hold ?? 0 };
}

test('property: random bot games with holds keep the invariants, are deterministic, and show no player another’s cards', { timeout: 600_000 }, () => {
  let plays = 0, holds = 0;
  fc.assert(fc.property(fc.integer({ min: 3, max: 6 }), fc.string({ minLength: 1, maxLength: 8 }), (players, seed) => {
    const x = play(players, `holds/${seed}`, 2);
    const y = play(players, `holds/${seed}`, 2);
    assert.deepEqual(x.hashes, y.hashes, 'the same seed and answers give the same game');
    plays += x.plays; holds += x.holds;
  }), { numRuns: 4, seed: 52 });
  assert.ok(holds > 0, 'holds were asked');
  assert.ok(plays > 0, 'the bots sometimes play a surprise card');
});
