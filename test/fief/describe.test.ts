/**
 * A stored answer told back in words (describe.ts, index.ts `describeAnswer`, issue 21): over bot
 * games, every bot answer, every default and every guided-form choice, once validated, is described
 * in French and English with names (lords, villages, families, cards), never ids or JSON; and the
 * words are the same when what the player may not know (the decks, the other families' hands, the
 * secret dice seed) is scrambled (style §5, fog).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formLine, type FormEntry, type Lang } from '../../src/engine/ruleset.ts';
import { fief as rs } from '../../src/rulesets/fief/index.ts';
import { botAnswer } from '../../src/rulesets/fief/bot.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { createRng } from '../../src/engine/rng.ts';

/** Each option of each field of an entry, the other fields at their first option. */
function lines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 0) : '';
  const out = new Set<string>();
  for (const f of e.fields) for (const v of f.kind === 'choice' ? f.options.map((o) => o.value) : [first[f.name]!]) { const l = formLine(e, { ...first, [f.name]: v }); if (l !== null) out.add(l); }
  return [...out];
}

/** No id (a lord's `CARD#n`, a card's `kind_n`, a village's `ST_PAUL`), no JSON, no unfilled slot. */
const RAW = /#|[A-Za-z]_|_\d|[{}[\]"]|\{\w+\}|undefined|NaN|\bnull\b/;

function scrambled(g: FiefGame, p: string): FiefGame {
  const s = structuredClone(g.fief);
  for (const k of Object.keys(s.secret) as (keyof typeof s.secret)[]) { const x = s.secret[k] as unknown; if (Array.isArray(x)) (s.secret as unknown as Record<string, unknown>)[k] = [...x].reverse(); }
  for (const q of Object.keys(s.hands)) if (q !== p) s.hands[q] = [...s.hands[q]!].reverse().slice(1);
  return { ...g, fief: s };
}

test('every answer is told in words, FR and EN, and the same with what the player may not know scrambled', { timeout: 120_000 }, () => {
  const kinds = new Map<string, number>();
  const bad: string[] = [];
  const samples: string[] = [];
  for (const seed of ['fief-describe-a', 'fief-describe-b']) {
    const rng = createRng(seed, 'bots');
    let g: FiefGame = rs.setup({ players: 4, names: ['Aude', 'Bérenger', 'Clothilde', 'Dreux'], maxTurns: 6 } as never, rng);
    for (let steps = 0; steps < 1500 && !rs.outcome(g); steps++) {
      const [d] = rs.decisions(g);
      if (!d) break;
      if ((kinds.get(d.kind) ?? 0) < 12) {
        for (const p of d.players) {
          const answers: unknown[] = [botAnswer(g, p, d.id, createRng(seed, `probe/${steps}/${p}`)), d.defaults[p], ...(d.choices ?? []).map((c) => c.value)];
          for (const e of rs.answerForm!(g, p, d.id, 'en').groups.flatMap((x) => x.entries)) answers.push(...lines(e).slice(0, 6));
          const fogged = scrambled(g, p);
          for (const a of answers) {
            const v = rs.validate(g, p, d.id, a);
            if (v.value === null || v.issues.length) continue;
            for (const lang of ['fr', 'en'] as Lang[]) {
              const words = rs.describeAnswer!(g, p, d.id, v.value, lang);
              if (words === null || !words.trim() || RAW.test(words)) bad.push(`${d.kind} ${lang} ${JSON.stringify(v.value)} → ${words}`);
              if (rs.describeAnswer!(fogged, p, d.id, v.value, lang) !== words) bad.push(`${d.kind}: the words depend on hidden state`);
            }
            kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
            samples.push(`${d.kind}: ${rs.describeAnswer!(g, p, d.id, v.value, 'fr')} | ${rs.describeAnswer!(g, p, d.id, v.value, 'en')}`);
          }
        }
      }
      const subs = d.players.map((p, i) => ({ decision: d.id, player: p, value: rs.validate(g, p, d.id, botAnswer(g, p, d.id, rng)).value, order: i }));
      g = rs.resolve(g, subs, rng).state;
    }
  }
  if (process.env.FIEF_DESCRIBE_SHOW) console.log([...new Set(samples)].join('\n'));
  assert.deepEqual(bad.slice(0, 10), [], `${bad.length} answers badly told`);
  for (const k of ['start-village', 'propose-marriage', 'discard-draw', 'play-cards', 'purchases', 'movement'])
    assert.ok(kinds.has(k), `${k} reached (${[...kinds.keys()].join(', ')})`);
});

test('#3 a start village, a purchase, a move: the exact words in French and English', () => {
  const rng = createRng('fief-describe-exact', 'bots');
  const g: FiefGame = rs.setup({ players: 3, names: ['Aude', 'Bérenger', 'Clothilde'] } as never, rng);
  const [d] = rs.decisions(g);
  assert.equal(d!.kind, 'start-village');
  const p = d!.players[0]!;
  const v = rs.validate(g, p, d!.id, d!.defaults[p]).value as string;
  const name = rs.describeAnswer!(g, p, d!.id, v, 'fr')!;
  assert.match(name, /^S’installer à [^_]+$/, name);
  assert.equal(rs.describeAnswer!(g, p, d!.id, v, 'en'), name.replace('S’installer à', 'Settle in'));
  assert.equal(rs.describeAnswer!(g, p, 'another-question', v, 'fr'), null, 'another question: no words (the platform shows the text)');
});
