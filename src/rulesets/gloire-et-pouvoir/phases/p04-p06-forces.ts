/**
 * Phase 4 (INI, DEF), phase 5 (CHE, ARM in entry order per lord) and phase 6 (AFF → same-lord
 * TSF → cross-lord TSF → GAR, four global passes [P G-16]) [rules §4.4–4.6].
 */
import type { Ctx } from '../context.ts';
import { addToGarrison, addToKnight, armyOf, cancel, emit, forEachOrder, liveGR, ownedBy, removeArmy, sameOrAdjacent } from '../context.ts';
import { knightCost, levy, levyHappiness, roundHalfUp } from '../formulas.ts';
import { knightName } from '../names.ts';
import { relation } from '../state.ts';

export function phase4(ctx: Ctx): void {
  forEachOrder(ctx, ['INI', 'DEF'], (lord, line) => {
    const o = line.order;
    if (o.code === 'INI') {
      ctx.s.lords[lord]!.retreat = { peasant: o.peasant, garrison: o.garrison, knight: o.knight };
      emit(ctx, [lord], { type: 'retreat-defaults', lord, peasant: o.peasant, garrison: o.garrison, knight: o.knight });
      return;
    }
    const a = ctx.s.armies[String(o.army)];
    if (!a) return cancel(ctx, lord, line, 'unknown-army');
    if (a.lord !== lord) return cancel(ctx, lord, line, 'not-own-army');
    a.defThreshold = o.men; // this turn only; a later DEF overwrites [P]
    emit(ctx, [lord], { type: 'special-defence', lord, army: a.id, men: o.men });
  });
}

export function phase5(ctx: Ctx): void {
  const { s, cfg } = ctx;
  forEachOrder(ctx, ['CHE', 'ARM'], (lord, line) => {
    const l = s.lords[lord]!;
    const o = line.order;
    if (o.code === 'CHE') {
      const done = ctx.flags.recruited[lord] ?? 0;
      if (done >= cfg.maxRecruitsPerTurn) return cancel(ctx, lord, line, 'too-many-recruits');
      const owned = ownedBy(ctx, lord);
      if (owned.length === 0) return cancel(ctx, lord, line, 'no-territory');
      const n = Math.min(o.n, cfg.maxRecruitsPerTurn - done);
      const lkR = s.knights[l.lordKnight]!.renown;
      for (let i = 0; i < n; i++) {
        // [T cap, P G-02]; a host's minimum above the cap (a weak lord-knight) draws the cap itself [P G-02]
        const cap = Math.floor(lkR) + 1;
        const renown = ctx.rng.int(Math.min(cfg.recruitRenownMin, cap), cap);
        const cost = knightCost(renown, ctx.snap.avgKnightRenown);
        if (l.treasury < cost) { // stop at the first unaffordable knight [P G-07]
          emit(ctx, [lord], { type: 'recruit-unaffordable', lord, renown, cost, treasury: l.treasury, notRecruited: n - i });
          break;
        }
        l.treasury -= cost;
        const id = `K${s.nextKnight++}`;
        const location = ctx.rng.pick(owned);
        s.knights[id] = { id, name: knightName(s, id), lord, isLordKnight: false, renown, hireRenown: renown, hiredTurn: ctx.turn, location, army: null };
        ctx.flags.recruited[lord] = (ctx.flags.recruited[lord] ?? 0) + 1;
        emit(ctx, [lord], { type: 'knight-recruited', lord, knight: id, name: s.knights[id]!.name, renown, cost, territory: location });
      }
      if (o.n > n) cancel(ctx, lord, line, 'too-many-recruits');
      return;
    }
    // ARM <territory> <amount> [<knight>]
    const t = s.territories[o.territory];
    if (!t || t.owner !== lord) return cancel(ctx, lord, line, 'not-own-territory');
    const amount = roundHalfUp(o.amount);
    if (l.treasury < amount) return cancel(ctx, lord, line, 'no-funds');
    let k = null;
    if (o.knight) {
      k = s.knights[o.knight];
      if (!k) return cancel(ctx, lord, line, 'unknown-knight');
      if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
      if (!sameOrAdjacent(ctx, k.location, t.id)) return cancel(ctx, lord, line, 'knight-too-far');
    }
    const { factor, men } = levy(cfg, amount, liveGR(ctx, lord), ctx.snap.maxGR, t.population, ctx.snap.avgPopulation);
    l.treasury -= amount;
    const hBefore = t.happiness;
    let armyId: number;
    if (k) {
      armyId = addToKnight(ctx, k, men).id;
      t.happiness = levyHappiness(hBefore, ctx.snap.avgHappiness, men, t.population);
    } else {
      armyId = addToGarrison(ctx, lord, t.id, men).id;
    }
    emit(ctx, [lord], { type: 'levy', lord, territory: t.id, amount, men, factor, knight: k?.id ?? null, army: armyId, hBefore, hAfter: t.happiness });
  });
}

export function phase6(ctx: Ctx): void {
  const { s } = ctx;
  // 1. AFF: a knight takes command of a garrison on his territory or an adjacent one [T].
  forEachOrder(ctx, ['AFF'], (lord, line) => {
    const o = line.order;
    const k = s.knights[o.knight];
    const g = s.armies[String(o.army)];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    if (!g) return cancel(ctx, lord, line, 'unknown-army');
    if (g.lord !== lord) return cancel(ctx, lord, line, 'not-own-army');
    if (g.commander !== null) return cancel(ctx, lord, line, 'not-garrison');
    if (!sameOrAdjacent(ctx, k.location, g.location)) return cancel(ctx, lord, line, 'knight-too-far');
    const t = s.territories[g.location]!;
    const men = g.strength;
    const hBefore = t.happiness;
    t.happiness = levyHappiness(hBefore, ctx.snap.avgHappiness, men, t.population); // as a levy with a commander [T]
    const own = armyOf(ctx, k);
    let armyId = g.id;
    if (own) { own.strength += men; removeArmy(ctx, g); armyId = own.id; } else { g.commander = k.id; g.location = k.location; k.army = g.id; }
    emit(ctx, [lord], { type: 'army-assigned', lord, knight: k.id, army: armyId, men, territory: t.id, hBefore, hAfter: t.happiness });
  });
  // 2–3. TSF: same-lord transfers first, then transfers between lords [T].
  const tsf = (sameLord: boolean) => forEachOrder(ctx, ['TSF'], (lord, line) => {
    const o = line.order;
    const to = s.knights[o.to];
    const isSame = to ? to.lord === lord : sameLord; // vanished receivers are reported in the first pass
    if (isSame !== sameLord) return;
    const from = s.knights[o.from];
    if (!from) return cancel(ctx, lord, line, 'unknown-knight');
    if (from.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    if (!to || to.id === from.id) return cancel(ctx, lord, line, 'unknown-knight');
    const a = armyOf(ctx, from);
    if (!a || a.strength <= 0) return cancel(ctx, lord, line, 'no-army');
    if (a.receivedTransfer) return cancel(ctx, lord, line, 'already-received-transfer'); // [T]
    if (relation(s, lord, to.lord) === 'war') return cancel(ctx, lord, line, 'enemy-receiver'); // [T]
    if (!sameOrAdjacent(ctx, from.location, to.location)) return cancel(ctx, lord, line, 'knight-too-far'); // [P G-15]
    if (o.men < 1 || o.men > a.strength) return cancel(ctx, lord, line, 'not-enough-men');
    a.strength -= o.men;
    if (a.strength === 0) removeArmy(ctx, a); // no battle: the lender lives on [P]
    const recv = addToKnight(ctx, to, o.men);
    recv.receivedTransfer = true;
    emit(ctx, to.lord === lord ? [lord] : [lord, to.lord], { type: 'transfer', lord, from: from.id, to: to.id, toLord: to.lord, men: o.men });
  });
  tsf(true);
  tsf(false);
  // 4. GAR closes the phase [T].
  forEachOrder(ctx, ['GAR'], (lord, line) => {
    const o = line.order;
    const k = s.knights[o.knight];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    const a = armyOf(ctx, k);
    if (!a) return cancel(ctx, lord, line, 'no-army');
    if (s.territories[k.location]!.owner !== lord) return cancel(ctx, lord, line, 'not-own-territory');
    if (o.men < 1 || o.men > a.strength) return cancel(ctx, lord, line, 'not-enough-men');
    a.strength -= o.men;
    if (a.strength === 0) removeArmy(ctx, a);
    addToGarrison(ctx, lord, k.location, o.men);
    emit(ctx, [lord], { type: 'garrisoned', lord, knight: k.id, men: o.men, territory: k.location });
  });
}
