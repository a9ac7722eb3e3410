/**
 * The statistics hooks: the figures of a state (public renown, rank, territories; each lord's
 * treasury, knights, men and population) match the state, and the charts show the player's own
 * figures, everyone's public ones, and never another lord's private figure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replayStates, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import type { ChartDoc, StepStats } from '../../src/engine/ruleset.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import { lordColor } from '../../src/rulesets/gloire-et-pouvoir/colors.ts';
import { globalRenown } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import { gloireEtPouvoir as rs } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { PRIVATE_FIGURES, stats, statsCharts } from '../../src/rulesets/gloire-et-pouvoir/stats.ts';
import { avgHappiness } from '../../src/rulesets/gloire-et-pouvoir/view.ts';

const TURNS = 5;

/** A bot game on Scandinavia: every state from the setup on, and the game record. */
function botGame(): { states: GPState[]; game: GameRecord<GPState> } {
  let g = createGame(rs, { map: 'scandinavia', players: 10, config: { victories: { renown: false, conquest: false, alliance: false } } }, 'stats-1');
  const states = [g.state];
  for (let turn = 1; turn <= TURNS; turn++) {
    for (const d of rs.decisions(g.state)) {
      for (const p of d.players) g = submit(rs, g, p, d.id, botOrders(g.state, p, createRng(`bot/${turn}`, p))).game;
    }
    g = advance(rs, g, { useDefaults: true });
    states.push(g.state);
  }
  return { states, game: g };
}

const { states, game } = botGame();
const final = states[states.length - 1]!;
const history = states.map((s, i) => ({ label: i === 0 ? '' : game.steps[i - 1]!.label, stats: stats(s) }));
const players = rs.players(final);

const values = (c: ChartDoc): number[] => c.series.flatMap((s) => s.values.filter((v): v is number => v !== null));

test('stats: the figures of a state are the state\'s', () => {
  for (const s of states) {
    const st = stats(s);
    const avgH = avgHappiness(s);
    const living = Object.values(s.lords).filter((l) => l.alive).map((l) => l.id);
    assert.deepEqual(Object.keys(st.public.renown!).sort(), living.sort(), 'renown and rank of the living lords');
    for (const l of living) assert.equal(st.public.renown![l], Math.round(globalRenown(s, l, avgH) * 100) / 100);
    // Ranks 1…n, in decreasing renown.
    const byRank = living.slice().sort((a, b) => st.public.rank![a]! - st.public.rank![b]!);
    assert.deepEqual(byRank.map((l) => st.public.rank![l]), living.map((_, i) => i + 1));
    for (let i = 1; i < byRank.length; i++) assert.ok(globalRenown(s, byRank[i - 1]!, avgH) >= globalRenown(s, byRank[i]!, avgH));
    for (const l of Object.values(s.lords)) {
      const owned = Object.values(s.territories).filter((t) => t.owner === l.id);
      assert.equal(st.public.territories![l.id], owned.length);
      assert.deepEqual(st.private[l.id], {
        treasury: l.treasury,
        knights: Object.values(s.knights).filter((k) => k.lord === l.id).length,
        men: Object.values(s.armies).filter((a) => a.lord === l.id).reduce((x, a) => x + a.strength, 0),
        population: owned.reduce((x, t) => x + t.population, 0),
      });
    }
  }
  // The bots did something: figures move over the turns.
  assert.notDeepEqual(stats(states[0]!), stats(final));
});

test('statsCharts: the player\'s own charts, then everyone\'s, one point per turn, matching the state', () => {
  const charts = statsCharts(history, 'L1', 'fr', players);
  assert.deepEqual(charts.map((c) => c.id), ['my-renown', 'my-territories', 'my-treasury', 'my-men', 'my-knights', 'my-population', 'ranking', 'territories']);
  for (const c of charts) {
    assert.equal(c.labels.length, TURNS + 1);
    assert.ok(c.title.length > 0);
    for (const s of c.series) assert.equal(s.values.length, TURNS + 1, `${c.id}/${s.name}: one point per state`);
  }
  assert.deepEqual(charts[0]!.labels, ['début', 'tour 1', 'tour 2', 'tour 3', 'tour 4', 'tour 5']);
  const byId = (id: string) => charts.find((c) => c.id === id)!;
  const me = final.lords.L1!;
  assert.equal(byId('my-treasury').series[0]!.values.at(-1), me.treasury, 'the last treasury point is the lord\'s treasury');
  assert.equal(byId('my-treasury').series[0]!.values[0], states[0]!.lords.L1!.treasury);
  assert.equal(byId('my-territories').series[0]!.values.at(-1), Object.values(final.territories).filter((t) => t.owner === 'L1').length);
  assert.equal(byId('my-renown').series[0]!.values.at(-1), Math.round(globalRenown(final, 'L1', avgHappiness(final)) * 100) / 100);
  assert.deepEqual(byId('my-treasury').series.map((s) => [s.name, s.mine]), [[me.name, true]]);
  // The ranking: one series per lord, named, coloured, the player's own marked.
  const ranking = byId('ranking');
  assert.deepEqual(ranking.series.map((s) => s.name), players.map((p) => p.name));
  assert.deepEqual(ranking.series.filter((s) => s.mine).map((s) => s.name), [me.name]);
  assert.equal(new Set(ranking.series.map((s) => s.color)).size, players.length, 'distinct colours');
  assert.deepEqual(ranking.series.map((s) => s.color), players.map((p) => lordColor(p.id)), 'stable colours');
  for (const p of players) {
    const s = ranking.series.find((x) => x.name === p.name)!;
    assert.deepEqual(s.values, history.map((h) => h.stats.public.renown![p.id] ?? null));
  }
  // English titles and labels.
  const en = statsCharts(history, 'L1', 'en', players);
  assert.deepEqual(en[0]!.labels.slice(0, 2), ['start', 'turn 1']);
  assert.notEqual(en[0]!.title, charts[0]!.title);
});

test('statsCharts: never another lord\'s private figure; the public sees no private figure at all', () => {
  // Every private figure replaced by a unique marker number, to find it in any chart.
  const marker = (i: number) => 900_000_000 + i;
  let n = 0;
  const markers = new Map<string, Set<number>>();
  const marked = history.map((h) => {
    const priv: StepStats['private'] = {};
    for (const [lord, figs] of Object.entries(h.stats.private)) {
      priv[lord] = {};
      for (const f of PRIVATE_FIGURES) {
        const m = marker(n++);
        priv[lord]![f] = m;
        if (!markers.has(lord)) markers.set(lord, new Set());
        markers.get(lord)!.add(m);
        assert.ok(f in figs);
      }
    }
    return { label: h.label, stats: { public: h.stats.public, private: priv } };
  });
  for (const viewer of players.map((p) => p.id)) {
    const seen = new Set(statsCharts(marked, viewer, 'en', players).flatMap(values));
    for (const [lord, ms] of markers) {
      const found = [...ms].filter((m) => seen.has(m));
      if (lord === viewer) assert.equal(found.length, ms.size, 'all his own figures are charted');
      else assert.deepEqual(found, [], `${viewer} sees no private figure of ${lord}`);
    }
  }
  const pub = statsCharts(marked, null, 'en', players);
  assert.deepEqual(pub.map((c) => c.id), ['ranking', 'territories']);
  assert.ok(pub.every((c) => c.series.every((s) => !s.mine)));
  const seen = new Set(pub.flatMap(values));
  for (const ms of markers.values()) assert.deepEqual([...ms].filter((m) => seen.has(m)), []);
});

test('statsCharts: unknown points are gaps; a lord out of the game leaves the ranking', () => {
  const gappy = history.map((h, i) => (i === 2 ? { label: h.label, stats: { public: {}, private: {} } } : h));
  for (const c of statsCharts(gappy, 'L2', 'fr', players)) {
    for (const s of c.series) { assert.equal(s.values[2], null, `${c.id}: gap`); assert.equal(s.values.length, TURNS + 1); }
  }
  const s = structuredClone(final);
  s.lords.L3!.alive = false;
  const st = stats(s);
  assert.equal(st.public.renown!.L3, undefined);
  assert.equal(st.public.rank!.L3, undefined);
  assert.equal(Object.keys(st.public.rank!).length, players.length - 1);
});

test('replayStates: the engine yields every state of a replay with its recorded hash', () => {
  const seen = [...replayStates(rs, game)];
  assert.equal(seen.length, TURNS + 1);
  seen.forEach((x, i) => {
    assert.equal(x.index, i);
    assert.equal(x.hash, x.expected);
    assert.deepEqual(stats(x.state), history[i]!.stats);
  });
  assert.equal([...replayStates(rs, game, 2)].length, 3, 'up to step 2');
});
