/**
 * The caretaker (a host option, off by default as in the original rules): a lord who sends no
 * orders by the deadline is governed for that turn by his steward, who gives sensible defensive
 * orders and nothing else. Pure and deterministic: it reads only what the lord may know (the
 * player view: his own state in full, the public map, the knights he can see) and draws no dice.
 *
 * What the steward does, and why:
 *
 * - Taxes: IMP 5 with the redistribution that reaches the cap (RED ratio 10) on every territory
 *   whose happiness H is at least half the average BM. Phase 3 (formulas.ts `tax`,
 *   `redistribution`) multiplies H and the tax coefficient C by (1 − 0.1 L) for IMP L, then by
 *   (1 + ratio / 10) for RED, with ratio ≤ 10. Restoring H exactly needs ratio = L / (1 − 0.1 L),
 *   which the cap allows up to L = 5 (ratio 10: × 0.5 then × 2, exact in floating point). So IMP 5
 *   is the highest level whose drop the redistribution fully absorbs, and it is also the most
 *   profitable stable level: with X = POP × C × 0.0833 × H / BM the tax brings 5 X and the capped
 *   redistribution costs 2.5 X (a lower level L nets only 0.1 L² X), so H and C stay where they
 *   are and the lord keeps 2.5 X per territory.
 * - A tired territory (H < BM / 2) rests: no tax, and the capped redistribution (ratio 10, cost
 *   10 X) doubles its happiness; paid only with what is left once the upkeep is covered.
 * - A territory far happier than the average (H > 2.5 BM) is left alone: its tax income is capped
 *   (× 1.25 BM) but the redistribution's cost is not, so keeping its happiness after IMP 5 would
 *   cost more than the tax brings; untaxed, it keeps its happiness for free.
 * - Upkeep: the treasury at phase 15 is exactly the treasury now + rent + taxes − redistribution
 *   (the steward buys, levies, recruits, jousts, spies and fortifies nothing). Priorities, first
 *   served first: (1) the knights' pay (an unpaid knight deserts with his army and is lost for
 *   good); (2) the redistribution that keeps taxed land stable (the land pays for everything
 *   else), the least happy territories first; (3) the armies' upkeep (10 % of their men); (4) the
 *   rest of tired territories. When the armies cannot all be paid, the steward demobilises (DEM,
 *   phase 2) rather than let phase 15 disband the armies in id order (commanded armies first,
 *   which may be the lord's main army): he disbands the weakest armies until the others can be
 *   paid, then keeps any of those the money still covers after all (the strongest first). The
 *   strongest armies stay whole; the disbanded ones do not defend this turn, a small price for
 *   choosing which. (Releasing a knight the treasury cannot pay would be no better than his
 *   desertion, so the steward does not LIB.)
 * - Borders: an own territory is threatened when it, or a neighbour, is held by a lord at war with
 *   him or holds a foreign, non-allied knight he can see. A knight of his with an army standing on
 *   a threatened territory leaves half his men there as a garrison (GAR), unless the garrison
 *   there is already as strong as his army (so turn after turn he does not bleed his army away).
 *   A knight standing off his lord's land moves home (MOV to an adjacent own territory, threatened
 *   ones first; with none adjacent, one step closer to the nearest). A knight with men on quiet own
 *   land next to a threatened territory where no knight of his stands moves there.
 * - Nothing else: no ATT, no diplomacy (GUE/ALL/PAI/ANN/APP — an ally's call is not answered), no
 *   ORG/PAR/VND/ACH, no CHE, no ESP, no INI/DEF changes, no REN/ABD; no ARM and no FOR either: the
 *   steward does not commit his lord's savings to new troops (and their upkeep for ever after) or
 *   to walls — those are the lord's decisions. Savings pay only for the rest of tired land.
 * - When even the pay cannot be met (more knights than the land supports), the taxed land goes
 *   without its redistribution this turn (its happiness falls by half) and the knights the
 *   treasury still cannot pay desert by the rules; it is the only case where happiness falls.
 */
import { redistribution, redistributionForCap, roundHalfUp, tax } from './formulas.ts';
import { getMap, mapIndex } from './maps/index.ts';
import type { Order } from './orders/types.ts';
import type { GPState, LordId, TerritoryId } from './state.ts';
import { lordIdCompare } from './state.ts';
import { playerView, type TerritoryView } from './view.ts';

/** The tax level the steward uses: the highest whose drop the capped redistribution absorbs. */
export const CARETAKER_TAX_LEVEL = 5;
/** Below this share of the average happiness a territory rests (no tax, capped redistribution). */
export const CARETAKER_REST_RATIO = 0.5;

interface Plan { t: TerritoryView; rest: boolean; income: number; red: number; funded: number }
interface ArmyPlan { id: number; strength: number; commander: string | null; location: TerritoryId }

/** The steward's orders for one lord this turn (empty for a lord out of the game). */
export function caretakerOrders(s: GPState, lord: LordId): Order[] {
  const v = playerView(s, lord);
  const me = v.me;
  if (!me || !me.alive || v.finished) return [];
  const cfg = s.config;
  const idx = mapIndex(getMap(v.map));
  const adj = (t: TerritoryId): string[] => idx.byId.get(t)?.adjacent ?? [];
  const terrs = Object.values(v.territories);
  const BM = terrs.reduce((a, t) => a + t.happiness, 0) / terrs.length; // phase 3's snapshot average
  const mine = terrs.filter((t) => t.owner === lord).sort((a, b) => a.id.localeCompare(b.id));
  const myKnights = v.knights.filter((k) => k.lord === lord).sort((a, b) => lordIdCompare(a.id, b.id));

  // ── Economy plan (phase 3): IMP 5 + capped RED, or rest.
  const plans: Plan[] = [];
  for (const t of mine) {
    const C = t.taxCoef ?? cfg.defaultTaxCoef;
    if (!(t.happiness > 0) || !(t.population > 0) || !(BM > 0)) continue; // nothing a steward can do there
    if (t.happiness < CARETAKER_REST_RATIO * BM) {
      plans.push({ t, rest: true, income: 0, red: capAmount(s, t.population, C, t.happiness, BM), funded: 0 });
    } else {
      const r = tax(cfg, CARETAKER_TAX_LEVEL, t.population, C, t.happiness, BM);
      const red = capAmount(s, t.population, r.taxCoef, r.happiness, BM);
      // Far happier than the average (H > 2.5 BM), the tax is capped (× 1.25) but the
      // redistribution is not: keeping H would cost more than the tax brings. Left alone, the
      // territory keeps its happiness for free.
      if (red >= r.income) continue;
      plans.push({ t, rest: false, income: r.income, red, funded: 0 });
    }
  }
  const rent = me.title ? cfg.rents[me.title] : 0;
  let left = me.treasury + rent + plans.reduce((a, p) => a + p.income, 0);

  // (1) The knights' pay (every knight of his was hired on an earlier turn: he recruits none).
  left -= myKnights.filter((k) => !k.isLordKnight).reduce((a, k) => a + roundHalfUp(k.hireRenown ?? 0), 0);
  // (2) The redistribution that keeps taxed land stable, the least happy (relative) first.
  const byNeed = (a: Plan, b: Plan) => a.t.happiness - b.t.happiness || a.t.id.localeCompare(b.t.id);
  for (const p of plans.filter((x) => !x.rest).sort(byNeed)) {
    p.funded = Math.max(0, Math.min(p.red, left));
    left -= p.funded;
  }
  // (3) The armies' upkeep: when it cannot be paid, the weakest armies are demobilised until the
  // rest can be, then any of them the money still covers is kept after all (strongest first).
  // Each commanded army counts one écu more, for the rounding of a garrison split off it (GAR).
  const cost = (a: ArmyPlan) => roundHalfUp(cfg.armyUpkeep * a.strength) + (a.commander !== null ? 1 : 0);
  const all: ArmyPlan[] = me.armies.map((a) => ({ ...a })).sort((a, b) => a.strength - b.strength || a.id - b.id);
  const dem = new Set<number>();
  const bill = () => all.filter((a) => !dem.has(a.id)).reduce((x, a) => x + cost(a), 0);
  const purse = Math.max(0, left);
  for (const a of all) { if (bill() <= purse) break; dem.add(a.id); }
  for (const a of all.filter((x) => dem.has(x.id)).reverse()) {
    dem.delete(a.id);
    if (bill() > purse) dem.add(a.id);
  }
  const armies = all.filter((a) => !dem.has(a.id)).sort((a, b) => a.id - b.id);
  left -= bill();
  // (4) Tired territories rest with what is left.
  for (const p of plans.filter((x) => x.rest).sort(byNeed)) {
    if (left >= p.red) { p.funded = p.red; left -= p.red; }
  }

  const orders: Order[] = [];
  for (const a of [...dem].sort((x, y) => x - y)) orders.push({ code: 'DEM', army: a });
  for (const p of plans) if (!p.rest) orders.push({ code: 'IMP', level: CARETAKER_TAX_LEVEL, territory: p.t.id });
  for (const p of plans) if (p.funded >= 1) orders.push({ code: 'RED', amount: Math.floor(p.funded), territory: p.t.id });

  // ── Borders (phase 6 GAR, phase 9 MOV).
  const relationOf = (o: LordId) => v.lords.find((l) => l.id === o)?.relation ?? 'peace';
  const hostileKnightAt = (t: TerritoryId) => v.knights.some((k) => k.lord !== lord && k.location === t && relationOf(k.lord) !== 'alliance');
  const hostileLand = (t: TerritoryId) => { const o = v.territories[t]?.owner; return !!o && o !== lord && relationOf(o) === 'war'; };
  const danger = (t: TerritoryId) => hostileLand(t) || hostileKnightAt(t);
  const own = new Set(mine.map((t) => t.id));
  const threatened = new Set(mine.filter((t) => danger(t.id) || adj(t.id).some(danger)).map((t) => t.id));
  const menOf = (kid: string) => armies.find((a) => a.commander === kid)?.strength ?? 0;
  const garrison = new Map<TerritoryId, number>(mine.map((t) => [t.id, armies.filter((a) => a.commander === null && a.location === t.id).reduce((x, a) => x + a.strength, 0)]));
  const guarded = new Set<TerritoryId>();
  for (const k of myKnights) {
    if (!threatened.has(k.location)) continue;
    const men = menOf(k.id);
    if (men > 0) guarded.add(k.location);
    if (men < 2 || (garrison.get(k.location) ?? 0) >= men) continue;
    const n = Math.floor(men / 2);
    orders.push({ code: 'GAR', knight: k.id, men: n });
    garrison.set(k.location, (garrison.get(k.location) ?? 0) + n);
  }
  const allowed = (t: TerritoryId) => {
    const o = v.territories[t]?.owner ?? null;
    return (o === null || o === lord || relationOf(o) === 'alliance') && !hostileKnightAt(t);
  };
  const rank = (a: TerritoryId, b: TerritoryId) => Number(threatened.has(b)) - Number(threatened.has(a)) || (garrison.get(a) ?? 0) - (garrison.get(b) ?? 0) || a.localeCompare(b);
  for (const k of myKnights) {
    if (own.has(k.location)) {
      // Reinforce a threatened neighbour nobody of his guards, from quiet land.
      if (threatened.has(k.location) || menOf(k.id) <= 0) continue;
      const to = adj(k.location).filter((u) => threatened.has(u) && !guarded.has(u) && allowed(u)).sort(rank)[0];
      if (to) { guarded.add(to); orders.push({ code: 'MOV', knight: k.id, territory: to }); }
      continue;
    }
    // Off his lord's land: home, or one step closer to it.
    const home = adj(k.location).filter((u) => own.has(u) && allowed(u)).sort(rank)[0];
    if (home) { orders.push({ code: 'MOV', knight: k.id, territory: home }); continue; }
    if (!own.size) continue;
    const dist = (u: TerritoryId) => { const d = idx.distances(u); return Math.min(...[...own].map((o) => d.get(o) ?? Infinity)); };
    const here = dist(k.location);
    const step = adj(k.location).filter((u) => allowed(u) && dist(u) < here).sort((a, b) => dist(a) - dist(b) || a.localeCompare(b))[0];
    if (step) orders.push({ code: 'MOV', knight: k.id, territory: step });
  }
  return orders;
}

/** The smallest whole redistribution that reaches the cap with phase 3's own formula (exported for tests). */
export function capAmount(s: GPState, pop: number, coef: number, h: number, avgH: number): number {
  const cfg = s.config;
  let amount = Math.max(1, Math.ceil(redistributionForCap(cfg, pop, coef, h, avgH)));
  // The ceiling of the exact amount misses the cap only by floating-point rounding, which one or
  // two more écus make up; bounded at 16 steps (past 2^53 an écu more changes nothing), the
  // caretaker then asks for the amount reached, which the referee caps anyway [T §4.3.3].
  for (let step = 0; step < 16 && redistribution(cfg, amount, pop, coef, h, avgH).ratio < cfg.redistributionCap; step++) amount++;
  return amount;
}

/** The answer the caretaker submits: its orders, marked so that the referee reports them as his. */
export interface CaretakerAnswer { caretaker: true; orders: Order[] }

export function caretakerAnswer(s: GPState, lord: LordId): CaretakerAnswer {
  return { caretaker: true, orders: caretakerOrders(s, lord) };
}

/** Whether an answer is the caretaker's (a structured object, never a text a player could type). */
export function isCaretakerAnswer(answer: unknown): answer is { caretaker: true; orders: unknown[] } {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer)
    && (answer as { caretaker?: unknown }).caretaker === true && Array.isArray((answer as { orders?: unknown }).orders);
}
