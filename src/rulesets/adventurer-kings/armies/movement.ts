/**
 * Army movement (S5.2.4, S5.2.5, §8.4, §15.13a): movement points with Forced March (Table 15.6)
 * and Naval, movement classes and transport, MP costs, unification chances, and the
 * long-distance route of MO ([P G-51]).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKState, Army, Character } from '../state.ts';
import { talent } from '../characters.ts';
import type { ArmiesCfg, MoveClass } from './types.ts';
import { moveClass, typeRow } from './types.ts';
import { neighbours } from '../world/geometry.ts';
import { provinceStance } from './relations.ts';

/** Table 15.6: Forced-March extra MP for a Ma level and an army speed (TV-34). */
export function forcedMarchBonus(cfg: ArmiesCfg, ma: number, speed: number): number {
  const col = speed >= 3 ? cfg.forcedMarchFast : cfg.forcedMarchSlow;
  return col[Math.max(0, Math.min(ma, col.length - 1))]!;
}

/**
 * MP per turn (S5.2.4, TV-34): speed + bonus, computed with the current leader. Land armies get
 * Forced March (Ma); naval units (fleets, Whales, Tritons) get + 1 per Na level; air units ignore both.
 */
export function mpPerTurnFor(cfg: ArmiesCfg, type: Army['type'], ma: number, na: number): number {
  const row = typeRow(cfg, type);
  const cls = row.class as MoveClass;
  if (cls === 'air') return row.speed;
  if (cls === 'naval' || cls === 'triton') return row.speed + cfg.navalPerLevel * na;
  return row.speed + forcedMarchBonus(cfg, ma, row.speed);
}

export function mpPerTurn(s: AKState, cfg: ArmiesCfg, army: Army): number {
  const c = army.leader !== undefined ? s.characters[army.leader] : undefined;
  return mpPerTurnFor(cfg, army.type, c ? talent(s, c, 'Ma') : 0, c ? talent(s, c, 'Na') : 0);
}
export function mpLeft(s: AKState, cfg: ArmiesCfg, army: Army): number {
  return Math.max(0, mpPerTurn(s, cfg, army) - army.mpUsed);
}
/** Spends MP, never beyond the budget ([P G-81]: a missing MP is waived). */
export function spendMp(s: AKState, cfg: ArmiesCfg, army: Army, n: number): void {
  army.mpUsed = Math.min(mpPerTurn(s, cfg, army), army.mpUsed + n);
}

/** Table 15.6 unification chance (0..1) for a joining leader's Ma (or Na at sea) and the origins' distance (TV-35). */
export function unificationChance(cfg: ArmiesCfg, level: number, originDistance: number): number {
  const row = cfg.unification[Math.max(0, Math.min(level, cfg.unification.length - 1))]!;
  return row[Math.min(2, Math.max(0, originDistance))]! / 100;
}

type Ground = 'land' | 'sea' | 'dried';
function ground(s: AKState, id: number): Ground {
  const p = s.provinces[id]!;
  if (p.terrain !== 'Sea') return 'land';
  return p.effects?.dried ? 'dried' : 'sea';
}

export type MovePlan =
  | { ok: true; carried: Set<number>; naval: boolean }
  | { ok: false; reason: Localized };

const R = (fr: string, en: string): { ok: false; reason: Localized } => ({ ok: false, reason: { fr, en } });

/**
 * Can this group of armies go from `from` to the adjacent `to` (S5.2.4)? Checks terrain,
 * Flood, Part the Oceans, transport capacity (fleet: 2 infantry or 1 mounted; air: 1 infantry
 * or Triton, [P G-16]), the §15.13a restrictions and 1 MP per non-carried army ([P G-81]).
 */
export function planMove(s: AKState, cfg: ArmiesCfg, armies: Army[], from: number, to: number, checkMp = true): MovePlan {
  if (armies.length === 0) return { ok: true, carried: new Set(), naval: false };
  const gf = ground(s, from), gt = ground(s, to);
  const pf = s.provinces[from]!, pt = s.provinces[to]!;
  // AK Terre (§14.4): a strait « permet à des forces navales de passer entre elles, mais interdit le passage
  // des troupes terrestres non transportées »; Part the Oceans on either bordering province opens it to land
  // troops « et interdira le passage des unités maritimes ».
  const strait = !!pf.straits?.includes(to);
  const parted = strait && (!!pf.effects?.dried || !!pt.effects?.dried);
  const landLeg = gf !== 'sea' && gt !== 'sea' && (!strait || parted);
  const needCarry: Army[] = [];
  for (const a of armies) {
    const cls = moveClass(cfg, a.type);
    if (cls === 'infantry' || cls === 'mounted' || cls === 'ent') {
      if (pf.effects?.flooded) return R(`la ${name(a)} est immobilisée par l'inondation`, `the ${nameEn(a)} is held fast by the flood`);
      if (pt.effects?.flooded) return R('la province est inondée', 'the province is flooded');
      if (!landLeg) {
        if (cls === 'ent') return R('les Ents ne peuvent être transportés', 'Ents cannot be carried');
        needCarry.push(a);
      } else if (a.transported || a.movedBySea) {
        return R('une armée transportée ce tour ne peut plus marcher par voie de terre', 'an army carried this turn cannot also march overland');
      }
    } else if (cls === 'naval') {
      if (gf === 'dried' || gt === 'dried') return R('une flotte ne peut entrer ni sortir d’une mer asséchée', 'fleets cannot enter or leave a dried sea');
      if (parted) return R('le détroit est asséché par le Partage des flots : aucun navire ne le franchit', 'the strait is dried by Part the Oceans: no ship can pass it');
      if (gf === 'land' && gt === 'land' && !strait) return R('une flotte ne peut aller de terre à terre', 'fleets cannot go from land to land');
      if (a.movedOverland) return R('une armée ne peut faire à la fois un mouvement terrestre et naval', 'an army cannot make both a land and a naval move');
    } else if (cls === 'triton') {
      if (gf === 'land' && gt === 'land') needCarry.push(a);
    }
  }
  // Transport: fleets then air units of the group, each with its capacity (G-16).
  const carried = new Set<number>();
  if (needCarry.length) {
    let fleetSlots = 0, airSlots = 0;
    for (const a of armies) {
      if (a.type === 'FL') fleetSlots += cfg.fleetInfantry;
      const cls = moveClass(cfg, a.type);
      if (cls === 'air') airSlots += cfg.airInfantry;
    }
    // Mounted first (they need fleets), then infantry on fleets, then air.
    const order = [...needCarry].sort((x, y) => rank(cfg, x) - rank(cfg, y) || x.id - y.id);
    for (const a of order) {
      const cls = moveClass(cfg, a.type);
      const mountedCost = cfg.fleetInfantry / cfg.fleetMounted;
      if (cls === 'mounted') {
        if (fleetSlots >= mountedCost) { fleetSlots -= mountedCost; carried.add(a.id); continue; }
        return R('pas assez de flottes pour transporter les troupes montées', 'not enough fleets to carry the mounted troops');
      }
      if (cls === 'infantry' && fleetSlots >= 1) { fleetSlots -= 1; carried.add(a.id); continue; }
      if ((cls === 'infantry' || cls === 'triton') && airSlots >= 1) { airSlots -= 1; carried.add(a.id); continue; }
      return R('pas assez de moyens de transport', 'not enough transport');
    }
    for (const a of armies) if (carried.has(a.id) && a.movedOverland) {
      return R('une armée ne peut être transportée après avoir marché par voie de terre ce tour', 'an army cannot be carried after marching overland this turn');
    }
  }
  if (checkMp) {
    for (const a of armies) {
      if (carried.has(a.id)) continue;
      if (mpLeft(s, cfg, a) < 1) return R('des armées n’ont plus de points de mouvement', 'some armies have no movement points left');
    }
  }
  return { ok: true, carried, naval: !landLeg };
}

function rank(cfg: ArmiesCfg, a: Army): number {
  const c = moveClass(cfg, a.type);
  return c === 'mounted' ? 0 : c === 'infantry' ? 1 : 2;
}
function name(a: Army): string { return `${a.id}e armée`; }
function nameEn(a: Army): string { return `army ${a.id}`; }

/** Carries out a planned move: positions, MP, land/naval/transport flags. */
export function applyMove(s: AKState, cfg: ArmiesCfg, armies: Army[], from: number, to: number, plan: Extract<MovePlan, { ok: true }>): void {
  for (const a of armies) {
    a.province = to;
    a.cameFrom = from;
    if (plan.carried.has(a.id)) {
      a.transported = true;
      a.movedBySea = plan.naval || a.movedBySea;
    } else {
      spendMp(s, cfg, a, cfg.enterCost);
      const cls = moveClass(cfg, a.type);
      if (plan.naval) { if (cls !== 'air') a.movedBySea = true; } else if (cls !== 'air') a.movedOverland = true;
    }
  }
}

/**
 * Long-distance route ([P G-51]): Dijkstra over the provinces the group can enter, with the cost
 * of the province entered (own/allied 1.0, Neutral 1.1, unowned 1.2, Enemy 1.3, Hero-ruled 1.4),
 * ties to the lower id. Returns the next province on the way, or null.
 */
export function nextStep(s: AKState, cfg: ArmiesCfg, c: Character, armies: Army[], dest: number): number | null {
  const from = c.province;
  if (from === dest || !s.provinces[dest]) return null;
  const dist = new Map<number, number>([[from, 0]]);
  const first = new Map<number, number>();
  const done = new Set<number>();
  // Each pass settles one more province (`done`) or returns, so there are at most as many passes
  // as provinces; at the bound (never reached) no route is found.
  const passes = Object.keys(s.provinces).length + 1;
  for (let pass = 0; pass < passes; pass++) {
    let cur = -1, best = Infinity;
    for (const [id, d] of dist) if (!done.has(id) && (d < best || (d === best && id < cur))) { cur = id; best = d; }
    if (cur < 0) return null;
    if (cur === dest) return first.get(dest) ?? null;
    done.add(cur);
    for (const n of neighbours(cur)) {
      if (!s.provinces[n] || done.has(n)) continue;
      if (armies.length && !planMove(s, cfg, armies, cur, n, false).ok) continue;
      const st = provinceStance(s, c.kingdom, n);
      const rc = cfg.routeCost;
      const cost = st === 'own' || st === 'allied' ? rc.own : st === 'neutral' ? rc.neutral : st === 'unowned' ? rc.unowned : st === 'enemy' ? rc.enemy : rc.hero;
      const nd = best + cost;
      const old = dist.get(n);
      const f = cur === from ? n : first.get(cur)!;
      if (old === undefined || nd < old - 1e-9 || (Math.abs(nd - old) < 1e-9 && f < first.get(n)!)) {
        dist.set(n, nd);
        first.set(n, f);
      }
    }
  }
  return null;
}
