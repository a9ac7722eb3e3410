/**
 * One step of a character with or without his armies (S4.4.8, S5.2.4): the common part of MO,
 * DE reactions and counter-attacks. Checks the Neutral bump (§10.2, TV-40) and the group's
 * ability to enter, moves, spends MP, registers an invasion (G-49), lets mercenaries follow
 * (G-43), teaches the kingdom (G-50) and rolls experience (Table 15.7).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { enterProvince } from '../knowledge/knowledge.ts';
import { tryImprove } from '../kingdom/training.ts';
import { scratchOf } from './types.ts';
import { applyMove, planMove } from './movement.ts';
import { armiesIn, isHostileProvince, ledBy, provinceStance } from './relations.ts';

export type StepResult =
  | { ok: true; invaded: boolean }
  | { ok: false; reason: Localized; bumped?: boolean };

export function marchStep(ctx: TurnCtx, c: Character, to: number, opts: { counter?: boolean; cause?: string } = {}): StepResult {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const from = c.province;
  const armies = ledBy(s, c).filter((a) => a.province === from);
  const k = c.kingdom;
  if (armies.length && k !== null && provinceStance(s, k, to) === 'neutral') {
    ctx.emit({ t: 'move-bounced', to: [k], who: c.id, at: from, target: to, owner: s.provinces[to]!.owner });
    return { ok: false, bumped: true, reason: { fr: 'la province appartient à un royaume neutre : les armées restent sur place', en: 'the province belongs to a Neutral kingdom: the armies stay where they are' } };
  }
  const plan = planMove(s, cfg, armies, from, to);
  if (!plan.ok) return plan;
  // Mercenaries may follow a character with armies who leaves (G-43): 25 % each, at most one per move.
  let follower: number | undefined;
  if (armies.length) {
    // Only a mercenary that can make the move itself (a land unit does not follow a fleet to sea).
    for (const m of armiesIn(s, from).filter((a) => a.status === 'Mercenary' && planMove(s, cfg, [a], from, to, false).ok)) {
      if (ctx.rng.chance(cfg.mercenaryFollow)) { follower = m.id; break; }
    }
  }
  applyMove(s, cfg, armies, from, to, plan);
  c.province = to;
  if (follower !== undefined) {
    const m = s.armies[follower]!;
    m.province = to;
    if (k !== null) ctx.emit({ t: 'merc-follow', to: [k], who: c.id, at: to, army: { id: m.id, type: m.type } });
  }
  const invaded = armies.length > 0 && k !== null && isHostileProvince(s, k, to);
  if (invaded) {
    sc.invasions.push({ seq: ++sc.seq, province: to, leader: c.id, kingdom: k!, from, bySea: plan.naval, armies: armies.map((a) => a.id), counter: opts.counter });
    sc.invaded.add(to);
  }
  if (k !== null) {
    // DE reactions and counter-attacks have their own events (defend-react, counter-attack).
    if (opts.cause !== 'defend' && opts.cause !== 'counter') {
      ctx.emit({ t: 'army-move', to: [k], who: c.id, at: to, from, armies: armies.map((a) => ({ id: a.id, type: a.type })), invade: invaded, naval: plan.naval });
    }
    enterProvince(ctx, k, to);
  }
  if (armies.length) {
    const naval = plan.naval && armies.some((a) => a.type === 'FL');
    tryImprove(ctx, c, naval ? 'Na' : 'Ma', naval ? cfg.xpMoveSea : cfg.xpMoveLand, 'move');
  }
  return { ok: true, invaded };
}
