/**
 * Phase 3, Upkeep, steps 1–5 (rules §4.10, §1.3, §7.1), in this order:
 * 1. military victory: a baron controlling more than half of the unrazed Kingdom cities wins at
 *    once (Overseas cities counted on neither side) [T §1.3; P G-A08: only here];
 * 2. Influence: 1 per controlled city not besieged, Kingdom and Overseas; nothing for a baron whose
 *    stronghold is off the board; in chairman order [P]; a shortfall comes from the bank, and once
 *    the reserve reaches 0 this is the last turn [P G-A07, as ruled: the whole Upkeep still runs];
 * 3. revolts: a Fate card for each city a baron controls without a noble of his in its region
 *    (nobles at sea do not count), drawn up front in chairman order and, per baron, in map order
 *    [P G-A32]; on "Revolt" he loses the city (neutral, unfortified, breaches kept), pays
 *    `upkeep.revoltFaith` Faith, or pays `upkeep.revoltIncomeTimes` × its printed income
 *    [P G-A31] (#39, default: lose the city; an answer he can no longer afford falls back to it, §9.5);
 * 4. ships land: nobles at sea are placed in their port's region;
 * 5. every noble is Ready again.
 * Step 6 (reinforcement and arrival, §4.11) takes the barons' answers: arrival.ts `runArrival`.
 */
import { BOARD, city } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { militaryVictoryCities } from '../constants.ts';
import type { WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { drawFate } from './fate.ts';

/** Step 1: the baron who wins by force, if any (§1.3). */
export function militaryVictor(s: WkState): BaronId | null {
  const unrazed = BOARD.cities.filter((c) => !c.overseas && !s.cities[c.id]!.razed);
  const need = militaryVictoryCities(unrazed.length);
  return s.players.find((b) => unrazed.filter((c) => s.cities[c.id]!.controller === b).length >= need) ?? null;
}

/** Step 2: Influence due to a baron. */
export function influenceDue(s: WkState, b: BaronId): number {
  if (s.strongholds[b].region === null) return 0;
  return Object.values(s.cities).filter((c) => c.controller === b && !c.razed && c.besiegedBy === null).length;
}

export type RevoltAnswer = 'lose' | 'faith' | 'crowns';
export interface RevoltDraw { city: string; baron: BaronId; fate: string | null; revolt: boolean }

/** The cities where a revolt card is drawn, in order: chairman order, then map order. */
export function revoltCities(s: WkState): { city: string; baron: BaronId }[] {
  const out: { city: string; baron: BaronId }[] = [];
  for (const b of chairmanOrder(s.players, s.chairman)) {
    for (const c of BOARD.cities) {
      const st = s.cities[c.id]!;
      if (st.controller !== b || st.razed) continue;
      const present = Object.values(s.nobles).some((n) => n.baron === b && n.location.kind === 'region' && n.location.region === c.region);
      if (!present) out.push({ city: c.id, baron: b });
    }
  }
  return out;
}

export interface UpkeepAnswers { revolts?: Partial<Record<string, RevoltAnswer>> }

/** Runs steps 1–5; returns the state at step 6, or over with the military victor. */
export function runUpkeep(s: WkState, answers: UpkeepAnswers = {}): WkState {
  if (s.stage !== 'upkeep') throw new Error('runUpkeep: not the Upkeep');
  const out = structuredClone(s);
  // 1
  const victor = militaryVictor(out);
  if (victor) {
    out.winner = victor;
    out.stage = 'over';
    out.log.push({ t: 'military-victory', baron: victor });
    return out;
  }
  // 2
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const n = influenceDue(out, b);
    out.barons[b].influence += n;
    out.influenceReserve = Math.max(0, out.influenceReserve - n); // the shortfall comes from the bank
    if (n > 0) out.log.push({ t: 'influence', baron: b, amount: n });
  }
  if (out.influenceReserve === 0) out.lastTurn = true;
  // 3
  for (const { city: id, baron } of revoltCities(out)) {
    const d = drawFate(out.secret.fateDeck);
    out.secret.fateDeck = d.deck;
    if (!d.card?.revolt) continue; // [P G-A37] an empty deck: no card, no revolt
    const me = out.barons[baron];
    const price = out.config.upkeep.revoltIncomeTimes * city(id).income;
    const a = answers.revolts?.[id] ?? 'lose';
    if (a === 'faith' && me.faith >= out.config.upkeep.revoltFaith) { me.faith -= out.config.upkeep.revoltFaith; out.log.push({ t: 'revolt', city: id, baron, outcome: 'faith' }); continue; }
    if (a === 'crowns' && me.crowns >= price) { me.crowns -= price; out.log.push({ t: 'revolt', city: id, baron, outcome: 'crowns' }); continue; }
    const st = out.cities[id]!;
    st.controller = null;
    st.fortified = false;
    me.controlMarkers++;
    out.log.push({ t: 'revolt', city: id, baron, outcome: 'lose' });
  }
  // 4
  for (const n of Object.values(out.nobles)) if (n.location.kind === 'at-sea') n.location = { kind: 'region', region: n.location.region };
  // 5
  for (const n of Object.values(out.nobles)) n.ready = true;
  out.step = 'U6';
  return out;
}
