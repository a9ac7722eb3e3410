/**
 * The bots answer from the game as it is when they answer, not from the question as it was opened:
 * a free action (here a trade) taken in between changes what the question offers, and the bot's
 * answer follows (bot.ts `botAnswer`: the question re-planned on the current state, every answer
 * checked by the referee's own check, chosen again or the default when it would be refused). And,
 * over random games where the bots take free actions between steps, the referee never refuses a
 * bot's answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswer } from '../../src/rulesets/fief/bot.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { getRuleset, loadAllRulesets, type RulesetEntry } from '../../src/rulesets/index.ts';
import { runSoak } from '../../src/soak/soak.ts';
import { station } from './arena.ts';
import { addLord } from './fixture.ts';
import { emptyBoard, freeAct, reply, scene } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('a trade between the opening of a ransom offer (#16) and the bot’s answer changes what the bot offers; the referee accepts it', () => {
  let a = '', b = '';
  const g0 = scene(4, '4.A', (s) => {
    emptyBoard(s);
    a = s.families.P2!.lords[0]!; b = addLord(s, 'P2');
    station(s, 'P3', 'BLAYE', 2, 0, [s.families.P3!.lords[0]!]);
    for (const id of [a, b]) { s.lords[id]!.prisonerOf = 'P3'; s.lords[id]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } }; }
    station(s, 'P2', 'TOURNUS', 1, 0);
    s.families.P2!.ecus = 20;
  });
  const ask = g0.flow.current!;
  assert.equal(ask.id, '4.A/P2/offer', 'P2’s ransom offer is open');
  assert.deepEqual(ask.ctx.k === 'ransom-offer' && ask.ctx.prisoners, [a, b], 'both prisoners offered when it opened');
  // A seed whose bot offers a ransom on the question as opened: for the first prisoner.
  let seed = '';
  for (let n = 0; n < 50 && !seed; n++) { const v = botAnswer(g0, 'P2', ask.id, createRng('now', `${n}`)) as { prisoners: string[] } | string; if (typeof v === 'object' && v) seed = `${n}`; }
  assert.ok(seed, 'a seed where the bot offers');
  const before = botAnswer(g0, 'P2', ask.id, createRng('now', seed)) as { prisoners: string[]; amount: number };
  assert.deepEqual(before.prisoners, [a], 'before the trade: the first prisoner');
  // The trade: P3 hands A back to P2 for 1 écu (a prisoner given to his owner is released, §11.6).
  let g = freeAct(g0, 'P3', 'offer', { to: 'P2', give_prisoner: a, ask_ecus: '1' }, 't1').g;
  const offer = (g as unknown as { free: { offers: { id: number }[] } }).free.offers[0]!.id;
  g = freeAct(g, 'P2', 'accept', { offer: String(offer) }, 't2').g;
  assert.equal(g.fief.lords[a]!.prisonerOf, null, 'A is free after the trade');
  assert.equal(g.flow.current!.id, ask.id, 'the same question is still open');
  assert.notEqual(fief.validate(g, 'P2', ask.id, before).issues.length, 0, 'the answer computed on the question as opened would now be refused');
  const after = botAnswer(g, 'P2', ask.id, createRng('now', seed)) as { prisoners: string[] } | string;
  assert.ok(typeof after === 'object' && after !== null, `still an offer: ${JSON.stringify(after)}`);
  assert.deepEqual((after as { prisoners: string[] }).prisoners, [b], 'after the trade: the prisoner still held');
  const v = fief.validate(g, 'P2', ask.id, after);
  assert.ok(v.value !== null && v.issues.length === 0, `the referee accepts it: ${JSON.stringify(v.issues)}`);
  // Every seed: the bot's answer is accepted (an offer for B, or none).
  for (let n = 0; n < 30; n++) {
    const x = botAnswer(g, 'P2', ask.id, createRng('every', `${n}`));
    const w = fief.validate(g, 'P2', ask.id, x);
    assert.ok(w.value !== null && w.issues.length === 0, `seed ${n}: ${JSON.stringify(x)} accepted (${JSON.stringify(w.issues)})`);
  }
  // The step runs with it.
  const r = reply(g, { P2: after });
  assert.notEqual(r.g.flow.current?.id, ask.id, 'the question was answered');
});

test('property: over random bot games with free actions between steps, the referee never refuses a bot’s answer', { timeout: 900_000 }, async () => {
  const base = getRuleset('fief') as RulesetEntry;
  const entry: RulesetEntry = { ...base, options: (x) => ({ ...(base.options(x) as object), config: { options: { relics: true } } }) }; // relics: more free actions
  const lines: string[] = [];
  const s = await runSoak({ entry, games: Number(process.env.FIEF_NOW_GAMES ?? 3), seed: 'bot-now', maxTurns: Number(process.env.FIEF_NOW_STEPS ?? 250), outDir: mkdtempSync(join(tmpdir(), 'fief-now-')), recheck: 0, out: (l) => lines.push(l) });
  assert.deepEqual(s.failures.map((f) => f.failure), [], lines.join('\n'));
  const acts = s.results.reduce((n, r) => n + Object.values(r.actions).reduce((x, y) => x + y, 0), 0);
  assert.ok(acts > 0, `the bots took free actions between the steps: ${acts}`);
  assert.equal(s.rejectedBotOrders, 0, `no bot answer refused: ${s.results.flatMap((r) => r.rejectedBotOrders).slice(0, 3).join(' | ')}`);
});
