/**
 * The "Heir exchange" variant (rules §7.4, §9.2 #43; heirs.ts), a host option off by default: with
 * it off a seeded bot game runs exactly as before the variant existed (its state hash, the new
 * config key aside); with it on, offers accepted, declined and expired at the end of the turn, heirs
 * given back and executed, every refusal in French and English, a dead noble whose heir is held by
 * another baron staying off the board until it is given back, and bot games keeping the invariants.
 */
import { test } from 'node:test';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { advance, createGame, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import type { Validation } from '../../src/engine/ruleset.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { baronData, noble, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { killNoble } from '../../src/rulesets/warrior-knights/rules/death.ts';
import { endTurn, runArrival } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import { renderEvent } from '../../src/rulesets/warrior-knights/events.ts';
import { emptyTally, soakGame } from '../../scripts/wk-soak.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { askOf } from '../../src/rulesets/warrior-knights/flow.ts';

const ON = { options: { heirExchange: true } };

function game(config: unknown = ON, seed = 'heirs-1'): GameRecord<WkGame> {
  let g = createGame(rs, { players: 3, config }, seed);
  for (let i = 0; i < 60 && g.state.wk.stage !== 'planning'; i++) g = advance(rs, g, { useDefaults: true });
  assert.equal(g.state.wk.stage, 'planning', 'the setup is over');
  return g;
}

function refusal(v: Validation<unknown>, fr: RegExp, en: RegExp, what: string): void {
  assert.equal(v.value, null, `${what}: refused`);
  const t = v.issues[0]?.text;
  assert.ok(t && fr.test(t.fr) && en.test(t.en), `${what}: ${JSON.stringify(t)}`);
}

const act = (g: GameRecord<WkGame>, p: string, id: string, values: Record<string, string>) => takeAction(rs, g, p, { id, values });
const ok = (r: ReturnType<typeof act>): GameRecord<WkGame> => { assert.deepEqual(r.validation.issues, []); assert.deepEqual(checkInvariants(r.game.state.wk), []); return r.game; };

test('option off: a seeded bot game runs exactly as before the variant (same hash, the new config key aside); no heirs stored; heir actions refused in both languages', () => {
  const t = emptyTally();
  const g = soakGame(t, 3, 'heir-off-a', { maxSteps: 600 })!;
  const st = structuredClone(g.wk);
  assert.equal(st.config.options.heirExchange, false);
  delete (st.config.options as Record<string, unknown>).heirExchange;
  // and the keys of later options, off by default (free-motions.test.ts: the Free-form Personal Motions)
  delete (st.config.options as Record<string, unknown>).freeFormMotions;
  delete (st.config.assembly as Record<string, unknown>).freeLawMaxChars;
  delete (st.config.assembly as Record<string, unknown>).maxHouseLaws;
  // the later variants' keys too (Player elimination, off: elimination.test.ts proves the same)
  delete (st.config.options as Record<string, unknown>).playerElimination;
  delete (st.config as Record<string, unknown>).elimination;
  // computed with the code before heirs.ts existed (commit 52aa571), by the same soak game
  assert.equal(hashState(st), 'b986e80ee74710b73e9a8064289b9484fa73215f4b32b70925001fac2782c105');
  const off = game({});
  assert.equal(off.state.wk.heirs, undefined);
  const [a, b] = off.state.wk.players;
  assert.deepEqual(rs.freeActions!(off.state, a!, 'en').map((f) => f.id), ['give-crowns']);
  refusal(act(off, a!, 'heir-offer', { to: b!, give: `${a}-circle`, want: `${b}-circle` }).validation, /n’est pas en jeu/, /not in play/, 'option off');
  // an unknown action names what is possible in this game: crowns alone, or crowns and heirs
  refusal(act(off, a!, 'trade-city', {}).validation, /seul le don de couronnes/, /only giving crowns/, 'unknown, option off');
  const on = game();
  refusal(act(on, on.state.wk.players[0]!, 'trade-city', {}).validation, /échanger, rendre ou menacer des héritiers/, /exchange, return or threaten heirs/, 'unknown, option on');
});

test('offer and accept: the heirs and crowns change hands at once, publicly; decline leaves all as it was', () => {
  let g = game();
  const [a, b] = g.state.wk.players as BaronId[];
  assert.ok(Object.values(g.state.wk.heirs!).every((h) => h.holder !== null && !h.awaiting), 'each noble starts with his heir');
  assert.equal(g.state.wk.heirs![`${a}-circle`]!.holder, a);
  const crowns = { a: g.state.wk.barons[a!].crowns, b: g.state.wk.barons[b!].crowns };
  g = ok(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle`, giveCrowns: '2', want: `${b}-star` }));
  assert.equal(g.state.wk.heirOffers!.length, 1);
  const forms = rs.freeActions!(g.state, b!, 'fr').map((f) => f.id);
  assert.ok(forms.includes('heir-answer'), 'the receiver is offered an answer form');
  const r = act(g, b!, 'heir-answer', { offer: '1', answer: 'accept' });
  g = ok(r);
  const s = g.state.wk;
  assert.equal(s.heirs![`${a}-circle`]!.holder, b);
  assert.equal(s.heirs![`${b}-star`]!.holder, a);
  assert.equal(s.barons[a!].crowns, crowns.a - 2);
  assert.equal(s.barons[b!].crowns, crowns.b + 2);
  assert.deepEqual(s.heirOffers, []);
  const ev = r.game.steps.at(-1)!.events as Parameters<typeof renderEvent>[0][];
  assert.match(renderEvent(ev[0]!, 'fr'), /accepte l’offre n° 1/);
  assert.match(renderEvent(ev[0]!, 'en'), /accepts offer #1/);
  // decline
  g = ok(act(g, a!, 'heir-offer', { to: b!, wantCrowns: '1', give: `${b}-star` }));
  const before = structuredClone(g.state.wk.heirs);
  g = ok(act(g, b!, 'heir-answer', { offer: '2', answer: 'decline' }));
  assert.deepEqual(g.state.wk.heirs, before);
  assert.deepEqual(g.state.wk.heirOffers, []);
  refusal(act(g, b!, 'heir-answer', { offer: '2', answer: 'accept' }).validation, /Aucune offre/, /No open offer/, 'answered already');
  // the game page shows who holds which heir, to everyone (public [P])
  const page = rs.presentView!(g.state, null, 'en').sections.find((x) => x.title === 'Heirs');
  assert.ok(page && page.kind === 'table');
  assert.equal(page.rows.length, Object.keys(s.nobles).length);
  assert.ok(page.rows.some((r) => r[0] === noble(`${a}-circle`).name && r[2] === baronData(b!).name), 'A’s circle heir is shown with B');
  assert.equal(rs.presentView!(game({}).state, null, 'fr').sections.some((x) => x.title === 'Héritiers'), false, 'no heirs section with the option off');
});

test('refusals in both languages: self, an heir not held, nothing asked, too many crowns, a stale offer, a bad answer', () => {
  let g = game();
  const [a, b, c] = g.state.wk.players as BaronId[];
  refusal(act(g, a!, 'heir-offer', { to: a!, give: `${a}-circle`, want: `${a}-star` }).validation, /autre baron/, /other than yourself/, 'self');
  refusal(act(g, a!, 'heir-offer', { to: b!, give: `${c}-circle`, want: `${b}-star` }).validation, /ne détenez pas/, /do not hold/, 'not held');
  refusal(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle`, want: `${c}-star` }).validation, /ne détient pas/, /does not hold/, 'not theirs');
  refusal(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle` }).validation, /demande quelque chose/, /asks for something/, 'nothing asked');
  refusal(act(g, a!, 'heir-offer', { to: b!, giveCrowns: '999', want: `${b}-star` }).validation, /n’a que/, /has only/, 'too many crowns');
  refusal(act(g, a!, 'heir-offer', { to: b!, giveCrowns: '-1', want: `${b}-star` }).validation, /nombre entier/, /whole number/, 'bad amount');
  // with seats' names (a game on the site), the refusal names the baron as the pages do (barons.ts seatNamed)
  const named = { ...g, state: { ...g.state, names: { [a!]: 'Aude' } } };
  const v = rs.validateAction!(named.state, a!, { id: 'heir-offer', values: { to: b!, giveCrowns: '999', want: `${b}-star` } });
  assert.ok(v.issues[0]!.text!.fr.startsWith('Aude n’a que') && v.issues[0]!.text!.en.startsWith('Aude has only'), JSON.stringify(v.issues));
  g = ok(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle`, want: `${b}-star` }));
  refusal(act(g, b!, 'heir-answer', { offer: '1', answer: 'maybe' }).validation, /accepter/, /accept/, 'bad answer');
  refusal(act(g, c!, 'heir-answer', { offer: '1', answer: 'accept' }).validation, /Aucune offre/, /No open offer/, 'not addressed to him');
  // A gives the promised heir to C first: the offer is stale
  g = ok(act(g, a!, 'heir-offer', { to: c!, give: `${a}-circle`, wantCrowns: '1' }));
  g = ok(act(g, c!, 'heir-answer', { offer: '2', answer: 'accept' }));
  refusal(act(g, b!, 'heir-answer', { offer: '1', answer: 'accept' }).validation, /ne peut plus se faire/, /no longer be carried out/, 'stale');
});

test('offers expire at the end of the turn (§9.2 #43): gone from the state, told in the log, refused afterwards', () => {
  let g = game();
  const [a, b] = g.state.wk.players as BaronId[];
  g = ok(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle`, want: `${b}-star` }));
  const s = endTurn(structuredClone(g.state.wk));
  assert.deepEqual(s.heirOffers, []);
  const e = s.log.at(-1)!;
  assert.equal(e.t, 'heir-offers-expired');
  assert.match(renderEvent(e, 'fr'), /1 offre d’héritiers sans réponse/);
  assert.match(renderEvent(e, 'en'), /1 heir offer unanswered/);
  // an offer of an earlier turn cannot be accepted, even if still listed
  const later = { ...g.state, wk: { ...structuredClone(g.state.wk), turn: g.state.wk.turn + 1 } };
  refusal(rs.validateAction!(later, b!, { id: 'heir-answer', values: { offer: '1', answer: 'accept' } }), /expirer/, /expired/, 'expired');
});

test('give back and execute: holder only, an enemy noble’s heir; the line ends on execution', () => {
  let g = game();
  const [a, b] = g.state.wk.players as BaronId[];
  refusal(act(g, a!, 'heir-return', { heir: `${a}-circle` }).validation, /déjà auprès/, /already with its baron/, 'at home');
  refusal(act(g, a!, 'heir-execute', { heir: `${a}-circle` }).validation, /vos nobles/, /your own nobles/, 'own line');
  refusal(act(g, a!, 'heir-execute', { heir: `${b}-circle` }).validation, /ne détenez pas/, /do not hold/, 'not held');
  g = ok(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle`, give2: '', want: `${b}-star` }));
  g = ok(act(g, b!, 'heir-answer', { offer: '1', answer: 'accept' }));
  // B gives A's heir back
  g = ok(act(g, b!, 'heir-return', { heir: `${a}-circle` }));
  assert.equal(g.state.wk.heirs![`${a}-circle`]!.holder, a);
  // A executes B's heir he holds
  const r = act(g, a!, 'heir-execute', { heir: `${b}-star` });
  g = ok(r);
  assert.equal(g.state.wk.heirs![`${b}-star`]!.holder, null);
  assert.equal(g.state.wk.nobles[`${b}-star`]!.hasHeir, false);
  assert.match(renderEvent((r.game.steps.at(-1)!.events as Parameters<typeof renderEvent>[0][])[0]!, 'en'), /executed: his line ends/);
  refusal(act(g, a!, 'heir-execute', { heir: `${b}-star` }).validation, /est mort/, /is dead/, 'dead heir');
  refusal(act(g, a!, 'heir-offer', { to: b!, give: `${a}-circle`, want: `${b}-star` }).validation, /ne détient pas/, /does not hold/, 'a dead heir cannot be asked for');
});

test('a dead noble whose heir is held by another baron stays off the board at Upkeep, and enters at the Upkeep after it is given back', () => {
  const g = game();
  const [a, b] = g.state.wk.players as BaronId[];
  const s = structuredClone(g.state.wk);
  const n = Object.values(s.nobles).filter((x) => x.baron === a && x.location.kind !== 'off').sort((x, y) => y.troops.length - x.troops.length)[0]!;
  killNoble(s, n.id);
  assert.equal(s.nobles[n.id]!.location.kind, 'off');
  assert.ok(s.nobles[n.id]!.troops.length > 0, 'the heir keeps troops');
  assert.equal(s.heirs![n.id]!.awaiting, true);
  s.heirs![n.id]!.holder = b!;
  s.stage = 'upkeep'; s.step = 'U6';
  const held = runArrival(s);
  assert.ok(held.ok);
  assert.equal(held.ok && held.state.nobles[n.id]!.location.kind, 'off', 'held elsewhere: stays off');
  assert.equal(held.ok && held.state.heirs![n.id]!.awaiting, true);
  assert.deepEqual(held.ok && checkInvariants(held.state), []);
  // a redistribution from the waiting heir's army is refused
  const moved = runArrival(s, { [a!]: { redistribute: [{ from: n.id, to: Object.values(s.nobles).find((x) => x.baron === a && x.id !== n.id)!.id, cards: [s.nobles[n.id]!.troops[0]!] }] } });
  assert.equal(moved.ok, false);
  // given back: it enters at the next Upkeep
  const back = structuredClone(s);
  back.heirs![n.id]!.holder = a!;
  const r = runArrival(back);
  assert.ok(r.ok);
  assert.equal(r.ok && r.state.nobles[n.id]!.location.kind, 'region');
  assert.equal(r.ok && r.state.heirs![n.id]!.awaiting, false);
  // executed while waiting: §6.12 step 4 without an heir — regulars out, mercenaries to the deck
  const ex = { ...g.state, wk: structuredClone(s) };
  const dead = rs.act!(ex, b!, rs.validateAction!(ex, b!, { id: 'heir-execute', values: { heir: n.id } }).value, null as never).state.wk;
  assert.deepEqual(dead.nobles[n.id]!.troops, []);
  assert.deepEqual(checkInvariants(dead), []);
  const out = runArrival(dead);
  assert.equal(out.ok && out.state.nobles[n.id]!.location.kind, 'off', 'dead heir: stays off');
});

test('bot games with the option on keep every invariant and no bot heir action is refused', () => {
  const t = emptyTally();
  for (const [n, seed] of [[3, 'heir-on-a'], [5, 'heir-on-b']] as const) soakGame(t, n, seed, { heirs: true, maxSteps: 500 });
  assert.deepEqual(t.failures.filter((f) => !/not over/.test(f)), []);
  assert.ok((t.phases['heir-offered'] ?? 0) > 0, 'bots make offers');
  assert.ok((t.phases['heir-trade'] ?? 0) + (t.phases['heir-declined'] ?? 0) > 0, 'bots answer offers');
});

test('property: random sequences of heir actions by random barons keep every invariant, the crowns total and one heir per noble; refused ones change nothing', () => {
  const base = game();
  const players = base.state.wk.players as BaronId[];
  const nobles = Object.keys(base.state.wk.nobles);
  const total = (g: GameRecord<WkGame>) => players.reduce((m, b) => m + g.state.wk.barons[b].crowns, 0);
  const applied: Record<string, number> = {};
  // indices picked at run time among what the state offers (heirs held, offers made), so that most actions are legal
  const step = fc.record({
    who: fc.constantFrom(...players), to: fc.constantFrom(...players), kind: fc.constantFrom('heir-offer', 'heir-answer', 'heir-answer', 'heir-return', 'heir-execute'),
    give: fc.integer({ min: -1, max: 11 }), want: fc.integer({ min: -1, max: 11 }),
    giveCrowns: fc.integer({ min: 0, max: 4 }), wantCrowns: fc.integer({ min: 0, max: 4 }), offer: fc.nat(5), accept: fc.boolean(),
  });
  fc.assert(fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
    let g = base;
    const sum = total(g);
    for (const x of steps) {
      const s = g.state.wk;
      const heldBy = (b: BaronId) => nobles.filter((n) => s.heirs![n]!.holder === b);
      const pick = (xs: string[], i: number) => (i < 0 || xs.length === 0 ? '' : xs[i % xs.length]!);
      const mine = (s.heirOffers ?? []).filter((o) => o.to === x.who);
      const values: Record<string, string> = x.kind === 'heir-offer' ? { to: x.to, give: pick(heldBy(x.who), x.give), want: pick(heldBy(x.to), x.want), giveCrowns: String(x.giveCrowns), wantCrowns: String(x.wantCrowns) }
        : x.kind === 'heir-answer' ? { offer: String(mine.length ? mine[x.offer % mine.length]!.id : 1), answer: x.accept ? 'accept' : 'decline' }
        : { heir: pick(heldBy(x.who).filter((n) => s.nobles[n]!.baron !== x.who), Math.max(0, x.give)) || pick(heldBy(x.who), 0) || nobles[0]! };
      const r = act(g, x.who, x.kind, values);
      if (r.validation.value === null) { assert.equal(r.game, g, 'a refusal changes nothing'); continue; }
      g = r.game;
      applied[x.kind] = (applied[x.kind] ?? 0) + 1;
      assert.deepEqual(checkInvariants(g.state.wk), []);
      assert.equal(total(g), sum, 'crowns only change hands');
      assert.equal(Object.keys(g.state.wk.heirs!).length, nobles.length);
    }
  }), { numRuns: 100, seed: 43 });
  for (const k of ['heir-offer', 'heir-answer', 'heir-return', 'heir-execute']) assert.ok((applied[k] ?? 0) > 0, `some ${k} applied: ${JSON.stringify(applied)}`);
});

test('crowns moved during the Mercenary Draft that would unpay a pick already made are refused (gift or heir trade), in both languages; the game keeps its question', () => {
  const rng = createRng('heir-draft', 'bots');
  let g = rs.setup({ players: 3, config: ON }, rng);
  let found: { b: BaronId; to: BaronId } | null = null;
  for (let i = 0; i < 4000 && !rs.outcome(g) && !found; i++) {
    const pend = g.flow.pending.draft ?? {};
    const picker = Object.entries(pend).map(([pos, p]) => p && p.cards.length ? g.wk.track[Number(pos)] : null).find((b) => b && g.wk.barons[b].crowns > 0);
    if (askOf(g)?.kind === 'draft-pick' && picker) { found = { b: picker, to: g.wk.players.find((x) => x !== picker)! }; break; }
    const [d] = rs.decisions(g);
    const subs = d!.players.map((p, k) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: k }));
    g = rs.resolve(g, subs, rng).state;
  }
  assert.ok(found, 'a Draft with a pick already made is reached');
  const { b, to } = found;
  const all = String(g.wk.barons[b].crowns);
  refusal(rs.validateAction!(g, b, { id: 'give-crowns', values: { to, amount: all } }), /Recrutement/, /Draft/, 'a gift of all his crowns');
  // the offer moves nothing yet; its acceptance would
  const offer = rs.validateAction!(g, b, { id: 'heir-offer', values: { to, giveCrowns: all, want: `${to}-circle` } });
  assert.deepEqual(offer.issues, []);
  const o = rs.act!(g, b, offer.value, rng).state;
  refusal(rs.validateAction!(o, to, { id: 'heir-answer', values: { offer: String(o.wk.heirOfferSeq), answer: 'accept' } }), /Recrutement/, /Draft/, 'an heir trade paying all his crowns');
  assert.ok(askOf(o), 'the Draft question is still asked');
});
