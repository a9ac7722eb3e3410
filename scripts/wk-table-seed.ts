/**
 * Seed search for test/platform/wk-table.test.ts: plays three-baron games of Warrior Knights with
 * the bots' answers (each drawn from createRng(seed, `wk-table/<decision>/<baron>`), as the test
 * draws them), and prints, for each turn up to [maxTurn] (default 1, the turn the test plays),
 * the seeds whose turn has an Assembly with a vote and a battle between two barons (§6.5 type
 * 'battle', not an assault or a siege of a city) with Fate cards revealed: its first step, the
 * vote's step, each battle as attacker>defender@step (+moves: the card's order moves a noble
 * first, which the page's guided form does not offer, so the test posts that order over HTTP),
 * the combat questions asked in it (#9 defender-commander, #10 fate-discard, #11 use-ability,
 * #12 allocate-casualties; A the attacker, D the defender), and the steps after the vote where a
 * single baron's card question is open (the gift made during another baron's prompt).
 * The test plays `wk-table-206`: violet>yellow at step 31, #9 D, #10 A and D, #11 A, #12 D; vote
 * at 43; gift during yellow's card at 52.
 * Usage: node --import tsx scripts/wk-table-seed.ts [from] [count] [maxTurn]
 */
import { createGame } from '../src/engine/game.ts';
import { createRng } from '../src/engine/rng.ts';
import { warriorKnights as rs } from '../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../src/rulesets/warrior-knights/bot.ts';
import { askOf, type WkGame } from '../src/rulesets/warrior-knights/flow.ts';
import type { WkEvent } from '../src/rulesets/warrior-knights/events.ts';

const from = Number(process.argv[2] ?? 0), count = Number(process.argv[3] ?? 50), maxTurn = Number(process.argv[4] ?? 1);
const COMBAT_KINDS = ['defender-commander', 'fate-discard', 'use-ability', 'allocate-casualties'];
for (let i = from; i < from + count; i++) {
  const seed = `wk-table-${i}`;
  let g = createGame(rs, { lords: ['Aude', 'Bérenger', 'Clothilde'] }, seed).state as WkGame;
  interface TurnSeen { first: number; vote: number; battles: string[]; asked: Set<string>; gift: string[] }
  const turns = new Map<number, TurnSeen>();
  let battle: { attacker: string; defender: string } | null = null;
  for (let step = 0; step < 2000; step++) { // bounded: a turn is some 50 steps
    const ask = askOf(g);
    if (!ask || g.wk.turn > maxTurn) break;
    if (!turns.has(g.wk.turn)) turns.set(g.wk.turn, { first: step, vote: -1, battles: [], asked: new Set(), gift: [] });
    const seen = turns.get(g.wk.turn)!;
    if (battle && COMBAT_KINDS.includes(ask.kind)) for (const p of ask.players) seen.asked.add(`${ask.kind}:${p === battle.attacker ? 'A' : 'D'}`);
    if (seen.vote >= 0 && ask.kind === 'use-card' && ask.players.length === 1) seen.gift.push(`${step}:${ask.players[0]}`);
    const answers = ask.players.map((p) => botAnswer(g, p, ask.id, createRng(seed, `wk-table/${ask.id}/${p}`)));
    const subs = ask.players.map((p, k) => {
      const v = answers[k];
      const val = rs.validate(g, p, ask.id, v ?? 'default');
      return { decision: ask.id, player: p, value: v === null ? 'default' : val.value, order: k };
    });
    const r = rs.resolve(g, subs as never, createRng(seed, 'x'));
    g = r.state;
    for (const e of r.events as WkEvent[]) {
      if (e.t === 'vote-result' && seen.vote < 0) seen.vote = step;
      if (e.t === 'combat-engaged') {
        battle = e.kind === 'battle' && e.defender ? { attacker: e.attacker, defender: e.defender } : null;
        if (battle) seen.battles.push(`${e.attacker}>${e.defender}@${step}${(answers[0] as { moves?: unknown[] } | null)?.moves?.length ? '+moves' : ''}`);
      }
      if (e.t === 'fate-revealed' && battle && e.baron === battle.defender) seen.battles.push(`fate@${step}`);
      if (e.t === 'battle-result') battle = null;
    }
  }
  for (const [turn, t] of turns) {
    if (t.vote >= 0 && t.battles.some((x) => x.startsWith('fate@'))) {
      console.log(seed, 'turn', turn, 'from', t.first, 'vote', t.vote, t.battles.join(' '), [...t.asked].join(','), 'gift', t.gift.slice(0, 4).join(' '));
    }
  }
}
