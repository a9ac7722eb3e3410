/**
 * The "Player elimination" variant (rules §7.4, [P G-A47]; rules/elimination.ts), a host option off
 * by default: with it off a seeded bot game whose strongholds fall runs exactly as before the
 * variant existed (its state hash, the new config keys aside); with it on, a stronghold captured
 * eliminates its baron (nobles off, cities neutral, cards out of the piles, zones and track, stakes
 * to the bank, the roles passed, the ransom per `elimination.ransomCity`), the thresholds use the
 * barons left, the flow never asks him again, his free actions are refused in French and English,
 * the last baron standing wins, the finishing order puts the eliminated last (latest first), the
 * same seed and answers give the same hash, and random games keep every invariant.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import type { FlowEvent, WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { baronCards } from '../../src/rulesets/warrior-knights/cards.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { renderEvent } from '../../src/rulesets/warrior-knights/events.ts';
import { draftShields, resolveWkConfig, zoneThreshold } from '../../src/rulesets/warrior-knights/constants.ts';
import { eliminate } from '../../src/rulesets/warrior-knights/rules/elimination.ts';
import { queueTriggers } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { proposalCard } from '../../src/rulesets/warrior-knights/proposal-cards.ts';
import { isMercenary } from '../../src/rulesets/warrior-knights/troops.ts';
import { emptyTally, soakGame } from '../../scripts/wk-soak.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';

const ON = { options: { playerElimination: true } };

interface Played { game: WkGame; steps: { before: WkGame; after: WkGame; events: FlowEvent[]; asked: BaronId[] }[] }

/** A bot game through the contract, invariants after every question, stopped by `stop` or at its end. */
function play(players: number, seed: string, config: unknown = ON, stop: (e: FlowEvent[], g: WkGame) => boolean = () => false, maxSteps = 20_000): Played {
  const rng = createRng(seed, 'bots');
  let g = rs.setup({ players, length: 8, config: config as Record<string, unknown> }, rng);
  const steps: Played['steps'] = [];
  for (let i = 0; i < maxSteps && !rs.outcome(g); i++) {
    const [d] = rs.decisions(g);
    assert.ok(d, `${seed}: something is asked at ${g.wk.step}`);
    const subs = d.players.map((p, k) => {
      const v = rs.validate(g, p, d.id, botAnswer(g, p, d.id, rng));
      assert.deepEqual(v.issues, [], `${seed}: the bot's ${d.kind} is accepted`);
      return { decision: d.id, player: p, value: v.value, order: k };
    });
    const r = rs.resolve(g, subs, rng);
    steps.push({ before: g, after: r.state, events: r.events, asked: d.players as BaronId[] });
    g = r.state;
    assert.deepEqual(checkInvariants(g.wk), [], `${seed}: invariants after step ${i}`);
    if (stop(r.events, g)) break;
  }
  return { game: g, steps };
}

const eliminatedIn = (e: FlowEvent[]) => e.find((x) => x.t === 'eliminated') as { baron: BaronId; by: BaronId } | undefined;

test('option off: a seeded bot game where strongholds fall runs exactly as before the variant (same hash, the new config keys aside)', () => {
  const t = emptyTally();
  const g = soakGame(t, 3, 'elim-off-a')!;
  assert.deepEqual(t.failures, []);
  assert.ok((t.phases['stronghold-fell'] ?? 0) > 0, 'strongholds fell in this game');
  const st = structuredClone(g.wk);
  assert.equal(st.config.options.playerElimination, false);
  assert.equal(st.config.elimination.ransomCity, false);
  assert.equal(st.eliminated, undefined);
  delete (st.config.options as Record<string, unknown>).playerElimination;
  delete (st.config as Record<string, unknown>).elimination;
  // and the other later variant's keys, off by default (free-motions.test.ts: the Free-form Personal Motions)
  delete (st.config.options as Record<string, unknown>).freeFormMotions;
  delete (st.config.assembly as Record<string, unknown>).freeLawMaxChars;
  delete (st.config.assembly as Record<string, unknown>).maxHouseLaws;
  // computed with the code before rules/elimination.ts existed (commit 9d22edb), by the same soak game
  assert.equal(hashState(st), '521e381c0ce180f3733d890734eefe595dc1f40b56eaa6f7e2883d041e926b0c');
});

test('a stronghold captured eliminates its baron: nobles off, cities neutral, cards gone, ransom in crowns only; the flow never asks him again; invariants hold to the end', () => {
  let hit: { before: WkGame; after: WkGame; events: FlowEvent[] } | null = null;
  const run = play(3, 'elim-on-a', ON, (e) => !!eliminatedIn(e));
  const last = run.steps.at(-1)!;
  if (eliminatedIn(last.events)) hit = last;
  assert.ok(hit, 'an elimination happened in this seeded game');
  const { baron: b, by } = eliminatedIn(hit.events)!;
  const s = hit.after.wk;
  assert.ok(!s.players.includes(b) && s.eliminated!.includes(b));
  assert.ok(Object.values(s.nobles).filter((n) => n.baron === b).every((n) => n.location.kind === 'off' && n.troops.length === 0), 'his nobles leave the board');
  assert.ok(Object.values(s.cities).every((c) => c.controller !== b), 'his cities are neutral');
  const had = Object.values(hit.before.wk.cities).filter((c) => c.controller === b && !c.razed).map((c) => c.id);
  for (const c of had) assert.ok(s.cities[c]!.controller === null || s.cities[c]!.razed, `${c} neutral`);
  const mine = new Set(baronCards(b));
  assert.ok(s.secret.piles.every((p) => p.every((c) => !mine.has(c))) && Object.values(s.zones).every((z) => z.every((c) => !mine.has(c))), 'his cards leave the piles and zones');
  assert.ok(!s.track.includes(b), 'his shields leave the track');
  assert.ok(Object.values(s.expeditions).every((e) => !e || e.stakes.every((x) => x.baron !== b)), 'his stakes go to the bank');
  assert.ok(s.chairman !== b && s.church !== b, 'the roles passed');
  // the thresholds with the barons left, checked at once: no zone left at 2N' cards without its phase waiting
  const phase = { taxes: 'taxation', wages: 'wages', assembly: 'assembly' } as const;
  for (const z of ['taxes', 'wages', 'assembly'] as const) assert.ok(s.zones[z].length < zoneThreshold(s.config, s.players.length) || s.pendingPhases.includes(phase[z]), `${z}: ${s.zones[z].length} cards, N = ${s.players.length}`);
  assert.ok(s.track.filter((x) => x !== null).length < draftShields(s.config, s.players.length) || s.pendingPhases.includes('draft'));
  assert.ok(s.outOfGame.filter((t) => t.startsWith(`${b}-`)).length > 0 && !Object.values(s.nobles).some((n) => n.troops.some((t) => t.startsWith(`${b}-`))), 'his regulars leave the game');
  // the ransom: half his crowns, no city (elimination.ransomCity false)
  const ransom = hit.events.find((e) => e.t === 'ransom') ?? run.steps.flatMap((x) => x.events).filter((e) => e.t === 'ransom').at(-1);
  assert.ok(ransom && ransom.t === 'ransom' && ransom.from === b && ransom.baron === by && ransom.city === null, 'the ransom is paid in crowns, no city');
  // the event in both languages
  const e = hit.events.find((x) => x.t === 'eliminated')!;
  assert.match(renderEvent(e, 'fr'), /est éliminé/);
  assert.match(renderEvent(e, 'en'), /is eliminated/);
  // the game goes on to its end without asking him anything
  let g = hit.after;
  const rng = createRng('elim-on-a-rest', 'bots');
  for (let i = 0; i < 20_000 && !rs.outcome(g); i++) {
    const [d] = rs.decisions(g);
    assert.ok(d);
    assert.ok(!d.players.includes(b), `${d.kind} is not asked of the eliminated baron`);
    const subs = d.players.map((p, k) => ({ decision: d.id, player: p, value: rs.validate(g, p, d.id, botAnswer(g, p, d.id, rng)).value, order: k }));
    g = rs.resolve(g, subs, rng).state;
    assert.deepEqual(checkInvariants(g.wk), []);
  }
  const o = rs.outcome(g);
  assert.ok(o?.finished);
  // the finishing order: every seat once, the eliminated last
  const order = rs.finishingOrder!(g).flat();
  assert.deepEqual([...order].sort(), rs.players(g).map((p) => p.id).sort());
  assert.equal(order.at(-1), g.wk.eliminated!.at(0), 'the first eliminated is last');
  // the table shows him as eliminated
  const fr = rs.presentView!(g, null, 'fr').sections[0]!;
  assert.ok(JSON.stringify(fr).includes('(éliminé)'));
  assert.ok(JSON.stringify(rs.presentView!(g, null, 'en').sections[0]).includes('(eliminated)'));
});

test('the ransom city first when elimination.ransomCity is on: the loser gives a city, then the rest become neutral', () => {
  const cfg = { options: { playerElimination: true }, elimination: { ransomCity: true } };
  const run = play(4, 'elim-rc-a', cfg, (e) => !!eliminatedIn(e));
  const last = run.steps.at(-1)!;
  const el = eliminatedIn(last.events);
  assert.ok(el, 'an elimination happened in this seeded game');
  const ransom = run.steps.flatMap((x) => x.events).filter((e) => e.t === 'ransom').at(-1);
  assert.ok(ransom && ransom.t === 'ransom' && ransom.from === el.baron && ransom.city !== null, 'a ransom city was named');
  const c = last.after.wk.cities[ransom.city!]!;
  assert.ok(c.controller === el.by || c.razed, 'the ransom city went to the conqueror (or was razed)');
  assert.ok(Object.values(last.after.wk.cities).every((x) => x.controller !== el.baron), 'the rest became neutral');
});

/** A mid-game state of 3 barons in the action phase, the victim holding both roles and things everywhere. */
function scene(): { s: WkState; victim: BaronId; others: BaronId[] } {
  let g = rs.setup({ players: 3, config: ON }, createRng('elim-scene', 'bots'));
  const rng = createRng('elim-scene-bots', 'bots');
  for (let i = 0; i < 400 && !(g.wk.stage === 'action' && g.wk.secret.piles.some((p) => p.length > 2)); i++) {
    const [d] = rs.decisions(g);
    g = rs.resolve(g, d!.players.map((p, k) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: k })), rng).state;
  }
  const s = structuredClone(g.wk);
  const [victim, ...others] = s.players as BaronId[];
  s.chairman = victim!; s.church = victim!;
  s.barons[others[0]!].votes = 5; s.barons[others[1]!].votes = 2;
  s.barons[others[0]!].faith = 1; s.barons[others[1]!].faith = 4;
  // a card of his in a zone, a shield on the track, a stake, a Title
  const card = s.barons[victim!].hand.pop()!;
  s.zones.taxes.push(card);
  s.track[0] = victim!; s.barons[victim!].shields--;
  s.expeditions.china = { space: 1, blessed: false, stakes: [{ baron: victim!, crowns: 3 }, { baron: others[0]!, crowns: 2 }] };
  const title = s.secret.proposalDeck.find((c) => proposalCard(c).type === 'title')!;
  s.secret.proposalDeck = s.secret.proposalDeck.filter((c) => c !== title);
  s.barons[victim!].titles.push(title);
  assert.deepEqual(checkInvariants(s), []);
  return { s, victim: victim!, others: others as BaronId[] };
}

test('elimination (scene): the roles pass to the most votes / the most Faith, cards leave piles, zones and the track, stakes go to the bank, cities neutral, nobles off', () => {
  const { s, victim, others } = scene();
  const city = Object.values(s.cities).find((c) => !c.razed)!;
  city.controller = victim; city.fortified = true; s.barons[victim].controlMarkers--;
  const onBoard = Object.values(s.nobles).filter((n) => n.baron === victim && n.location.kind !== 'off');
  assert.ok(onBoard.length > 0, 'his nobles are on the board');
  const mercs = onBoard.flatMap((n) => n.troops).filter(isMercenary);
  const inPiles = s.secret.piles.flat().filter((c) => c.startsWith(`${victim}:`)).length;
  assert.ok(inPiles > 0, 'he has cards on the piles');
  eliminate(s, victim, others[0]!, 'test/elim');
  assert.deepEqual(checkInvariants(s), []);
  assert.deepEqual(s.players, others);
  assert.equal(s.chairman, others[0], 'the Chairman to the most votes');
  assert.equal(s.church, others[1], 'the Church Support to the most Faith');
  assert.equal(s.cities[city.id]!.controller, null);
  assert.equal(s.cities[city.id]!.fortified, false, 'a neutral city is not fortified (§6.10)');
  assert.ok(Object.values(s.nobles).filter((n) => n.baron === victim).every((n) => n.location.kind === 'off'));
  for (const m of mercs) assert.ok(s.secret.mercenaryDeck.includes(m), `${m} back in the Mercenary deck`);
  assert.ok(!s.secret.piles.flat().some((c) => c.startsWith(`${victim}:`)), `his ${inPiles} pile cards removed`);
  assert.ok(!s.zones.taxes.some((c) => c.startsWith(`${victim}:`)));
  assert.equal(s.track[0], null);
  assert.deepEqual(s.expeditions.china!.stakes, [{ baron: others[0], crowns: 2 }], 'his stake goes to the bank');
  assert.deepEqual(s.barons[victim].titles, []);
  assert.ok(s.proposalDiscard.some((c) => proposalCard(c).type === 'title'), 'his Title is discarded');
  assert.ok(s.log.some((e) => e.t === 'eliminated' && e.baron === victim));
  assert.ok(s.log.some((e) => e.t === 'chairman' && e.baron === others[0]) && s.log.some((e) => e.t === 'church' && e.baron === others[1]));
});

test('elimination (scene): ties for a role broken by the seeded stream, the same each time; thresholds use the barons left', () => {
  const pick = () => { const { s, victim, others } = scene(); s.barons[others[0]!].votes = 3; s.barons[others[1]!].votes = 3; eliminate(s, victim, others[0]!, 'test/tie'); return { s, others }; };
  const a = pick(), b = pick();
  assert.ok(a.others.includes(a.s.chairman));
  assert.equal(a.s.chairman, b.s.chairman, 'same seed, same draw');
  assert.equal(hashState(a.s), hashState(b.s));
  // N = 2 now: a zone fires at 2 × 2 cards, the Draft at 2 + 1 shields
  const { s } = a;
  assert.equal(zoneThreshold(s.config, s.players.length), 4);
  assert.equal(draftShields(s.config, s.players.length), 3);
  const spare = s.barons[s.players[0]!].hand.slice(0, 4);
  s.barons[s.players[0]!].hand = s.barons[s.players[0]!].hand.filter((c) => !spare.includes(c));
  s.zones.wages = [...spare];
  s.pendingPhases = [];
  queueTriggers(s);
  assert.ok(s.pendingPhases.includes('wages'), '4 cards fire Wages with 2 barons left (it took 6 with 3)');
});

test('the eliminated baron takes no free action and receives no crowns, in French and English', () => {
  const { s, victim, others } = scene();
  eliminate(s, victim, others[0]!, 'test/free');
  const g: WkGame = { wk: s, flow: { seq: 0, pending: {}, asked: {}, maxTurns: 0, capped: false }, names: {} };
  assert.deepEqual(rs.freeActions!(g, victim, 'fr'), []);
  const v = rs.validateAction!(g, victim, { id: 'give-crowns', values: { to: others[0]!, amount: '1' } });
  assert.equal(v.value, null);
  assert.match(v.issues[0]!.text!.fr, /Vous êtes éliminé/);
  assert.match(v.issues[0]!.text!.en, /You are eliminated/);
  const w = rs.validateAction!(g, others[0]!, { id: 'give-crowns', values: { to: victim, amount: '1' } });
  assert.equal(w.value, null);
  assert.match(w.issues[0]!.text!.fr, /Ce baron est éliminé/);
  assert.match(w.issues[0]!.text!.en, /That baron is eliminated/);
  // the heirs' actions too, with Heir exchange on
  const h = structuredClone(s);
  h.config.options.heirExchange = true;
  const v2 = rs.validateAction!({ ...g, wk: h }, victim, { id: 'heir-execute', values: {} });
  assert.equal(v2.value, null);
  assert.match(v2.issues[0]!.text!.en, /You are eliminated/);
});

test('the last baron standing wins at once; finishing order: winner, then the latest eliminated first', () => {
  const { s, victim, others } = scene();
  eliminate(s, victim, others[0]!, 'test/last-1');
  assert.equal(s.stage, 'action');
  eliminate(s, others[1]!, others[0]!, 'test/last-2');
  assert.equal(s.stage, 'over');
  assert.equal(s.winner, others[0]);
  assert.ok(s.log.some((e) => e.t === 'last-standing' && e.baron === others[0]));
  assert.deepEqual(checkInvariants(s), []);
  const g: WkGame = { wk: s, flow: { seq: 0, pending: {}, asked: {}, maxTurns: 0, capped: false }, names: {} };
  const o = rs.outcome(g)!;
  assert.deepEqual(o.winners, [others[0]]);
  assert.equal(o.reason, 'last-standing');
  assert.deepEqual(rs.finishingOrder!(g), [[others[0]], [others[1]], [victim]]);
  assert.deepEqual(rs.decisions(g), []);
  const e = s.log.find((x) => x.t === 'last-standing')!;
  assert.match(renderEvent(e, 'fr'), /dernier baron/);
  assert.match(renderEvent(e, 'en'), /last baron standing/);
});

test('a 2-baron bot game with elimination on can end by the last baron standing; same seed and answers, same hash', () => {
  const seeds = ['elim-two-a', 'elim-two-b', 'elim-two-c', 'elim-two-d', 'elim-two-e', 'elim-two-f'];
  let seen = false;
  for (const seed of seeds) {
    const a = play(2, seed);
    const o = rs.outcome(a.game);
    assert.ok(o?.finished, `${seed} ends`);
    if (o.reason !== 'last-standing') continue;
    seen = true;
    assert.equal(a.game.wk.players.length, 1);
    assert.deepEqual(o.winners, a.game.wk.players);
    const b = play(2, seed);
    assert.equal(hashState(b.game), hashState(a.game), 'deterministic');
    break;
  }
  assert.ok(seen, 'one of the seeded 2-baron games ended by elimination');
});

test('property: random bot games with elimination on keep every invariant (checked after each question)', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.string({ minLength: 1, maxLength: 6 }), (n, seed) => {
    play(n, `elim-prop-${seed}`, ON, () => false, 700);
  }), { numRuns: 6 });
});

test('soak (scripts/wk-soak.ts --elimination): bot games with gifts, no invariant broken, no bot answer refused, eliminations counted', () => {
  const t = emptyTally();
  for (const [n, seed] of [[3, 'elim-soak-1'], [4, 'elim-soak-2']] as const) soakGame(t, n, seed, { elimination: true });
  assert.deepEqual(t.failures, []);
  assert.equal(t.games, 2);
  assert.ok((t.phases.eliminated ?? 0) > 0, `an elimination (${JSON.stringify(t.phases)})`);
});

test('resolveWkConfig: the option and its constant are bounded booleans', () => {
  assert.equal(resolveWkConfig({ options: { playerElimination: true } }).options.playerElimination, true);
  assert.throws(() => resolveWkConfig({ options: { playerElimination: 3 } }));
  assert.throws(() => resolveWkConfig({ elimination: { ransomCity: 'yes' } }));
});
