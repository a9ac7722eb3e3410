/**
 * A stored answer told back in words (describe.ts, index.ts `describeAnswer`, issue 21): over a bot
 * game, every choice of every guided form and every bot answer, once validated, is described in
 * French and English with names, never ids or JSON; each form kind gives its own sentence (exact
 * texts for the planning piles, the consent, the votes); and a description is the same when what
 * the baron may not know (the decks, the other barons' plans and troop assignments, the other
 * side's Fate draw) is scrambled (§9.4, fog).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formLine, type FormEntry, type Lang } from '../../src/engine/ruleset.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { createRng } from '../../src/engine/rng.ts';
import { cardName } from '../../src/rulesets/warrior-knights/events.ts';

/** Every line an entry's choices make: each option of each field, the other fields at their first option. */
function lines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.max ?? f.min ?? 0) : 'x';
  const out = new Set<string>();
  for (const f of e.fields) {
    const values = f.kind === 'choice' ? f.options.map((o) => o.value) : f.kind === 'integer' ? [String(f.min ?? 0), String(f.max ?? 0)] : [];
    for (const v of values) { const l = formLine(e, { ...first, [f.name]: v }); if (l !== null) out.add(l); }
  }
  return [...out];
}

/** What no description may show: an id (cards, troops, nobles, proposals), JSON, an unfilled {slot}. */
const RAW = /merc-|-reg-|proposal:|neutral:|[a-z]+:[a-z-]+:\d|\b(green|blue|red|yellow|black|violet)-(square|circle|triangle|star)\b|[{}[\]"]|undefined|null|NaN/;

/** The state with what baron `b` may not know scrambled (his own secret answers kept). */
function scrambled(g: WkGame, b: BaronId): WkGame {
  const s = structuredClone(g.wk);
  const sec = s.secret;
  sec.seed = 'another seed';
  for (const k of ['fateDeck', 'mercenaryDeck', 'eventDeck', 'proposalDeck'] as const) sec[k] = [...sec[k]].reverse();
  sec.piles = sec.piles.map((p) => [...p].reverse()).reverse();
  for (const p of s.players) if (p !== b) {
    if (sec.plans[p]) sec.plans[p] = [[...s.barons[b].hand], [], []];
    if (sec.troopAssignments[p]) sec.troopAssignments[p] = {};
  }
  if (sec.combatDraws && s.combat) {
    const mine = s.combat.attacker === b ? 'attacker' : s.combat.defender === b ? 'defender' : null;
    for (const side of ['attacker', 'defender'] as const) if (side !== mine && sec.combatDraws[side]) sec.combatDraws[side] = [...sec.fateDeck.slice(0, sec.combatDraws[side]!.length)];
  }
  return { ...g, wk: s };
}

const kinds = new Map<string, number>();
const samples: string[] = [];

test('every form choice and bot answer is told in words, FR and EN, the same with what the baron may not know scrambled', () => {
  const rng = createRng('wk-describe', 'bots');
  let g: WkGame = rs.setup({ players: 3, length: 8, maxTurns: 5 }, rng);
  const bad: string[] = [];
  for (let steps = 0; steps < 3000 && !rs.outcome(g); steps++) {
    const [d] = rs.decisions(g);
    assert.ok(d, 'a question is open');
    if ((kinds.get(d!.kind) ?? 0) < 6) {
      for (const p of d!.players) {
        const answers: unknown[] = [botAnswer(g, p, d!.id, createRng('wk-describe', `probe/${steps}/${p}`)), 'default'];
        for (const e of rs.answerForm!(g, p, d!.id, 'en').groups.flatMap((x) => x.entries)) answers.push(...lines(e).slice(0, 8));
        for (const c of d!.choices ?? []) answers.push(c.value);
        const fogged = scrambled(g, p as BaronId);
        for (const a of answers) {
          const v = rs.validate(g, p, d!.id, a);
          if (v.value === null || v.issues.length) continue;
          for (const lang of ['fr', 'en'] as Lang[]) {
            const words = rs.describeAnswer!(g, p, d!.id, v.value, lang);
            if (words === null || !words.trim() || RAW.test(words)) bad.push(`${d!.kind} ${lang} ${JSON.stringify(v.value)} → ${words}`);
            const again = rs.describeAnswer!(fogged, p, d!.id, v.value, lang);
            if (again !== words) bad.push(`${d!.kind}: the words depend on hidden state: «${words}» vs «${again}»`);
          }
          kinds.set(d!.kind, (kinds.get(d!.kind) ?? 0) + 1);
          if (samples.length < 400) samples.push(`${d!.kind}: ${rs.describeAnswer!(g, p, d!.id, v.value, 'fr')}`);
        }
      }
    }
    const subs = d!.players.map((p, i) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  assert.deepEqual(bad.slice(0, 10), [], `${bad.length} answers badly told`);
  for (const k of ['assign-troops', 'place-stronghold', 'place-noble', 'plan-piles', 'use-card', 'pay-wages', 'draft-pick', 'commit-votes', 'declare-vote', 'order-of-business'])
    assert.ok(kinds.has(k), `${k} reached (${[...kinds.keys()].join(', ')})`);
});

test('the answer of another question, or of a baron not asked, is not described (the platform shows its text)', () => {
  const g = rs.setup({ players: 3, length: 8 }, createRng('wk-describe-none', 'x'));
  const [d] = rs.decisions(g);
  const outsider = g.wk.players.find((p) => !d!.players.includes(p));
  assert.equal(rs.describeAnswer!(g, d!.players[0]!, 'no-such-question', 'default', 'fr'), null);
  if (outsider) assert.equal(rs.describeAnswer!(g, outsider, d!.id, 'default', 'fr'), null);
});

/** Plays bot answers until a question of `kind` is open. */
function reach(seed: string, kind: string, players = 3): WkGame {
  const rng = createRng(seed, 'bots');
  let g: WkGame = rs.setup({ players, length: 8 }, rng);
  for (let steps = 0; steps < 3000 && rs.decisions(g)[0]?.kind !== kind; steps++) {
    const [d] = rs.decisions(g);
    if (!d) break;
    const subs = d.players.map((x, i) => ({ decision: d.id, player: x, value: rs.validate(g, x, d.id, botAnswer(g, x, d.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  assert.equal(rs.decisions(g)[0]?.kind, kind, `${kind} reached`);
  return g;
}

test('#4 planning piles: « Carte → pile n », the cards left kept, in French and English', () => {
  const g = reach('wk-forms-plan', 'plan-piles');
  const [d] = rs.decisions(g);
  const p = d!.players[0]! as BaronId;
  const hand = g.wk.barons[p].hand;
  const [entry] = rs.answerForm!(g, p, d!.id, 'fr').groups.flatMap((x) => x.entries);
  const values = Object.fromEntries(entry!.fields.map((f, i) => [f.name, i === 0 ? '3' : i === 1 ? '1' : '0']));
  const v = rs.validate(g, p, d!.id, formLine(entry!, values)!).value;
  const kept = (lang: Lang) => hand.slice(2).map((c) => cardName(c)[lang]).join(', ');
  assert.equal(rs.describeAnswer!(g, p, d!.id, v, 'fr'), `${cardName(hand[1]!).fr} → pile 1, ${cardName(hand[0]!).fr} → pile 3 ; gardée(s) en main : ${kept('fr')}`);
  assert.equal(rs.describeAnswer!(g, p, d!.id, v, 'en'), `${cardName(hand[1]!).en} → pile 1, ${cardName(hand[0]!).en} → pile 3 ; kept in hand: ${kept('en')}`);
  assert.equal(rs.describeAnswer!(g, p, d!.id, rs.validate(g, p, d!.id, 'piles').value, 'fr'), `aucune carte posée ; gardée(s) en main : ${hand.map((c) => cardName(c).fr).join(', ')}`);
  assert.equal(rs.describeAnswer!(g, p, d!.id, 'default', 'en'), 'the default (what the rules give without an answer)');
});

test('#31 votes committed and #1 troops assigned: numbers with their noun, troops and nobles by name', () => {
  const g = reach('wk-describe-setup', 'assign-troops');
  const [d] = rs.decisions(g);
  const p = d!.players[0]!;
  const v = rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, createRng('x', 'y'))).value as Record<string, string>;
  const fr = rs.describeAnswer!(g, p, d!.id, v, 'fr')!, en = rs.describeAnswer!(g, p, d!.id, v, 'en')!;
  assert.match(fr, /^Régulier \d+ → [^,]+(, [^,]+ \d+ → [^,]+)*$/, fr);
  assert.match(en, /^Regular \d+ → [^,]+(, [^,]+ \d+ → [^,]+)*$/, en);
  const votes = reach('wk-describe-votes', 'commit-votes', 4);
  const [q] = rs.decisions(votes);
  const b = q!.players[0]!;
  assert.equal(rs.describeAnswer!(votes, b, q!.id, rs.validate(votes, b, q!.id, 'commit 0').value, 'fr'), '0 voix');
  assert.equal(rs.describeAnswer!(votes, b, q!.id, rs.validate(votes, b, q!.id, 'commit 0').value, 'en'), '0 vote(s)');
});

test('the description of each kind reached reads as a sentence (listed for the reader)', () => {
  assert.ok(samples.length > 20, samples.join('\n'));
  if (process.env.WK_DESCRIBE_SHOW) console.log([...new Set(samples)].join('\n'));
  for (const s of samples) assert.doesNotMatch(s, RAW, s);
});

test('a baron named in an answer is named as the game\'s pages name him: his player\'s seat name, else his own', async () => {
  const { describeWkAnswer } = await import('../../src/rulesets/warrior-knights/describe.ts');
  const { baronData } = await import('../../src/rulesets/warrior-knights/barons.ts');
  const g0 = rs.setup({ players: 3, length: 8 }, createRng('wk-describe-names', 'x'));
  const [a, b] = g0.wk.players as [BaronId, BaronId];
  const ask = { kind: 'acting-chairman', players: [a] } as never;
  assert.equal(describeWkAnswer({ ...g0, names: { [b]: 'Aude' } }, ask, a, b, 'fr'), 'Aude');
  assert.equal(describeWkAnswer({ ...g0, names: {} }, ask, a, b, 'en'), baronData(b).name);
});
