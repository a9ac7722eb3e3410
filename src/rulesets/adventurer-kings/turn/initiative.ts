/**
 * The order in which characters act within a phase (rules S4.2, §5.1):
 * 1. descending initiative (characters.ts: the 15 effective talents, Ma three times);
 * 2. ties: the lower character number first;
 * 3. defenders act last, in their own initiative order [P G-39]: characters whose order this
 *    phase is DE, and characters on patrol (an active patrol, or a PU on himself this phase);
 * 4. a pursuer (or tracker, G-54) acts immediately after the character he pursues;
 * 5. same kingdom, same province, one's order concerns the other: "they wait for each other"
 *    [P G-40]: an order that targets a companion (PI of his armies, LE/GI/RE to him, CA on him)
 *    runs before that companion's movement-type order (MO, PU, TR, patrol) — a stable
 *    topological sort of these edges over the initiative order.
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

/** Whether `x`'s order concerns `y` (G-40 edges), both of one kingdom in one province. */
function concerns(s: AKState, x: Actor, y: Actor): boolean {
  if (!x.order || !TARGETING.has(x.order.code)) return false;
  const ids = numbers(x.order.text);
  if (x.order.code === 'PI') return ids.some((a) => s.armies[a]?.leader === y.char.id);
  return ids.includes(y.char.id);
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
    while (cur !== null && !guard.has(cur)) {
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

  // G-40: stable topological sort on "concerns" edges within a kingdom and a province.
  const n = withPursuers.length;
  const edges: number[][] = withPursuers.map(() => []);
  const indeg = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const x = withPursuers[i]!, y = withPursuers[j]!;
      if (x.char.kingdom === null || x.char.kingdom !== y.char.kingdom || x.char.province !== y.char.province) continue;
      if (j < i && concerns(s, x, y) && moves(y)) { edges[i]!.push(j); indeg[j]!++; }
    }
  }
  if (indeg.every((d) => d === 0)) return withPursuers;
  const out: Actor[] = [];
  const done = new Array<boolean>(n).fill(false);
  while (out.length < n) {
    let pick = -1;
    for (let i = 0; i < n; i++) if (!done[i] && indeg[i] === 0) { pick = i; break; }
    if (pick < 0) pick = done.findIndex((d) => !d); // a cycle: the earliest goes first
    done[pick] = true;
    out.push(withPursuers[pick]!);
    for (const j of edges[pick]!) indeg[j]!--;
  }
  return out;
}
