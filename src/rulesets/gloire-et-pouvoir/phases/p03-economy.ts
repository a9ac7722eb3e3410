/** Phase 3: 3a rent → 3b taxation (IMP) → 3c redistribution (RED) [rules §4.3]. */
import type { Ctx } from '../context.ts';
import { cancel, emit, forEachOrder, setHappiness, setTreasury } from '../context.ts';
import { redistribution, roundHalfUp, tax } from '../formulas.ts';

export function phase3(ctx: Ctx): void {
  const { s, cfg } = ctx;
  const BM = ctx.snap.avgHappiness; // the same in all three steps [T]
  // 3a rent: the title held since the last phase 17 [T §5.4.1].
  for (const lord of ctx.snap.order) {
    const l = s.lords[lord]!;
    if (l.title) {
      const amount = cfg.rents[l.title];
      setTreasury(ctx, l, l.treasury + amount);
      emit(ctx, [lord], { type: 'rent', lord, title: l.title, amount });
    }
  }
  // 3b taxation, every lord, then 3c redistribution [T].
  const taxed = new Set<string>();
  forEachOrder(ctx, ['IMP'], (lord, line) => {
    const o = line.order;
    const t = s.territories[o.territory];
    if (!t || t.owner !== lord) return cancel(ctx, lord, line, 'not-own-territory');
    if (taxed.has(t.id)) return cancel(ctx, lord, line, 'duplicate'); // first IMP only [P G-09]
    taxed.add(t.id);
    const r = tax(cfg, o.level, t.population, t.taxCoef, t.happiness, BM);
    emit(ctx, [lord], { type: 'tax', lord, territory: t.id, level: o.level, income: r.income, hBefore: t.happiness, hAfter: r.happiness, cBefore: t.taxCoef, cAfter: r.taxCoef });
    setTreasury(ctx, s.lords[lord]!, s.lords[lord]!.treasury + r.income);
    setHappiness(ctx, t, r.happiness);
    t.taxCoef = r.taxCoef;
  });
  const redistributed = new Set<string>();
  forEachOrder(ctx, ['RED'], (lord, line) => {
    const o = line.order;
    const t = s.territories[o.territory];
    const l = s.lords[lord]!;
    if (!t || t.owner !== lord) return cancel(ctx, lord, line, 'not-own-territory');
    if (redistributed.has(t.id)) return cancel(ctx, lord, line, 'duplicate');
    const amount = roundHalfUp(o.amount);
    if (l.treasury < amount) return cancel(ctx, lord, line, 'no-funds'); // [P G-07]
    redistributed.add(t.id);
    const r = redistribution(cfg, amount, t.population, t.taxCoef, t.happiness, BM);
    emit(ctx, [lord], { type: 'redistribution', lord, territory: t.id, amount, ratio: r.ratio, hBefore: t.happiness, hAfter: r.happiness, cBefore: t.taxCoef, cAfter: r.taxCoef });
    setTreasury(ctx, l, l.treasury - amount); // the whole amount is spent, even above the cap [T]
    setHappiness(ctx, t, r.happiness);
    t.taxCoef = r.taxCoef;
  });
}
