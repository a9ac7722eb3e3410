/**
 * Land movement, rules §5.1–§5.6 [T §5.1–§5.3, §5.6, §7.2], step S4:
 * - §5.2 / §5.3 the limits, checked when the orders are validated (S3.1): a main army moves up to
 *   ARMY_MOVE provinces, a detachment (or an army acting as one, A-08) up to DETACHMENT_MOVE friendly
 *   provinces and enters an enemy province only to join a main army at the end of its move; an army
 *   in an enemy province goes on to another enemy province only if the one it leaves holds no enemy
 *   force (fortress included [P A-14]);
 * - §5.5 the simultaneous resolution, step by step: hostile forces crossing the same border in
 *   opposite directions roll off (d6, ties rerolled), the loser stopped in its origin; then the stop
 *   checks on the positions at the end of the step (an enemy province; an enemy main army present;
 *   a strait blocked by a hostile fleet stationed beside it [P A-35]); a final join into an enemy
 *   province checked after the loop (the detachment stops in the last friendly province of its path
 *   when its army is not there);
 * - §5.6 the movement report's triggers T1–T3 and the reaction moves (one province, a force that
 *   has not moved, its purpose: join or come closer to a friendly province an enemy force just
 *   entered, leave a province an enemy just entered, or [P A-68] reinforce a friendly province next
 *   to it), resolved by the same algorithm in one step.
 *
 * Forces joined to an army move with it; a detachment whose path ends where its host army stands
 * at that step joins it and goes on along the host's remaining path while it has moves left
 * (§5.5 step 5); a joined detachment may start with its army and finish alone (`leaveAfter`,
 * §5.2), its own moves counting every province. Pure: the state, the orders and the dice in; the
 * new state and what happened out.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import { indexMap, landDistance, landLink, type MapIndex } from '../map.ts';
import type { ArmyId, Detachment, ForceId, GruikState, LandMove, ProvinceId, Sighting, StateId } from '../state.ts';
import { actsAsMainArmy } from './army-size.ts';
import type { Dice } from './dice.ts';
import { refuse, type Refusal } from './refusal.ts';
import { friendlyProvinceFor, hostile } from './relations.ts';

export interface MoveOrder {
  force: ForceId;
  /** The provinces entered, in order (the start excluded). */
  path: ProvinceId[];
  /** A detachment's final join with a main army (§5.2): the army it joins where its path ends. */
  joins?: ArmyId;
  /**
   * A detachment joined to an army that starts its move with it and finishes alone (§5.2): it goes
   * with its host for the first `leaveAfter` provinces of its path (which the host's order must
   * begin with), then alone.
   */
  leaveAfter?: number;
}

export type MoveRefusal = 'unknown' | 'captured' | 'joined' | 'not-with-host' | 'fortress' | 'empty' | 'too-long' | 'not-adjacent' | 'not-friendly' | 'not-clear' | 'moved' | 'no-purpose' | 'repeated';

export const MOVE_REFUSALS: Record<MoveRefusal, Localized> = {
  'unknown': { fr: 'Cette force ou cette province n’existe pas.', en: 'There is no such force or province.' },
  'captured': { fr: 'Une force capturée ou embarquée ne marche pas.', en: 'A captured or embarked force does not march.' },
  'joined': { fr: 'Cette force a rejoint une armée : elle marche avec elle, ou la quitte en chemin.', en: 'This force has joined an army: it marches with it, or leaves it on the way.' },
  'not-with-host': { fr: 'Un détachement qui part avec son armée suit d’abord le chemin de celle-ci.', en: 'A detachment starting with its army first follows that army’s path.' },
  'fortress': { fr: 'Une force retranchée dans la forteresse n’en sort pas pour marcher.', en: 'A force inside the fortress does not march out.' },
  'empty': { fr: 'Le chemin est vide.', en: 'The path is empty.' },
  'too-long': { fr: 'Cette force se déplace d’au plus {max} provinces par saison.', en: 'This force moves at most {max} provinces a season.' },
  'not-adjacent': { fr: '« {to} » n’est pas voisine de « {from} » par terre ou par un détroit.', en: '"{to}" is not next to "{from}" by land or strait.' },
  'not-friendly': { fr: 'Un détachement ne traverse que des provinces amies et n’entre seul dans une province ennemie que pour rejoindre une armée principale à la fin de son mouvement (« {to} »).', en: 'A detachment crosses only friendly provinces and enters an enemy province alone only to join a main army at the end of its move ("{to}").' },
  'not-clear': { fr: 'Une armée en province ennemie ne passe dans une autre province ennemie que si des forces ennemies ne restent pas dans celle qu’elle quitte.', en: 'An army in an enemy province goes on into another enemy province only if no enemy force remains in the one it leaves.' },
  'moved': { fr: 'Seule une force qui n’a pas encore bougé cette saison peut réagir.', en: 'Only a force that has not moved yet this season may react.' },
  'no-purpose': { fr: 'Une réaction rejoint ou approche une province amie où l’ennemi vient d’entrer, quitte une province où il vient d’entrer, ou renforce une province amie voisine.', en: 'A reaction joins or comes closer to a friendly province an enemy just entered, leaves a province an enemy just entered, or reinforces a friendly province next to it.' },
  'repeated': { fr: 'Une force reçoit un seul ordre de mouvement.', en: 'A force receives one movement order.' },
};

type MoveOutcome = Refusal<MoveRefusal> | null;
const no = (reason: MoveRefusal, args: Record<string, string | number> = {}): MoveOutcome => refuse(MOVE_REFUSALS, reason, args);

interface ForceView { id: ForceId; state: StateId; at: ProvinceId; main: boolean; isArmy: boolean; moved: boolean }

/** Every force standing in a province (joined ones included), with whether it acts as a main army. */
function forcesOf(s: GruikState): ForceView[] {
  const out: ForceView[] = [];
  for (const a of Object.values(s.armies)) if (typeof a.location === 'string' && a.location !== 'captured') out.push({ id: a.id, state: a.state, at: a.location, main: actsAsMainArmy(s, a.id), isArmy: true, moved: a.moved });
  for (const d of Object.values(s.detachments)) if (typeof d.location === 'string' && d.location !== 'captured') out.push({ id: d.id, state: d.state, at: d.location, main: false, isArmy: false, moved: d.moved });
  return out;
}

function forceState(s: GruikState, id: ForceId): { state: StateId; location: GruikState['armies'][string]['location']; inFortress: boolean; hostArmy?: ArmyId; moved: boolean } | undefined {
  return s.armies[id] ?? s.detachments[id];
}

/** Moves allowed to a force this season: a main army ARMY_MOVE, anything else DETACHMENT_MOVE [T §5.1, §5.2; P A-08]. */
export function moveLimit(s: GruikState, force: ForceId): number {
  return s.armies[force] && actsAsMainArmy(s, force) ? s.config.movement.army : s.config.movement.detachment;
}

/** Why an order may not stand (S3.1), or null [T §5.1, §5.2; P A-14]. TV-14, TV-15. */
export function moveRefusal(s: GruikState, order: MoveOrder, ix: MapIndex = indexMap(s.map), limit = moveLimit(s, order.force)): MoveOutcome {
  const f = forceState(s, order.force);
  if (!f) return no('unknown');
  if (typeof f.location !== 'string' || f.location === 'captured') return no('captured');
  if (f.hostArmy && order.leaveAfter === undefined) return no('joined');
  const withHost = f.hostArmy ? order.leaveAfter! : 0;
  if (!Number.isInteger(withHost) || withHost < 0 || withHost > order.path.length) return no('not-with-host');
  if (f.inFortress) return no('fortress');
  if (order.path.length === 0) return no('empty');
  if (order.path.length > limit) return no('too-long', { max: limit });
  const main = !!s.armies[order.force] && actsAsMainArmy(s, order.force);
  let from = f.location;
  for (const [i, to] of order.path.entries()) {
    if (!ix.province[to]) return no('unknown');
    if (!landLink(ix, from, to)) return no('not-adjacent', { from: ix.province[from]?.name ?? from, to: ix.province[to]!.name });
    const last = i === order.path.length - 1;
    if (!main && i >= withHost && !friendlyProvinceFor(s, to, f.state) && !(last && order.joins)) return no('not-friendly', { to: ix.province[to]!.name });
    from = to;
  }
  // [T §5.2; P A-14] leaving an enemy province for another enemy province: no enemy force may remain in the one left
  const start = f.location;
  const first = order.path[0]!;
  if (main && !friendlyProvinceFor(s, start, f.state) && !friendlyProvinceFor(s, first, f.state)) {
    if (forcesOf(s).some((g) => g.at === start && g.id !== order.force && hostile(s, g.state, f.state))) return no('not-clear');
  }
  return null;
}

/** [T §7.2; P A-35] A strait is blocked to a state's forces by a hostile fleet stationed in a zone beside it, unless that fleet allows passage. */
export function straitBlocked(s: GruikState, strait: string, state: StateId, allowing: readonly string[] = []): boolean {
  const st = s.map.straits.find((x) => x.id === strait);
  if (!st) return false;
  return Object.values(s.fleets).some((f) => f.ships > 0 && st.adjacentZones.includes(f.zone) && hostile(s, f.state, state) && !allowing.includes(f.id));
}

export interface Crossing { step: number; a: ForceId; b: ForceId; rolls: [number, number][]; through: ForceId }
export interface MovementResult {
  state: GruikState;
  /** Where each ordered force started and ended, and why it stopped early. */
  moves: LandMove[];
  crossings: Crossing[];
  refused: { order: MoveOrder; refusal: Refusal<MoveRefusal> }[];
}

/**
 * §5.5 the simultaneous resolution of the season's land moves (or of the reactions, `reaction`
 * true: paths of one province). Refused orders are listed and their forces hold. Dice: crossing
 * roll-offs, event `crossing:<step>:<force>:<force>`.
 */
export function resolveMovement(s: GruikState, orders: readonly MoveOrder[], dice: Dice, opts: { reaction?: boolean; allowing?: readonly string[]; phase?: string } = {}): MovementResult {
  const ix = indexMap(s.map);
  const phase = opts.phase ?? (opts.reaction ? 'S4.3' : 'S4.1');
  const refused: MovementResult['refused'] = [];
  const valid: MoveOrder[] = [];
  const seen = new Set<ForceId>();
  for (const o of orders) {
    const bad = seen.has(o.force) ? no('repeated') : moveRefusal(s, o, ix, opts.reaction ? s.config.movement.reaction : moveLimit(s, o.force));
    seen.add(o.force);
    if (bad) refused.push({ order: o, refusal: bad }); else valid.push(o);
  }
  // a detachment leaving its host on the way: the host's order must begin with the shared part
  const hostOf = (f: ForceId) => s.detachments[f]?.hostArmy ?? s.armies[f]?.hostArmy;
  for (const o of [...valid]) {
    if (o.leaveAfter === undefined || !hostOf(o.force)) continue;
    const host = valid.find((h) => h.force === hostOf(o.force));
    const shared = o.path.slice(0, o.leaveAfter);
    if (shared.length > 0 && (!host || JSON.stringify(host.path.slice(0, shared.length)) !== JSON.stringify(shared))) {
      valid.splice(valid.indexOf(o), 1);
      refused.push({ order: o, refusal: no('not-with-host')! });
    }
  }
  const leaving = new Map(valid.filter((o) => o.leaveAfter !== undefined && hostOf(o.force)).map((o) => [o.force, { host: hostOf(o.force)!, after: o.leaveAfter! }]));
  /** Leaving detachments whose host did not go the shared way: they stay joined to it. */
  const stayed = new Set<ForceId>();

  const start = forcesOf(s);
  const pos = new Map(start.map((f) => [f.id, f.at]));
  const mainAtStart = new Map(start.map((f) => [f.id, f.main]));
  const stateOf = new Map(start.map((f) => [f.id, f.state]));
  const trail = new Map<ForceId, ProvinceId[]>(valid.map((o) => [o.force, [pos.get(o.force)!]]));
  const stopped = new Map<ForceId, NonNullable<MovementResult['moves'][number]['stopped']> | 'done'>();
  const crossings: Crossing[] = [];
  const longest = Math.max(0, ...valid.map((o) => o.path.length));
  /** Detachments that met their host army on the way (§5.5 step 5): moves used so far. */
  const followers = new Map<ForceId, number>();

  for (let step = 1; step <= longest; step++) {
    const movers = valid.filter((o) => !stopped.has(o.force) && o.path.length >= step && !stayed.has(o.force) && !(leaving.has(o.force) && step <= leaving.get(o.force)!.after));
    const wants = new Map(movers.map((o) => [o.force, { from: pos.get(o.force)!, to: o.path[step - 1]! }]));
    // (c) straits blocked: the force never enters
    for (const [f, w] of wants) {
      const link = landLink(ix, w.from, w.to);
      if (link?.viaStrait && straitBlocked(s, link.viaStrait, stateOf.get(f)!, opts.allowing)) { wants.delete(f); stopped.set(f, 'strait'); }
    }
    // crossings: hostile forces swapping provinces in the same step; the lower roll stays home
    const ids = [...wants.keys()].sort();
    for (const [i, a] of ids.entries()) for (const b of ids.slice(i + 1)) {
      const wa = wants.get(a), wb = wants.get(b);
      if (!wa || !wb || wa.from !== wb.to || wa.to !== wb.from || !hostile(s, stateOf.get(a)!, stateOf.get(b)!)) continue;
      const rolls: [number, number][] = [];
      let through: ForceId = a < b ? a : b; // [P] at the bound, the lower id completes its step
      for (let k = 0; k <= s.config.movement.crossingRerolls; k++) {
        const ra = dice.roll({ sides: 6, phase, event: `crossing:${step}:${a}:${b}:${a}`, purpose: 'crossing on a border', rule: '[T §5.6; P §5.5]', audience: [stateOf.get(a)!, stateOf.get(b)!] });
        const rb = dice.roll({ sides: 6, phase, event: `crossing:${step}:${a}:${b}:${b}`, purpose: 'crossing on a border', rule: '[T §5.6; P §5.5]', audience: [stateOf.get(a)!, stateOf.get(b)!] });
        rolls.push([ra, rb]);
        if (ra !== rb) { through = ra > rb ? a : b; break; }
      }
      const held = through === a ? b : a;
      wants.delete(held);
      stopped.set(held, 'crossing');
      crossings.push({ step, a, b, rolls, through });
    }
    // everyone moves at once (forces joined to a mover go with it)
    for (const [f, w] of wants) {
      pos.set(f, w.to);
      trail.get(f)!.push(w.to);
    }
    // [T §5.2] a detachment starting with its host goes with it over the shared part; if the host does not, it stays joined [P]
    for (const [f, l] of leaving) {
      if (stayed.has(f) || step > l.after) continue;
      const w = wants.get(l.host);
      const o = valid.find((x) => x.force === f)!;
      if (!w || w.to !== o.path[step - 1]) { stayed.add(f); continue; }
      pos.set(f, w.to);
      trail.get(f)!.push(w.to);
    }
    // [P §5.5 step 5] a detachment that met its host goes on with it while it has moves left; out of moves, it stays behind
    for (const [f, used] of followers) {
      const host = valid.find((o) => o.force === f)!.joins!;
      const w = wants.get(host);
      if (!w) continue;
      if (used >= moveLimit(s, f)) { followers.delete(f); continue; }
      pos.set(f, w.to);
      trail.get(f)!.push(w.to);
      followers.set(f, used + 1);
    }
    // stop checks on the positions at the end of the step
    for (const [f, w] of wants) {
      const st = stateOf.get(f)!;
      const order = valid.find((o) => o.force === f)!;
      if (!friendlyProvinceFor(s, w.to, st)) { stopped.set(f, order.joins && step === order.path.length ? 'done' : 'enemy-province'); continue; }
      const enemyMain = [...pos.entries()].some(([g, at]) => at === w.to && g !== f && mainAtStart.get(g) && hostile(s, stateOf.get(g)!, st));
      if (enemyMain) stopped.set(f, 'enemy-army');
    }
    // [P §5.5 step 5] a detachment ending its path where its host army stands after this step meets it
    for (const o of valid) {
      if (!o.joins || followers.has(o.force) || o.path.length !== step || trail.get(o.force)!.length - 1 !== step) continue;
      if (pos.get(o.joins) === pos.get(o.force)) followers.set(o.force, step);
    }
  }

  // final joins into enemy provinces: the army must be there, else back to the last friendly province [P §5.2]
  for (const o of valid) {
    if (!o.joins) continue;
    const here = pos.get(o.force)!;
    if (pos.get(o.joins) === here || friendlyProvinceFor(s, here, stateOf.get(o.force)!)) continue;
    const t = trail.get(o.force)!;
    t.pop();
    pos.set(o.force, t[t.length - 1]!);
    stopped.set(o.force, 'join-failed');
  }

  for (const f of stayed) { trail.set(f, [...trail.get(leaving.get(f)!.host)!]); pos.set(f, pos.get(leaving.get(f)!.host)!); }

  const out = structuredClone(s);
  const moves: MovementResult['moves'] = [];
  for (const o of valid) {
    const t = trail.get(o.force)!;
    const from = t[0]!, to = t[t.length - 1]!;
    const why = stopped.get(o.force);
    const shortOf = t.length - 1 < o.path.length;
    moves.push({ force: o.force, state: stateOf.get(o.force)!, from, to, ...(why && why !== 'done' && (shortOf || why === 'join-failed' || why === 'crossing') ? { stopped: why } : {}) });
    const f = out.armies[o.force] ?? out.detachments[o.force]!;
    f.moved = true; // [P §5.5 step 6] an order carried out, even if stopped at home, uses the season's move
    if (to !== from) {
      f.location = to;
      f.movedFrom = t[t.length - 2]!;
      f.enteredBy = 'land';
    }
    // the forces joined to an army go with it
    for (const g of [...Object.values(out.detachments), ...Object.values(out.armies)]) {
      if (g.hostArmy !== o.force || (leaving.has(g.id) && !stayed.has(g.id))) continue;
      g.location = to; g.moved = true;
      if (to !== from) { g.movedFrom = f.movedFrom!; g.enteredBy = 'land'; }
    }
    if (leaving.has(o.force) && !stayed.has(o.force)) { // it has left its host
      const host = out.armies[leaving.get(o.force)!.host];
      delete (f as { hostArmy?: string }).hostArmy;
      if (host) host.alliedDetachments = host.alliedDetachments.filter((x) => x !== o.force);
    }
    if (o.joins && pos.get(o.joins) === to && out.armies[o.joins]) {
      const d = out.detachments[o.force] as Detachment | undefined;
      if (d) { d.hostArmy = o.joins; if (d.state !== out.armies[o.joins]!.state) out.armies[o.joins]!.alliedDetachments.push(d.id); }
    }
  }
  return { state: out, moves, crossings, refused };
}

// ─── §5.6 the movement report and reactions ────────────────────────────────────────────────────

export type Trigger = Sighting;

/**
 * [T §5.3; P A-15] The enemy moves that state Y is told of and that may trigger its reactions:
 * T1 started or ended in a province friendly to Y; T2 ended next to a province friendly to Y;
 * T3 ended where a force friendly to Y stands. No AP unless REVEAL_SIZES_IN_MOVE_REPORT.
 */
export function reactionTriggers(before: GruikState, result: MovementResult, y: StateId): Trigger[] {
  const ix = indexMap(before.map);
  const after = result.state;
  const friendlyProv = (p: ProvinceId) => friendlyProvinceFor(before, p, y);
  const out: Trigger[] = [];
  for (const m of result.moves) {
    if (m.from === m.to || !hostile(before, m.state, y)) continue;
    const kind = after.armies[m.force] ? 'army' as const : 'detachment' as const;
    const ap = before.config.movement.revealSizes ? (after.armies[m.force]?.currentAP ?? after.detachments[m.force]?.ap) : undefined;
    const base = { force: m.force, kind, state: m.state, from: m.from, to: m.to, ...(ap !== undefined ? { ap } : {}) };
    if (friendlyProv(m.from) || friendlyProv(m.to)) out.push({ code: 'T1', ...base });
    else if ((ix.land[m.to] ?? []).some((l) => friendlyProv(l.province))) out.push({ code: 'T2', ...base });
    else if (forcesOf(after).some((g) => g.at === m.to && g.id !== m.force && !hostile(before, g.state, y))) out.push({ code: 'T3', ...base });
  }
  return out;
}

/**
 * Why a reaction move may not stand, or null [T §5.3; P A-68]: one province, a force of Y that has
 * not moved, a purpose among those of §5.6.3 for one of Y's triggers, and the limits of normal
 * movement (checked by `moveRefusal`). TV-18.
 */
export function reactionRefusal(s: GruikState, triggers: readonly Trigger[], force: ForceId, to: ProvinceId): MoveOutcome {
  const f = forceState(s, force);
  if (!f) return no('unknown');
  if (f.moved) return no('moved'); // [P A-56] eligible: a force that has not moved this season (its own move order comes first, S4.1)
  const ix = indexMap(s.map);
  const bad = moveRefusal(s, { force, path: [to] }, ix, s.config.movement.reaction);
  if (bad) return bad;
  const from = f.location as ProvinceId;
  const purpose = triggers.some((t) => {
    const entered = t.to;
    const friendly = friendlyProvinceFor(s, entered, f.state);
    if (friendly && (to === entered || landDistance(ix, to, entered) === landDistance(ix, from, entered) - 1)) return true; // join or come closer
    if (from === entered) return true; // leave the province the enemy entered
    return s.config.movement.borderReinforce && friendlyProvinceFor(s, to, f.state) && !!landLink(ix, to, entered); // [P A-68]
  });
  return purpose ? null : no('no-purpose');
}
