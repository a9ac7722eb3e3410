/**
 * The demo's bots go for the human player (issue 13 §7: "bots in the G&P demo do attack"). In a
 * game like the demo (its map, its lords, the human seat sending nothing), the bots given the human
 * as prey declare war on him and attack his land within a few turns, on every seed tried, with
 * sheets the validator accepts whole and that never move a knight who attacks; without prey, the bots give exactly the orders they gave
 * before the option existed; and the referee's resolution turns the option on for demo games only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import type { Sheet } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import { relKey, type GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { DEMO_BOTS, DEMO_LORD, DEMO_MAP } from '../../src/platform/web/demo.ts';
import { demoBotOptions, resolveTask } from '../../src/platform/referee/tasks.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('gloire-et-pouvoir');
type Game = GameRecord<GPState>;

function demoGame(seed: string): { g: Game; human: string } {
  const g = createGame(entry.ruleset, entry.options({ map: DEMO_MAP, lords: [DEMO_LORD, ...DEMO_BOTS] }), seed) as Game;
  const human = Object.values(g.state.lords).find((l) => l.name === DEMO_LORD)!.id;
  return { g, human };
}

const landOf = (s: GPState, lord: string) => new Set(Object.values(s.territories).filter((t) => t.owner === lord).map((t) => t.id));

/** Plays `turns` turns (the human sends nothing); per turn, the bots' ATT orders on his land and the battles there. */
function play(seed: string, turns: number, prey: boolean): { attacks: number[]; battles: number[]; rejected: string[]; wars: number } {
  let { g, human } = demoGame(seed);
  const out = { attacks: [] as number[], battles: [] as number[], rejected: [] as string[], wars: 0 };
  for (let turn = 1; turn <= turns; turn++) {
    const land = landOf(g.state, human);
    const asked = entry.ruleset.decisions(g.state).flatMap((d) => d.players).filter((p) => p !== human).length;
    g = botAnswers(entry, g, out.rejected, { skip: [human], ...(prey ? { prey: [human] } : {}) }) as Game;
    assert.equal(g.pending.length, asked, 'every bot sheet passes the validator');
    for (const sub of g.pending) {
      const orders = (sub.value as Sheet).lines.map((l) => l.order);
      out.attacks.push(...orders.filter((o) => o.code === 'ATT' && land.has(o.territory)).map(() => turn));
      // A hunting knight that attacks follows his conquest: no MOV for him as well (the referee
      // would cancel it, a reason the bot knows).
      const attackers = new Set(orders.flatMap((o) => (o.code === 'ATT' ? [o.knight] : [])));
      assert.deepEqual(orders.filter((o) => o.code === 'MOV' && attackers.has(o.knight)), [], `turn ${turn}, ${sub.player}: MOV for a knight who attacks`);
      out.wars += orders.filter((o) => o.code === 'GUE' && o.lord === human).length;
    }
    g = advance(entry.ruleset, g, { useDefaults: true }) as Game;
    const events = g.steps.at(-1)!.events as GPEvent[];
    out.battles.push(...events.filter((e) => e.type === 'battle' && land.has(e.territory) && e.lord !== human).map(() => turn));
  }
  return out;
}

for (const seed of ['demo-1', 'demo-2', 'demo-3', 'demo-4']) {
  test(`demo bots attack the human lord's land within 6 turns (seed ${seed})`, () => {
    const on = play(seed, 6, true);
    assert.deepEqual(on.rejected, []);
    assert.ok(on.wars > 0, 'a bot declares war on him');
    assert.ok(on.attacks.length > 0, 'a bot orders an attack on his land');
    assert.ok(on.battles.length > 0, 'a battle is fought on his land');
  });
}

test('without the option, the bots leave the human alone as before (seed demo-1 and demo-2)', () => {
  for (const seed of ['demo-1', 'demo-2']) {
    const off = play(seed, 6, false);
    assert.deepEqual(off.rejected, []);
    assert.equal(off.attacks.length, 0);
  }
});

test('without prey, the bots give the orders they gave before the option existed (fixed seed)', () => {
  // The fingerprint of every bot sheet of six demo turns, taken from the bot before this option was
  // added. A deliberate change of the bot's play changes it: update it then, not otherwise.
  let { g, human } = demoGame('s1');
  const h = createHash('sha256');
  for (let turn = 1; turn <= 6; turn++) {
    for (const lord of Object.keys(g.state.lords).filter((l) => l !== human)) {
      const plain = botOrders(g.state, lord, createRng(g.seed, `bot/${g.steps.length + 1}/${lord}`));
      const noPrey = entry.bot!(g.state, lord, 'orders', createRng(g.seed, `bot/${g.steps.length + 1}/${lord}`), { prey: [] });
      assert.deepEqual(noPrey, plain);
      h.update(JSON.stringify(plain));
    }
    g = botAnswers(entry, g, undefined, { skip: [human] }) as Game;
    g = advance(entry.ruleset, g, { useDefaults: true }) as Game;
  }
  assert.equal(h.digest('hex').slice(0, 16), '0e462b900a4a316a');
});

test('a bot allied with the human spares him', () => {
  const { g, human } = demoGame('demo-3');
  // Every bot's lord-knight stands next to the human's land: at peace, some declare war on him.
  const near = structuredClone(g.state);
  const home = [...landOf(near, human)][0]!;
  const by = getMap(near.map).territories.find((t) => t.id === home)!.adjacent[0]!;
  for (const l of Object.values(near.lords)) if (l.id !== human) near.knights[l.lordKnight]!.location = by;
  const allied = structuredClone(near);
  for (const l of Object.keys(allied.lords)) if (l !== human) allied.relations[relKey(human, l)] = 'alliance';
  const hostile = (s: GPState) => Object.keys(s.lords).filter((l) => l !== human).flatMap((l) => [1, 2, 3].flatMap((turn) =>
    botOrders({ ...s, turn }, l, createRng(`t${turn}`, l), undefined, [human])))
    .filter((o) => (o.code === 'GUE' && o.lord === human) || (o.code === 'ATT' && landOf(s, human).has(o.territory)));
  assert.ok(hostile(near).length > 0, 'at peace, they go for him');
  assert.deepEqual(hostile(allied), []);
});

test('the referee turns the option on in demo games only, with the human seats as prey', () => {
  const seats = [{ player: 'L1', human: true, sentOrders: false, mailLang: null }, ...DEMO_BOTS.map((_, i) => ({ player: `L${i + 2}`, human: false, sentOrders: false, mailLang: null }))];
  assert.deepEqual(demoBotOptions(true, seats), { prey: ['L1'] });
  assert.equal(demoBotOptions(false, seats), undefined);
  // Play the demo game until a bot declares war on the human: the referee's bots do, in a demo only.
  let { g, human } = demoGame('demo-2');
  assert.equal(human, 'L1');
  const declared = (demo: boolean, rec: Game) => resolveTask({ gameId: 1, ruleset: entry.ruleset.id, record: rec, seats, caretaker: false, demo })
    .step.submissions.some((sub) => (sub.value as Sheet).lines.some((l) => l.order.code === 'GUE' && l.order.lord === human));
  let seen = false;
  for (let turn = 1; turn <= 6 && !seen; turn++) {
    if (declared(true, g)) { seen = true; assert.equal(declared(false, g), false, 'not outside a demo'); }
    else g = advance(entry.ruleset, botAnswers(entry, g, undefined, { skip: [human] }), { useDefaults: true }) as Game;
  }
  assert.ok(seen, 'a bot of the demo declares war on the human within 6 turns');
});
