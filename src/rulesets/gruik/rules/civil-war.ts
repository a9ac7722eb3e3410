/**
 * Civil war and the capital, rules §8.7 [T §13], D7:
 * - the capital (§8.7.1, A-53): the original capital while controlled; when lost, the province the
 *   state still controls, owned first, then the highest tax value, the shortest land distance to
 *   the original capital, the lowest id; back to the original when recovered; no capital without a
 *   province; no move during a civil war — TV-60;
 * - entering a civil war (§8.7.2): the capital revolts at once, its controller becomes the
 *   pseudo-state `rebels:<state>` (hostile to all, no army); S's forces there stay, now in an enemy
 *   province, out of the fortress [P §8.7.3]; a state already in civil war or without a capital
 *   ignores new triggers [P]; the form is the GM's (J16, timed): the default applies meanwhile;
 * - a captive general replaced (S3.4): the captive becomes void, a new general, d6 ≤ 2 civil war;
 * - a general captive for a year and not replaced: civil war at S8 of capturedAt + 4 — TV-59;
 * - each season spent in civil war is counted for the next tax collection (issue 16) — the season
 *   it starts, every S8 it lasts, and the season it ends.
 */
import { indexMap, landDistance } from '../map.ts';
import type { GruikState, ProvinceId, StateId } from '../state.ts';
import type { CivilWarCause } from '../season-types.ts';
import type { Dice } from './dice.ts';
import { rebelsOf, setControl } from './conquest.ts';
import { controlledBy, countCivilWarSeason, emit, raise, taxValue } from './treasury.ts';
import { CIVIL_WAR_CAUSE, gmText } from '../words.ts';

/** The original capital of a state [T §13.1]. */
export function originalCapital(s: GruikState, st: StateId): ProvinceId | null {
  return s.map.provinces.find((p) => s.provinces[p.id]?.initialCapitalOf === st)?.id ?? null;
}

/** [T §13.1; P A-53] Where the capital of a state is now. */
export function capitalFor(s: GruikState, st: StateId): ProvinceId | null {
  const r = s.realms[st];
  if (!r) return null;
  if (r.civilWar) return r.capital;                                          // [P A-53] no move during a civil war
  const original = originalCapital(s, st);
  if (original && s.provinces[original]?.controller === st) return original;  // [P A-53] back when recovered
  if (r.capital && s.provinces[r.capital]?.controller === st) return r.capital;
  const ix = indexMap(s.map);
  const dist = (p: ProvinceId) => (original ? landDistance(ix, p, original) : 0);
  const list = controlledBy(s, st).sort((a, b) =>
    Number(s.provinces[b]!.owner === st) - Number(s.provinces[a]!.owner === st)   // owned first [T §13.1]
    || taxValue(s, b) - taxValue(s, a)                                              // the richest [T §13.1]
    || dist(a) - dist(b)                                                            // [P A-53]
    || (a < b ? -1 : a > b ? 1 : 0));
  return list[0] ?? null;                                                          // [T §13.1] no province, no capital
}

/** S8.3 (§8.7.1): every state's capital moved where it must be. In place. */
export function relocateCapitals(t: GruikState): void {
  for (const r of Object.values(t.realms)) {
    if (r.kind === 'rebels') continue;
    const to = capitalFor(t, r.id);
    if (to === r.capital) continue;
    r.capital = to;
    emit(t, { t: 'capital', audience: [], state: r.id, province: to });
  }
}

/** [T §13.2, §13.3; P §8.7] S enters civil war (if it can): returns whether it did. In place. */
export function enterCivilWar(t: GruikState, st: StateId, cause: CivilWarCause, step: string): boolean {
  const r = t.realms[st];
  if (!r || r.civilWar || r.kind === 'rebels' || r.kind === 'barbarian') return false; // [P] already in civil war: ignored
  const cap = r.capital;
  if (!cap || t.provinces[cap]?.controller !== st) return false;                       // [P] no capital, no civil war
  const rebels = rebelsOf(st);
  if (!t.realms[rebels]) {
    const leader = `${rebels}:sovereign`;
    t.characters[leader] = { id: leader, state: rebels, name: `${r.name} (rebels)`, role: 'sovereign', status: 'active' };
    t.realms[rebels] = {
      id: rebels, name: r.name, kind: 'rebels', capital: null, treasury: 0, prestige: 0, sovereign: leader, armies: [], fleets: [], friendsDeclared: [],
      civilWarSeasonsThisTaxYear: 0, consecutiveMainArmyDefeats: 0, raidGainsThisYear: 0, raidLossesThisYear: 0, pendingCatastrophes: 0, besiegedSeasonsStreak: 0,
    };
  }
  r.civilWar = { since: t.season, revoltedCapital: cap };
  setControl(t, cap, rebels);                                                          // [T §13.3] the capital revolts at once
  for (const f of [...Object.values(t.armies), ...Object.values(t.detachments)]) if (f.state === st && f.location === cap) f.inFortress = false;
  countCivilWarSeason(r, t.season);
  emit(t, { t: 'civil-war', audience: [], state: st, cause });
  raise(t, 'J16', step, [st], gmText('civilWar', { s: st, c: CIVIL_WAR_CAUSE[cause] }), gmText('capitalRevolt'));
  return true;
}

/** [T §13.2] S3.4: the state appoints a new general in place of its army's captive one; the captive becomes void; d6 ≤ 2 civil war. In place. */
export function appointGeneral(t: GruikState, st: StateId, army: string, dice: Dice): { ok: boolean; face?: number } {
  const a = t.armies[army];
  const old = a && t.characters[a.general];
  if (!a || a.state !== st || !old || old.status !== 'captive') return { ok: false };
  old.status = 'void';
  const serial = (t.serials[st] ??= { general: 0, army: 0, detachment: 0, fleet: 0 });
  serial.general += 1;
  const id = `${st}:general:${serial.general}`;
  t.characters[id] = { id, state: st, name: id, role: 'general', army, status: 'active' };
  delete old.army;
  a.general = id;
  const face = dice.roll({ sides: 6, phase: 'S3.4', event: `appoint:${army}`, purpose: 'civil war on a replacement (D7)', rule: '[T §13.2] D7', audience: [st] });
  emit(t, { t: 'appointed', audience: [st], state: st, army, face });
  if (face <= t.config.civilWar.onReplacement) enterCivilWar(t, st, 'replacement', 'S3.4');
  return { ok: true, face };
}

/** S8.5 [T §13.2; P §8.7.2]: a general (or sovereign, A-12) captive for CAPTIVITY seasons and not replaced → civil war; every state in civil war counts this season. In place. */
export function civilWarTimers(t: GruikState): void {
  for (const ch of Object.values(t.characters)) {
    if (ch.status !== 'captive' || ch.capturedAt === undefined) continue;
    if (t.season === ch.capturedAt + t.config.civilWar.captivitySeasons) enterCivilWar(t, ch.state, 'captivity', 'S8.5');
  }
  for (const r of Object.values(t.realms)) if (r.civilWar) countCivilWarSeason(r, t.season);
}

/** §6.13 step 3 [T §13.2]: the states whose D7 roll came up in a battle (battle-result.ts `civilWar`) enter civil war at once. In place. */
export function civilWarsAfterBattle(t: GruikState, states: readonly StateId[]): StateId[] {
  return states.filter((st) => enterCivilWar(t, st, 'character-lost', 'S6.5'));
}
