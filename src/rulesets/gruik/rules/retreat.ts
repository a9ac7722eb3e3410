/**
 * Retreats, rules §5.8 and §5.9 [T §5.4, §5.5, §6.8; P ], and the contested
 * provinces of §5.7 where they happen:
 * - the three kinds: into the province's fortress when it is friendly (own control or a declared
 *   friendship, not tributary passage [P A-27]), by land to an adjacent friendly province (a strait
 *   blocked by a hostile fleet closes that way), by sea aboard a friendly fleet at this coast with
 *   room and no naval defeat this season;
 * - the restrictions: a force that entered by land goes by sea only if every land retreat is
 *   forbidden; a landed force goes by land only if re-embarking is forbidden; a force in an enemy
 *   province that moved this turn retreats by land only to the province it came from [P A-70]; a
 *   lone detachment never into a province holding an enemy force; never twice a turn;
 * - the options listed in the §5.9 default order (own province free of enemies, other friendly
 *   province, sea, fortress last for its risk);
 * - carrying one out: before combat the fortress always succeeds; after a defeat it fails on
 *   d6 ≤ 2 (D6): the army is captured and takes −2 (M2), no −4 [T §5.5]; with no legal retreat a
 *   detachment is captured (its parent army −1, M3), an army before combat stays, an army beaten
 *   is captured (−4, M4; prestige −1; its characters captured) [P A-72].
 * Where the sea retreat lands (§7.6) belongs to the naval rules: the force stays aboard here, and S6
 * moves the fleet home with `seaRetreat` (rules/naval-position.ts).
 */
import { indexMap } from '../map.ts';
import type { FleetId, ForceId, GruikState, ProvinceId, StateId } from '../state.ts';
import { actsAsMainArmy, addMod, joinedForces } from './army-size.ts';
import type { Dice } from './dice.ts';
import { straitBlocked } from './movement.ts';
import { fortressFriendlyFor, friendlyProvinceFor, hostile } from './relations.ts';

export type RetreatOption = { kind: 'land'; to: ProvinceId } | { kind: 'sea'; fleet: FleetId } | { kind: 'fortress' };

interface Placed { id: ForceId; state: StateId; at: ProvinceId; inFortress: boolean }
function placed(s: GruikState): Placed[] {
  const out: Placed[] = [];
  for (const f of [...Object.values(s.armies), ...Object.values(s.detachments)]) if (typeof f.location === 'string' && f.location !== 'captured') out.push({ id: f.id, state: f.state, at: f.location, inFortress: f.inFortress });
  return out;
}

/** AP a force takes aboard: an army with what is joined to it, or a detachment. */
function apOf(s: GruikState, force: ForceId): number {
  const a = s.armies[force];
  return a ? a.currentAP + joinedForces(s, force).reduce((n, f) => n + f.ap, 0) : (s.detachments[force]?.ap ?? 0);
}

/**
 * §5.4 contested provinces [P §5.7]: two hostile forces, at least one a main army outside the
 * fortress (two detachments never fight [T §5.4]). Map order.
 */
export function contestedProvinces(s: GruikState): ProvinceId[] {
  const forces = placed(s).filter((f) => !(s.detachments[f.id]?.hostArmy || s.armies[f.id]?.hostArmy));
  return s.map.provinces.map((p) => p.id).filter((p) => {
    const here = forces.filter((f) => f.at === p);
    return here.some((m) => !m.inFortress && s.armies[m.id] && actsAsMainArmy(s, m.id) && here.some((o) => o.id !== m.id && hostile(s, o.state, m.state)));
  });
}

/** The legal retreats of a force from where it stands, in the §5.9 default order; empty: none. TV-19, TV-20. */
export function retreatOptions(s: GruikState, force: ForceId, allowing: readonly string[] = []): RetreatOption[] {
  const f = s.armies[force] ?? s.detachments[force];
  if (!f || typeof f.location !== 'string' || f.location === 'captured' || f.retreated) return [];
  const p = f.location;
  const ix = indexMap(s.map);
  const lone = !!s.detachments[force] && !s.detachments[force]!.hostArmy;
  const enemyAt = (q: ProvinceId) => placed(s).some((g) => g.at === q && hostile(s, g.state, f.state));

  // by land
  let land = (ix.land[p] ?? []).filter((l) => friendlyProvinceFor(s, l.province, f.state)
    && !(l.viaStrait && straitBlocked(s, l.viaStrait, f.state, allowing))
    && !(lone && enemyAt(l.province))).map((l) => l.province);
  if (f.moved && f.enteredBy === 'land' && !friendlyProvinceFor(s, p, f.state)) land = land.filter((q) => q === f.movedFrom); // [T §5.4; P A-70]

  // by sea
  const room = (fleet: FleetId) => s.fleets[fleet]!.embarked.reduce((n, e) => n + apOf(s, e), 0) + apOf(s, force) <= s.config.naval.capacityAp;
  const sea = Object.values(s.fleets).filter((fl) => fl.coast === p && fl.ships > 0 && !fl.lostBattleThisSeason
    && (fl.state === f.state || !!s.realms[fl.state]?.friendsDeclared.includes(f.state)) && room(fl.id)).map((fl) => fl.id);

  // the entry-mode rules [T §5.4; P A-70]
  let useLand = land, useSea = sea;
  if (f.moved && f.enteredBy === 'land' && land.length > 0) useSea = [];
  if (f.moved && f.enteredBy === 'sea' && sea.length > 0) useLand = [];

  const own = useLand.filter((q) => s.provinces[q]?.controller === f.state && !enemyAt(q));
  const other = useLand.filter((q) => !own.includes(q));
  return [
    ...own.map((to) => ({ kind: 'land' as const, to })),
    ...other.map((to) => ({ kind: 'land' as const, to })),
    ...useSea.map((fleet) => ({ kind: 'sea' as const, fleet })),
    ...(fortressFriendlyFor(s, p, f.state) ? [{ kind: 'fortress' as const }] : []),
  ];
}

export interface RetreatResult { state: GruikState; captured: ForceId[]; roll?: number; failed?: boolean; prestige: Record<StateId, number> }

/** A force and what is joined to it, captured: detachments gone with M3 to their parent, armies 'captured' (they re-form, A-13), their characters taken. */
export function capture(t: GruikState, force: ForceId, captor: StateId | null, armyPenalty: number): ForceId[] {
  const out: ForceId[] = [];
  const take = (id: ForceId, penalty: number) => {
    const d = t.detachments[id];
    if (d) {
      const parent = t.armies[d.parentArmy];
      if (parent) { parent.mod = addMod(t.config, parent.mod, -t.config.army.lostDetachment); parent.detachmentsCreated = parent.detachmentsCreated.filter((x) => x !== id); }
      for (const a of Object.values(t.armies)) a.alliedDetachments = a.alliedDetachments.filter((x) => x !== id);
      delete t.detachments[id];
      out.push(id);
      return;
    }
    const a = t.armies[id];
    if (!a) return;
    a.mod = addMod(t.config, a.mod, -penalty);
    a.location = 'captured'; a.inFortress = false; a.currentAP = 0; a.alliedDetachments = [];
    delete a.hostArmy;
    const held = [a.general, ...(a.sovereignPresent ? [t.realms[a.state]!.sovereign] : [])];
    for (const c of held) {
      const ch = t.characters[c];
      if (ch && ch.status === 'active' && captor) { ch.status = 'captive'; ch.captor = captor; ch.capturedAt = t.season; }
    }
    out.push(id);
  };
  const joined = [...Object.values(t.detachments), ...Object.values(t.armies)].filter((g) => g.hostArmy === force).map((g) => g.id);
  take(force, armyPenalty);
  for (const g of joined) take(g, t.config.army.lostArmy);
  return out;
}

/**
 * Carries out a retreat (`option`), or the case of no legal retreat (`option` null).
 * `after`: after a defeat (§5.9), else before combat (§5.8). `captor`: the state that takes prisoners.
 * Dice: the fortress roll, event `retreat:<force>`. TV-19, TV-28.
 */
export function retreat(s: GruikState, force: ForceId, option: RetreatOption | null, after: boolean, dice: Dice, captor: StateId | null, phase = 'S6.4'): RetreatResult {
  const t = structuredClone(s);
  const f = t.armies[force] ?? t.detachments[force];
  if (!f) throw new Error(`unknown force ${force}`);
  const isArmy = !!t.armies[force];
  if (option && !retreatOptions(s, force).some((o) => JSON.stringify(o) === JSON.stringify(option))) throw new Error(`${force}: ${JSON.stringify(option)} is not a legal retreat`);
  const move = (where: (g: { location: unknown; inFortress: boolean; retreated: boolean }) => void) => {
    where(f);
    for (const g of [...Object.values(t.detachments), ...Object.values(t.armies)]) if (g.hostArmy === force) where(g);
  };
  if (!option) {
    if (!isArmy) return { state: t, captured: capture(t, force, captor, 0), prestige: {} };         // [T §5.4] a detachment is captured (M3)
    if (!after) return { state: t, captured: [], prestige: {} };                                      // [T §5.4] an army stays and may be forced to fight
    return { state: t, captured: capture(t, force, captor, t.config.army.lostArmy), prestige: { [f.state]: -t.config.prestige.capturedNoRetreat } }; // [P A-72] M4, prestige −1
  }
  if (option.kind === 'fortress') {
    if (after) {
      const roll = dice.roll({ sides: 6, phase, event: `retreat:${force}`, purpose: 'retreat into the fortress after a defeat (D6)', rule: '[T §5.5] D6', audience: [f.state, ...(captor ? [captor] : [])] });
      if (roll <= t.config.combat.fortressRetreatFail) {
        const captured = capture(t, force, captor, isArmy ? t.config.army.failedFortressRetreat : 0); // M2 −2, not M4 [T §5.5]
        return { state: t, captured, roll, failed: true, prestige: {} };
      }
      move((g) => { g.inFortress = true; g.retreated = true; });
      return { state: t, captured: [], roll, failed: false, prestige: {} };
    }
    move((g) => { g.inFortress = true; g.retreated = true; });
    return { state: t, captured: [], prestige: {} };
  }
  if (option.kind === 'land') {
    move((g) => { g.location = option.to; g.inFortress = false; g.retreated = true; });
    return { state: t, captured: [], prestige: {} };
  }
  const fleet = t.fleets[option.fleet]!;
  move((g) => { g.location = { embarkedOn: option.fleet }; g.inFortress = false; g.retreated = true; });
  fleet.embarked.push(force);
  return { state: t, captured: [], prestige: {} };
}

// ─── §5.8 before combat: who retreats, the defender first ──────────────────────────────────────

/**
 * [P A-16] The state "defending the province" among two: the one whose state controls the province
 * or is friendly to its controller; otherwise the one whose force did not move; otherwise a d6
 * roll-off (ties rerolled, at most `combat.hottRerolls` times, then the lower id).
 */
export function defenderOf(s: GruikState, province: ProvinceId, a: { state: StateId; moved: boolean }, b: { state: StateId; moved: boolean }, dice: Dice, phase = 'S6.2'): StateId {
  const fa = friendlyProvinceFor(s, province, a.state), fb = friendlyProvinceFor(s, province, b.state);
  if (fa !== fb) return fa ? a.state : b.state;
  if (a.moved !== b.moved) return a.moved ? b.state : a.state;
  for (let i = 0; i <= s.config.combat.hottRerolls; i++) {
    const ra = dice.roll({ sides: 6, phase, event: `defender:${province}:${a.state}`, purpose: 'who defends the province', rule: '[P A-16]', audience: [a.state, b.state] });
    const rb = dice.roll({ sides: 6, phase, event: `defender:${province}:${b.state}`, purpose: 'who defends the province', rule: '[P A-16]', audience: [a.state, b.state] });
    if (ra !== rb) return ra > rb ? a.state : b.state;
  }
  return a.state < b.state ? a.state : b.state;
}

export type Posture = 'engage' | 'avoid';
export interface BeforeCombatAct { force: ForceId; option: RetreatOption | null; must: boolean; captured: ForceId[] }

/**
 * [P A-16, §5.10; ours for three states or more] The order in which the states with forces in a
 * contested province decide their retreats before combat, the defender first. Two states: A-16's
 * `defenderOf`, then the other. Three or more (A-16 and §5.8 speak of two sides; §5.10's J8 pairing
 * starts from "the province's defender"): the same two criteria rank every state — first those
 * friendly to the province's controller (or controlling it), then those whose forces did not move
 * this season — and each group of equals is drawn in order with a seeded die as large as the group
 * (`S6.2|order:<province>:<n>`), as §5.10 draws among equal pairs. The first is the defender.
 * Bounded: each draw removes one state.
 */
export function decidingOrder(s: GruikState, province: ProvinceId, states: readonly { state: StateId; moved: boolean }[], dice: Dice, phase = 'S6.2'): StateId[] {
  if (states.length === 0) return [];
  if (states.length === 1) return [states[0]!.state];
  if (states.length === 2) {
    const d = defenderOf(s, province, states[0]!, states[1]!, dice, phase);
    return [d, ...states.map((x) => x.state).filter((x) => x !== d)];
  }
  const key = (x: { state: StateId; moved: boolean }) => (friendlyProvinceFor(s, province, x.state) ? 0 : 2) + (x.moved ? 1 : 0);
  const out: StateId[] = [];
  for (let k = 0; k <= 3; k++) {
    const group = states.filter((x) => key(x) === k).map((x) => x.state).sort();
    while (group.length > 0) {
      const i = group.length === 1 ? 0 : dice.roll({ sides: group.length, phase, event: `order:${province}:${out.length}`, purpose: 'who defends the province', rule: '[P A-16, §5.10]', audience: [...group] }) - 1;
      out.push(group.splice(i, 1)[0]!);
    }
  }
  return out;
}

/**
 * §5.8 in one province [T §5.4; P §5.7, A-16, J25]: the defender's forces decide first, then the
 * others' in `decidingOrder` (with two states: the other side; with three or more: every state
 * with a hostile force there, ranked), each seeing what went before. A force facing an enemy main
 * army (outside the fortress, still there) must retreat if it is a detachment or an army under the
 * threshold; a main army retreats if its posture is `avoid` (default `engage`). The retreat is the
 * force's first legal preference, else the first of the default order; before combat the fortress
 * always succeeds. With no legal retreat a detachment is captured — by the first-ranked state whose
 * main army it faces [P] —, an army stays. A state none of whose neighbours there is hostile to it
 * does not decide (it faces nobody). Forces inside the fortress or joined to an army (they go with
 * it) do not decide.
 */
export function retreatsBeforeCombat(s: GruikState, province: ProvinceId, dice: Dice, opts: { postures?: Record<ForceId, Posture>; preferences?: Record<ForceId, RetreatOption[]> } = {}): { state: GruikState; defender: StateId | null; acts: BeforeCombatAct[] } {
  const free = (t: GruikState) => placed(t).filter((f) => f.at === province && !f.inFortress && !(t.detachments[f.id]?.hostArmy || t.armies[f.id]?.hostArmy));
  const present = [...new Set(free(s).map((f) => f.state))].sort();
  const involved = present.filter((x) => present.some((y) => hostile(s, x, y)));
  if (involved.length < 2) return { state: s, defender: null, acts: [] };
  const moved = (st: StateId) => free(s).filter((f) => f.state === st).every((f) => (s.armies[f.id] ?? s.detachments[f.id])!.moved);
  const ranked = decidingOrder(s, province, involved.map((st) => ({ state: st, moved: moved(st) })), dice);
  const rank = (st: StateId) => ranked.indexOf(st);
  const defender = ranked[0]!;
  const order = free(s).filter((f) => ranked.includes(f.state))
    .sort((x, y) => rank(x.state) - rank(y.state) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  let t = s;
  const acts: BeforeCombatAct[] = [];
  for (const f of order) { // bounded: each force once
    const here = free(t);
    if (!here.some((g) => g.id === f.id)) continue;
    const mains = here.filter((g) => hostile(t, g.state, f.state) && t.armies[g.id] && actsAsMainArmy(t, g.id));
    if (mains.length === 0) continue;
    const main = !!t.armies[f.id] && actsAsMainArmy(t, f.id);
    const must = !main;
    if (!must && (opts.postures?.[f.id] ?? 'engage') === 'engage') continue;
    const legal = retreatOptions(t, f.id);
    const wanted = (opts.preferences?.[f.id] ?? []).find((o) => legal.some((l) => JSON.stringify(l) === JSON.stringify(o)));
    const option = wanted ?? legal[0] ?? null;
    if (!option && !must) continue;
    const enemy = [...mains].sort((x, y) => rank(x.state) - rank(y.state) || (x.id < y.id ? -1 : 1))[0]!.state;
    const r = retreat(t, f.id, option, false, dice, enemy, 'S6.2');
    t = r.state;
    acts.push({ force: f.id, option, must, captured: r.captured });
  }
  return { state: t, defender, acts };
}
