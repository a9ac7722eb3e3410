/**
 * The catastrophes' effects beyond money, rules §8.8 and §8.10 [T §14, §16; P A-55], for step S0.3:
 * - "civil war, revolt or equivalent" (D2 3 or 11): a civil war (civil-war.ts); the GM may replace
 *   it with an equivalent (J17, timed: the default applies meanwhile);
 * - "barbarian invasion or equivalent" (D2 2 or 12): at S0.3 of the next season a barbarian army
 *   enters a province the victim controls — one on the map edge when there is one
 *   (`invasion.entryPrefersMapEdge`), else any, drawn with a die among them in the map's order.
 *   It belongs to a new barbarian state (kind `barbarian`, hostile to all, no province), with a
 *   general, modifier 0, and the seasonal base its state rolls like any other (§4.1). The GM
 *   approves or replaces it (J18, blocking; on timeout the default runs).
 * Then each season (A-55's default AI): the barbarian army marches on the invaded state's capital
 * by the shortest land path (`barbarianMoves`, merged into S4.1's orders), stops and fights as the
 * movement and battle rules say, besieges when it can (S7.1's default), never raids. A fortress it
 * takes is its state's (a barbarian state with a province). The invasion ends at S8.8 when its
 * army is captured or under MAIN_ARMY_MIN (`invasionsEnding`): a barbarian state without a
 * province vanishes; one with a province stays, no longer invading. Retreat before combat is
 * never chosen (the barbarians' posture is `engage`, the default).
 */
import type { GruikState, StateId } from '../state.ts';
import type { Dice } from './dice.ts';
import { enterCivilWar, originalCapital } from './civil-war.ts';
import { indexMap } from '../map.ts';
import { actsAsMainArmy } from './army-size.ts';
import type { MoveOrder } from './movement.ts';
import { rollSeasonStart, type SeasonStart } from './season-start.ts';
import { controlledBy, emit, raise } from './treasury.ts';
import { EFFECT_KIND, gmText } from '../words.ts';
import { FLAVOUR, flavourText } from '../flavour.ts';

/** The barbarian army enters the victim's land (the season after the draw). In place. */
export function barbarianEntry(t: GruikState, victim: StateId, dice: Dice): void {
  const held = controlledBy(t, victim);
  if (held.length === 0) return;
  const edge = held.filter((p) => t.map.provinces.find((x) => x.id === p)?.mapEdge);
  const pool = t.config.invasion.entryPrefersMapEdge && edge.length > 0 ? edge : held;
  const at = pool.length === 1 ? pool[0]! : pool[dice.roll({ sides: pool.length, phase: 'S0.3', event: `invasion:${victim}`, purpose: 'barbarian entry province', rule: '[P A-55]', audience: [] }) - 1]!;
  let n = 1;
  while (t.realms[`barbarians:${n}`] && n <= Object.keys(t.realms).length) n++;
  const id = `barbarians:${n}`, leader = `${id}:sovereign`, general = `${id}:general:1`, army = `${id}:A1`;
  t.characters[leader] = { id: leader, state: id, name: leader, role: 'sovereign', status: 'active' };
  t.characters[general] = { id: general, state: id, name: general, role: 'general', army, status: 'active' };
  t.armies[army] = {
    id: army, state: id, general, location: at, inFortress: false, mod: 0, seasonalSize: 0, currentAP: 0, detachmentsCreated: [], alliedDetachments: [],
    moved: false, fought: false, retreated: false, raided: false, sovereignPresent: false, siegeSeasons: 0, pendingEffortBonus: 0, createdAt: t.season,
  };
  t.realms[id] = {
    id, name: id, kind: 'barbarian', capital: null, treasury: 0, prestige: 0, sovereign: leader, armies: [army], fleets: [], friendsDeclared: [],
    civilWarSeasonsThisTaxYear: 0, consecutiveMainArmyDefeats: 0, raidGainsThisYear: 0, raidLossesThisYear: 0, pendingCatastrophes: 0, besiegedSeasonsStreak: 0,
  };
  t.realms[id]!.invades = victim;
  t.serials[id] = { general: 1, army: 1, detachment: 0, fleet: 0 };
  emit(t, { t: 'invasion', audience: [], state: victim, province: at });
}

/**
 * S0.3 [rules §3.3 S0.3, §4.1, §8.8, §8.10]: invasions drawn last season enter, then every base and
 * catastrophe is rolled (season-start.ts, which applies the money), then civil wars start and
 * invasions are scheduled for the next season.
 */
export function seasonStartStep(s: GruikState, dice: Dice): { state: GruikState; start: SeasonStart } {
  const t0 = structuredClone(s);
  for (const r of Object.values(t0.realms)) if (r.invasionDue === t0.season) { delete r.invasionDue; barbarianEntry(t0, r.id, dice); }
  const start = rollSeasonStart(t0, dice);
  const t = start.state;
  const told: Record<StateId, number> = {};
  for (const k of start.catastrophes) {
    // [P §8.8, J17] the flavour text, drawn with a die of the season's key from the kind's list (flavour.ts); told to everyone (App. B 9)
    const n = (told[k.state] = (told[k.state] ?? -1) + 1);
    const face = dice.roll({ sides: FLAVOUR[k.effect.kind].length, phase: 'S0.3', event: `flavour:${k.state}:${n}`, purpose: 'catastrophe flavour text', rule: '[P §8.8] J17', audience: [] });
    const effect = k.effect.kind === 'money' ? gmText('lossOf', { n: k.effect.amount }) : EFFECT_KIND[k.effect.kind];
    const text = flavourText(k.effect.kind, face - 1);
    // the GM reads the text drawn beside the effect; he picks another by overriding its die (§11.3)
    raise(t, 'J17', 'S0.3', [k.state], gmText('catastrophe', { s: k.state, n: k.sum }), { fr: `${effect.fr} — « ${text.fr} »`, en: `${effect.en} — “${text.en}”` });
    emit(t, { t: 'catastrophe', audience: [], state: k.state, kind: k.effect.kind, flavour: face - 1 });
  }
  for (const k of start.unapplied) {
    if (k.effect.kind === 'civilWar') enterCivilWar(t, k.state, 'catastrophe', 'S0.3');
    else if (k.effect.kind === 'invasion') {
      t.realms[k.state]!.invasionDue = t.season + 1;
      raise(t, 'J18', 'S0.3', [k.state], gmText('invasion', { s: k.state }), gmText('defaultAi'));
    }
  }
  return { state: t, start };
}

/** The shortest land path from `from` to `to` (the start excluded), bounded by the map; [] if none. */
function landPath(s: GruikState, from: string, to: string): string[] {
  const ix = indexMap(s.map);
  const prev = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let i = 0; i < queue.length && i <= s.map.provinces.length; i++) {
    const p = queue[i]!;
    if (p === to) break;
    for (const l of ix.land[p] ?? []) if (!prev.has(l.province)) { prev.set(l.province, p); queue.push(l.province); }
  }
  if (!prev.has(to) || from === to) return [];
  const path: string[] = [];
  for (let p = to, n = 0; p !== from && n <= s.map.provinces.length; p = prev.get(p)!, n++) path.unshift(p);
  return path;
}

/** [P A-55] The barbarian armies' moves this season: toward the invaded state's capital, ARMY_MOVE provinces at most. */
export function barbarianMoves(s: GruikState): MoveOrder[] {
  const out: MoveOrder[] = [];
  for (const r of Object.values(s.realms)) {
    if (r.kind !== 'barbarian' || !r.invades) continue;
    const target = s.realms[r.invades]?.capital ?? originalCapital(s, r.invades);
    for (const id of r.armies) {
      const a = s.armies[id];
      if (!a || typeof a.location !== 'string' || a.location === 'captured' || a.siegeOf || !target) continue;
      const path = landPath(s, a.location, target).slice(0, s.config.movement.army);
      if (path.length > 0) out.push({ force: id, path });
    }
  }
  return out;
}

/** S8.8 [P A-55]: an invasion whose army is captured or under MAIN_ARMY_MIN ends. */
export function invasionsEnding(s: GruikState): GruikState {
  const t = structuredClone(s);
  for (const r of Object.values(s.realms)) {
    if (r.kind !== 'barbarian' || !r.invades) continue;
    if (r.armies.some((id) => t.armies[id] && actsAsMainArmy(t, id))) continue;
    const victim = r.invades;
    // the horde stays a realm while it controls or still owns a province (a province retaken but not yet annexed back:
    // deleting it left the province owned by an unknown state, soak seed dawn-b-52, season 18) [P, as S8.8's "own and control nothing"]
    if (controlledBy(t, r.id).length > 0 || Object.values(t.provinces).some((p) => p.owner === r.id)) { delete t.realms[r.id]!.invades; emit(t, { t: 'invasion-over', audience: [], state: victim }); continue; }
    for (const id of r.armies) delete t.armies[id];
    for (const ch of Object.values(t.characters)) if (ch.state === r.id) delete t.characters[ch.id];
    for (const d of Object.values(t.detachments)) if (d.state === r.id) delete t.detachments[d.id];
    delete t.realms[r.id];
    delete t.serials[r.id];
    emit(t, { t: 'invasion-over', audience: [], state: victim });
  }
  return t;
}
