/**
 * Diplomacy (S5.4, §10; G-90; TV-41): treaty and break orders, the Evil / Undead breaks at the
 * start of the turn, Druid treaties (unilateral from Neutral, retroactive when mutual), scientific
 * exchanges between allies (S5.4.5), and each kingdom's diplomatic report. Relations are stored
 * on both kingdoms and always kept symmetric.
 */
import type { AKState, Relation } from '../state.ts';
import type { AKSheet, TurnCtx } from '../turn/context.ts';
import { knowledgeOf } from '../knowledge/knowledge.ts';
import { addInvention, inventionInfo } from './discoveries.ts';
import { alignmentDistance, isSpecial, kingdomsAdjacent, kscratch, liveKingdoms, pairKey } from './util.ts';

const SCALE: readonly Relation[] = ['Enemy', 'Neutral', 'Allied'];

export function relation(s: AKState, a: number, b: number): Relation {
  return s.kingdoms[a]?.relations[b] ?? 'Neutral';
}

export function setRelation(s: AKState, a: number, b: number, r: Relation): void {
  s.kingdoms[a]!.relations[b] = r;
  s.kingdoms[b]!.relations[a] = r;
}

/** Breaks happen at the start of the turn for Evil and Undead Kings (§10.4, S5.7.3). */
export function breaksEarly(s: AKState, k: number): boolean {
  const a = s.kingdoms[k]?.alignment;
  return a === 'Evil' || a === 'Undead';
}

function targets(list: number[] | 'all' | undefined, self: number, all: number[]): Set<number> {
  if (list === undefined) return new Set();
  if (list === 'all') return new Set(all.filter((k) => k !== self));
  return new Set(list.filter((k) => k !== self && all.includes(k)));
}

export interface TreatyOrders { treaty: Record<number, Set<number>>; brk: Record<number, Set<number>> }

export function treatyOrders(s: AKState, sheets: Record<number, AKSheet>): TreatyOrders {
  const ids = liveKingdoms(s).map((k) => k.id);
  const treaty: Record<number, Set<number>> = {};
  const brk: Record<number, Set<number>> = {};
  for (const k of ids) {
    treaty[k] = targets(sheets[k]?.treaties, k, ids);
    brk[k] = targets(sheets[k]?.breaks, k, ids);
  }
  return { treaty, brk };
}

/**
 * The relation after this turn's orders between a and b (TV-41), from `from`:
 * - breaks (only the ones applied now) lower by one step each; a break voids any treaty;
 * - mutual treaties raise one step (Allied stays Allied: that is a scientific exchange);
 * - a unilateral Druid treaty turns Neutral into Allied (G-90).
 */
export function resolvePair(from: Relation, o: { ta: boolean; tb: boolean; ba: boolean; bb: boolean; druidA: boolean; druidB: boolean }): Relation {
  const i = SCALE.indexOf(from);
  const breaks = (o.ba ? 1 : 0) + (o.bb ? 1 : 0);
  if (breaks > 0) return SCALE[Math.max(0, i - breaks)]!;
  if (o.ta && o.tb) return SCALE[Math.min(2, i + 1)]!;
  if (from === 'Neutral' && ((o.ta && o.druidA) || (o.tb && o.druidB))) return 'Allied';
  return from;
}

function change(ctx: TurnCtx, a: number, b: number, from: Relation, to: Relation, cause: string, extra: Record<string, unknown> = {}): void {
  if (from === to) return;
  setRelation(ctx.s, a, b, to);
  kscratch(ctx).changes.push({ a, b, from, to, cause });
  ctx.emit({ t: 'relation-changed', to: [a, b], a, b, from, relation: to, cause, ...extra });
}

/** Pre-turn: Evil and Undead break orders take effect at once (§10.4; TV-41 last row). */
export function applyEarlyBreaks(ctx: TurnCtx): void {
  const s = ctx.s;
  const o = treatyOrders(s, ctx.sheets);
  const ids = liveKingdoms(s).map((k) => k.id);
  for (const a of ids) for (const b of ids) {
    if (b <= a) continue;
    const ba = breaksEarly(s, a) && o.brk[a]!.has(b);
    const bb = breaksEarly(s, b) && o.brk[b]!.has(a);
    if (!ba && !bb) continue;
    const from = relation(s, a, b);
    change(ctx, a, b, from, resolvePair(from, { ta: false, tb: false, ba, bb, druidA: false, druidB: false }), 'early-break');
  }
}

/** Pre-turn: a Druid kingdom and another both ordering a treaty from Neutral are Allied from phase 1 (G-90). */
export function druidPrescan(ctx: TurnCtx): void {
  const s = ctx.s;
  const o = treatyOrders(s, ctx.sheets);
  const ids = liveKingdoms(s).map((k) => k.id);
  const sc = kscratch(ctx);
  for (const a of ids) for (const b of ids) {
    if (b <= a) continue;
    const druid = s.kingdoms[a]!.alignment === 'Druid' || s.kingdoms[b]!.alignment === 'Druid';
    if (!druid || relation(s, a, b) !== 'Neutral') continue;
    if (!o.treaty[a]!.has(b) || !o.treaty[b]!.has(a) || o.brk[a]!.has(b) || o.brk[b]!.has(a)) continue;
    sc.druidAllied.push(pairKey(a, b));
    change(ctx, a, b, 'Neutral', 'Allied', 'druid-retroactive');
  }
}

/** End of turn g: treaty and break orders (except the breaks already applied at the start). */
export function resolveTreaties(ctx: TurnCtx): void {
  const s = ctx.s;
  const o = treatyOrders(s, ctx.sheets);
  const ids = liveKingdoms(s).map((k) => k.id);
  const sc = kscratch(ctx);
  for (const a of ids) for (const b of ids) {
    if (b <= a || sc.druidAllied.includes(pairKey(a, b))) continue;
    const from = relation(s, a, b);
    const ta = o.treaty[a]!.has(b), tb = o.treaty[b]!.has(a);
    const to = resolvePair(from, {
      ta, tb,
      ba: !breaksEarly(s, a) && o.brk[a]!.has(b), bb: !breaksEarly(s, b) && o.brk[b]!.has(a),
      druidA: s.kingdoms[a]!.alignment === 'Druid', druidB: s.kingdoms[b]!.alignment === 'Druid',
    });
    // Seed §10.3 (G-90): « Un traité sera signé même sans traité réciproque » — a Druid kingdom's
    // treaty alone; the report says why (issue 17 §2), naming the Druid kingdom that offered it.
    const alone = to === 'Allied' && from === 'Neutral' && ta !== tb;
    change(ctx, a, b, from, to, alone ? 'druid-treaty' : 'treaty', alone ? { druid: ta ? a : b } : {});
  }
  diplomaticReports(ctx);
}

/** A character of one kingdom stands in a province of the other (S5.4.5). */
function presence(s: AKState, a: number, b: number): boolean {
  return Object.values(s.characters).some((c) => c.alive && c.kingdom === a && s.provinces[c.province]?.owner === b);
}

/** The first invention in the giver's priority list the receiver does not know (military only by default, G-06). */
export function nextToShare(s: AKState, giver: number, receiver: number, militaryOnly: boolean): string | null {
  const known = s.kingdoms[receiver]!.inventions;
  for (const code of s.kingdoms[giver]!.inventions) {
    if (known.includes(code)) continue;
    if (militaryOnly && !inventionInfo(code).military) continue;
    return code;
  }
  return null;
}

/**
 * End of turn e (after income): allies with mutual treaty orders, adjacent or with a character in
 * the other's lands, exchange one discovery each way (a one-way transfer if only one has a secret).
 */
export function scienceExchange(ctx: TurnCtx): void {
  const s = ctx.s;
  const o = treatyOrders(s, ctx.sheets);
  const ids = liveKingdoms(s).map((k) => k.id);
  const sc = kscratch(ctx);
  const cfg = ctx.cfg.kingdom.science;
  // Allies out of reach are told once per kingdom, all in one line (a list, not one line each).
  const noContact = new Map<number, number[]>();
  for (const a of ids) for (const b of ids) {
    if (b <= a || sc.druidAllied.includes(pairKey(a, b))) continue;
    if (relation(s, a, b) !== 'Allied' || !o.treaty[a]!.has(b) || !o.treaty[b]!.has(a)) continue;
    if (!kingdomsAdjacent(s, a, b) && !presence(s, a, b) && !presence(s, b, a)) {
      noContact.set(a, [...(noContact.get(a) ?? []), b]);
      noContact.set(b, [...(noContact.get(b) ?? []), a]);
      continue;
    }
    // Super AK (§14.3): « une chance réduite d'échanger les découvertes avec un Roi d'alignement différent
    // (moins 40% par niveau de différence) » (`science.superAlignmentPct`); one draw per treaty, none between equals.
    const dist = s.variant === 'super' ? alignmentDistance(s.kingdoms[a]!.alignment, s.kingdoms[b]!.alignment) : 0;
    if (dist > 0 && !ctx.rng.chance(Math.max(0, 100 - cfg.superAlignmentPct * dist) / 100)) {
      ctx.emit({ t: 'science-exchange', to: [a, b], a, b, aGave: [], bGave: [], apart: dist });
      continue;
    }
    const toB: string[] = [];
    const toA: string[] = [];
    for (let n = 0; n < cfg.perExchange; n++) {
      const ga = nextToShare(s, a, b, cfg.militaryOnly);
      const gb = nextToShare(s, b, a, cfg.militaryOnly);
      if (ga) { addInvention(s, b, ga); toB.push(ga); }
      if (gb) { addInvention(s, a, gb); toA.push(gb); }
    }
    ctx.emit({ t: 'science-exchange', to: [a, b], a, b, aGave: toB, bGave: toA });
  }
  for (const k of [...noContact.keys()].sort((x, y) => x - y)) {
    ctx.emit({ t: 'science-no-contact', to: [k], kingdom: k, partners: noContact.get(k)!.sort((x, y) => x - y) });
  }
}

/**
 * The diplomatic report's news: the alignment of adjacent special-alignment Kings (§13.1), also
 * recorded in the kingdom's knowledge. (The table of relations is rendered from the state.)
 */
export function diplomaticReports(ctx: TurnCtx): void {
  const s = ctx.s;
  const live = liveKingdoms(s);
  for (const k of live) {
    for (const other of live) {
      if (other.id === k.id || !isSpecial(other.alignment) || !kingdomsAdjacent(s, k.id, other.id)) continue;
      knowledgeOf(s, k.id).alignments[other.id] = other.alignment;
      ctx.emit({ t: 'special-neighbour', to: [k.id], kingdom: other.id, alignment: other.alignment });
    }
  }
}
