/**
 * A Warrior Knights game at a consent request (#6, #7): set up and planned by the flow's defaults,
 * then shaped so that the first baron's Military Operations card waits for him, his star noble on
 * the road at r1c1 and the second baron's star noble on the next road region (r2c1). `clear` lists
 * further regions emptied of nobles and of controlled cities (for more nobles placed by a test).
 */
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { askOf, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { createRng } from '../../src/engine/rng.ts';
import { city } from '../../src/rulesets/warrior-knights/board.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';

export function atPassage(clear: string[] = []): { g: WkGame; owner: BaronId; other: BaronId } {
  const rng = createRng('wk-consent', 'test');
  let g = rs.setup({ players: 3 }, rng);
  for (let i = 0; i < 200 && askOf(g)?.kind !== 'use-card'; i++) {
    const [dd] = rs.decisions(g);
    g = rs.resolve(g, dd!.players.map((p, j) => ({ decision: dd!.id, player: p, value: dd!.kind === 'plan-piles' ? botAnswer(g, p, dd!.id, rng) : null, order: j })), rng).state;
  }
  const wk = structuredClone(g.wk);
  const [owner, other] = wk.players as [BaronId, BaronId];
  const empty = ['r1c1', 'r2c1', 'r3c1', ...clear];
  wk.current = `${owner}:military:1`; wk.step = 'A6'; wk.toAct = [owner]; wk.combat = null;
  for (const n of Object.values(wk.nobles)) if (n.location.kind !== 'off' && empty.includes(n.location.region)) n.location = { kind: 'off' };
  Object.assign(wk.nobles[`${owner}-star`]!, { location: { kind: 'region', region: 'r1c1' }, ready: true, casualties: 0 });
  Object.assign(wk.nobles[`${other}-star`]!, { location: { kind: 'region', region: 'r2c1' } });
  for (const c of Object.values(wk.cities)) if (empty.includes(city(c.id).region)) c.controller = null;
  return { g: { ...g, wk, flow: { ...g.flow, pending: {} } }, owner, other };
}
