/**
 * Gifts (GI, S4.4.3 / §5.4; G-44; TV-22, TV-23): the gold limit, item transfers, and the
 * conditional form `GI a à B contre b`. S4.4.3: it "executes only if the giver receives the
 * specified item in the same phase". Two ways to receive it: B's matching conditional order (the
 * exchange is carried out atomically when the second of the two resolves, G-44), or a plain
 * `GI b à A` by the item's holder, before or after A's order in the same phase. Items received by GI
 * are noted per phase in `ctx.scratch.kingdom.receivedItems`.
 */
import type { AKConfig } from '../config.ts';
import type { Character } from '../state.ts';
import type { SlotOrder, TurnCtx } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { kscratch } from './util.ts';

export interface GiveValue { n: number; to: number; against?: number }

/**
 * The most gold a King may still give this turn (TV-22, review B2): the turn's gifts together may
 * not exceed max(floor(10 % × T_start), 10), and no gift may exceed the current treasury.
 * For the first gift of the turn this is min(T_now, max(floor(0.1 T_start), 10)).
 */
export function giftLimit(cfg: AKConfig['kingdom']['gifts'], tStart: number, tNow: number, givenSoFar = 0): number {
  const cap = Math.max(Math.floor((cfg.pctOfStartTreasury * tStart) / 100), cfg.floor);
  return Math.max(0, Math.min(tNow, cap - givenSoFar));
}

function audience(a: Character, b: Character): number[] {
  const out: number[] = [];
  for (const k of [a.kingdom, b.kingdom]) if (k !== null && !out.includes(k)) out.push(k);
  return out;
}

export function transferItem(ctx: TurnCtx, from: Character, to: Character, item: number): void {
  from.items = from.items.filter((i) => i !== item);
  to.items.push(item);
  const it = ctx.s.items[item];
  if (it) { it.holder = to.id; delete it.site; }
  kscratch(ctx).receivedItems.push({ phase: ctx.phase, to: to.id, item });
}

/**
 * A plain item gift (GI without `contre`): the item changes hands, both kingdoms hear of it, and any
 * conditional give of this phase that awaited this item from its new holder completes now (S4.4.3).
 */
export function giveItem(ctx: TurnCtx, from: Character, to: Character, item: number): void {
  transferItem(ctx, from, to, item);
  ctx.emit({ t: 'item-given', to: audience(from, to), who: from.id, at: from.province, target: to.id, item });
  completeAwaiting(ctx, to, item);
}

/** `receiver` just received `item`: his conditional gives of this phase that awaited it are carried out. */
function completeAwaiting(ctx: TurnCtx, receiver: Character, item: number): void {
  const sc = kscratch(ctx);
  const due = sc.pendingGives.filter((p) => p.phase === ctx.phase && p.giver === receiver.id && p.against === item);
  if (due.length === 0) return;
  sc.pendingGives = sc.pendingGives.filter((p) => !due.includes(p));
  for (const p of due) {
    const target = ctx.s.characters[p.to];
    const order: SlotOrder = { code: 'GI', value: { n: p.item, to: p.to, against: p.against }, text: p.text };
    if (!receiver.alive || !receiver.items.includes(p.item) || !target || !target.alive || target.province !== receiver.province) {
      orderFailed(ctx, receiver, order, { fr: 'l’échange n’a pas pu se faire', en: 'the exchange could not take place' });
      continue;
    }
    giveItem(ctx, receiver, target, p.item);
  }
}

/** The item's holder gives it plainly (`GI item à giver`, no `contre`) in this phase's slot. */
function plainGiftComing(ctx: TurnCtx, giver: Character, item: number): boolean {
  const holderId = ctx.s.items[item]?.holder;
  const holder = holderId === undefined ? undefined : ctx.s.characters[holderId];
  if (!holder || holder.kingdom === null) return false;
  const slot = ctx.sheets[holder.kingdom]?.characters[holder.id]?.phases[ctx.phase - 1];
  if (!slot || slot.code !== 'GI') return false;
  const o = slot.value as GiveValue;
  return o.n === item && o.to === giver.id && o.against === undefined;
}

/** Gives gold from a King's treasury to a character of another kingdom (or an unemployed one: the gold is simply gone, G-44). */
export function giveGold(ctx: TurnCtx, king: Character, target: Character, amount: number, order: SlotOrder): void {
  const k = king.kingdom!;
  const kd = ctx.s.kingdoms[k]!;
  const sc = kscratch(ctx);
  const allowed = giftLimit(ctx.cfg.kingdom.gifts, kd.treasuryAtTurnStart, kd.treasury, sc.gifted[k] ?? 0);
  if (amount > allowed) {
    return orderFailed(ctx, king, order, {
      fr: `le Roi ne peut plus donner que ${allowed} écu${allowed > 1 ? 's' : ''} ce tour-ci (10 % du trésor du début du tour, 10 écus au moins)`,
      en: `the King may give at most ${allowed} more écu${allowed === 1 ? '' : 's'} this turn (10 % of the treasury at the start of the turn, at least 10 écus)`,
    });
  }
  kd.treasury -= amount;
  sc.gifted[k] = (sc.gifted[k] ?? 0) + amount;
  if (target.kingdom !== null) {
    ctx.s.kingdoms[target.kingdom]!.treasury += amount;
    sc.received[target.kingdom] = (sc.received[target.kingdom] ?? 0) + amount;
  }
  ctx.emit({ t: 'gold-given', to: audience(king, target), who: king.id, at: king.province, target: target.id, amount, fromKingdom: k, toKingdom: target.kingdom });
}

/** The counterpart's order this phase, if it is the matching `GI against à giver contre item`. */
function matchingOrder(ctx: TurnCtx, giver: Character, target: Character, v: GiveValue): boolean {
  if (target.kingdom === null) return false;
  const slot = ctx.sheets[target.kingdom]?.characters[target.id]?.phases[ctx.phase - 1];
  if (!slot || slot.code !== 'GI') return false;
  const o = slot.value as GiveValue;
  return o.n === v.against && o.to === giver.id && o.against === v.n;
}

/** A conditional item exchange (G-44): registers the first half, completes on the second. */
export function conditionalGive(ctx: TurnCtx, giver: Character, target: Character, v: GiveValue, order: SlotOrder): void {
  const sc = kscratch(ctx);
  const i = sc.pendingGives.findIndex((p) => p.phase === ctx.phase && p.giver === target.id && p.to === giver.id && p.item === v.against && p.against === v.n);
  if (i >= 0) {
    sc.pendingGives.splice(i, 1);
    if (!target.alive || !target.items.includes(v.against!) || target.province !== giver.province) {
      orderFailed(ctx, target, { code: 'GI', value: { n: v.against, to: giver.id, against: v.n }, text: `GI ${v.against} à ${giver.id} contre ${v.n}` }, { fr: 'l’échange n’a pas pu se faire', en: 'the exchange could not take place' });
      return orderFailed(ctx, giver, order, { fr: 'l’autre partie n’a plus l’objet promis', en: 'the other party no longer holds the promised item' });
    }
    transferItem(ctx, giver, target, v.n);
    transferItem(ctx, target, giver, v.against!);
    ctx.emit({ t: 'items-exchanged', to: audience(giver, target), who: giver.id, at: giver.province, target: target.id, gave: v.n, got: v.against });
    return;
  }
  // S4.4.3: the awaited item already came to the giver this phase, by a plain gift → he gives his now.
  if (sc.receivedItems.some((r) => r.phase === ctx.phase && r.to === giver.id && r.item === v.against)) {
    return giveItem(ctx, giver, target, v.n);
  }
  // It will come later in the phase (a matching conditional order of the receiver, or a plain gift by
  // the item's holder): wait for it; settleConditionalGives fails the order if it never comes.
  if (!matchingOrder(ctx, giver, target, v) && !plainGiftComing(ctx, giver, v.against!)) {
    return orderFailed(ctx, giver, order, { fr: `${target.name} ne donne pas l’objet ${v.against} en échange`, en: `${target.name} does not give item ${v.against} in exchange` });
  }
  sc.pendingGives.push({ phase: ctx.phase, giver: giver.id, item: v.n, to: target.id, against: v.against!, text: order.text });
}

/** End of a phase: conditional gives whose counterpart never came fail (nothing changes hands). */
export function settleConditionalGives(ctx: TurnCtx): void {
  const sc = kscratch(ctx);
  const left = sc.pendingGives.filter((p) => p.phase <= ctx.phase);
  sc.pendingGives = sc.pendingGives.filter((p) => p.phase > ctx.phase);
  for (const p of left) {
    const giver = ctx.s.characters[p.giver];
    if (!giver) continue;
    orderFailed(ctx, giver, { code: 'GI', value: { n: p.item, to: p.to, against: p.against }, text: p.text }, { fr: 'l’objet attendu en échange n’a pas été donné', en: 'the item expected in exchange was not given' });
  }
}
