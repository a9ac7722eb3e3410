/**
 * Crowns given at any time (§4.13, §9.1 item 7, §9.2 #42; free.ts) through the engine's free-action
 * contract (engine game.ts `takeAction`, `replay`): a gift during another baron's prompt moves the
 * crowns at once and tells every baron in French and English; each refusal with its message in both
 * languages; a game over refuses it; the form; the answers already given are checked again; a game
 * with gifts replays to the same hashes; the bots' gifts pass the referee.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botGifts, GIVE_CROWNS } from '../../src/rulesets/warrior-knights/free.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { baronData, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import type { Validation } from '../../src/engine/ruleset.ts';

const give = (to: string, amount: string | number) => ({ id: GIVE_CROWNS, values: { to, amount: String(amount) } });

/** A 3-baron game at the first question asked of one baron alone (S14, the stronghold: the others wait). */
function atStronghold(seed = 'free-1'): GameRecord<WkGame> {
  let g = createGame(rs, { players: 3 }, seed);
  for (let i = 0; i < 20 && rs.decisions(g.state)[0]?.kind !== 'place-stronghold'; i++) g = advance(rs, g, { useDefaults: true });
  assert.equal(rs.decisions(g.state)[0]?.kind, 'place-stronghold', 'S14 is asked');
  return g;
}

function refusal(v: Validation<unknown>, fr: RegExp, en: RegExp, what: string): void {
  assert.equal(v.value, null, `${what}: refused`);
  const t = v.issues[0]?.text;
  assert.ok(t && fr.test(t.fr) && en.test(t.en), `${what}: ${JSON.stringify(t)}`);
}

test('a baron gives crowns while another baron\'s prompt is open: at once, public, in both languages; the prompt stays open', () => {
  const g = atStronghold();
  const d = rs.decisions(g.state)[0]!;
  const asked = d.players[0] as BaronId;
  const giver = g.state.wk.players.find((b) => b !== asked)!;
  const before = { giver: g.state.wk.barons[giver].crowns, asked: g.state.wk.barons[asked].crowns };
  const r = takeAction(rs, g, giver, give(asked, 3));
  assert.deepEqual(r.validation.issues, []);
  const s = r.game.state.wk;
  assert.equal(s.barons[giver].crowns, before.giver - 3, 'the giver pays 3');
  assert.equal(s.barons[asked].crowns, before.asked + 3, 'the receiver gets 3');
  const step = r.game.steps.at(-1)!;
  assert.deepEqual(step.action, { player: giver, value: { to: asked, amount: 3 } }, 'recorded as a free action, known to everyone (no audience)');
  assert.deepEqual(step.events, [{ t: 'crowns-given', from: giver, to: asked, amount: 3 }]);
  assert.deepEqual(rs.decisions(r.game.state).map((x) => [x.id, x.players]), [[d.id, d.players]], 'the stronghold question is still open, to the same baron');
  for (const p of s.players) {
    const fr = rs.report(r.game.state, step.events as never, p, 'fr'), en = rs.report(r.game.state, step.events as never, p, 'en');
    assert.ok(fr.includes(`${baronData(giver).name} donne 3 couronnes à ${baronData(asked).name}.`), `${p} fr: ${fr}`);
    assert.ok(en.includes(`${baronData(giver).name} gives ${baronData(asked).name} 3 crowns.`), `${p} en: ${en}`);
  }
  // the asked baron still answers his question, and the game goes on
  const g2 = advance(rs, r.game, { useDefaults: true });
  assert.notEqual(rs.decisions(g2.state)[0]?.id, d.id, 'the question resolved');
});

test('the gift\'s sentence names giver, receiver and amount (1 crown / n crowns)', () => {
  const g = atStronghold();
  const [a, b, c] = g.state.wk.players;
  const r = takeAction(rs, g, a!, give(b!, 1));
  const ev = r.game.steps.at(-1)!.events as never;
  assert.equal(baronData(a!).name, 'Isolde de Lisvanne');
  assert.ok(rs.report(r.game.state, ev, c!, 'fr').includes('Isolde de Lisvanne donne 1 couronne à Malcolm Sablewood.'));
  assert.ok(rs.report(r.game.state, ev, c!, 'en').includes('Isolde de Lisvanne gives Malcolm Sablewood 1 crown.'));
});

test('refusals, each with its message in French and English; nothing changes', () => {
  const g = atStronghold();
  const s = g.state;
  const [me, blue] = s.wk.players as [BaronId, BaronId];
  const have = s.wk.barons[me].crowns;
  const cases: [string, { id: string; values: Record<string, string> }, string, RegExp, RegExp][] = [
    ['another action', { id: 'give-faith', values: { to: blue, amount: '1' } }, me, /seul le don de couronnes/, /only giving crowns/],
    ['an unknown receiver', give('purple', 1), me, /n’est pas dans la partie/, /not in the game/],
    ['no receiver', { id: GIVE_CROWNS, values: { amount: '1' } }, me, /n’est pas dans la partie/, /not in the game/],
    ['oneself', give(me, 1), me, /autre baron que vous-même/, /other than yourself/],
    ['zero', give(blue, 0), me, /au moins 1/, /at least 1/],
    ['negative', give(blue, -2), me, /au moins 1/, /at least 1/],
    ['a fraction', give(blue, '1.5'), me, /nombre entier/, /whole number/],
    ['not a number', give(blue, 'lots'), me, /nombre entier/, /whole number/],
    ['more than he holds', give(blue, have + 1), me, new RegExp(`que ${have} couronne`), new RegExp(`only ${have} crown`)],
    ['a player who is not a baron', give(blue, 1), 'GM', /Seul un baron/, /Only a baron/],
  ];
  for (const [what, a, who, fr, en] of cases) {
    refusal(rs.validateAction!(s, who, a), fr, en, what);
    const r = takeAction(rs, g, who, a);
    assert.equal(r.game, g, `${what}: the game is unchanged`);
  }
  assert.equal(rs.validateAction!(s, me, give(blue, have)).value !== null, true, 'all he holds is accepted');
});

test('a game over refuses a gift, and offers no form', () => {
  const g = atStronghold();
  const [green, blue] = g.state.wk.players as [BaronId, BaronId];
  const closed = rs.hostAct!(g.state, { kind: 'close' }, createRng('x', 'y')).state;
  refusal(rs.validateAction!(closed, green, give(blue, 1)), /partie est terminée/, /game is over/, 'closed by the host');
  assert.deepEqual(rs.freeActions!(closed, green, 'en'), []);
  const over = { ...g.state, wk: { ...g.state.wk, stage: 'over' as const } };
  refusal(rs.validateAction!(over, green, give(blue, 1)), /partie est terminée/, /game is over/, 'over by the rules');
  const capped = { ...g.state, flow: { ...g.state.flow, capped: true } };
  refusal(rs.validateAction!(capped, green, give(blue, 1)), /partie est terminée/, /game is over/, 'ended by its turn cap');
});

test('the form: the other barons by seat name and colour, 1 to what he holds; none without crowns', () => {
  const g = atStronghold();
  const [green, blue] = g.state.wk.players as [BaronId, BaronId];
  const [f] = rs.freeActions!(g.state, green, 'fr');
  assert.equal(f!.id, GIVE_CROWNS);
  assert.equal(f!.label, 'Donner des couronnes');
  const to = f!.fields.find((x) => x.name === 'to')!, amount = f!.fields.find((x) => x.name === 'amount')!;
  assert.deepEqual(to.kind === 'choice' && to.options.map((o) => o.value), g.state.wk.players.filter((b) => b !== green));
  assert.ok(to.kind === 'choice' && to.options.every((o) => / \((bleu|rouge|vert|jaune|noir|blanc|violet|orange)\)$/.test(o.label)), JSON.stringify(to));
  assert.deepEqual(amount.kind === 'integer' && [amount.min, amount.max], [1, g.state.wk.barons[green].crowns]);
  assert.equal(rs.freeActions!(g.state, green, 'en')[0]!.label, 'Give crowns');
  const poor = structuredClone(g.state); poor.wk.barons[green].crowns = 0;
  assert.deepEqual(rs.freeActions!(poor, green, 'en'), [], 'no crowns, no form');
  refusal(rs.validateAction!(poor, green, give(blue, 1)), /que 0 couronne/, /only 0 crown/, 'nothing to give');
});

test('answers already given are checked again after a gift (§9.1 item 7): an Expedition stake no longer covered is dropped', () => {
  // find an open #24 (invest) in a bot game, a baron's stake given, then the gift of all his crowns
  let g = createGame(rs, { players: 3 }, 'free-invest');
  const rng = createRng('free-invest', 'bots');
  for (let i = 0; i < 4000 && !(rs.decisions(g.state)[0]?.kind === 'invest'); i++) {
    const d = rs.decisions(g.state)[0]!;
    for (const p of d.players) g = submit(rs, g, p, d.id, botAnswer(g.state, p, d.id, rng)).game;
    g = advance(rs, g, { useDefaults: true });
  }
  const d = rs.decisions(g.state)[0]!;
  assert.equal(d.kind, 'invest', 'an Expedition asks for stakes');
  const b = (d.players as BaronId[]).find((p) => g.state.wk.barons[p].crowns >= 2)!;
  assert.ok(b, 'a baron with 2 crowns or more');
  const staked = submit(rs, g, b, d.id, { stake: 2 });
  assert.equal(staked.validation.value !== null && staked.validation.issues.length === 0, true, `a stake of 2 accepted: ${JSON.stringify(staked.validation.issues)}`);
  const other = g.state.wk.players.find((x) => x !== b)!;
  const all = g.state.wk.barons[b].crowns;
  const r = takeAction(rs, staked.game, b, give(other, all - 1));
  assert.deepEqual(r.validation.issues, []);
  assert.deepEqual(r.dropped.map((x) => x.player), [b], 'his stake of 2 with 1 crown left is dropped');
  const r2 = takeAction(rs, staked.game, b, give(other, 1));
  assert.deepEqual(r2.dropped, [], 'with 2 crowns left it stands');
});

test('a game with gifts replays to the same hashes; the same gifts give the same states', () => {
  let g = atStronghold('free-replay');
  const [green, blue, red] = g.state.wk.players as [BaronId, BaronId, BaronId];
  g = takeAction(rs, g, green, give(blue, 2)).game;
  g = advance(rs, g, { useDefaults: true });
  g = takeAction(rs, g, blue, give(red, 5)).game;
  g = takeAction(rs, g, red, give(green, 1)).game;
  for (let i = 0; i < 6; i++) g = advance(rs, g, { useDefaults: true });
  const r = replay(rs, g);
  assert.equal(r.ok, true, JSON.stringify(r.mismatches));
  assert.equal(g.steps.filter((x) => x.action).length, 3);
  let h = atStronghold('free-replay');
  h = takeAction(rs, h, green, give(blue, 2)).game;
  assert.equal(h.steps.at(-1)!.hash, g.steps[h.steps.length - 1]!.hash, 'deterministic');
  let k = atStronghold('free-replay');
  k = takeAction(rs, k, green, give(blue, 3)).game;
  assert.notEqual(k.steps.at(-1)!.hash, h.steps.at(-1)!.hash, 'another amount, another state');
});

test('bots: a card waiting for other barons\' consent (#6, #7) may bribe each of them with a crown', () => {
  let g = createGame(rs, { players: 4 }, 'free-bribe');
  const rng = createRng('free-bribe', 'bots');
  const consent = () => { const d = rs.decisions(g.state)[0]; return d && (d.kind === 'passage-consent' || d.kind === 'attack-consent') ? d : null; };
  for (let i = 0; i < 6000 && !(consent() && g.state.wk.barons[ownerOf(g.state)].crowns >= 4 + consent()!.players.length); i++) {
    const d = rs.decisions(g.state)[0]!;
    for (const p of d.players) g = submit(rs, g, p, d.id, botAnswer(g.state, p, d.id, rng)).game;
    g = advance(rs, g, { useDefaults: true });
  }
  const d = consent();
  assert.ok(d, 'a consent is asked for a bot\'s card');
  const owner = ownerOf(g.state);
  const bribes = Array.from({ length: 20 }, (_, i) => botGifts(g.state, owner, createRng(`bribe-${i}`, owner), 'spontaneous')).filter((x) => x.length);
  assert.ok(bribes.length > 0, 'now and then');
  for (const b of bribes) assert.deepEqual(b.map((a) => [a.values.to, a.values.amount]), d!.players.map((p) => [p, '1']), 'a crown to each baron asked');
  const r = takeAction(rs, g, owner, bribes[0]![0]!);
  assert.deepEqual(r.validation.issues, [], 'accepted while the consent question is open');
  assert.equal(rs.decisions(r.game.state)[0]!.id, d!.id, 'the consent question stays open');
});

function ownerOf(g: WkGame): BaronId {
  return g.wk.current!.split(':')[0] as BaronId;
}

test('bots: what they give passes the referee; nothing in answer to another\'s action', () => {
  const g = atStronghold();
  let any = 0;
  for (let i = 0; i < 400; i++) {
    for (const p of g.state.wk.players) {
      for (const a of botGifts(g.state, p, createRng(`b${i}`, p), 'spontaneous')) {
        any++;
        assert.equal(rs.validateAction!(g.state, p, a).value !== null, true, JSON.stringify(a));
      }
      assert.deepEqual(botGifts(g.state, p, createRng(`b${i}`, p), 'answer'), [], 'nothing in answer to another\'s action');
    }
  }
  assert.ok(any > 0, 'alms now and then (15 crowns each at the setup)');
});

test('the barons table and the gift form name each baron as the log does, beside the player who plays him', () => {
  const g = rs.setup({ players: 3, lords: ['Aude', 'Bérenger', 'Clothilde'] }, createRng('wk-names', 'setup'));
  const [a, b] = g.wk.players;
  const table = rs.presentView!(g, a!, 'fr').sections.find((x) => x.kind === 'table' && x.title === 'Barons') as { columns: string[]; rows: string[][] };
  assert.deepEqual(table.columns.slice(0, 2), ['Baron', 'Joueur']);
  assert.deepEqual(table.rows.map((r) => r.slice(0, 2)), g.wk.players.map((p) => [baronData(p).name, g.names[p]]));
  assert.deepEqual(g.wk.players.map((p) => g.names[p]), ['Aude', 'Bérenger', 'Clothilde'], 'the seats’ names, in seat order');
  const form = rs.freeActions!(g, a!, 'en')[0]!;
  const to = form.fields.find((f) => f.kind === 'choice')! as { options: { value: string; label: string }[] };
  assert.equal(to.options.find((o) => o.value === b)!.label, `${baronData(b!).name} — Bérenger (${baronData(b!).colour.en})`);
});
