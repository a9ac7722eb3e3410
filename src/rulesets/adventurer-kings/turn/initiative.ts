/**
 * The order in which characters act within a phase (rules S4.2, §5.1):
 * 1. descending initiative (characters.ts: the 15 effective talents, Ma three times);
 * 2. ties: the lower character number first;
 * 3. defenders act last, in their own initiative order [P G-39]: characters whose order this
 *    phase is DE, and characters on patrol (an active patrol, or a PU on himself this phase);
 * 4. a pursuer (or tracker, G-54) acts immediately after the character he pursues;
 * 5. same kingdom, same province, one's order concerns the other: "they wait for each other"
 *    [P G-40]: an order that targets a companion (PI of his armies, LE/GI/RE to him, CA on him)
 *    runs before that companion's movement-type order (MO, PU, TR, patrol), and a PI of armies a
 *    companion is leaving (LE) runs after that LE — each character is preceded just in time by
 *    those who must act first; everyone else keeps his initiative place.
 */
import { initiative } from '../characters.ts';
import type { AKState, Character } from '../state.ts';
import type { SlotOrder } from './context.ts';

export interface Actor { char: Character; order: SlotOrder | null }

const MOVEMENT = new Set(['MO', 'PU', 'TR']);
const TARGETING = new Set(['PI', 'LE', 'GI', 'RE', 'CA']);

function numbers(text: string): number[] {
  return text.split(/[\s,]+/).slice(1).filter((w) => /^\d+$/.test(w)).map(Number);
}

/** The character a PU or TR order names (null for other orders). */
export function pursuitTarget(order: SlotOrder | null): number | null {
  if (!order || (order.code !== 'PU' && order.code !== 'TR')) return null;
  const n = numbers(order.text)[0];
  return n === undefined ? null : n;
}

function isDefending(a: Actor): boolean {
  if (a.order?.code === 'DE') return true;
  if (a.char.standing?.patrol) return true;
  return a.order?.code === 'PU' && pursuitTarget(a.order) === a.char.id;
}

/** The character this actor pursues or tracks this phase (standing order, or the order given now). */
function pursues(a: Actor): number | null {
  const t = pursuitTarget(a.order);
  if (t !== null && t !== a.char.id) return t;
  if (a.order === null || a.order.code === 'PU' || a.order.code === 'TR') {
    return a.char.standing?.pursue ?? a.char.standing?.track ?? null;
  }
  return null;
}

/** The words of an order after its code, split at `à` / `to` / `pour` / `for` (text fallback when there is no parsed value). */
function textParts(o: SlotOrder): { list: string[]; target: string | undefined } {
  const w = o.text.split(/[\s,]+/).slice(1).filter(Boolean);
  const i = w.findIndex((x) => ['à', 'a', 'au', 'to', 'pour', 'for'].includes(x.toLowerCase()));
  return i < 0 ? { list: w, target: undefined } : { list: w.slice(0, i), target: w[i + 1] };
}

/** The armies a PI or LE order names (`all` for `tout`), from its parsed value (or its text). */
function armyList(o: SlotOrder): 'all' | number[] {
  const v = o.value as unknown;
  const parsed = o.code === 'PI' ? v : (v as { armies?: unknown } | null)?.armies;
  if (parsed === 'all') return 'all';
  if (Array.isArray(parsed)) return parsed as number[];
  const { list } = textParts(o);
  if (list.length === 1 && ['tout', 'tous', 'toutes', 'all'].includes(list[0]!.toLowerCase())) return 'all';
  return list.filter((x) => /^\d+$/.test(x)).map(Number);
}

/** The receiver of an LE, or the commander of an RE: a character number or 'GC'. */
function receiver(o: SlotOrder): number | 'GC' | undefined {
  const v = o.value as { to?: unknown; commander?: unknown } | null;
  const parsed = o.code === 'LE' ? v?.to : v?.commander;
  if (typeof parsed === 'number' || parsed === 'GC') return parsed;
  const t = textParts(o).target;
  if (t === undefined) return o.code === 'RE' ? 'GC' : undefined;
  return /^\d+$/.test(t) ? Number(t) : ['gc', 'cg', 'garnison', 'garrison'].includes(t.toLowerCase()) ? 'GC' : undefined;
}

/** The armies y leads in his province (what his `LE tout` leaves). */
function ledArmies(s: AKState, y: Actor): number[] {
  return Object.values(s.armies).filter((a) => a.leader === y.char.id && a.province === y.char.province).map((a) => a.id);
}

/**
 * Whether `x`'s order targets `y` (G-40): PI of his armies, LE to him (or of armies he leads),
 * GI to him, RE pour him, CA on him. The parsed value names the target where the order has one
 * (an army number that happens to equal a character number is not a target).
 */
function concerns(s: AKState, x: Actor, y: Actor): boolean {
  if (!x.order || !TARGETING.has(x.order.code)) return false;
  const o = x.order;
  if (o.code === 'PI') {
    const list = armyList(o);
    return list !== 'all' && list.some((a) => s.armies[a]?.leader === y.char.id);
  }
  if (o.code === 'LE') {
    const list = armyList(o);
    return receiver(o) === y.char.id || (list !== 'all' && list.some((a) => s.armies[a]?.leader === y.char.id));
  }
  if (o.code === 'RE') return receiver(o) === y.char.id;
  // GI n à X: the receiver X (n may be an item or an amount); CA: the spell's target.
  const v = o.value as { to?: unknown; target?: unknown } | null;
  const named = o.code === 'GI' ? v?.to : v?.target;
  if (typeof named === 'number') return named === y.char.id;
  return numbers(o.text).includes(y.char.id);
}

/**
 * Whether `y` leaves armies that `x` picks up in the same phase (the G-40 case "PI of armies
 * another character is leaving"): y's LE (to the GC or to anyone) then x's PI of them (`PI tout`
 * takes what y leaves to the GC; a PI list naming one of them).
 */
function feeds(s: AKState, y: Actor, x: Actor): boolean {
  if (y.order?.code !== 'LE' || x.order?.code !== 'PI') return false;
  const left = armyList(y.order);
  const leftIds = left === 'all' ? ledArmies(s, y) : left;
  const taken = armyList(x.order);
  if (taken === 'all') return receiver(y.order) === 'GC' && leftIds.length > 0;
  return taken.some((a) => leftIds.includes(a));
}

function moves(y: Actor): boolean {
  return (y.order !== null && MOVEMENT.has(y.order.code)) || !!y.char.standing?.patrol;
}

export function byInitiative(s: AKState, actors: Actor[]): Actor[] {
  const ini = new Map(actors.map((a) => [a.char.id, initiative(s, a.char)]));
  return [...actors].sort((a, b) => ini.get(b.char.id)! - ini.get(a.char.id)! || a.char.id - b.char.id);
}

/** The acting order of a phase. */
export function actingOrder(s: AKState, actors: Actor[]): Actor[] {
  const sorted = byInitiative(s, actors);
  const base = [...sorted.filter((a) => !isDefending(a)), ...sorted.filter(isDefending)];

  // Pursuers right after their targets (chains follow; a cycle keeps its first member in place).
  const present = new Map(base.map((a) => [a.char.id, a]));
  const followers = new Map<number, Actor[]>();
  const attached = new Set<number>();
  for (const a of base) {
    const t = pursues(a);
    if (t === null || !present.has(t)) continue;
    // Refuse an edge that would close a cycle.
    let cur: number | null = t;
    let cycle = false;
    const guard = new Set<number>();
    while (cur !== null && !guard.has(cur)) { // each pass adds `cur` to `guard`: ≤ the characters present
      if (cur === a.char.id) { cycle = true; break; }
      guard.add(cur);
      const next: number | null = attached.has(cur) ? pursues(present.get(cur)!) : null;
      cur = next;
    }
    if (cycle) continue;
    attached.add(a.char.id);
    (followers.get(t) ?? followers.set(t, []).get(t)!).push(a);
  }
  const withPursuers: Actor[] = [];
  const place = (a: Actor) => {
    withPursuers.push(a);
    for (const f of followers.get(a.char.id) ?? []) place(f);
  };
  for (const a of base) if (!attached.has(a.char.id)) place(a);

  // G-40: within a kingdom and a province, an order that concerns a companion runs before his
  // movement-type order, and a pick-up waits for the companion leaving those armies. The
  // initiative order is kept, except that each character is preceded, just in time, by those who
  // must act before him (a "pull forward": nobody else changes place). A cycle is broken in the
  // initiative order.
  const n = withPursuers.length;
  const before: number[][] = withPursuers.map(() => []);
  let any = false;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const x = withPursuers[i]!, y = withPursuers[j]!;
      if (x.char.kingdom === null || x.char.kingdom !== y.char.kingdom || x.char.province !== y.char.province) continue;
      // x must act before y.
      if ((concerns(s, x, y) && moves(y)) || feeds(s, x, y)) { before[j]!.push(i); any = true; }
    }
  }
  if (!any) return withPursuers;
  const out: Actor[] = [];
  const state = new Array<0 | 1 | 2>(n).fill(0); // 0 waiting, 1 being placed, 2 placed
  const put = (i: number): void => {
    if (state[i] !== 0) return;
    state[i] = 1;
    for (const p of before[i]!) put(p); // a predecessor in state 1 closes a cycle: skipped
    state[i] = 2;
    out.push(withPursuers[i]!);
  };
  for (let i = 0; i < n; i++) put(i);
  return out;
}
