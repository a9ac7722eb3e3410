/**
 * The sheet being written, played ahead by the referee (issue 13 §4): the lord's own orders run
 * through the real phases 1–6 on a copy of the state (the Grand Argentier does the same for
 * money, tools/argentier.ts), so that the map and the warnings at entry see what this turn's
 * orders will have done before the attacks of phase 7 — the men levied by ARM (phase 5), the
 * garrisons taken by AFF and the men moved by TSF and GAR (phase 6).
 *
 * Only the lord's sheet is played: other lords' orders are secret and unknown, so what the
 * projection says is what his own orders do, the turn's other events aside. Recruits draw the
 * top of their renown range (the worst-case cost [T §4.5.1 tip], as in the Argentier).
 *
 * Fog of war (style guide §5): the projection reads the real state, so only what concerns the
 * lord's own pieces comes out of it (his knights' armies, his treasury, the reasons his own lines
 * would be cancelled), and never the one reason that depends on another lord's hidden knights
 * (`receiver-out-of-reach`, see phase 6).
 *
 * Then the orders of phases 7 and 9 (ATT, MOV) are checked on the projected state against the
 * referee's own guards (p07-attacks.ts, p09-movement.ts), up to the first one that depends on
 * what other lords do (a battle, a hostile knight at the destination).
 */
import { clonePlain } from '../../engine/clone.ts';
import { fill } from '../../engine/localize.ts';
import { rngFromSource } from '../../engine/rng.ts';
import type { Localized, ValidationIssue } from '../../engine/ruleset.ts';
import type { Ctx } from './context.ts';
import { armyOf, sameOrAdjacent, adjacent } from './context.ts';
import type { CancelReason, GPEvent } from './events.ts';
import type { Sheet, SheetLine } from './orders/types.ts';
import { describeReason } from './report.ts';
import type { GPState, LordId } from './state.ts';
import { relation } from './state.ts';
import { resolveTurn } from './turn.ts';

/** The last phase played ahead: the one before the attacks. */
export const PROJECTED_PHASES = 6;

/** Reasons never given at entry: they would tell the lord about knights he cannot see. */
const HIDDEN_REASONS: ReadonlySet<CancelReason> = new Set<CancelReason>(['receiver-out-of-reach']);

/**
 * Reasons whose outcome is certain from the sheet and the state alone; the others depend on the
 * turn (the money of phase 3, a recruit's renown, another lord's orders) and are said "may".
 */
const CERTAIN: ReadonlySet<CancelReason> = new Set<CancelReason>([
  'unknown-knight', 'unknown-army', 'not-own-knight', 'not-own-army', 'not-own-territory', 'lord-knight', 'duplicate',
  'knight-too-far', 'not-garrison', 'own-territory', 'allied-territory', 'not-adjacent', 'already-attacked', 'already-moved', 'no-territory',
]);

export interface Projection {
  /** The state after phases 1–6 with only this lord's sheet (a copy). */
  state: GPState;
  ctx: Ctx;
  /** The lord's lines the referee would cancel, with the reason (fog-safe ones only). */
  cancels: { line: SheetLine; reason: CancelReason }[];
}

/** Draws the top of every range: a recruit gets the highest renown he may have, hence the highest cost. */
const worstCaseRng = () => rngFromSource(() => 1 - 2 ** -40);

export function project(s: GPState, lord: LordId, sheet: Sheet | null): Projection {
  const copy = clonePlain(s); // plain data: four times cheaper than structuredClone (issue 20)
  const lines = sheet?.lines ?? [];
  const { state, ctx, events } = resolveTurn(copy, { [lord]: { lines, submittedOrder: 1 } }, worstCaseRng(), PROJECTED_PHASES);
  const bySeq = new Map(lines.map((l) => [l.seq, l]));
  const cancels: Projection['cancels'] = [];
  for (const e of events as GPEvent[]) {
    if (e.type !== 'order-cancelled' || e.lord !== lord || HIDDEN_REASONS.has(e.reason)) continue;
    const line = bySeq.get(e.seq);
    if (line) cancels.push({ line, reason: e.reason });
  }
  // Phase 7 (ATT) and phase 9 (MOV): the referee's guards that do not depend on other lords.
  const attacked = new Set<string>();
  const moved = new Set<string>();
  for (const line of lines) {
    const o = line.order;
    if (o.code === 'ATT') {
      const k = state.knights[o.knight];
      const reason = ((): CancelReason | null => {
        if (!k) return 'unknown-knight';
        if (k.lord !== lord) return 'not-own-knight';
        const army = armyOf(ctx, k);
        if (!army || army.strength <= 0) return 'no-army';
        if (attacked.has(k.id)) return 'already-attacked';
        const t = state.territories[o.territory];
        if (!t) return 'not-adjacent';
        if (t.owner === lord) return 'own-territory';
        if (t.owner && relation(state, lord, t.owner) === 'alliance') return 'allied-territory';
        if (!sameOrAdjacent(ctx, k.location, t.id)) return 'not-adjacent';
        const threshold = o.threshold ?? (state.lords[lord]!.retreat.knight / 100) * army.strength; // [P G-46]
        if (army.strength < threshold) return 'below-threshold';
        attacked.add(k.id);
        return null;
      })();
      if (reason) cancels.push({ line, reason });
    } else if (o.code === 'MOV') {
      const k = state.knights[o.knight];
      const reason = ((): CancelReason | null => {
        if (!k) return 'unknown-knight';
        if (k.lord !== lord) return 'not-own-knight';
        if (moved.has(k.id)) return 'already-moved';
        // An attacker moves from where he attacked; his attack may change where he stands: no check.
        if (attacked.has(k.id)) return null;
        if (!adjacent(ctx, k.location, o.territory)) return 'not-adjacent';
        moved.add(k.id);
        return null;
      })();
      if (reason) cancels.push({ line, reason });
    }
  }
  cancels.sort((a, b) => a.line.seq - b.line.seq);
  return { state, ctx, cancels };
}

const WARN: Record<'certain' | 'may', Localized> = {
  certain: { fr: 'le juge annulera cet ordre : {reason}', en: 'the referee will cancel this order: {reason}' },
  may: { fr: 'cet ordre risque d’être annulé : {reason}', en: 'this order may be cancelled: {reason}' },
};

/** The warnings at entry on a valid sheet: each line the projection cancels, in both languages. */
export function sheetWarnings(s: GPState, lord: LordId, sheet: Sheet): ValidationIssue[] {
  if (!s.lords[lord]?.alive || s.finished || !sheet.lines.length) return [];
  const seen = new Set<number>();
  const out: ValidationIssue[] = [];
  for (const { line, reason } of project(s, lord, sheet).cancels) {
    if (seen.has(line.seq)) continue;
    seen.add(line.seq);
    const kind = CERTAIN.has(reason) ? 'certain' : 'may';
    const text = fill(WARN[kind], { reason: { fr: describeReason(reason, 'fr'), en: describeReason(reason, 'en') } });
    out.push({ line: line.line, message: text.en, text, severity: 'warning' });
  }
  return out;
}
