/**
 * What the combat rules read of the board (rules §6.5–§6.9): the nobles of a baron standing in a
 * region (on the board, not at sea [T §6.3]), the works in a region and their current strength
 * (a city: printed strength, +100 fortified, −100 a breach; a stronghold: its printed strength −100
 * a breach, §6.7, §6.9), the siege marker of a works, and the lifting of a siege whose besiegers
 * have all left the region (§6.8 "Lifting"). Mutating helpers change the state they are given.
 */
import { city, cityIn, type RegionId } from '../board.ts';
import { baronData, type BaronId } from '../barons.ts';
import type { CityState, NobleState, StrongholdState, WkState, Works } from '../state.ts';
import { armyMen } from '../troops.ts';
import { officeMen } from './effects.ts';
import { cityStrength } from './combat.ts';

/** A baron's nobles standing in region r (not at sea, not off the board). */
export const noblesIn = (s: WkState, b: BaronId, r: RegionId): NobleState[] =>
  Object.values(s.nobles).filter((n) => n.baron === b && n.location.kind === 'region' && n.location.region === r);

/** Barons with an army in r ("army in R" = a noble on the board in R, not at sea [P §6.5]). */
export const baronsIn = (s: WkState, r: RegionId): BaronId[] => s.players.filter((b) => noblesIn(s, b, r).length > 0);

/** The unrazed city in r, if any. */
export function liveCity(s: WkState, r: RegionId): CityState | null {
  const c = cityIn(r);
  return c && !s.cities[c.id]!.razed ? s.cities[c.id]! : null;
}

/** The stronghold standing in r, if any. */
export const strongholdIn = (s: WkState, r: RegionId): StrongholdState | null => Object.values(s.strongholds).find((h) => h.region === r) ?? null;

export const worksState = (s: WkState, w: Works): CityState | StrongholdState => (w.kind === 'city' ? s.cities[w.city]! : s.strongholds[w.baron]);

/** Current strength of a works (§6.7; a stronghold cannot be fortified, §2.5). */
export function worksStrength(s: WkState, w: Works): number {
  if (w.kind === 'city') return cityStrength(s.cities[w.city]!, s.config);
  const h = s.strongholds[w.baron];
  return Math.max(0, baronData(w.baron).strongholdStrength - s.config.combat.casualtyMen * h.breaches);
}

/**
 * Effective men of a noble's army (his troop cards and his Office's free troops, §10.9: « il mène
 * 100 hommes de plus »; the Assembly's and Wages' counts include them too, rules/effects.ts) or of a garrison.
 */
export const nobleMen = (s: WkState, n: NobleState): number => armyMen(n.troops, n.casualties, s.config.combat.casualtyMen) + officeMen(s, n.id);
export const garrisonMen = (s: WkState, h: StrongholdState): number => armyMen(h.garrison, h.casualties, s.config.combat.casualtyMen);

/** Tokens an army can still take before its noble is killed (tokens × 100 ≥ troops, [P G-A06]); `extraMen`: an Office's free troops. */
export const capacity = (s: WkState, troops: readonly string[], tokens: number, extraMen = 0): number =>
  Math.max(0, Math.ceil((armyMen(troops, 0, s.config.combat.casualtyMen) + extraMen) / s.config.combat.casualtyMen) - tokens);

/** Puts the siege marker on a works [P G-A33: besieger and turn]. */
export function setSiege(s: WkState, w: Works, b: BaronId): void {
  const st = worksState(s, w);
  st.besiegedBy = b;
  st.siegeSince = s.turn;
  s.log.push({ t: 'siege-started', baron: b, works: w });
}

export function clearSiege(s: WkState, w: Works, log = true): void {
  const st = worksState(s, w);
  if (st.besiegedBy === null) return;
  st.besiegedBy = null;
  st.siegeSince = null;
  if (log) s.log.push({ t: 'siege-lifted', works: w });
}

/** The works standing in region r (a live city or a stronghold). */
export function worksIn(s: WkState, r: RegionId): Works | null {
  const c = liveCity(s, r);
  if (c) return { kind: 'city', city: c.id };
  const h = strongholdIn(s, r);
  return h ? { kind: 'stronghold', baron: h.baron } : null;
}

/** Sieges whose besieger has no army left in the region, or whose works are gone. */
export function abandonedSieges(s: WkState): Works[] {
  const out: Works[] = [];
  for (const c of Object.values(s.cities)) if (c.besiegedBy !== null && (c.razed || noblesIn(s, c.besiegedBy, city(c.id).region).length === 0)) out.push({ kind: 'city', city: c.id });
  for (const h of Object.values(s.strongholds)) if (h.besiegedBy !== null && (h.region === null || noblesIn(s, h.besiegedBy, h.region).length === 0)) out.push({ kind: 'stronghold', baron: h.baron });
  return out;
}

/** §6.8 "Lifting": a siege whose besieger has no army left in the region is lifted at once; a razed city's siege ends [P G-A33]. */
export function liftAbandonedSieges(s: WkState): void {
  for (const c of Object.values(s.cities)) {
    if (c.besiegedBy === null) continue;
    const r = city(c.id).region;
    if (c.razed) clearSiege(s, { kind: 'city', city: c.id }, false);
    else if (noblesIn(s, c.besiegedBy, r).length === 0) clearSiege(s, { kind: 'city', city: c.id });
  }
  for (const h of Object.values(s.strongholds)) {
    if (h.besiegedBy === null) continue;
    if (h.region === null) clearSiege(s, { kind: 'stronghold', baron: h.baron }, false);
    else if (noblesIn(s, h.besiegedBy, h.region).length === 0) clearSiege(s, { kind: 'stronghold', baron: h.baron });
  }
}
