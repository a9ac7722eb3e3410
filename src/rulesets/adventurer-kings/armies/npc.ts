/**
 * Ruling Heroes and native defenders, the computer's own characters ([P G-101], G-03 step 7):
 * - a ruling Hero's turn is `DE (his province)` in phase 1, then `PR Ta` in phases 2–5; he never
 *   leaves, and his special plan is `ME`. His DE needs no reaction step: the only province he
 *   defends is his own, where he already stands and commands the natives (G-75, resolve.ts);
 * - native defenders never move (pursuit.ts gives them no retreat route);
 * - unowned provinces without a ruler do not recruit;
 * - a Hero-ruled province regains one native army per turn (end of turn, G-65 h), up to its
 *   initial defenders ("the initial count"), recorded here the first time the province is seen.
 */
import type { AKState, ArmyType, Character, Province, Quality } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { improve, modeBasePct } from '../kingdom/training.ts';
import { armyRaceFor } from '../world/generate.ts';
import { capReached, newArmy } from './lifecycle.ts';
import { sortedIds } from './relations.ts';

/** The ruling Hero of a province still ruled (alive, unowned province, in place), or undefined. */
export function activeRuler(s: AKState, p: Province): Character | undefined {
  if (p.ruler === undefined || p.owner !== null) return undefined;
  const c = s.characters[p.ruler];
  return c?.alive && c.rules === p.id && c.province === p.id ? c : undefined;
}

function nativesIn(s: AKState, p: number) {
  return Object.values(s.armies).filter((a) => a.province === p && a.kingdom === null && a.status === 'Native').sort((x, y) => x.id - y.id);
}

/** G-101: records each Hero-ruled province's initial native defenders (once). */
export function recordNatives(s: AKState): void {
  for (const id of sortedIds(s.provinces)) {
    const p = s.provinces[id]!;
    if (p.nativeInitial !== undefined || !activeRuler(s, p)) continue;
    p.nativeInitial = nativesIn(s, id).map((a) => a.type);
  }
}

/** G-101: the ruling Heroes' action of this phase (DE in phase 1, PR Ta alone in phases 2–5), and their special plan ME. */
export function rulersAct(ctx: TurnCtx): void {
  const s = ctx.s;
  const alone = modeBasePct(ctx.cfg.kingdom.training, 'alone');
  for (const id of sortedIds(s.provinces)) {
    const c = activeRuler(s, s.provinces[id]!);
    if (!c) continue;
    c.specialPlan = [{ code: 'ME' }];
    if (ctx.phase >= 2) improve(ctx, c, 'Ta', alone);
  }
}

/** G-101: a Hero-ruled province below its initial defenders regains one native army (Average, G-03), led by its ruler. */
export function regainNatives(ctx: TurnCtx): void {
  const s = ctx.s, cfg = ctx.cfg.armies;
  for (const id of sortedIds(s.provinces)) {
    const p = s.provinces[id]!;
    const ruler = activeRuler(s, p);
    if (!ruler || !p.nativeInitial?.length) continue;
    const left = nativesIn(s, id).map((a) => a.type);
    const missing: ArmyType[] = [];
    for (const t of p.nativeInitial) {
      const i = left.indexOf(t);
      if (i >= 0) left.splice(i, 1); else missing.push(t);
    }
    for (const type of missing.slice(0, cfg.nativeRegainPerTurn)) {
      if (capReached(s, cfg)) return; // G-33: no men available
      newArmy(s, { type, race: armyRaceFor(type, p.race), quality: cfg.nativeRegainQuality as Quality, kingdom: null, status: 'Native', province: id, leader: ruler.id });
    }
  }
}
