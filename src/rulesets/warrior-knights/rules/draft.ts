/**
 * The Mercenary Draft, a special phase (rules §4.9; §9.2 #27, sequential, shield by shield):
 * 1. shields are taken from the leftmost space; at each shield's turn its owner may recruit one
 *    card of the display, paying its wage at once; the shield goes back to him either way;
 * 2. at his first shield's turn he may instead recruit several cards of one nationality, removing
 *    as many of his shields, his next ones in track order [P];
 * 3. each card goes at once to: a noble of his in the region of a city he controls or of his
 *    stronghold, neither besieged [P]; a noble of his off the board; or his garrison (even
 *    besieged; not while the stronghold is off the board [P]). No legal destination: no recruit
 *    [P G-A27];
 * 4. then the display's leftovers are shuffled into the deck and N + 1 new cards revealed.
 * `runDraft` takes the answers keyed by the shield's track position; a missing one passes (#27's
 * default). An illegal answer is refused with its reason in both languages. For the prompt layer
 * (§9.2 #27 "shield owners, left to right, sequential"), `nextDraftShield` runs the same loop and
 * stops at the first shield whose answer is missing, with the board as it stands then (the display
 * after the earlier picks, his crowns) and the public events so far (`seen`: each pick or pass).
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import { cityIn } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { mercenary } from '../cards.ts';
import { displaySize } from '../constants.ts';
import type { WkEvent } from '../events.ts';
import type { WkState } from '../state.ts';
import { moment, streamShuffle, type Shuffle } from './streams.ts';

export interface DraftPick { cards: { card: string; to: string }[] }

export type DraftRefusal = 'not-in-display' | 'mixed-nations' | 'too-many' | 'cannot-pay' | 'bad-destination';
export const DRAFT_REFUSALS: Record<DraftRefusal, Localized> = {
  'not-in-display': { fr: 'Cette carte n’est pas à l’étal des mercenaires.', en: 'This card is not in the Mercenary display.' },
  'mixed-nations': { fr: 'Plusieurs cartes à la fois : toutes de la même nation.', en: 'Several cards at once: all of one nation.' },
  'too-many': { fr: 'Une carte par écusson que vous avez sur la piste ({n}).', en: 'One card per shield you have on the track ({n}).' },
  'cannot-pay': { fr: 'Vous ne pouvez pas payer ces soldes ({n} en tout).', en: 'You cannot pay these wages ({n} in all).' },
  'bad-destination': { fr: 'Ces mercenaires ne peuvent rejoindre que votre garnison, un noble hors du plateau, ou un noble dans une de vos cités ou à votre forteresse (non assiégées).', en: 'These mercenaries can only join your garrison, a noble off the board, or a noble in one of your cities or at your stronghold (not besieged).' },
};

export type DraftResult = { ok: true; state: WkState } | { ok: false; reason: DraftRefusal; message: Localized; position: number };

/** Where a recruited card may go (§4.9 step 3). */
export function draftDestinations(s: WkState, b: BaronId): string[] {
  const hold = s.strongholds[b];
  const out: string[] = hold.region !== null ? ['stronghold'] : []; // [P] a stronghold off the board has no garrison
  for (const n of Object.values(s.nobles)) {
    if (n.baron !== b) continue;
    if (n.location.kind === 'off') { out.push(n.id); continue; }
    if (n.location.kind !== 'region') continue;
    const r = n.location.region;
    const c = cityIn(r);
    const ownCity = c && !s.cities[c.id]!.razed && s.cities[c.id]!.controller === b && s.cities[c.id]!.besiegedBy === null;
    const ownHold = hold.region === r && hold.besiegedBy === null;
    if (ownCity || ownHold) out.push(n.id);
  }
  return out;
}

/** The shield the Draft waits for: its position, owner, the display and his crowns as they are then, the public events so far. */
export interface DraftQuestion { position: number; baron: BaronId; display: string[]; crowns: number; first: boolean; more: number; seen: WkEvent[] }

export function runDraft(s: WkState, answers: Record<number, DraftPick | null> = {}, inject?: Shuffle): DraftResult {
  return draft(s, answers, inject, false) as DraftResult; // not a probe: never stops at a shield
}

/** The next shield whose answer is missing (null: every answer is in), or the rules' refusal of one given. */
export function nextDraftShield(s: WkState, answers: Record<number, DraftPick | null> = {}): DraftQuestion | null | Extract<DraftResult, { ok: false }> {
  const r = draft(s, answers, undefined, true);
  if ('ok' in r) return r.ok ? null : r;
  return r;
}

function draft(s: WkState, answers: Record<number, DraftPick | null>, inject: Shuffle | undefined, probe: boolean): DraftResult | DraftQuestion {
  const out = structuredClone(s);
  const from = out.log.length;
  const firstSeen = new Set<BaronId>();
  for (let pos = 0; pos < out.track.length; pos++) {
    const b = out.track[pos];
    if (!b) continue;
    const first = !firstSeen.has(b);
    // a probe stops at the first shield not answered yet (null: the default said explicitly)
    if (probe && !Object.hasOwn(answers, pos)) {
      const more = out.track.filter((x, i) => x === b && i > pos).length;
      return { position: pos, baron: b, display: [...out.display], crowns: out.barons[b].crowns, first, more, seen: out.log.slice(from) };
    }
    firstSeen.add(b);
    out.track[pos] = null;
    out.barons[b].shields++;
    const pick = Object.hasOwn(answers, pos) ? answers[pos] : undefined;
    if (!pick || pick.cards.length === 0) { out.log.push({ t: 'draft-pass', baron: b }); continue; } // #27 default: pass, the shield is removed
    const bad = (reason: DraftRefusal, n: number | string = ''): DraftResult => ({ ok: false, reason, position: pos, message: fill(DRAFT_REFUSALS[reason], { n }) });
    const ids = pick.cards.map((c) => c.card);
    if (ids.some((id) => !out.display.includes(id)) || new Set(ids).size !== ids.length) return bad('not-in-display');
    const more = out.track.map((x, i) => ({ x, i })).filter(({ x, i }) => x === b && i > pos).map(({ i }) => i);
    if (ids.length > 1) {
      if (!first) return bad('too-many', 1);
      if (ids.length > 1 + more.length) return bad('too-many', 1 + more.length);
      if (new Set(ids.map((id) => mercenary(id).nation)).size !== 1) return bad('mixed-nations');
    }
    const cost = ids.reduce((sum, id) => sum + mercenary(id).wage, 0);
    if (cost > out.barons[b].crowns) return bad('cannot-pay', cost);
    const legal = draftDestinations(out, b);
    if (pick.cards.some((c) => !legal.includes(c.to))) return bad('bad-destination');
    out.barons[b].crowns -= cost;
    out.log.push({ t: 'recruited', baron: b, cards: [...ids], wages: cost });
    for (const { card, to } of pick.cards) {
      out.display = out.display.filter((x) => x !== card);
      if (to === 'stronghold') out.strongholds[b].garrison.push(card); else out.nobles[to]!.troops.push(card);
    }
    for (const i of more.slice(0, ids.length - 1)) { out.track[i] = null; out.barons[b].shields++; } // [P] his next shields in track order
  }
  // Step 4: leftovers shuffled in, N + 1 new cards.
  const shuffle = inject ?? streamShuffle(out);
  const deck = shuffle(`${moment(out)}/draft`, [...out.secret.mercenaryDeck, ...out.display]);
  const k = displaySize(out.config, out.players.length);
  out.display = deck.slice(0, k);
  out.secret.mercenaryDeck = deck.slice(k);
  return { ok: true, state: out };
}
