/**
 * Phase 4 (INI, DEF), phase 5 (CHE, ARM in entry order per lord) and phase 6 (AFF → same-lord
 * TSF → cross-lord TSF → GAR, four global passes [P G-16]) [rules §4.4–4.6].
 */
import type { Ctx } from '../context.ts';
import { addToGarrison, addToKnight, armyOf, cancel, emit, forEachOrder, knightsOfLord, liveGR, ownedBy, removeArmy, sameOrAdjacent, addKnight, setHappiness, setTreasury } from '../context.ts';
import { knightCost, levy, levyHappiness, roundHalfUp } from '../formulas.ts';
import { knightName } from '../names.ts';
import { normalizeName } from '../../../engine/names.ts';
import { relation, type Knight, type LordId, type TerritoryId } from '../state.ts';

/**
 * The knight of `lord` named `name` (his name or his id, accents, case and spaces aside) standing
 * on `from` or next to it; null when there is none, or more than one [fog of war: see phase 6].
 */
function receiverNamed(ctx: Ctx, from: TerritoryId, lord: LordId, name: string): Knight | null {
  const key = normalizeName(name);
  const found = Object.values(ctx.s.knights).filter((k) => k.lord === lord && (normalizeName(k.name) === key || normalizeName(k.id) === key) && sameOrAdjacent(ctx, from, k.location));
  return found.length === 1 ? found[0]! : null;
}

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
        setTreasury(ctx, l, l.treasury - cost);
        const own = knightsOfLord(ctx, lord); // read before the number moves (addKnight then appends to the index)
        const id = `K${s.nextKnight++}`;
        const location = ctx.rng.pick(owned);
        addKnight(ctx, { id, name: knightName(s, id, lord, own), lord, isLordKnight: false, renown, hireRenown: renown, hiredTurn: ctx.turn, location, army: null });
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
    setTreasury(ctx, l, l.treasury - amount);
    const hBefore = t.happiness;
    let armyId: number;
    if (k) {
      armyId = addToKnight(ctx, k, men).id;
      setHappiness(ctx, t, levyHappiness(hBefore, ctx.snap.avgHappiness, men, t.population));
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
    setHappiness(ctx, t, levyHappiness(hBefore, ctx.snap.avgHappiness, men, t.population)); // as a levy with a commander [T]
    const own = armyOf(ctx, k);
    let armyId = g.id;
    if (own) { own.strength += men; removeArmy(ctx, g); armyId = own.id; } else { g.commander = k.id; g.location = k.location; k.army = g.id; }
    emit(ctx, [lord], { type: 'army-assigned', lord, knight: k.id, army: armyId, men, territory: t.id, hBefore, hAfter: t.happiness });
  });
  // 2–3. TSF: same-lord transfers first, then transfers between lords [T].
  //
  // Fog of war (orders/types.ts KnightRef): a receiver the lord could not know at entry comes as
  // the name he wrote, resolved here among the knights of the lord he named (same name or id,
  // accents and case aside). Another lord's receiver who does not exist (or no longer), is not
  // within reach, or is not the only one of that name within reach, is cancelled with one and the
  // same reason, 'receiver-out-of-reach': the report must not tell the lord which, or the order
  // would be a free probe. For the same reason every check the lord can make himself (his knight,
  // his army, the men, war with the receiver's lord: all known to him) comes first.
  const tsf = (sameLord: boolean) => forEachOrder(ctx, ['TSF'], (lord, line) => {
    const o = line.order;
    const written = typeof o.to === 'string' ? s.knights[o.to] : undefined;
    const toLord = typeof o.to === 'string' ? written?.lord : o.to.lord;
    const isSame = toLord !== undefined ? toLord === lord : sameLord; // vanished receivers are reported in the first pass
    if (isSame !== sameLord) return;
    const from = s.knights[o.from];
    if (!from) return cancel(ctx, lord, line, 'unknown-knight');
    if (from.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    const a = armyOf(ctx, from);
    if (!a || a.strength <= 0) return cancel(ctx, lord, line, 'no-army');
    if (a.receivedTransfer) return cancel(ctx, lord, line, 'already-received-transfer'); // [T]
    if (o.men < 1 || o.men > a.strength) return cancel(ctx, lord, line, 'not-enough-men');
    if (toLord !== undefined && toLord !== lord && relation(s, lord, toLord) === 'war') return cancel(ctx, lord, line, 'enemy-receiver'); // [T]
    const to = typeof o.to === 'string' ? written : receiverNamed(ctx, from.location, o.to.lord, o.to.name);
    if (!to) return cancel(ctx, lord, line, 'receiver-out-of-reach');
    if (to.id === from.id) return cancel(ctx, lord, line, 'unknown-knight');
    if (!sameOrAdjacent(ctx, from.location, to.location)) {
      return cancel(ctx, lord, line, to.lord === lord ? 'knight-too-far' : 'receiver-out-of-reach'); // [P G-15]
    }
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
