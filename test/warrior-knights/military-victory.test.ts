/**
 * A scripted scene of the military victory (rules §1.3, §4 Upkeep step 1: a baron holding more than
 * half of the unrazed Kingdom cities wins at once), played through the prompt flow (index.ts
 * `decisions`/`validate`/`resolve`) as the site plays it. Given: 3 barons, 11 unrazed Kingdom cities
 * (6 needed); green already holds 5, and his noble green-circle stands next to the neutral city of
 * Tornay (strength 100). Turn 1: green plans a Military Operations card, moves into Tornay's region
 * and lays siege (§6.8); he buys off the revolts of his cities. Turn 2: another Military Operations
 * card completes the siege, he takes control of Tornay (#15): 6 cities, and the Upkeep's first step
 * ends the game with his military victory. Every other answer is the §9.2 default; the invariants
 * hold after each step. Then the bots: within reach of the victory, a bot's Military Operations
 * goes for a Kingdom city first (bot.ts `citiesShort`, `CONQUEST_REACH`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { createRng } from '../../src/engine/rng.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer, citiesShort } from '../../src/rulesets/warrior-knights/bot.ts';
import type { FlowEvent, WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { militaryVictor } from '../../src/rulesets/warrior-knights/rules/upkeep.ts';
import { cityIn } from '../../src/rulesets/warrior-knights/board.ts';
import type { CardAnswer } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { game, withPiles } from './fixture.ts';
import { revealNext } from '../../src/rulesets/warrior-knights/rules/action.ts';

await loadAllRulesets();

const HELD = ['saltmere', 'brenois', 'lisiere', 'quillan', 'fenestrelle'];

function scene(): WkGame {
  const s = game(['green', 'blue', 'red'], 'mv');
  for (const c of HELD) s.cities[c]!.controller = 'green';
  s.barons.green.crowns = 80; // enough to buy off the revolts of cities he does not stand in
  return { wk: s, flow: { seq: 0, pending: {}, asked: {}, maxTurns: 0, capped: false }, names: {} };
}

test('§1.3 a scripted military victory through the flow: siege in turn 1, Tornay taken in turn 2, the game over at the Upkeep', () => {
  let g = scene();
  assert.equal(citiesShort(g.wk, 'green'), 1, 'green needs one more city (6 of 11)');
  const script = (kind: string): unknown => {
    const turn = g.wk.turn;
    if (kind === 'plan-piles') return [[`green:military:${turn}`], [], []];
    if (kind === 'use-card') return turn === 1
      ? { use: true, moves: [{ noble: 'green-circle', kind: 'step', path: ['r3c0'] }], attack: { target: 'neutral', kind: 'siege', armies: ['green-circle'] } }
      : { use: true, attack: { target: 'neutral', kind: 'siege', armies: ['green-circle'] } };
    if (kind === 'city-captured') return 'control';
    if (kind === 'revolt') return Object.fromEntries(Object.values(g.wk.cities).filter((c) => c.controller === 'green').map((c) => [c.id, 'crowns']));
    return null;
  };
  const rng = createRng('mv', 'flow');
  const seen: FlowEvent[] = [];
  let lastEvents: FlowEvent[] = [];
  for (let i = 0; i < 300 && !rs.outcome(g); i++) {
    const [d] = rs.decisions(g);
    assert.ok(d, 'a question is open while the game runs');
    const subs = d!.players.map((p, k) => {
      const a = p === 'green' ? script(d!.kind) : null;
      const v = rs.validate(g, p, d!.id, a);
      assert.deepEqual(v.issues, [], `${p}'s answer to ${d!.kind} (turn ${g.wk.turn}) is accepted`);
      return { decision: d!.id, player: p, value: v.value, order: k };
    });
    const r = rs.resolve(g, subs, rng);
    g = r.state;
    assert.deepEqual(checkInvariants(g.wk), [], `invariants after ${d!.kind}`);
    seen.push(...r.events);
    lastEvents = r.events;
  }
  const started = seen.filter((e) => e.t === 'siege-started');
  assert.equal(started.length, 1, 'one siege laid');
  assert.ok(seen.some((e) => e.t === 'captured' && e.baron === 'green' && e.works.kind === 'city' && e.works.city === 'tornay' && e.how === 'control'), 'green takes control of Tornay by completing the siege');
  assert.deepEqual(rs.outcome(g), { finished: true, winners: ['green'], reason: 'military' }, 'the game is over: green\'s military victory');
  assert.equal(g.wk.turn, 2, 'in turn 2');
  assert.equal(militaryVictor(g.wk), 'green', 'he holds more than half of the unrazed Kingdom cities');
  assert.ok(lastEvents.some((e) => e.t === 'military-victory' && e.baron === 'green'), 'the Upkeep\'s step 1 told it in the last step');
  assert.equal(rs.finishingOrder!(g)[0]![0], 'green', 'green first in the finishing order');
  const fr = rs.report(g, lastEvents, 'blue', 'fr');
  const en = rs.report(g, lastEvents, 'blue', 'en');
  assert.match(fr, /s’empare du trône/, 'the other barons read it in French');
  assert.match(en, /seizes the throne/, 'and in English');
});

test('§1.3 the bots aim at the military victory: within reach, Military Operations goes for a Kingdom city first', () => {
  let cityFirst = 0, tries = 0, sieges = 0;
  for (let i = 0; i < 12; i++) {
    const s = game(['green', 'blue', 'red'], 'mv'); // the scene's board: Tornay neutral, the five cities unrazed
    for (const c of HELD) s.cities[c]!.controller = 'green';
    s.nobles['green-circle']!.location = { kind: 'region', region: 'r3c0' }; // beside Tornay, neutral
    const wk = revealNext(withPiles(s, [['green:military:1'], [], []]));
    const g: WkGame = { wk, flow: { seq: 0, pending: {}, asked: {}, maxTurns: 0, capped: false }, names: {} };
    const [d] = rs.decisions(g);
    assert.equal(d?.kind, 'use-card', 'green is asked about his card');
    const a = botAnswer(g, 'green', d!.id, createRng(`mv-bot-${i}`, 'bot')) as CardAnswer | null;
    tries++;
    assert.notEqual(rs.validate(g, 'green', d!.id, a).value, null, 'the bot\'s answer is accepted');
    const target = a && a.use && a.attack ? cityIn(a.moves?.length ? a.moves[0]!.path.at(-1)! : 'r3c0') : undefined;
    if (a && a.use && a.attack && target && !target.overseas) cityFirst++;
    if (a && a.use && a.attack?.kind === 'siege') sieges++;
  }
  assert.equal(cityFirst, tries, 'every time, the bot one city short attacks a Kingdom city');
  assert.equal(sieges, tries, 'by a siege, which no dice can lose, when it is strong enough');
  // far from it, the same bot does not always (its usual mix: strongholds, fights, steps)
  const far = game(['green', 'blue', 'red'], 'mv');
  assert.ok(citiesShort(far, 'green') > 2, 'a fresh game is far from the military victory');
});
