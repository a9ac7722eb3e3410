/**
 * Upkeep step 6, reinforcement and arrival (rules §4.10.6, §4.11; §9.2 #40, #41), each baron in
 * chairman order completing all of it before the next:
 * 6a. a baron whose stronghold is off the board may rebuild it in a Kingdom region with no unrazed
 *     city, no enemy noble and no enemy stronghold (off the border with 2–3 barons) [I, P]
 *     (#40, default: a random legal region, stream `turn/<t>/rebuild/<baron>`; `null` declines);
 * 6b. transfers between his nobles in one region on the board, not at sea nor in a besieged city,
 *     and from the garrison to nobles in the stronghold's region [P G-A12];
 * 6c. arrivals: the cards of his off-board nobles redistributed among them, then cards from the
 *     garrison to them; every off-board noble with troops is placed in the stronghold's region
 *     (even besieged) or in the region of a non-besieged city he controls; without such a place it
 *     stays off [P]; without troops it stays off.
 * Every transfer follows §6.4: out of an army with casualty tokens, all its cards and all its
 * tokens go together (to one army); an emptied noble leaves the board, not dead.
 * #41's default: no transfers; each noble with troops to the stronghold's region, else the first
 * controlled non-besieged city in map order. After step 6 the turn ends (`endTurn`).
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import { BOARD, cityIn, KINGDOM_REGIONS, region as regionOf, type RegionId } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { borderBanned } from '../constants.ts';
import { own, type NobleState, type WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { troopMen } from '../troops.ts';
import { liftEmptyNobles } from './armies.ts';
import { streamPick } from './streams.ts';
import { expireOffers, heirWaits } from './heirs.ts';

export interface Transfer { from: string; to: string; cards: string[] }
export interface ArrivalAnswer {
  rebuild?: RegionId | null;
  transfers?: Transfer[];
  redistribute?: Transfer[];
  fromGarrison?: Transfer[];
  place?: Record<string, RegionId>;
}

export type ArrivalRefusal = 'bad-rebuild' | 'bad-transfer' | 'casualties' | 'bad-place';
export const ARRIVAL_REFUSALS: Record<ArrivalRefusal, Localized> = {
  'bad-rebuild': { fr: 'Votre forteresse ne peut pas être rebâtie dans cette région.', en: 'Your stronghold cannot be rebuilt in this region.' },
  'bad-transfer': { fr: 'Ce transfert n’est pas permis : mêmes région et baron, hors mer et hors cité assiégée.', en: 'This transfer is not allowed: same region and baron, not at sea nor in a besieged city.' },
  casualties: { fr: 'Une armée qui a des pertes ne cède ses troupes que toutes ensemble, avec toutes ses pertes.', en: 'An army with casualties gives its troops only all together, with all its casualties.' },
  'bad-place': { fr: 'Un noble arrive à votre forteresse ou dans une cité que vous contrôlez, non assiégée.', en: 'A noble arrives at your stronghold or in a city you control that is not besieged.' },
};
export type ArrivalResult = { ok: true; state: WkState } | { ok: false; reason: ArrivalRefusal; message: Localized; baron: BaronId };

/** 6a: where a baron may rebuild. */
export function rebuildRegions(s: WkState, b: BaronId): RegionId[] {
  const ban = borderBanned(s.config, s.players.length);
  const enemy = new Set<RegionId>();
  for (const n of Object.values(s.nobles)) if (n.baron !== b && n.location.kind === 'region') enemy.add(n.location.region);
  for (const h of Object.values(s.strongholds)) if (h.baron !== b && h.region) enemy.add(h.region);
  return KINGDOM_REGIONS.filter((r) => { const c = cityIn(r); return !(c && !s.cities[c.id]!.razed) && !enemy.has(r) && !(ban && regionOf(r).border); });
}

/** 6c: where an arriving noble may be placed. */
export function arrivalRegions(s: WkState, b: BaronId): RegionId[] {
  const out: RegionId[] = [];
  if (s.strongholds[b].region) out.push(s.strongholds[b].region!);
  for (const c of BOARD.cities) {
    const st = s.cities[c.id]!;
    if (st.controller === b && !st.razed && st.besiegedBy === null && !out.includes(c.region)) out.push(c.region);
  }
  return out;
}

const inBesiegedCity = (s: WkState, n: NobleState): boolean => {
  if (n.location.kind !== 'region') return false;
  const c = cityIn(n.location.region);
  return !!c && s.cities[c.id]!.besiegedBy !== null && s.cities[c.id]!.controller === n.baron;
};

/** Moves cards between two armies of a baron under §6.4's casualty rule; false if refused. */
function move(s: WkState, b: BaronId, t: Transfer): 'ok' | ArrivalRefusal {
  const from = t.from === 'stronghold' ? s.strongholds[b] : own(s.nobles, t.from);
  const to = t.to === 'stronghold' ? null : own(s.nobles, t.to);
  if (!from || !to || to.baron !== b || ('baron' in from && from.baron !== b) || t.from === t.to) return 'bad-transfer';
  const held = 'troops' in from ? from.troops : from.garrison;
  if (t.cards.length === 0 || t.cards.some((c) => !held.includes(c)) || new Set(t.cards).size !== t.cards.length) return 'bad-transfer';
  if (from.casualties > 0 && t.cards.length !== held.length) return 'casualties';
  to.troops.push(...t.cards);
  to.casualties += from.casualties;
  from.casualties = 0;
  if ('troops' in from) from.troops = from.troops.filter((c) => !t.cards.includes(c)); else from.garrison = from.garrison.filter((c) => !t.cards.includes(c));
  return 'ok';
}

const defaultPlace = (s: WkState, b: BaronId): RegionId | undefined => arrivalRegions(s, b)[0];

export function runArrival(s: WkState, answers: Partial<Record<BaronId, ArrivalAnswer>> = {}): ArrivalResult {
  if (s.stage !== 'upkeep' || s.step !== 'U6') throw new Error('runArrival: not Upkeep step 6');
  const out = structuredClone(s);
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const a = answers[b] ?? {};
    const bad = (reason: ArrivalRefusal): ArrivalResult => ({ ok: false, reason, baron: b, message: fill(ARRIVAL_REFUSALS[reason]) });
    // 6a
    if (out.strongholds[b].region === null) {
      const legal = rebuildRegions(out, b);
      const where = a.rebuild === undefined ? legal[streamPick(out, `turn/${out.turn}/rebuild/${b}`, Math.max(1, legal.length))] : a.rebuild;
      if (where !== null && where !== undefined) {
        if (!legal.includes(where)) return bad('bad-rebuild');
        Object.assign(out.strongholds[b], { region: where, breaches: 0, besiegedBy: null, siegeSince: null });
      }
    }
    // 6b
    for (const t of a.transfers ?? []) {
      const from = t.from === 'stronghold' ? null : own(out.nobles, t.from);
      const to = own(out.nobles, t.to);
      const whereFrom = t.from === 'stronghold' ? out.strongholds[b].region : from?.location.kind === 'region' ? from.location.region : null;
      const holdBesieged = t.from === 'stronghold' && out.strongholds[b].besiegedBy !== null; // [P] as a besieged city
      if (!to || to.location.kind !== 'region' || whereFrom === null || to.location.region !== whereFrom || inBesiegedCity(out, to) || (from && inBesiegedCity(out, from)) || holdBesieged) return bad('bad-transfer');
      const r = move(out, b, t);
      if (r !== 'ok') return bad(r);
    }
    liftEmptyNobles(out);
    // 6c.1–2: only between off-board nobles, and from the garrison to them
    for (const t of [...(a.redistribute ?? []), ...(a.fromGarrison ?? [])]) {
      const to = own(out.nobles, t.to);
      const from = t.from === 'stronghold' ? null : own(out.nobles, t.from);
      if ((t.from !== 'stronghold' && !from) || !to || to.location.kind !== 'off' || (from && from.location.kind !== 'off')) return bad('bad-transfer');
      if (heirWaits(out, to) || (from && heirWaits(out, from))) return bad('bad-transfer'); // §7.4 heir exchange: the waiting heir's army stays as it is
      const r = move(out, b, t);
      if (r !== 'ok') return bad(r);
    }
    // 6c.3: every off-board noble with troops is placed
    for (const n of Object.values(out.nobles)) {
      if (n.baron !== b || n.location.kind !== 'off' || n.troops.length === 0) continue;
      if (heirWaits(out, n)) continue; // §7.4 heir exchange: its heir is dead or held by another baron
      if (out.heirs?.[n.id]) out.heirs[n.id]!.awaiting = false;
      const where = a.place?.[n.id] ?? defaultPlace(out, b);
      if (where === undefined) continue; // [P] no place: stays off the board
      if (!arrivalRegions(out, b).includes(where)) return bad('bad-place');
      n.location = { kind: 'region', region: where };
    }
  }
  return { ok: true, state: endTurn(out) };
}

// ─── End of the turn (§7.1, §7.2) ─────────────────────────────────────────────────────────────

/** [P G-A44] men under nobles on the board (at sea too) and in the garrison of a stronghold on the board; casualties not subtracted. */
export function troopsOnBoard(s: WkState, b: BaronId): number {
  const nobles = Object.values(s.nobles).filter((n) => n.baron === b && n.location.kind !== 'off').flatMap((n) => n.troops);
  const garrison = s.strongholds[b].region ? s.strongholds[b].garrison : [];
  return [...nobles, ...garrison].reduce((m, t) => m + troopMen(t), 0);
}

/** §7.2: a baron's score and tie-breaks, in order: Influence, cities, crowns + Faith + votes, troops on the board. */
export function scoreKeys(s: WkState, b: BaronId): number[] {
  return [
    s.barons[b].influence,
    Object.values(s.cities).filter((c) => c.controller === b && !c.razed).length,
    s.barons[b].crowns + s.barons[b].faith + s.barons[b].votes,
    troopsOnBoard(s, b),
  ];
}

/** §7.2: the winner by Influence, then cities, then crowns + Faith + votes, then troops on the board; still tied: none. */
export function influenceWinner(s: WkState): BaronId | null {
  const top = influenceRanking(s)[0] ?? [];
  return top.length === 1 ? top[0]! : null;
}

/**
 * §7.2: every baron ranked by Influence with the tie-breaks, best first, as groups of barons still
 * tied after the four keys (a group of one is a place of its own); within a group, chairman seat order.
 */
export function influenceRanking(s: WkState): BaronId[][] {
  const keys = new Map(s.players.map((b) => [b, scoreKeys(s, b)]));
  const cmp = (a: BaronId, b: BaronId): number => {
    const x = keys.get(a)!, y = keys.get(b)!;
    for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return y[k]! - x[k]!;
    return 0;
  };
  const sorted = [...s.players].sort((a, b) => cmp(a, b) || s.players.indexOf(a) - s.players.indexOf(b));
  const groups: BaronId[][] = [];
  for (const b of sorted) {
    const last = groups.at(-1);
    if (last && cmp(last[0]!, b) === 0) last.push(b); else groups.push([b]);
  }
  return groups;
}

/** After Upkeep step 6: the last turn ends the game (the whole Upkeep has run, issue 21), else Planning of the next turn. */
export function endTurn(s: WkState): WkState {
  expireOffers(s); // §9.2 #43: unanswered heir offers expire
  if (s.lastTurn && !s.config.options.lawOfTheStrongest) { // [T §7.4] Law of the Strongest: Influence does not count
    s.stage = 'over';
    s.winner = influenceWinner(s);
    s.toAct = [];
    return s;
  }
  s.turn++;
  s.stage = 'planning';
  s.step = 'P1';
  s.toAct = chairmanOrder(s.players, s.chairman);
  s.submitted = [];
  return s;
}
