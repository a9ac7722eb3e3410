/**
 * The pre-battle duel of the supreme commanders (§7, S4.7, §15.13g, G-60, G-75, G-84; TV-13).
 * - A commander challenges if his special plan has an aggressive tactic and no FL anywhere.
 * - No challenge on either side → no duel. The Garrison Commander (null) never duels (G-84).
 * - A challenged commander whose plan STARTS with FL refuses: flight always succeeds, his
 *   troops −25 %, no bluff. A challenged Cautious or Cowardly Hero (not a King) may refuse per
 *   G-60; the refusal counts as flight, except a Coward's bluff (2 in 3, Table 15.1).
 * - Otherwise a duel to the death or a flight (always successful); the loser's troops −25 %
 *   (killed, fled, or escaped by Charm). A killed general's body goes with his troops (§15.13i).
 */
import type { TurnCtx } from '../turn/context.ts';
import type { Character, Tactic } from '../state.ts';
import { characterCombatant } from './combatant.ts';
import { hasAggression, specialPlanOf, validatePlan } from './plan.ts';
import { fight, newEncounter, refuses } from './setup.ts';
import type { RunOptions } from './engine.ts';

export function challenges(plan: Tactic[]): boolean {
  return hasAggression(null, plan) && !plan.some((t) => t.code === 'FL');
}

export interface DuelResult {
  penalty: { a: number; b: number };
  duel: boolean;
  /** What happened, for the battle prose: none, refused (by a or b), bluff, fought. */
  outcome: 'none' | 'refused' | 'bluff' | 'fought';
  /** Who refused / lost / died, if anyone. */
  loser?: 'a' | 'b';
  died?: number;
}

export function preBattleDuel(ctx: TurnCtx, a: Character | null, b: Character | null, opts?: RunOptions): DuelResult {
  const none: DuelResult = { penalty: { a: 0, b: 0 }, duel: false, outcome: 'none' };
  if (!a || !b || !a.alive || !b.alive) return none;
  const cfg = ctx.cfg.encounters;
  const planA = validatePlan(ctx.s, a, specialPlanOf(a), 'special').plan;
  const planB = validatePlan(ctx.s, b, specialPlanOf(b), 'special').plan;
  const chA = challenges(planA);
  const chB = challenges(planB);
  const to = [...new Set([a.kingdom, b.kingdom].filter((k): k is number => k !== null))].sort((x, y) => x - y);
  if (!chA && !chB) return none;
  const ca = characterCombatant(ctx, a, chA ? 0 : 1, planA, 'special');
  const cb = characterCombatant(ctx, b, chA ? 1 : 0, planB, 'special');
  ctx.emit({ t: 'duel-challenge', to, at: a.province, a: a.id, b: b.id, challengerA: chA, challengerB: chB });
  // Refusals: a challenged commander whose plan starts with FL; then Table 15.1 for Cautious / Cowardly Heroes.
  for (const [me, opp, plan, challenged, key] of [[ca, cb, planA, chB, 'a'], [cb, ca, planB, chA, 'b']] as const) {
    if (!challenged) continue;
    const pen = { a: 0, b: 0 };
    if (plan[0]?.code === 'FL') {
      pen[key] = cfg.duelPenalty;
      ctx.emit({ t: 'duel-refused', to, at: me.char!.province, who: me.char!.id, bluff: false });
      return { penalty: pen, duel: false, outcome: 'refused', loser: key };
    }
    if (refuses(ctx, me, opp)) {
      const bluff = me.char!.temperament === 'Cowardly' && ctx.rng.chance(cfg.bluff);
      if (!bluff) pen[key] = cfg.duelPenalty;
      ctx.emit({ t: 'duel-refused', to, at: me.char!.province, who: me.char!.id, bluff });
      return { penalty: pen, duel: false, outcome: bluff ? 'bluff' : 'refused', loser: key };
    }
  }
  const first = chA ? ca : cb;
  const second = chA ? cb : ca;
  const enc = newEncounter(ctx, 'duel', a.province, first, second);
  enc.battleDuel = true;
  // The armies each commander leads, before the duel (a killed general's leave him: §15.13i needs them).
  const led = (c: Character) => Object.keys(ctx.s.armies).map(Number).sort((x, y) => x - y).filter((id) => ctx.s.armies[id]!.leader === c.id);
  const ledBy = { a: led(a), b: led(b) };
  fight(ctx, enc, opts);
  const end = enc.end!;
  const pen = { a: 0, b: 0 };
  let loserSide: 0 | 1 | null = null;
  if (end.kind === 'death' || end.kind === 'executed') loserSide = end.kind === 'death' ? end.loser : end.who;
  else if (end.kind === 'fled' || end.kind === 'mercy') loserSide = end.who;
  else if (end.kind === 'charmed' || end.kind === 'frozen') loserSide = end.by; // escaping by Charm counts as flight (§7.1)
  if (loserSide === null) return { penalty: pen, duel: true, outcome: 'fought' };
  const loser = enc.c[loserSide];
  const key = loser.char === a ? 'a' : 'b';
  pen[key] = cfg.duelPenalty;
  const res: DuelResult = { penalty: pen, duel: true, outcome: 'fought', loser: key };
  if (!loser.char!.alive) {
    res.died = loser.char!.id;
    // §15.13i, S5.1.5: his surviving troops carry his body away: it goes with the first of the armies he
    // led (the body's province follows that army, encounters/pursuit.ts `carryBodies`).
    const carrier = ledBy[key].find((id) => ctx.s.armies[id]);
    loser.char!.body = { province: loser.char!.province, ...(carrier !== undefined ? { carriedByArmy: carrier } : {}) };
  }
  return res;
}
