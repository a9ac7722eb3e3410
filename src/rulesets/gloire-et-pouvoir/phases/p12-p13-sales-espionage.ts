/** Phase 12 — sales (VND/ACH) and phase 13 — espionage (ESP) [rules §4.12–4.13, P G-28, G-29]. */
import type { Ctx } from '../context.ts';
import { allKnights, cancel, changeOwner, emit, forEachOrder, garrisonAt, linesOf, liveGR, setTreasury } from '../context.ts';
import { enemiesOf, espionageProbability, floorSafe } from '../formulas.ts';
import type { Intel } from '../state.ts';

export function phase12(ctx: Ctx): void {
  const { s, cfg } = ctx;
  const consumed = new Set<string>(); // ACH lines (lord:seq) matched by an executed or examined VND
  const firstVnd = new Set<string>(); // seller:territory
  forEachOrder(ctx, ['VND'], (seller, line) => {
    const o = line.order;
    if (ctx.turn === 1) return cancel(ctx, seller, line, 'first-turn'); // an affront to the King [T]
    const key = `${seller}:${o.territory}`;
    if (firstVnd.has(key)) return cancel(ctx, seller, line, 'first-vnd-only'); // [T]
    firstVnd.add(key);
    const buyer = o.lord;
    const ach = linesOf(ctx, buyer, 'ACH').filter((l) => l.order.lord === seller && l.order.territory === o.territory && !consumed.has(`${buyer}:${l.seq}`));
    const match = ach.find((l) => l.order.price === o.price);
    if (!s.lords[buyer]?.alive) return cancel(ctx, seller, line, 'lord-dead');
    if (!match) return cancel(ctx, seller, line, ach.length ? 'price-mismatch' : 'no-match');
    consumed.add(`${buyer}:${match.seq}`);
    const fail = (reason: Parameters<typeof cancel>[3]) => { cancel(ctx, seller, line, reason); cancel(ctx, buyer, match, reason); };
    const t = s.territories[o.territory];
    if (!t || t.owner !== seller) return fail('not-own-territory');
    if (ctx.flags.purchased.has(buyer)) return fail('already-bought'); // one purchase per turn [T]
    const watched = cfg.saleEnemyCheck === 'both' ? [...enemiesOf(s, seller), ...enemiesOf(s, buyer)] : enemiesOf(s, seller);
    const nearEnemy = [...(ctx.adjacency.get(t.id) ?? [])].some((u) => { const ow = s.territories[u]!.owner; return ow !== null && watched.includes(ow); });
    if (nearEnemy) return fail('enemy-border');
    if (t.lastSoldTurn !== null && t.lastSoldTurn >= ctx.turn - 1) return fail('sold-last-turn');
    if (s.lords[buyer]!.treasury < o.price) return fail('no-funds');
    setTreasury(ctx, s.lords[buyer]!, s.lords[buyer]!.treasury - o.price);
    setTreasury(ctx, s.lords[seller]!, s.lords[seller]!.treasury + o.price);
    changeOwner(ctx, t.id, buyer); // memory, happiness, the seller's garrison goes home at once [T, P G-28]
    t.lastSoldTurn = ctx.turn;
    ctx.flags.purchased.add(buyer);
    emit(ctx, 'all', { type: 'sale', seller, buyer, territory: t.id, price: o.price });
  });
  // Purchases with no matching sale are cancelled.
  forEachOrder(ctx, ['ACH'], (buyer, line) => {
    if (consumed.has(`${buyer}:${line.seq}`)) return;
    cancel(ctx, buyer, line, ctx.turn === 1 ? 'first-turn' : 'no-match');
  });
}

export function phase13(ctx: Ctx): void {
  const { s, cfg } = ctx;
  forEachOrder(ctx, ['ESP'], (lord, line) => {
    const t = s.territories[line.order.territory]!;
    const l = s.lords[lord]!;
    if (t.owner === lord) return cancel(ctx, lord, line, 'own-territory'); // [P G-29]
    if (l.treasury < cfg.espionageCost) return cancel(ctx, lord, line, 'no-funds');
    // The odds use the spy's GR when the order runs, before its own fee is taken (TV-44: GR 150,
    // avg 200 → p 0.375) [T §5.14, rules §4.13]; the fee is paid even on failure [P G-29].
    const p = espionageProbability(cfg, liveGR(ctx, lord), ctx.snap.avgGR);
    setTreasury(ctx, l, l.treasury - cfg.espionageCost);
    const success = ctx.rng.next() < p;
    let report: Intel | null = null;
    if (success) {
      const knights = allKnights(ctx).filter((k) => k.location === t.id).map((k) => ({ // every knight, in the state's order
        knight: k.id, lord: k.lord, name: k.name, renown: k.renown, men: k.army !== null ? s.armies[String(k.army)]?.strength ?? 0 : 0,
      }));
      const garrison = t.owner ? garrisonAt(ctx, t.owner, t.id)?.strength ?? 0 : 0;
      // Neutral land: an estimate of the peasants, true size × U(0.9, 1.1) rounded to 10 [T, P G-29].
      const peasantEstimate = t.owner === null ? Math.round((floorSafe(cfg.peasantRate * t.population) * ctx.rng.uniform(0.9, 1.1)) / 10) * 10 : null;
      report = { turn: ctx.turn, owner: t.owner, population: t.population, happiness: t.happiness, taxCoef: t.taxCoef, fortification: t.fortification, knights, garrison, peasantEstimate };
      l.intel[t.id] = report;
    }
    const { turn: _t, ...body } = report ?? { turn: 0 };
    emit(ctx, [lord], { type: 'espionage', lord, territory: t.id, success, probability: p, cost: cfg.espionageCost, report: report ? (body as Omit<Intel, 'turn'>) : null });
  });
}
