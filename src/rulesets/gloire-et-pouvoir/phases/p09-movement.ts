/** Phase 9 — movement (MOV) [rules §4.9, P G-26]. */
import type { Ctx } from '../context.ts';
import { adjacent, armyOf, cancel, emit, forEachOrder } from '../context.ts';
import type { Knight, KnightId, LordId, TerritoryId } from '../state.ts';
import { relation } from '../state.ts';
import type { SheetLine } from '../orders/types.ts';

const NO_KNIGHTS: readonly Knight[] = [];

interface Move { lord: LordId; line: SheetLine; knight: KnightId; to: TerritoryId }

export function phase9(ctx: Ctx): void {
  const { s } = ctx;
  const friendly = (a: LordId, b: LordId) => a === b || relation(s, a, b) === 'alliance';
  // The knights on each territory, kept up to date by the moves below (no knight comes or goes in this phase).
  const at = new Map<TerritoryId, Knight[]>();
  for (const id in s.knights) { const k = s.knights[id]!; (at.get(k.location) ?? at.set(k.location, []).get(k.location)!).push(k); }
  const hostileAt = (lord: LordId, t: TerritoryId) => {
    for (const k of at.get(t) ?? NO_KNIGHTS) if (!friendly(lord, k.lord)) return true; // (a loop: no closure a move)
    return false;
  };
  const moveKnight = (lord: LordId, kid: KnightId, to: TerritoryId) => {
    const k = s.knights[kid]!;
    const here = at.get(k.location);
    if (here) here.splice(here.indexOf(k), 1);
    (at.get(to) ?? at.set(to, []).get(to)!).push(k);
    move(ctx, lord, kid, to);
  };
  const valid: Move[] = [];
  forEachOrder(ctx, ['MOV'], (lord, line) => {
    const o = line.order;
    const k = s.knights[o.knight];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    if (ctx.flags.conquered.has(k.id)) return cancel(ctx, lord, line, 'conquered-this-turn'); // the attack was his move [T]
    if (ctx.flags.moved.has(k.id)) return cancel(ctx, lord, line, 'already-moved'); // first MOV only [P]
    if (!adjacent(ctx, k.location, o.territory)) return cancel(ctx, lord, line, 'not-adjacent');
    const owner = s.territories[o.territory]!.owner;
    if (owner !== null && !friendly(lord, owner)) return cancel(ctx, lord, line, 'destination-not-allowed');
    ctx.flags.moved.add(k.id);
    if (ctx.cfg.movementMode === 'simultaneous') { valid.push({ lord, line, knight: k.id, to: o.territory }); return; }
    if (hostileAt(lord, o.territory)) { ctx.flags.moved.delete(k.id); return cancel(ctx, lord, line, 'hostile-destination'); }
    moveKnight(lord, k.id, o.territory);
  });
  if (ctx.cfg.movementMode === 'simultaneous') {
    // Variant: every move whose destination would hold a non-allied knight is cancelled.
    const finalAt = (kid: KnightId) => valid.find((m) => m.knight === kid)?.to ?? s.knights[kid]!.location;
    const keep = valid.filter((m) => !Object.values(s.knights).some((k) => k.id !== m.knight && finalAt(k.id) === m.to && !friendly(m.lord, k.lord)));
    for (const m of valid) {
      if (keep.includes(m)) move(ctx, m.lord, m.knight, m.to);
      else { ctx.flags.moved.delete(m.knight); cancel(ctx, m.lord, m.line, 'hostile-destination'); }
    }
  }
}

function move(ctx: Ctx, lord: LordId, kid: KnightId, to: TerritoryId): void {
  const k = ctx.s.knights[kid]!;
  const from = k.location;
  k.location = to;
  const a = armyOf(ctx, k);
  if (a) a.location = to; // the army moves with its knight; garrisons never move [T]
  emit(ctx, [lord], { type: 'moved', lord, knight: kid, from, to, men: a?.strength ?? 0 });
}
