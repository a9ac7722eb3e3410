/**
 * Finances (S5.5, §11; G-10, G-14, G-06): income at the end of the turn (taxes of the provinces
 * owned now, with Bless / Earthquake from magic/tax.ts, monster ravaging halved, inventions),
 * then expenses (Heroes in ascending id, then armies in ascending id, each paid in full or not at
 * all, TV-29), and the treasury statement of each kingdom's report.
 */
import { armyUpkeep, unpaidArmy } from '../armies/upkeep.ts';
import { effectiveTax } from '../magic/tax.ts';
import type { AKState, Army, Character, Province } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { INVENTIONS } from '../world/inventions.ts';
import { leaveService } from './heroes.ts';
import { kscratch, liveKingdoms, rollPct, sortedIds } from './util.ts';

/** A monster ravages the province (G-14): a guardian of one of its sites, not under Hide Site. */
export function isRavaged(s: AKState, p: Province): boolean {
  return p.sites.some((id) => { const site = s.sites[id]; return !!site?.ravaging && site.hiddenBy === undefined; });
}

export interface ProvinceIncome { province: number; tax: number; ravaged: boolean; blessed: boolean; quaked: boolean }

/** One province's tax this turn for its owner: magic, the capital's crop rotation, ravaging (G-14). */
export function provinceIncome(ctx: TurnCtx, p: Province): ProvinceIncome {
  const s = ctx.s;
  let tax = effectiveTax(s, p);
  const owner = p.owner === null ? undefined : s.kingdoms[p.owner];
  if (owner && owner.capital === p.id && tax > 0) {
    for (const code of owner.inventions) {
      const ct = INVENTIONS[code]?.capitalTax;
      if (ct) tax += Math.max(0, Math.min(ct.bonus, ct.max - p.taxBase));
    }
  }
  const ravaged = isRavaged(s, p);
  if (ravaged) tax = Math.floor(tax / ctx.cfg.kingdom.income.ravageDivisor);
  return { province: p.id, tax, ravaged, blessed: !!p.effects?.blessed, quaked: !!p.effects?.earthquake };
}

/** Income from the kingdom's inventions on top of the taxes: % of the total (floor, each), flat écus. */
export function inventionIncome(s: AKState, kingdom: number, taxes: number): number {
  let extra = 0;
  for (const code of s.kingdoms[kingdom]?.inventions ?? []) {
    const spec = INVENTIONS[code];
    if (spec?.incomePercent) extra += Math.floor((taxes * spec.incomePercent) / 100);
    if (spec?.flatIncome) extra += spec.flatIncome;
  }
  return extra;
}

/** End of turn d: income. */
export function collectIncome(ctx: TurnCtx): void {
  const s = ctx.s;
  const sc = kscratch(ctx);
  for (const k of liveKingdoms(s)) {
    sc.beforeIncome[k.id] = k.treasury;
    let taxes = 0;
    let provinces = 0;
    const ravaged: number[] = [];
    const blessed: number[] = [];
    const quaked: number[] = [];
    const byProvince: [number, number][] = [];
    for (const id of sortedIds(s.provinces)) {
      const p = s.provinces[id]!;
      if (p.owner !== k.id) continue;
      const inc = provinceIncome(ctx, p);
      provinces++;
      taxes += inc.tax;
      byProvince.push([id, inc.tax]);
      if (inc.ravaged) ravaged.push(id);
      if (inc.quaked) quaked.push(id);
      else if (inc.blessed) blessed.push(id);
    }
    const inventions = inventionIncome(s, k.id, taxes);
    k.treasury += taxes + inventions;
    sc.income[k.id] = { taxes, provinces, ravaged, blessed, quaked, inventions, byProvince };
  }
}

/** Heroes the kingdom pays, in ascending id (alive, in service, with a wage). */
export function payroll(s: AKState, kingdom: number): Character[] {
  return sortedIds(s.characters).map((id) => s.characters[id]!)
    .filter((c) => c.kingdom === kingdom && c.alive && c.role === 'HeroInService' && (c.wage ?? 0) > 0);
}

/** Armies the kingdom pays, in ascending id (led or in garrison). */
export function armyRoll(s: AKState, kingdom: number): Army[] {
  return sortedIds(s.armies).map((id) => s.armies[id]!)
    .filter((a) => a.kingdom === kingdom && (a.status === 'Led' || a.status === 'Garrison'));
}

/**
 * Pays down a list in order: each payee in full if the treasury allows, otherwise unpaid, and
 * the list goes on (no partial payments, G-10). Returns the paid total and the unpaid indices.
 */
export function payInOrder(treasury: number, dues: number[]): { paid: number; unpaid: number[]; left: number } {
  let left = treasury;
  let paid = 0;
  const unpaid: number[] = [];
  dues.forEach((d, i) => {
    if (d <= left) { left -= d; paid += d; } else unpaid.push(i);
  });
  return { paid, unpaid, left };
}

/** End of turn f: expenses, Heroes then armies (TV-29), and the treasury statement. */
export function payExpenses(ctx: TurnCtx): void {
  const s = ctx.s;
  const sc = kscratch(ctx);
  const pay = ctx.cfg.kingdom.pay;
  for (const k of liveKingdoms(s)) {
    const heroes = payroll(s, k.id);
    const heroDues = heroes.map((c) => c.wage ?? 0);
    const h = payInOrder(k.treasury, heroDues);
    k.treasury = h.left;
    const armies = armyRoll(s, k.id);
    const armyDues = armies.map((x) => armyUpkeep(s, x));
    const a = payInOrder(k.treasury, armyDues);
    k.treasury = a.left;
    const heroesLeft: number[] = [];
    const heroesUnpaid: number[] = [];
    for (const i of h.unpaid) {
      const c = heroes[i]!;
      heroesUnpaid.push(c.id);
      if (!c.loyal && rollPct(ctx.rng, pay.unpaidHeroLeavesPct)) {
        const released = leaveService(ctx, c);
        heroesLeft.push(c.id);
        ctx.emit({ t: 'unpaid-hero-left', to: [k.id], who: c.id, at: c.province, hero: c.id, armies: released });
      }
    }
    const armiesUnpaid = a.unpaid.map((i) => armies[i]!.id);
    for (const i of a.unpaid) unpaidArmy(ctx, armies[i]!);
    const inc = sc.income[k.id] ?? { taxes: 0, provinces: 0, ravaged: [], blessed: [], quaked: [], inventions: 0, byProvince: [] };
    const before = sc.beforeIncome[k.id] ?? k.treasury;
    const given = sc.gifted[k.id] ?? 0;
    const received = sc.received[k.id] ?? 0;
    const hiring = sc.hiring[k.id] ?? 0;
    ctx.emit({
      t: 'treasury', to: [k.id],
      start: k.treasuryAtTurnStart, given, received, hiring,
      other: before - k.treasuryAtTurnStart + given - received + hiring,
      taxes: inc.taxes, provinces: inc.provinces, inventions: inc.inventions,
      ravaged: inc.ravaged, blessed: inc.blessed, quaked: inc.quaked,
      wages: h.paid, armyPay: a.paid, heroesUnpaid, heroesLeft, armiesUnpaid,
      // The statement line by line, for the report's table: [province, tax], [hero, wage due], [army, pay due].
      byProvince: inc.byProvince,
      byHero: heroes.map((c, i) => [c.id, heroDues[i]!]),
      byArmy: armies.map((x, i) => [x.id, armyDues[i]!]),
      end: k.treasury,
    });
  }
}
