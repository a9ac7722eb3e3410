/**
 * The statistics hooks of Adventurer Kings, a blind game (S8): the figures of a hand-built state
 * are exact; those of a bot game match its states; a player's charts hold his own kingdom's
 * private series only (even when the ruleset is handed everyone's figures); the public charts
 * hold no kingdom's private figure, only the number of Kings still in the game.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame } from '../../src/engine/game.ts';
import type { ChartDoc, StepStats } from '../../src/engine/ruleset.ts';
import { RULESETS, loadAllRulesets } from '../../src/rulesets/index.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { adventurerKings } from '../../src/rulesets/adventurer-kings/index.ts';
import { merit } from '../../src/rulesets/adventurer-kings/kingdom/offices.ts';
import type { AKState, Knowledge, OfficeId } from '../../src/rulesets/adventurer-kings/state.ts';
import { ALL, PRIVATE_FIGURES, stats, statsCharts } from '../../src/rulesets/adventurer-kings/stats.ts';
import { army, character, emptyState, kingdom, province, simulateBots } from './fixture.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const know = (provinces: Record<number, number>, sites: number[] = []): Knowledge => ({
  provinces: Object.fromEntries(Object.entries(provinces).map(([id, pct]) => [id, { pct, sites: [] }])),
  sites: Object.fromEntries(sites.map((id) => [id, { name: `Site${id}`, type: 'tower' }])),
  characters: {}, alignments: {},
});

/** Three kingdoms: 1 and 2 in the game, 3 eliminated. */
function handBuilt(): AKState {
  return emptyState({
    turn: 4,
    provinces: {
      101: province(101, { owner: 1, taxBase: 5, capitalOf: 1 }),
      102: province(102, { owner: 1, taxBase: 3 }),
      103: province(103, { owner: 1, taxBase: 0 }),
      104: province(104, { owner: 2, taxBase: 7 }),
      105: province(105, { owner: null, taxBase: 9 }),
      106: province(106, { owner: null, taxBase: 4, ruler: 50 }),
    },
    kingdoms: {
      1: kingdom(1, { treasury: 123, inventions: ['A', 'B', 'C'] }),
      2: kingdom(2, { treasury: 45, inventions: [] }),
      3: kingdom(3, { treasury: 0, eliminated: true }),
    },
    characters: {
      1: character(1, { role: 'King', kingdom: 1, merit: { Marshal: 3.5, Defender: 2 } }),
      10: character(10, { kingdom: 1, merit: { Chancellor: 4 } }),
      11: character(11, { kingdom: 1, alive: false, merit: { Priest: 8 }, meritLoss: { Priest: 2 }, deathCounted: true }),
      2: character(2, { role: 'King', kingdom: 2, merit: { Emperor: 99, Treasurer: 99, ArchMage: 1.25 } }),
      3: character(3, { role: 'King', kingdom: 3, alive: false }),
      50: character(50, { role: 'RulingHero', kingdom: null, merit: { Defender: 40 } }),
      51: character(51, { role: 'WanderingHero', kingdom: null }),
    },
    armies: {
      1: army(1, 'LE', { kingdom: 1 }),
      2: army(2, 'BO', { kingdom: 1, status: 'Led', leader: 1 }),
      3: army(3, 'LE', { kingdom: 2, province: 104 }),
      4: army(4, 'GA', { kingdom: null, status: 'Native', province: 106 }),
      5: army(5, 'LC', { kingdom: null, status: 'Mercenary', province: 105 }),
    },
    knowledge: {
      1: know({ 101: 100, 102: 100, 103: 40, 104: 1, 105: 0 }, [7, 8]),
      2: know({ 104: 100, 103: 0 }, []),
      3: know({}),
    },
  });
}

test('stats: the figures of a hand-built state are exact; only the count of Kings is public', () => {
  const st = stats(handBuilt());
  assert.deepEqual(st.public, { kings: { [ALL]: 2 } }, 'only the number of Kings still in the game is public');
  assert.deepEqual(st.private, {
    p1: { provinces: 3, tax: 8, treasury: 123, armies: 2, characters: 2, known: 4, explored: 2, sites: 2, merit: 3.5 + 2 + 4 + (8 - 2), discoveries: 3 },
    p2: { provinces: 1, tax: 7, treasury: 45, armies: 1, characters: 1, known: 1, explored: 1, sites: 0, merit: 1.25, discoveries: 0 },
    p3: { provinces: 0, tax: 0, treasury: 0, armies: 0, characters: 0, known: 0, explored: 0, sites: 0, merit: 0, discoveries: 0 },
  });
  assert.equal(adventurerKings.stats, stats, 'the ruleset has the hook');
  assert.equal(adventurerKings.statsCharts, statsCharts);
});

const { states } = simulateBots(3, 4, 'ak-stats');
/** The same game's initial state (simulateBots gives the states after each turn). */
const initial = createGame(RULESETS['adventurer-kings']!.ruleset, RULESETS['adventurer-kings']!.options({ players: 3 }), 'ak-stats').state as AKState;

test('stats: the figures of a bot game are its states\'', () => {
  assert.ok(states.length >= 3, 'a few turns played');
  const offices: OfficeId[] = ['Chancellor', 'Marshal', 'Admiral', 'Defender', 'Priest', 'ArchMage'];
  for (const s of states) {
    const st = stats(s);
    const cfg = resolveConfig(s.config).kingdom.offices;
    const ks = Object.values(s.kingdoms);
    assert.equal(st.public.kings![ALL], ks.filter((k) => !k.eliminated).length);
    assert.deepEqual(Object.keys(st.public), ['kings']);
    assert.deepEqual(Object.keys(st.private).sort(), ks.map((k) => k.player).sort());
    for (const k of ks) {
      const owned = Object.values(s.provinces).filter((p) => p.owner === k.id);
      const pcts = Object.values(s.knowledge[k.id]!.provinces).map((p) => p.pct);
      const mine = Object.values(s.characters).filter((c) => c.kingdom === k.id);
      const m = mine.reduce((x, c) => x + offices.reduce((y, o) => y + merit(s, cfg, c, o), 0), 0);
      assert.deepEqual(st.private[k.player], {
        provinces: owned.length,
        tax: owned.reduce((x, p) => x + p.taxBase, 0),
        treasury: k.treasury,
        armies: Object.values(s.armies).filter((a) => a.kingdom === k.id).length,
        characters: mine.filter((c) => c.alive).length,
        known: pcts.filter((p) => p > 0).length,
        explored: pcts.filter((p) => p >= 100).length,
        sites: Object.keys(s.knowledge[k.id]!.sites).length,
        merit: Math.round(m * 100) / 100,
        discoveries: k.inventions.length,
      });
      assert.ok(st.private[k.player]!.provinces >= 1 && st.private[k.player]!.armies >= 1 && st.private[k.player]!.known >= 1, 'a living kingdom has land, armies and knowledge');
    }
  }
});

/** The history of the bot game with every private figure replaced by a number found nowhere else. */
function markedHistory(): { history: { label: string; stats: StepStats }[]; marks: Record<string, number[]> } {
  const marks: Record<string, number[]> = {};
  let n = 0;
  const history = states.map((s, i) => {
    const st = stats(s);
    for (const [player, figs] of Object.entries(st.private)) {
      for (const f of Object.keys(figs)) { figs[f] = 900_000_000 + n; (marks[player] ??= []).push(900_000_000 + n); n++; }
    }
    return { label: `turn ${i + 1}`, stats: st };
  });
  return { history: [{ label: '', stats: stats(initial) }, ...history], marks };
}

const numbers = (charts: ChartDoc[]) => new Set(charts.flatMap((c) => c.series.flatMap((s) => s.values)));

test('statsCharts: a player sees his own series per figure and the public count; never another kingdom\'s figure', () => {
  const { history, marks } = markedHistory();
  // The initial state's figures are real ones: drop them from the checks by blanking its private part.
  history[0]!.stats = { public: history[0]!.stats.public, private: {} };
  const players = adventurerKings.players(states.at(-1)!);
  for (const lang of ['fr', 'en'] as const) {
    for (const { id: player, name } of players) {
      // Handed everyone's figures (the platform hands only his own): still only his own in the charts.
      const charts = statsCharts(history, player, lang, players);
      assert.deepEqual(charts.map((c) => c.id), [...PRIVATE_FIGURES.map((f) => `my-${f}`), 'kings']);
      const seen = numbers(charts);
      for (const [p, ms] of Object.entries(marks)) {
        if (p === player) assert.deepEqual(ms.filter((m) => !seen.has(m)), [], `${player} sees all his own figures`);
        else assert.deepEqual(ms.filter((m) => seen.has(m)), [], `${player} sees no figure of ${p}`);
      }
      for (const c of charts) {
        assert.equal(c.labels.length, history.length);
        assert.ok(c.title.length > 0);
        if (c.id === 'kings') continue;
        assert.equal(c.series.length, 1, `${c.id}: his series alone`);
        assert.equal(c.series[0]!.name, name);
        assert.equal(c.series[0]!.mine, true);
      }
      const treasury = charts.find((c) => c.id === 'my-treasury')!.series[0]!.values;
      const i = PRIVATE_FIGURES.indexOf('treasury');
      assert.equal(treasury.at(-1), marks[player]![(states.length - 1) * PRIVATE_FIGURES.length + i], 'the last point is the last turn\'s figure');
    }
  }
  const fr = statsCharts(history, players[0]!.id, 'fr', players);
  const en = statsCharts(history, players[0]!.id, 'en', players);
  assert.equal(fr[0]!.labels[0], 'début');
  assert.equal(fr[0]!.labels[1], 'année 1');
  assert.equal(en[0]!.labels[1], 'turn 1');
  assert.equal(fr.find((c) => c.id === 'my-treasury')!.title, 'Votre trésor (écus)');
  assert.equal(en.find((c) => c.id === 'my-treasury')!.title, 'Your treasury (écus)');
  assert.equal(fr.find((c) => c.id === 'kings')!.title, 'Les Rois encore en jeu');
  assert.equal(en.find((c) => c.id === 'kings')!.title, 'Kings still in the game');
});

test('statsCharts: the public charts hold no kingdom\'s private figure', () => {
  const { history, marks } = markedHistory();
  const players = adventurerKings.players(states.at(-1)!);
  for (const lang of ['fr', 'en'] as const) {
    const charts = statsCharts(history, null, lang, players);
    assert.deepEqual(charts.map((c) => c.id), ['kings']);
    const seen = numbers(charts);
    for (const ms of Object.values(marks)) assert.deepEqual(ms.filter((m) => seen.has(m)), []);
    const kings = charts[0]!;
    assert.equal(kings.series.length, 1);
    assert.ok(!kings.series[0]!.mine);
    assert.deepEqual(kings.series[0]!.values, history.map((h) => h.stats.public.kings![ALL]!));
    for (const p of players) assert.ok(!JSON.stringify(charts).includes(p.name), 'no King named in the public charts');
    // A player seated in another game (no figures of his own here) gets the public charts only.
    assert.deepEqual(statsCharts(history, 'nobody', lang, players).map((c) => c.id), ['kings']);
  }
});
