/**
 * Birth and death of armies: creation (respecting the army cap, [P G-33]), destruction with a
 * fallen record (G-33; skeletons re-enter the pool at −1 quality), turning into mercenaries,
 * and sending skeletons back underground (S3.7a).
 */
import type { AKState, Army, ArmyRace, ArmyType, Quality } from '../state.ts';
import type { ArmiesCfg } from './types.ts';

export function fallenCount(s: AKState): number {
  let n = 0;
  for (const p of Object.values(s.provinces)) n += p.fallen?.length ?? 0;
  return n;
}
export function aliveCount(s: AKState): number {
  return Object.keys(s.armies).length;
}
/** G-33: no new army can be raised when alive + fallen reach the cap ("no men available"). */
export function capReached(s: AKState, cfg: ArmiesCfg): boolean {
  return aliveCount(s) + fallenCount(s) >= cfg.armyCap;
}

export function newArmy(s: AKState, a: Omit<Army, 'id' | 'mpUsed'> & { mpUsed?: number }): Army {
  const id = s.next.army++;
  const army: Army = { mpUsed: 0, ...a, id };
  s.armies[id] = army;
  return army;
}

/** Destroyed in battle: removed, with a fallen record in its province (G-33). */
export function destroyArmy(s: AKState, army: Army, record = true): void {
  delete s.armies[army.id];
  if (!record) return;
  const p = s.provinces[army.province];
  if (!p) return;
  const q = army.skeleton ? army.quality - 1 : army.quality;
  if (q < 0) return;
  (p.fallen ??= []).push({ type: army.type, race: army.race, quality: q as Quality, turn: s.turn });
}

/** A skeleton army leaves play and returns to its province's fallen pool (S3.7a, TV-37). */
export function underground(s: AKState, army: Army): void {
  delete s.armies[army.id];
  const p = s.provinces[army.province];
  if (p) (p.fallen ??= []).push({ type: army.type, race: army.race, quality: army.quality, turn: s.turn });
}

/**
 * [P G-33] "If alive + fallen > cap, the oldest fallen records are removed first": across the whole
 * world, by the turn they fell (records without a turn, the map's ancient battlefields, first), then
 * by province id and by their place in the province's list (earlier = older). Returns how many went.
 */
export function trimOldestFallen(s: AKState, cap: number): number {
  let excess = aliveCount(s) + fallenCount(s) - cap;
  if (excess <= 0) return 0;
  const all: { pid: number; i: number; turn: number }[] = [];
  for (const pid of Object.keys(s.provinces).map(Number).sort((a, b) => a - b)) {
    (s.provinces[pid]!.fallen ?? []).forEach((f, i) => all.push({ pid, i, turn: f.turn ?? -1 }));
  }
  all.sort((x, y) => x.turn - y.turn || x.pid - y.pid || x.i - y.i);
  const gone = new Map<number, Set<number>>();
  let n = 0;
  for (const r of all) {
    if (excess <= 0) break;
    if (!gone.has(r.pid)) gone.set(r.pid, new Set());
    gone.get(r.pid)!.add(r.i);
    excess--; n++;
  }
  for (const [pid, idx] of gone) {
    const p = s.provinces[pid]!;
    p.fallen = p.fallen.filter((_, i) => !idx.has(i));
  }
  return n;
}

export function toMercenary(army: Army, notBefore?: number): void {
  army.kingdom = null;
  army.status = 'Mercenary';
  delete army.leader;
  delete army.recruitedFor;
  if (notBefore !== undefined) army.notRecruitableUntil = notBefore;
}

export function mercenary(s: AKState, type: ArmyType, race: ArmyRace, quality: Quality, province: number): Army {
  return newArmy(s, { type, race, quality, kingdom: null, status: 'Mercenary', province });
}
