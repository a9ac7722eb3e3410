/**
 * The state invariants of Gloire & Pouvoir: what the rules imply must hold between two turns,
 * whatever the orders. Pure and cheap (one pass over the state); each check throws an
 * `InvariantError` naming the broken invariant and where. Checked after every turn by the soak
 * runner (through the registry's `invariants` hook), the property tests and the whole-game tests.
 */
import { FORTIFICATIONS, TITLES } from './config.ts';
import { getMap } from './maps/index.ts';
import type { GPState } from './state.ts';
import { lordIdCompare } from './state.ts';

export class InvariantError extends Error {
  override name = 'InvariantError';
}

function must(ok: unknown, message: string): asserts ok {
  if (!ok) throw new InvariantError(message);
}

const isNat = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const idNumber = (id: string, prefix: string): number => (id.startsWith(prefix) && /^\d+$/.test(id.slice(prefix.length)) ? Number(id.slice(prefix.length)) : NaN);

export function totalPopulation(s: GPState): number {
  return Object.values(s.territories).reduce((a, t) => a + t.population, 0);
}

/** Every number anywhere in the state is finite: no NaN or ±Infinity (JSON would turn them into null). */
export function checkFiniteNumbers(value: unknown, path = 'state'): void {
  if (typeof value === 'number') must(Number.isFinite(value), `${path} is ${value}`);
  else if (Array.isArray(value)) value.forEach((v, i) => checkFiniteNumbers(v, `${path}[${i}]`));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) checkFiniteNumbers(v, `${path}.${k}`);
}

/**
 * The invariants of one state. `population` is the whole map's population at the start of the
 * game: migration moves people, nothing creates or destroys them [T §4.14].
 */
export function checkInvariants(s: GPState, population?: number): void {
  checkFiniteNumbers(s);
  const cfg = s.config;
  must(Number.isInteger(s.turn) && s.turn >= 1, `turn is ${s.turn}`);

  // --- the end of the game [T §1.3, P G-37]
  if (s.finished) {
    must(s.victory !== null, 'a finished game has a victory type');
    if (s.victory === 'none') must(s.king === null, `a game ended with no winner has a king (${s.king})`);
    else must(s.king !== null && s.lords[s.king]?.alive, `the ${s.victory} victory's king ${s.king} is a living lord`);
  } else {
    must(s.victory === null && s.king === null, `a game in progress has no victory (${s.victory}) and no king (${s.king})`);
  }

  // --- the map: exactly its territories, each one once
  const map = getMap(s.map);
  must(map.key === s.mapKey, `map key ${s.mapKey} is map ${s.map}'s (${map.key})`);
  const ids = Object.keys(s.territories);
  must(ids.length === map.territories.length && map.territories.every((t) => s.territories[t.id]), `the state holds the ${map.territories.length} territories of ${map.id} (it has ${ids.length})`);

  // --- lords
  const living = new Set<string>();
  for (const [key, l] of Object.entries(s.lords)) {
    must(l.id === key && !Number.isNaN(idNumber(key, 'L')), `lord ${key} is filed under its own id (${l.id})`);
    must(isNat(l.treasury), `treasury of ${l.id}: ${l.treasury}`);
    must(l.title === null || TITLES.includes(l.title), `title of ${l.id}: ${l.title}`);
    for (const part of ['peasant', 'garrison', 'knight'] as const) {
      const v = l.retreat[part];
      must(isNat(v) && v <= 100, `retreat threshold (${part}) of ${l.id}: ${v}`);
    }
    for (const [tid, m] of Object.entries(l.memory)) {
      must(s.territories[tid], `${l.id} remembers ${tid}, which is not on the map`);
      must(m.value >= 0 && Number.isInteger(m.lostTurn) && m.lostTurn <= s.turn, `memory of ${l.id} on ${tid}: ${m.value} since turn ${m.lostTurn}`);
    }
    for (const [tid, i] of Object.entries(l.intel)) must(s.territories[tid] && i.turn <= s.turn, `intel of ${l.id} on ${tid} from turn ${i.turn}`);
    if (l.alive) {
      living.add(l.id);
      must(!l.abdicated && l.outTurn === null, `living lord ${l.id} is marked out (abdicated ${l.abdicated}, out turn ${l.outTurn})`);
      const lk = s.knights[l.lordKnight];
      must(lk?.isLordKnight && lk.lord === l.id, `living lord ${l.id} has his lord-knight ${l.lordKnight}`);
    } else {
      must(l.outTurn !== null && l.outTurn <= s.turn, `lord ${l.id}, out, has an out turn (${l.outTurn})`);
    }
  }

  // --- territories
  let pop = 0;
  const owned = new Map<string, number>();
  for (const [key, t] of Object.entries(s.territories)) {
    must(t.id === key, `territory ${key} is filed under its own id (${t.id})`);
    must(isNat(t.population), `population of ${t.id}: ${t.population}`);
    must(t.happiness >= 0, `happiness of ${t.id}: ${t.happiness}`);
    must(t.taxCoef >= cfg.coefMin - 1e-12 && t.taxCoef <= cfg.coefMax + 1e-12, `tax coefficient of ${t.id}: ${t.taxCoef} (bounds ${cfg.coefMin}..${cfg.coefMax})`);
    must(FORTIFICATIONS.includes(t.fortification), `fortification of ${t.id}: ${t.fortification}`);
    must(t.lastSoldTurn === null || (Number.isInteger(t.lastSoldTurn) && t.lastSoldTurn <= s.turn), `${t.id} last sold on turn ${t.lastSoldTurn}`);
    must(t.owner === null || living.has(t.owner), `${t.id} owned by ${t.owner}, who is not a living lord`);
    if (t.owner) owned.set(t.owner, (owned.get(t.owner) ?? 0) + 1);
    pop += t.population;
  }
  if (population !== undefined) must(pop === population, `migration conserves the population: ${pop} people, ${population} at the start`);
  // A revolt frees the land in phase 14; nothing changes an owner after it in the turn [T §4.14].
  for (const tid of s.revoltedThisTurn) must(s.territories[tid]?.owner === null, `${tid} revolted this turn but is owned by ${s.territories[tid]?.owner}`);

  // --- knights
  const lordKnights = new Map<string, number>();
  let maxKnight = 0;
  for (const [key, k] of Object.entries(s.knights)) {
    const n = idNumber(key, 'K');
    must(k.id === key && !Number.isNaN(n), `knight ${key} is filed under its own id (${k.id})`);
    maxKnight = Math.max(maxKnight, n);
    must(living.has(k.lord), `knight ${k.id} serves ${k.lord}, who is not a living lord`);
    must(s.territories[k.location], `knight ${k.id} stands on ${k.location}, which is not on the map`);
    must(k.renown >= cfg.minRenown, `knight ${k.id} renown ${k.renown}`);
    must(Number.isInteger(k.hiredTurn) && k.hiredTurn <= s.turn, `knight ${k.id} hired on turn ${k.hiredTurn}`);
    if (k.isLordKnight) {
      lordKnights.set(k.lord, (lordKnights.get(k.lord) ?? 0) + 1);
      must(s.lords[k.lord]!.lordKnight === k.id, `knight ${k.id} is a lord-knight but not ${k.lord}'s (${s.lords[k.lord]!.lordKnight})`);
    }
    if (k.army !== null) must(s.armies[String(k.army)]?.commander === k.id, `knight ${k.id} commands his army ${k.army}`);
  }
  for (const [lord, n] of lordKnights) must(n === 1, `${lord} has ${n} lord-knights`);
  must(Number.isInteger(s.nextKnight) && s.nextKnight > maxKnight, `next knight number ${s.nextKnight}, highest in use K${maxKnight}`);

  // --- armies: the knights' and the garrisons
  const garrisons = new Set<string>();
  let maxArmy = 0;
  for (const [key, a] of Object.entries(s.armies)) {
    must(String(a.id) === key && isNat(a.id), `army ${key} is filed under its own id (${a.id})`);
    maxArmy = Math.max(maxArmy, a.id);
    must(isNat(a.strength), `army ${a.id} strength ${a.strength}`);
    must(living.has(a.lord), `army ${a.id} belongs to ${a.lord}, who is not a living lord`);
    must(s.territories[a.location], `army ${a.id} stands on ${a.location}, which is not on the map`);
    must(a.defThreshold === null && a.receivedTransfer === false, `army ${a.id} keeps a turn flag (threshold ${a.defThreshold}, transfer ${a.receivedTransfer}) [Appendix B]`);
    if (a.commander === null) {
      const gkey = `${a.lord}:${a.location}`;
      must(!garrisons.has(gkey), `two garrisons of ${a.lord} on ${a.location}`);
      garrisons.add(gkey);
      must(s.territories[a.location]!.owner === a.lord, `garrison ${a.id} of ${a.lord} stands on ${a.location}, owned by ${s.territories[a.location]!.owner}`);
    } else {
      const k = s.knights[a.commander];
      must(k && k.army === a.id, `army ${a.id} and its commander ${a.commander} agree`);
      must(a.location === k.location, `army ${a.id} is on ${a.location}, its knight ${k.id} on ${k.location}`);
      must(a.lord === k.lord, `army ${a.id} belongs to ${a.lord}, its knight ${k.id} to ${k.lord}`);
    }
  }
  must(Number.isInteger(s.nextArmy) && s.nextArmy > maxArmy, `next army number ${s.nextArmy}, highest in use ${maxArmy}`);

  // --- relations: only between two different living lords, key in id order [T §2.11]
  for (const [key, rel] of Object.entries(s.relations)) {
    const [a, b, ...rest] = key.split('|');
    must(a && b && rest.length === 0 && lordIdCompare(a, b) < 0, `relation key ${key} is "La|Lb" with La before Lb`);
    must(living.has(a) && living.has(b), `relation ${key} (${rel}) involves a lord who is out`);
    must(rel === 'war' || rel === 'alliance', `relation ${key} is ${rel}`);
  }
  for (const c of s.allyCalls) {
    must(living.has(c.caller) && living.has(c.callee) && c.caller !== c.callee, `call to an ally ${c.caller} → ${c.callee} between living lords`);
    // Made during a resolved turn: before the current one (the last one when the game is over).
    must(c.turn <= s.turn - (s.finished ? 0 : 1), `call to an ally dated turn ${c.turn}, now turn ${s.turn}${s.finished ? ' (game over)' : ''}`);
  }
}

/** What holds from one state to the next after one resolved turn. */
export function checkTransition(prev: GPState, next: GPState): void {
  must(!prev.finished, 'a turn was resolved after the end of the game');
  must(next.turn === prev.turn + (next.finished ? 0 : 1), `turn ${prev.turn} is followed by turn ${next.turn}${next.finished ? ' (game over)' : ''}`);
  must(next.map === prev.map && JSON.stringify(next.config) === JSON.stringify(prev.config), 'the map and the rules table do not change during a game');
  const before = Object.keys(prev.lords);
  must(before.length === Object.keys(next.lords).length && before.every((l) => next.lords[l]), 'the list of lords does not change');
  for (const l of before) must(prev.lords[l]!.alive || !next.lords[l]!.alive, `lord ${l}, out, came back`);
  must(next.nextKnight >= prev.nextKnight && next.nextArmy >= prev.nextArmy, 'knight and army numbers are never reused');
  for (const k of Object.keys(next.knights)) must(prev.knights[k] || Number(k.slice(1)) >= prev.nextKnight, `knight ${k} reappeared`);
  for (const a of Object.keys(next.armies)) must(prev.armies[a] || Number(a) >= prev.nextArmy, `army ${a} reappeared`);
}

/** The registry's hook: the state's invariants, and the transition from the previous state. */
export function gpInvariants(s: GPState, context: { initial: GPState; previous: GPState | null }): void {
  checkInvariants(s, totalPopulation(context.initial));
  if (context.previous) checkTransition(context.previous, s);
}
