/**
 * The "Player elimination" variant (rules §7.4, [P G-A47]; §7.3: in the standard rules nobody is
 * eliminated), host option `options.playerElimination`, off by default. When a baron's stronghold
 * is captured (rules/battle.ts, the end of the `capture` stage, after the ransom) he is eliminated:
 *
 * 1. out of the seats in play: `players` no longer holds him (so the flow never asks him again, and
 *    every N-dependent threshold of §1.2 — 2N cards in a zone, N + 1 shields, the Draft display,
 *    the track's numbered spaces, the 2-baron Assembly — counts the barons left); `eliminated`
 *    lists the eliminated, first eliminated first;
 * 2. all his nobles leave the board [T §7.4]: their mercenaries back into the Mercenary deck, their
 *    regulars out of the game (as a garrison's, [P G-A28]), their Offices discarded [P];
 * 3. all his cities become neutral [T §7.4], losing their fortification (§6.10), breaches and any
 *    siege staying [P G-A33]; his sieges are lifted (no noble of his is left);
 * 4. his cards are removed from the piles, the zones and the Mercenary track [P G-A47] (his hand
 *    too); his Titles and the lasting events on him are discarded [P]; his expedition stakes go to
 *    the bank [P G-A47];
 * 5. the Chairman's and the Church Support's tokens, if he held them, pass to the remaining baron
 *    with the most votes / the most Faith [T §7.4], ties broken at random from a named stream
 *    (rules/streams.ts) [P]; the Chairman goes to a non-banished baron when one exists (§5.8: a
 *    banished baron never becomes Chairman) [P];
 * 6. the N-dependent thresholds are checked again at once [P G-A47]: the combat ends in the same
 *    step, and closing its card runs action.ts `queueTriggers` with the new N;
 * 7. with the "Heir exchange" option (heirs.ts): the heirs he held go back to their own barons, his
 *    own nobles' heirs die with his line, the open offers to or from him lapse [P];
 * 8. one baron left: he wins at once [P G-A47, ours: the rules say nothing; the last claimant
 *    standing takes the throne] — the game is over.
 *
 * The ransom (§6.9) is still paid: half his crowns to the conqueror (taken by battle.ts when the
 * stronghold fell). The ransom city is the constant `elimination.ransomCity` [P G-A47: "choose one,
 * configurable"]: false (the default) — no city, since all his cities become neutral; true — the
 * loser gives his ransom city first (#16, asked before he is eliminated), then the rest become neutral.
 */
import type { BaronId } from '../barons.ts';
import { baronCards } from '../cards.ts';
import type { WkState } from '../state.ts';
import { isMercenary } from '../troops.ts';
import { clearSiege, liftAbandonedSieges } from './sides.ts';
import { streamPick, streamShuffle, type Shuffle } from './streams.ts';

/** Is the variant on (an older state's config may lack the key)? */
export const eliminationOn = (s: WkState): boolean => (s.config.options as { playerElimination?: boolean }).playerElimination === true;

/** Does the ransom of a stronghold taken with elimination on include a city (#16)? [P G-A47] */
export const eliminationRansomCity = (s: WkState): boolean => (s.config as { elimination?: { ransomCity?: boolean } }).elimination?.ransomCity === true;

/** Every seat of the game, in seat order, eliminated or not (the barons' records are created in seat order, setup.ts S8). */
export const seatsOf = (s: Pick<WkState, 'barons'>): BaronId[] => Object.keys(s.barons) as BaronId[];

/** Is this baron eliminated? */
export const isEliminated = (s: Pick<WkState, 'eliminated'>, b: string): boolean => (s.eliminated ?? []).includes(b as BaronId);

/** The remaining baron with the most of `key`, ties at random from the stream `name` [T §7.4, P]. */
function most(s: WkState, among: BaronId[], key: 'votes' | 'faith', name: string): BaronId | null {
  if (among.length === 0) return null;
  const top = Math.max(...among.map((b) => s.barons[b][key]));
  const tied = among.filter((b) => s.barons[b][key] === top);
  return tied.length === 1 ? tied[0]! : tied[streamPick(s, name, tied.length)]!;
}

/**
 * Eliminates `b` (mutates `s`), as the header lists. `stream` names the draws (the combat's);
 * `inject` replaces the shuffle in tests. Does nothing if he is already out.
 */
export function eliminate(s: WkState, b: BaronId, by: BaronId | null, stream: string, inject?: Shuffle): void {
  if (!s.players.includes(b)) return;
  const shuffle = inject ?? streamShuffle(s);
  s.players = s.players.filter((p) => p !== b);
  s.eliminated = [...(s.eliminated ?? []), b];
  s.log.push({ t: 'eliminated', baron: b, by });
  // 2. his nobles leave the board
  const mercs: string[] = [];
  for (const n of Object.values(s.nobles)) {
    if (n.baron !== b) continue;
    mercs.push(...n.troops.filter(isMercenary));
    s.outOfGame.push(...n.troops.filter((t) => !isMercenary(t)));
    n.troops = []; n.casualties = 0; n.location = { kind: 'off' };
    if (n.office) { s.proposalDiscard.push(n.office); n.office = null; }
  }
  const h = s.strongholds[b];
  mercs.push(...h.garrison.filter(isMercenary));
  s.outOfGame.push(...h.garrison.filter((t) => !isMercenary(t)));
  h.garrison = []; h.casualties = 0; h.region = null;
  clearSiege(s, { kind: 'stronghold', baron: b }, false);
  // regulars never yet on the board (still unassigned) leave too
  s.outOfGame.push(...(s.unassigned[b] ?? []).filter((t) => !isMercenary(t)));
  mercs.push(...(s.unassigned[b] ?? []).filter(isMercenary));
  delete s.unassigned[b];
  if (mercs.length > 0) s.secret.mercenaryDeck = shuffle(`${stream}/eliminated/${b}`, [...s.secret.mercenaryDeck, ...mercs]);
  // 3. his cities become neutral (§6.10: a neutral city is not fortified)
  for (const c of Object.values(s.cities)) {
    if (c.controller !== b) continue;
    c.controller = null; c.fortified = false;
    s.barons[b].controlMarkers++;
    s.log.push({ t: 'city-neutral', city: c.id });
  }
  for (const c of Object.values(s.cities)) if (c.besiegedBy === b) clearSiege(s, { kind: 'city', city: c.id });
  for (const o of Object.values(s.strongholds)) if (o.besiegedBy === b) clearSiege(s, { kind: 'stronghold', baron: o.baron });
  liftAbandonedSieges(s);
  // 4. his cards leave the piles, the zones, his hand and the track; Titles, lasting events, stakes
  const mine = new Set(baronCards(b));
  s.secret.piles = s.secret.piles.map((p) => p.filter((c) => !mine.has(c)));
  for (const counts of s.pileCounts) delete counts[b];
  for (const z of Object.keys(s.zones) as (keyof WkState['zones'])[]) s.zones[z] = s.zones[z].filter((c) => !mine.has(c));
  s.barons[b].hand = [];
  delete s.secret.plans[b];
  s.track = s.track.map((x) => { if (x === b) { s.barons[b].shields++; return null; } return x; });
  s.proposalDiscard.push(...s.barons[b].titles);
  s.barons[b].titles = [];
  const gone = s.lasting.filter((l) => l.baron === b || (l.noble !== null && s.nobles[l.noble]?.baron === b));
  s.lasting = s.lasting.filter((l) => !gone.includes(l));
  s.eventDiscard.push(...gone.map((l) => l.card));
  for (const e of Object.values(s.expeditions)) if (e) e.stakes = e.stakes.filter((x) => x.baron !== b);
  s.toAct = s.toAct.filter((p) => p !== b);
  s.submitted = s.submitted.filter((p) => p !== b);
  // 7. the heirs (Heir exchange)
  if (s.heirs) {
    for (const [id, heir] of Object.entries(s.heirs)) {
      const n = s.nobles[id]!;
      if (n.baron === b) { heir.holder = null; heir.awaiting = false; n.hasHeir = false; } else if (heir.holder === b) heir.holder = n.baron;
    }
    s.heirOffers = (s.heirOffers ?? []).filter((o) => o.from !== b && o.to !== b);
  }
  // 5. the roles pass [T §7.4]
  if (s.chairman === b) {
    const free = s.players.filter((p) => !s.barons[p].banished);
    const next = most(s, free.length ? free : s.players, 'votes', `${stream}/eliminated/${b}/chairman`);
    if (next) { s.chairman = next; s.log.push({ t: 'chairman', baron: next }); }
  }
  if (s.church === b) {
    const next = most(s, s.players, 'faith', `${stream}/eliminated/${b}/church`);
    if (next) { s.church = next; s.log.push({ t: 'church', baron: next }); }
  }
  // 8. the last baron standing wins at once [P G-A47]
  if (s.players.length === 1) {
    s.winner = s.players[0]!;
    s.stage = 'over';
    s.toAct = [];
    s.log.push({ t: 'last-standing', baron: s.winner });
  }
}
