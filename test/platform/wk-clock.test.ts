/**
 * Warrior Knights' consent requests on the owner's clock, on the platform and the real database
 * (§9.3: "the card owner's own deadline keeps running while his consent requests are pending (a
 * consent request's deadline is capped by the owner's remaining time, then defaults to deny)"):
 * a game of persons played by the bots' answers through the service and the turn job (a clock the
 * test moves) up to a Military Operations card whose owner can ask a consent; he takes 8 of his 10
 * live minutes and asks it; the request gets his 2 minutes left, not REPLY's 5, cannot be
 * extended, and left unanswered it runs his clock down: denied, his card comes back due at once
 * and falls to its default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testDb } from './util.ts';
import { addUser, gameRow, makeCtx, type Clock } from './games-fixtures.ts';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt, extendDeadline } from '../../src/platform/games/prompts.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { askOf, consentRequests, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { formOf } from '../../src/rulesets/warrior-knights/forms.ts';
import { actionCard } from '../../src/rulesets/warrior-knights/cards.ts';
import { DEFAULT_CONFIG } from '../../src/rulesets/warrior-knights/constants.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import type { CardAnswer } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { createRng } from '../../src/engine/rng.ts';

const MIN = 60_000;
const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** An answer of the card's form that asks another baron's consent, if any. */
function askingAnswer(g: WkGame, owner: BaronId): CardAnswer | null {
  const ask = askOf(g)!;
  const values = formOf(g, ask, owner, 'en').groups.flatMap((x) => x.entries).flatMap((e) => e.fields).flatMap((f) => (f.kind === 'choice' ? f.options.map((o) => o.value) : []));
  for (const v of values) {
    try { const a = JSON.parse(v) as CardAnswer; if (a && typeof a === 'object' && consentRequests(g.wk, owner, a).length) return a; } catch { /* not JSON */ }
  }
  return null;
}

test('§9.3 on the platform (postgres): a consent request lasts at most its owner\'s time left, is not extended, and runs his clock down', { timeout: 300_000 }, async () => {
  const db = await testDb('postgres');
  try {
    const clock: Clock = { now: new Date('2026-11-18T12:00:00Z') };
    const ctx = makeCtx(db, clock, 'wk-clock');
    const users = [await addUser(db, `wkc-a-${Date.now()}`), await addUser(db, `wkc-b-${Date.now()}`), await addUser(db, `wkc-c-${Date.now()}`)];
    const id = await games.create(ctx, {
      ruleset: 'warrior-knights', name: 'Horloge', options: {}, seed: 'wk-clock', hostUserId: users[0]!, seats: users.map((u, i) => ({ userId: u, lordName: ['Aude', 'Bérenger', 'Clothilde'][i]! })),
      prompts: { pace: 'live' },
    });
    const state = async (): Promise<WkGame> => parse<WkGame>((await gameRow(db, id)).state);
    const rng = createRng('wk-clock', 'bots');
    let g = await state();
    let found: { owner: BaronId; answer: CardAnswer } | null = null;
    for (let i = 0; i < 600 && !found; i++) {
      const ask = askOf(g)!;
      const [d] = rs.decisions(g);
      if (ask.kind === 'use-card' && actionCard(g.wk.current!).type === 'military') {
        const a = askingAnswer(g, ask.players[0]!);
        if (a) { found = { owner: ask.players[0]!, answer: a }; break; }
      }
      for (const p of d!.players) {
        const r = await answerPrompt(ctx, id, p, d!.id, botAnswer(g, p, d!.id, rng) ?? 'default');
        assert.ok(r.ok, `${d!.kind}: ${JSON.stringify(r.issues)}`);
      }
      assert.equal(await games.runDue(ctx), 1, `${d!.kind} resolved`);
      g = await state();
    }
    assert.ok(found, 'a Military Operations card whose owner can ask a consent was reached');
    const { owner, answer } = found!;
    const TURN = DEFAULT_CONFIG.deadlines.TURN.live, REPLY = DEFAULT_CONFIG.deadlines.REPLY.live;
    assert.ok(TURN > 3 && REPLY > 2, 'the classes leave room for the test');
    const card = rs.decisions(g)[0]!;
    assert.equal(card.clock, `${g.wk.turn}/${g.wk.current}`);
    assert.equal((await gameRow(db, id)).deadline!.getTime(), clock.now.getTime() + TURN * MIN, 'his card: a full TURN');
    // he takes all but 2 minutes of it, then asks
    clock.now = new Date(clock.now.getTime() + (TURN - 2) * MIN);
    const r = await answerPrompt(ctx, id, owner, card.id, answer);
    assert.ok(r.ok, JSON.stringify(r.issues));
    assert.equal(await games.runDue(ctx), 1);
    g = await state();
    const consent = rs.decisions(g)[0]!;
    assert.ok(consent.kind === 'passage-consent' || consent.kind === 'attack-consent', consent.kind);
    assert.equal(consent.charges, card.clock, 'charged to his card\'s clock');
    assert.equal(parse<Record<string, number>>((await gameRow(db, id)).clocks)[card.clock!], 2 * MIN, 'his 2 minutes left, kept');
    assert.equal((await gameRow(db, id)).deadline!.getTime(), clock.now.getTime() + 2 * MIN, `capped: 2 minutes, not REPLY's ${REPLY}`);
    // the barons asked may not extend it
    const before = (await gameRow(db, id)).deadline!.getTime();
    const e = await extendDeadline(ctx, id, consent.players[0]!);
    assert.equal(e.extended, false);
    assert.equal((await gameRow(db, id)).deadline!.getTime(), before);
    // nobody answers: denied at his time's end, which is then spent
    clock.now = new Date(before);
    assert.equal(await games.runDue(ctx), 1, 'the request defaults (deny)');
    g = await state();
    assert.equal(rs.decisions(g)[0]!.kind, 'use-card', 'the card goes back to him');
    assert.equal(parse<Record<string, number>>((await gameRow(db, id)).clocks)[card.clock!], 0, 'his clock is run down');
    assert.equal((await gameRow(db, id)).deadline!.getTime(), clock.now.getTime(), 'due at once');
    assert.equal(await games.runDue(ctx), 1, 'and falls to its default');
    g = await state();
    assert.notEqual(`${g.wk.turn}/${g.wk.current}`, card.clock, 'the card is resolved');
  } finally { await db.close(); }
});
