/**
 * Phase 7 — attacks (ATT) and the pass-of-arms battle [rules §4.7]. Lords act in ascending GR,
 * each lord's attacks in entry order; a knight with an ATT order does not defend his origin.
 */
import type { Rng } from '../../../engine/rng.ts';
import { constantOf, type Fortification, type GPConfig } from '../config.ts';
import type { Ctx } from '../context.ts';
import { armyOf, cancel, changeOwner, eliminateLord, emit, felony, forEachOrder, garrisonAt, knightsOfLord, linesOf, orderedSheetLords, relationsOf, removeArmy, removeKnight, sameOrAdjacent, setRenown } from '../context.ts';
import type { DefenderReport } from '../events.ts';
import { floorSafe, roundHalfUp } from '../formulas.ts';
import type { Army, Knight, LordId, TerritoryId } from '../state.ts';
import { relation } from '../state.ts';

// ---------------------------------------------------------------- one pass of arms (§4.7.3)

export interface PassInput {
  /** Attacker strength and commander renown. */
  sA: number; rA: number;
  /** Defender strength and commander renown. */
  sD: number; rD: number;
  fortification: Fortification;
  /** The defender is a neutral territory's peasant army (the 5 % rule). */
  peasants: boolean;
}

export interface PassResult {
  winner: 'A' | 'D';
  rollA: number; rollD: number;
  lossA: number; lossD: number;
  /** Renown changes before the policies on who may gain (virtual and defending commanders). */
  dRA: number; dRD: number;
}

/**
 * One pass: each side rolls U(1, max(1, S × own R / other R)), the defender's range times the
 * fortification roll factor; the winner's blow lands first (10 % × S_W × R_W/R_L, at least one
 * man), then the winner loses q × S_L(after the blow) × R_L/R_W, q = 5 % against peasants
 * [T, P G-20, C-17]. Every defender loss is multiplied by the fortification damage factor.
 */
export function fightPass(cfg: GPConfig, p: PassInput, rng: Rng): PassResult {
  const fr = cfg.fortRoll[p.fortification];
  const fd = cfg.fortDamage[p.fortification];
  const hiA = Math.max(1, (p.sA * p.rA) / p.rD);
  const hiD = Math.max(1, (fr * p.sD * p.rD) / p.rA);
  let rollA = 1;
  let rollD = 1;
  let winner: 'A' | 'D';
  if (hiA === 1 && hiD === 1) {
    // Both ranges have collapsed to the single value 1 (e.g. 1 man against 1 man at equal
    // renown): a re-roll could never differ, so one fair coin from the same stream decides [P G-20].
    winner = rng.chance(0.5) ? 'A' : 'D';
  } else {
    // Equal rolls are re-rolled [P G-20], at most `battleRollCap` draws of both dice; if every
    // draw is still a tie at the cap, one fair coin from the same stream decides [P G-20].
    const cap = constantOf(cfg, 'battleRollCap');
    let draws = 0;
    do {
      rollA = rng.uniform(1, hiA);
      rollD = rng.uniform(1, hiD);
      draws++;
    } while (rollA === rollD && draws < cap);
    winner = rollA === rollD ? (rng.chance(0.5) ? 'A' : 'D') : rollA > rollD ? 'A' : 'D';
  }
  const aWins = winner === 'A'; // (the winner's and loser's figures without an array a pass)
  const sW = aWins ? p.sA : p.sD, rW = aWins ? p.rA : p.rD, sL = aWins ? p.sD : p.sA, rL = aWins ? p.rD : p.rA;
  const fL = winner === 'A' ? fd : 1; // damage factor on the loser if the loser defends
  const fW = winner === 'D' ? fd : 1;
  const q = p.peasants ? cfg.peasantWinnerDamage : cfg.passDamage;
  let lossL: number;
  let lossW: number;
  if (cfg.simultaneousLosses) {
    lossL = Math.min(sL, Math.max(1, roundHalfUp(cfg.passDamage * sW * (rW / rL) * fL)));
    lossW = Math.min(sW, roundHalfUp(q * sL * (rL / rW) * fW * cfg.winnerLossFactor));
  } else {
    lossL = Math.min(sL, Math.max(1, roundHalfUp(cfg.passDamage * sW * (rW / rL) * fL)));
    const sLafter = sL - lossL;
    lossW = Math.min(sW, roundHalfUp(q * sLafter * (rL / rW) * fW * cfg.winnerLossFactor));
  }
  const gain = cfg.renownPerPass * rL; // W gains 1 % of L's renown
  const loss = cfg.renownPerPass * rW; // L loses 1 % of W's renown [T, C-18]
  return winner === 'A'
    ? { winner, rollA, rollD, lossA: lossW, lossD: lossL, dRA: gain, dRD: -loss }
    : { winner, rollA, rollD, lossA: lossL, lossD: lossW, dRA: -loss, dRD: gain };
}

// ---------------------------------------------------------------- defenders (§4.7.2)

/** One defender of a territory, in the referee's engagement order (exported for the players' battle simulator). */
export interface Defender {
  kind: 'peasants' | 'garrison' | 'knight';
  lord: LordId | null;
  knight: Knight | null;
  army: Army | null;
  strength: number; // for peasants (virtual army)
  virtualRenown: number;
  gr: number;
}

/** The defenders of territory t against `attacker`, in the order they engage [T §4.7.2, P G-19]. */
export function defendersOf(ctx: Ctx, attacker: LordId, t: TerritoryId): Defender[] {
  const { s, cfg } = ctx;
  const terr = s.territories[t]!;
  const virtualRenown = cfg.virtualCommanderFactor * ctx.snap.avgKnightRenown;
  if (terr.owner === null) {
    const strength = cfg.persistentPeasants && ctx.flags.peasants.has(t) ? ctx.flags.peasants.get(t)! : floorSafe(cfg.peasantRate * terr.population);
    return strength > 0 ? [{ kind: 'peasants', lord: null, knight: null, army: null, strength, virtualRenown, gr: -Infinity }] : [];
  }
  const owner = terr.owner;
  const out: Defender[] = [];
  const g = garrisonAt(ctx, owner, t);
  if (g && g.strength > 0) out.push({ kind: 'garrison', lord: owner, knight: null, army: g, strength: g.strength, virtualRenown, gr: -Infinity });
  // The owner's and his allies' knights (from the turn's index: the sort below is a total order,
  // so the order they are gathered in does not matter). The allies list never holds the owner.
  gatherDefenders(ctx, out, owner, attacker, t, virtualRenown);
  for (const l of relationsOf(ctx).allies.get(owner) ?? []) if (l !== owner) gatherDefenders(ctx, out, l, attacker, t, virtualRenown);
  out.sort(byEngagement);
  return out;
}

/** Lord l's knights that defend t against `attacker`, pushed to `out` (a function of the module: no closure made an attack). */
function gatherDefenders(ctx: Ctx, out: Defender[], l: LordId, attacker: LordId, t: TerritoryId, virtualRenown: number): void {
  const s = ctx.s;
  for (const k of knightsOfLord(ctx, l)) {
    if (k.location !== t || k.lord === attacker) continue;
    if (relation(s, k.lord, attacker) === 'alliance') continue; // allies of the attacker stand aside [P G-19]
    if (ctx.flags.attackOrigin.get(k.id) === t) continue; // attackers do not defend their origin [T]
    const a = armyOf(ctx, k);
    if (!a || a.strength <= 0) continue;
    out.push({ kind: 'knight', lord: k.lord, knight: k, army: a, strength: a.strength, virtualRenown, gr: ctx.snap.gr[k.lord] ?? 0 });
  }
}

const defenderRenown = (d: Defender) => (d.knight ? d.knight.renown : d.virtualRenown);
/** Engagement order: the weakest commander first, the garrison first among equals, then GR, then knight number [P G-19]. */
const byEngagement = (a: Defender, b: Defender) => defenderRenown(a) - defenderRenown(b) || (a.kind === 'garrison' ? -1 : b.kind === 'garrison' ? 1 : 0) || a.gr - b.gr || Number(a.knight!.id.slice(1)) - Number(b.knight!.id.slice(1));

// ---------------------------------------------------------------- phase 7

export function phase7(ctx: Ctx): void {
  const { s } = ctx;
  // Before any attack: every knight with an ATT order stands aside at his origin [T].
  for (const lord of orderedSheetLords(ctx)) {
    for (const line of linesOf(ctx, lord, 'ATT')) {
      const k = s.knights[line.order.knight];
      if (k && k.lord === lord) ctx.flags.attackOrigin.set(k.id, k.location);
    }
  }
  forEachOrder(ctx, ['ATT'], (lord, line) => {
    const o = line.order;
    const k = s.knights[o.knight];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    const army = armyOf(ctx, k);
    if (!army || army.strength <= 0) return cancel(ctx, lord, line, 'no-army');
    if (ctx.flags.attacked.has(k.id)) return cancel(ctx, lord, line, 'already-attacked');
    const t = s.territories[o.territory];
    if (!t) return cancel(ctx, lord, line, 'not-adjacent');
    if (t.owner === lord) return cancel(ctx, lord, line, 'own-territory');
    if (t.owner && relation(s, lord, t.owner) === 'alliance') return cancel(ctx, lord, line, 'allied-territory');
    if (!sameOrAdjacent(ctx, k.location, t.id)) return cancel(ctx, lord, line, 'not-adjacent');
    const threshold = o.threshold ?? (s.lords[lord]!.retreat.knight / 100) * army.strength; // [P G-46]
    if (army.strength < threshold) return cancel(ctx, lord, line, 'below-threshold');
    ctx.flags.attacked.add(k.id);
    attack(ctx, lord, k, army, t.id, threshold);
  });
}

function attack(ctx: Ctx, X: LordId, k: Knight, army: Army, t: TerritoryId, thrA: number): void {
  const { s, cfg } = ctx;
  const terr = s.territories[t]!;
  const owner = terr.owner;
  const from = k.location;
  const fortification = terr.fortification;
  const attackerStart = army.strength;
  const renownBefore = k.renown;
  const felonAgainst = new Set<LordId>();
  const reports: DefenderReport[] = [];
  let totalPasses = 0;
  let result: 'conquest' | 'repelled' | 'died' = 'conquest';

  for (const d of defendersOf(ctx, X, t)) {
    if (d.army && (!s.armies[String(d.army.id)] || d.army.strength <= 0)) continue; // gone meanwhile
    if (d.knight && !s.knights[d.knight.id]) continue;
    commitFelony(ctx, X, felonAgainst, d.lord); // fighting an army of a lord not at war with the attacker [T, P G-23 (a)]
    const peasants = d.kind === 'peasants';
    const S0 = d.army ? d.army.strength : d.strength;
    const ownerRetreat = d.lord ? s.lords[d.lord]!.retreat : null;
    const thrD = peasants ? cfg.peasantRetreat * S0
      : d.army!.defThreshold ?? ((d.kind === 'garrison' ? ownerRetreat!.garrison : ownerRetreat!.knight) / 100) * S0;
    let sD = S0;
    const rep: DefenderReport = {
      kind: d.kind, lord: d.lord, knight: d.knight?.id ?? null, name: d.knight?.name ?? null,
      commanderRenown: d.knight ? d.knight.renown : d.virtualRenown, start: S0, end: S0, threshold: thrD, outcome: 'held', passes: 0,
    };
    reports.push(rep);
    let next = false;
    while (!next) {
      if (totalPasses >= cfg.passCap) { result = 'repelled'; break; } // safety cap [P G-21]
      totalPasses++;
      rep.passes++;
      const rD = d.knight ? d.knight.renown : d.virtualRenown;
      const r = fightPass(cfg, { sA: army.strength, rA: k.renown, sD, rD, fortification, peasants }, ctx.rng);
      army.strength -= r.lossA;
      sD -= r.lossD;
      setRenown(ctx, k, Math.max(cfg.minRenown, k.renown + r.dRA));
      if (d.knight && r.dRD < 0) setRenown(ctx, d.knight, Math.max(cfg.minRenown, d.knight.renown + r.dRD)); // defenders never gain [P C-07]
      if (d.army) d.army.strength = sD;
      rep.end = sD;
      const destroyed = sD <= 0; // both checks apply when both sides reach 0 in one pass [P G-21]
      if (destroyed) rep.outcome = d.kind === 'knight' ? 'died' : 'destroyed';
      if (army.strength <= 0) { result = 'died'; break; }
      if (army.strength < thrA) { result = 'repelled'; if (!destroyed) rep.outcome = 'held'; break; }
      if (destroyed || sD < thrD) { if (!destroyed) rep.outcome = 'retreated'; next = true; }
    }
    if (peasants && cfg.persistentPeasants) ctx.flags.peasants.set(t, Math.max(0, sD));
    // Casualties of the defender side.
    if (rep.outcome === 'died' && d.knight) {
      emit(ctx, [d.knight.lord], { type: 'knight-died', lord: d.knight.lord, knight: d.knight.id, name: d.knight.name, territory: t });
      const wasLordKnight = d.knight.isLordKnight;
      removeKnight(ctx, d.knight);
      if (wasLordKnight) eliminateLord(ctx, d.knight.lord, 'battle');
    } else if (rep.outcome === 'destroyed' && d.army) {
      removeArmy(ctx, d.army);
    }
    if (result !== 'conquest') break;
  }

  const attackerEnd = Math.max(0, army.strength);
  const renownAfter = k.renown;
  const audience = new Set<LordId>([X]);
  if (owner) audience.add(owner);
  for (const r of reports) if (r.lord) audience.add(r.lord);

  if (result === 'conquest') {
    const current = s.territories[t]!.owner;
    commitFelony(ctx, X, felonAgainst, current); // conquering a non-enemy's land [P G-23 (b)]
    const lost = s.territories[t]!.fortification;
    if (s.lords[X]!.alive && s.knights[k.id]) {
      s.territories[t]!.fortification = 'none'; // conquered by force [T §5.17]
      changeOwner(ctx, t, X);
      k.location = t;
      army.location = t;
      ctx.flags.conquered.add(k.id);
      emit(ctx, 'all', { type: 'conquest', territory: t, from: current, to: X, happiness: s.territories[t]!.happiness, fortificationLost: lost });
    }
  }
  emit(ctx, [...audience], {
    type: 'battle', lord: X, knight: k.id, knightName: k.name, from, territory: t, owner, result, attackerStart, attackerEnd,
    threshold: thrA, renownBefore, renownAfter, defenders: reports, passes: totalPasses, fortification,
  });
  if (result === 'died') {
    emit(ctx, [X], { type: 'knight-died', lord: X, knight: k.id, name: k.name, territory: from });
    const wasLordKnight = k.isLordKnight;
    removeKnight(ctx, k);
    if (wasLordKnight) eliminateLord(ctx, X, 'battle');
  }
}

/** X fights or takes from V, a living lord not at war with him: a felony, once per attack (`felonAgainst`) [T, P G-23]. */
function commitFelony(ctx: Ctx, X: LordId, felonAgainst: Set<LordId>, V: LordId | null): void {
  const s = ctx.s;
  if (!V || V === X || felonAgainst.has(V) || !s.lords[V]?.alive) return;
  if (relation(s, X, V) === 'war') return;
  felonAgainst.add(V);
  felony(ctx, X, V, 'battle');
}
