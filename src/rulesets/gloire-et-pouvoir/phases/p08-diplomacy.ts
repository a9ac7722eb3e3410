/**
 * Phase 8 — diplomacy, six sub-steps in this order [T §4.8]: 8.1 GUE, 8.2 ALL, 8.3 PAI, 8.4 ANN,
 * 8.5 refusals of aid (automatic), 8.6 APP. Each sub-step runs in ascending GR (phase-8 snapshot).
 * Two-sided orders are evaluated when the first lord of the pair is processed [P G-25].
 */
import type { Ctx } from '../context.ts';
import type { CancelReason } from '../events.ts';
import type { RelationLists } from '../formulas.ts';
import type { SheetLine } from '../orders/types.ts';
import { cancel, declareWar, emit, felony, forEachOrder, liveGR, linesOf, relationsOf, setRelation, setRenown } from '../context.ts';
import { refusalPenalty } from '../formulas.ts';
import type { LordId } from '../state.ts';
import { relKey, relation } from '../state.ts';

export function phase8(ctx: Ctx): void {
  const { s } = ctx;
  const alive = (l: LordId) => isAlive(ctx, l);
  // Allies and enemies from the turn's relations index (in the living lords' order, as livingLords gives).
  const alliesOf = (l: LordId): LordId[] => [...(relationsOf(ctx).allies.get(l) ?? [])];
  const enemiesOf = (l: LordId): LordId[] => [...(relationsOf(ctx).enemies.get(l) ?? [])];

  // 8.1 declarations of war (unilateral); on an ally: felony [T §5.9.2].
  forEachOrder(ctx, ['GUE'], (lord, line) => {
    const target = line.order.lord;
    if (target === lord) return cancel(ctx, lord, line, 'self');
    if (!alive(target)) return cancel(ctx, lord, line, 'lord-dead');
    const rel = relation(s, lord, target);
    if (rel === 'war') return cancel(ctx, lord, line, 'already-at-war');
    if (rel === 'alliance') { felony(ctx, lord, target, 'war-on-ally'); return; } // felony cancels the alliance and starts the war
    declareWar(ctx, lord, target, 'GUE');
  });

  // 8.2 alliances, mutual in the same turn [T §5.9.3].
  const done = new Set<string>();
  forEachOrder(ctx, ['ALL'], (lord, line) => {
    const other = line.order.lord;
    if (other === lord) return cancel(ctx, lord, line, 'self');
    if (!alive(other)) return cancel(ctx, lord, line, 'lord-dead');
    const key = relKey(lord, other);
    if (done.has(key)) return; // the pair was settled when the other lord was processed
    done.add(key);
    if (!mutual(ctx, 'ALL', lord, other)) return cancel(ctx, lord, line, 'no-match');
    const rel = relation(s, lord, other);
    if (rel === 'alliance') return cancelBoth(ctx, lord, line, other, 'duplicate');
    if (rel === 'war') return cancelBoth(ctx, lord, line, other, 'at-war'); // sign peace first [T]
    // No lord may be allied with two lords at war with each other [T §5.9.2].
    // (From the index: a living lord c is at war with x exactly when c is among x's enemies.)
    const lists = relationsOf(ctx);
    const conflict = allyAtWarWith(lists, lord, other) || allyAtWarWith(lists, other, lord);
    if (conflict) return cancelBoth(ctx, lord, line, other, 'allied-with-enemy');
    setRelation(ctx, lord, other, 'alliance', 'ALL');
  });

  // 8.3 peace, mutual [T §5.9.4].
  done.clear();
  forEachOrder(ctx, ['PAI'], (lord, line) => {
    const other = line.order.lord;
    if (other === lord) return cancel(ctx, lord, line, 'self');
    if (!alive(other)) return cancel(ctx, lord, line, 'lord-dead');
    const key = relKey(lord, other);
    if (done.has(key)) return;
    if (relation(s, lord, other) !== 'war') return cancel(ctx, lord, line, 'not-at-war');
    if (!mutual(ctx, 'PAI', lord, other)) return cancel(ctx, lord, line, 'no-match');
    done.add(key);
    setRelation(ctx, lord, other, 'peace', 'PAI');
  });

  // 8.4 cancellation of an alliance (unilateral) [T §5.9.5].
  forEachOrder(ctx, ['ANN'], (lord, line) => {
    const other = line.order.lord;
    if (other === lord) return cancel(ctx, lord, line, 'self');
    if (relation(s, lord, other) !== 'alliance') return cancel(ctx, lord, line, 'not-allied');
    setRelation(ctx, lord, other, 'peace', 'ANN');
  });

  // 8.5 refusals of aid: the calls of the previous turn [T §5.9.1, §5.9.6, P G-25, C-09].
  const due = s.allyCalls.filter((c) => c.turn < ctx.turn);
  s.allyCalls = s.allyCalls.filter((c) => c.turn >= ctx.turn);
  const ordered = due.slice().sort((a, b) => ctx.snap.order.indexOf(a.callee) - ctx.snap.order.indexOf(b.callee) || a.turn - b.turn);
  for (const call of ordered) {
    if (!alive(call.caller) || !alive(call.callee)) continue; // a call whose caller died is void
    const required = call.enemiesAtCall.filter((e) => alive(e) && e !== call.callee && relation(s, call.caller, e) === 'war');
    if (required.every((e) => relation(s, call.callee, e) === 'war')) continue;
    const others = alliesOf(call.caller).filter((b) => b !== call.callee);
    const penalty = refusalPenalty(ctx.cfg, liveGR(ctx, call.caller), others.map((b) => liveGR(ctx, b)));
    const lk = s.knights[s.lords[call.callee]!.lordKnight]!;
    const before = lk.renown;
    setRenown(ctx, lk, Math.max(ctx.cfg.minRenown, lk.renown - penalty));
    emit(ctx, [call.callee, call.caller], { type: 'aid-refused', lord: call.callee, caller: call.caller, penalty, renownBefore: before, renownAfter: lk.renown });
  }

  // 8.6 calls to allies [T §5.9.6].
  forEachOrder(ctx, ['APP'], (lord, line) => {
    const ally = line.order.lord;
    if (ally === lord) return cancel(ctx, lord, line, 'self');
    const enemies = enemiesOf(lord);
    if (enemies.length === 0) return cancel(ctx, lord, line, 'no-enemy');
    if (relation(s, lord, ally) !== 'alliance') return cancel(ctx, lord, line, 'not-allied');
    s.allyCalls.push({ turn: ctx.turn, caller: lord, callee: ally, enemiesAtCall: enemies });
    emit(ctx, [lord, ally], { type: 'ally-called', caller: lord, callee: ally, enemies });
  });
}

// The helpers of the steps above, functions of the module: none is made again for each order (issue 20).

function isAlive(ctx: Ctx, l: LordId): boolean {
  return !!ctx.s.lords[l]?.alive;
}

/** Whether b's sheet holds the same two-sided order towards a [T §5.9.3–4]. */
function mutual(ctx: Ctx, code: 'ALL' | 'PAI', a: LordId, b: LordId): boolean {
  for (const l of linesOf(ctx, b, code)) if (l.order.lord === a) return true;
  return false;
}

/** Cancels lord's ALL line towards `other`, and other's ALL lines towards lord. */
function cancelBoth(ctx: Ctx, lord: LordId, line: SheetLine, other: LordId, reason: CancelReason): void {
  cancel(ctx, lord, line, reason);
  for (const l2 of linesOf(ctx, other, 'ALL')) if (l2.order.lord === lord) cancel(ctx, other, l2, reason);
}

/** Whether an ally of x is at war with y (a living lord c is at war with y exactly when c is among y's enemies). */
function allyAtWarWith(lists: RelationLists, x: LordId, y: LordId): boolean {
  const foes = lists.enemies.get(y);
  if (!foes) return false;
  for (const c of lists.allies.get(x) ?? NO_LORDS) if (foes.includes(c)) return true;
  return false;
}
const NO_LORDS: readonly LordId[] = [];
