/**
 * Friendship, passage and hostility, rules §1.5 and §2.14 [T §2.3, §11.3; P A-04, A-27]:
 * friendship is directed (`friend(A→B)`: A grants B passage and the other rights); tributaries let
 * their masters (at any depth) and their masters' friends pass; fortress and port use need a
 * declared friendship or own control; anything not friendly is enemy.
 */
import type { GruikState, ProvinceId, StateId } from '../state.ts';

/** The masters of a state, nearest first, at any depth (bounded by the number of states: chains have no cycle, M-13). */
export function mastersOf(s: GruikState, x: StateId): StateId[] {
  const out: StateId[] = [];
  let m = s.realms[x]?.master;
  for (let i = 0; m && i < Object.keys(s.realms).length && !out.includes(m); i++) { out.push(m); m = s.realms[m]?.master; }
  return out;
}

/** [P §2.14] X lets Y's forces use its territory: Y is X, X declared Y a friend, X is Y's tributary (any depth), or X is the tributary of a state that declared Y a friend. */
export function grantsPassage(s: GruikState, x: StateId, y: StateId): boolean {
  if (x === y) return true;
  if (s.realms[x]?.friendsDeclared.includes(y)) return true;
  return mastersOf(s, x).some((m) => m === y || s.realms[m]?.friendsDeclared.includes(y));
}

/** [P §2.14] A province is friendly to Y's forces when its controller grants Y passage [T §2.3]. An uncontrolled province is not [P]. */
export function friendlyProvinceFor(s: GruikState, p: ProvinceId, y: StateId): boolean {
  const controller = s.provinces[p]?.controller;
  return !!controller && grantsPassage(s, controller, y);
}

/** [P A-27] Fortress and port use: own control or a declared friendship, not tributary passage alone. */
export function fortressFriendlyFor(s: GruikState, p: ProvinceId, y: StateId): boolean {
  const controller = s.provinces[p]?.controller;
  return !!controller && (controller === y || !!s.realms[controller]?.friendsDeclared.includes(y));
}

/** [P §2.14] Forces of X and Y are hostile when neither declared the other friend and the §11.3 prohibitions do not protect them (explicit attack orders aside). */
export function hostile(s: GruikState, x: StateId, y: StateId): boolean {
  if (x === y) return false;
  if (s.realms[x]?.friendsDeclared.includes(y) || s.realms[y]?.friendsDeclared.includes(x)) return false;
  return !protectedPair(s, x, y);
}

/** [T §11.3; P §2.14] Master and tributary, a tributary and its master's friends, its master's master, its master's other tributaries never fight. */
export function protectedPair(s: GruikState, x: StateId, y: StateId): boolean {
  const one = (a: StateId, b: StateId): boolean => {
    const m = s.realms[a]?.master;
    if (!m) return false;
    if (b === m) return true;
    if (s.realms[m]?.friendsDeclared.includes(b)) return true;
    if (s.realms[m]?.master === b) return true;
    return s.realms[b]?.master === m;
  };
  return one(x, y) || one(y, x);
}
