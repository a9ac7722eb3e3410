/**
 * Seed search for test/platform/wk-table.test.ts: plays three-baron games of Warrior Knights with
 * the bots' answers (each drawn from createRng(seed, `wk-table/<decision>/<baron>`), as the test
 * draws them), and prints the seeds whose first turn has an Assembly with a vote and a battle with
 * Fate cards revealed, with the step of each. Usage: node --import tsx scripts/wk-table-seed.ts [from] [count]
 */
import { createGame } from '../src/engine/game.ts';
import { createRng } from '../src/engine/rng.ts';
import { warriorKnights as rs } from '../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../src/rulesets/warrior-knights/bot.ts';
import { askOf, type WkGame } from '../src/rulesets/warrior-knights/flow.ts';

const from = Number(process.argv[2] ?? 0), count = Number(process.argv[3] ?? 50);
for (let i = from; i < from + count; i++) {
  const seed = `wk-table-${i}`;
  let g = createGame(rs, { lords: ['Aude', 'Bérenger', 'Clothilde'] }, seed).state as WkGame;
  let vote = -1, fate = -1, battle = '', step = 0; const voteKinds: string[] = [];
  for (; step < 400; step++) {
    const ask = askOf(g);
    if (!ask || g.wk.turn >= 2) break;
    if (g.wk.turn === 1 && ['commit-votes', 'declare-vote'].includes(ask.kind)) voteKinds.push(ask.kind);
    const subs = ask.players.map((p, k) => {
      const v = botAnswer(g, p, ask.id, createRng(seed, `wk-table/${ask.id}/${p}`));
      const val = rs.validate(g, p, ask.id, v ?? 'default');
      return { decision: ask.id, player: p, value: v === null ? 'default' : val.value, order: k };
    });
    const r = rs.resolve(g, subs as never, createRng(seed, 'x'));
    g = r.state;
    for (const e of r.events as { t: string }[]) {
      if (e.t === 'vote-result' && vote < 0) vote = step;
      if (e.t === 'fate-revealed' && fate < 0) { fate = step; }
      if (e.t === 'combat-engaged' && !battle) battle = `${(e as never as { attacker: string }).attacker}>${(e as never as { defender: string }).defender}@${(e as never as { kind: string }).kind}`;
    }
  }
  if (vote >= 0 || fate >= 0) console.log(seed, 'turn', g.wk.turn, 'steps', step, 'vote', vote, 'fate', fate, battle, voteKinds.join(','));
}
