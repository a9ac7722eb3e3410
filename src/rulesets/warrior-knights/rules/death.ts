/**
 * Death of a noble (rules §6.12; §9.2 #14):
 * 1. desertion: a Fate card names a nation; if the army has mercenaries of it, one such card
 *    deserts (his choice; default the smallest) and is shuffled into the Mercenary deck;
 * 2. troop loss: for each casualty token, 100 mercenary men are lost, as much as possible without
 *    exceeding 100 × tokens (his choice among the subsets of maximal total [P]; default the
 *    engine's); regulars are never lost this way; then the tokens are removed;
 * 3. the figure leaves the board; its Office is discarded;
 * 4. the heir keeps the remaining troops and arrives at the next Upkeep; without an heir, its
 *    mercenaries go back into the deck and its regulars leave the game.
 * `killNoble` mutates the state it is given (called inside a step that works on its own copy).
 * Shuffles use the stream `<stream>/death/<noble>`.
 */
import { mercenary, type FateCard } from '../cards.ts';
import type { WkState } from '../state.ts';
import { isMercenary, troopMen } from '../troops.ts';
import { drawFate } from './fate.ts';
import { streamShuffle, type Shuffle } from './streams.ts';

export interface DeathAnswer { deserter?: string; lose?: string[] }

/** The subsets of mercenary cards with the largest total ≤ cap: the engine's pick (fewest cards, then card order) [P]. */
export function maximalLoss(cards: readonly string[], cap: number): string[] {
  // best[total] = the chosen cards reaching this total; bounded by cap/50 + 1 totals × cards
  const step = 50;
  const slots = Math.floor(cap / step);
  const best: (string[] | null)[] = Array.from({ length: slots + 1 }, (_, i) => (i === 0 ? [] : null));
  for (const c of cards) {
    const w = troopMen(c) / step;
    for (let t = slots; t >= w; t--) {
      const from = best[t - w];
      if (from && (!best[t] || best[t]!.length > from.length + 1)) best[t] = [...from, c];
    }
  }
  for (let t = slots; t >= 0; t--) if (best[t]) return best[t]!;
  return [];
}

/**
 * The sets of mercenary cards whose men add up to `total` exactly, at most `max` (a bounded search):
 * the losses a dead noble's baron may choose among (§6.12 step 2, the sets `killNoble` accepts).
 */
export function lossSets(cards: readonly string[], total: number, max: number): string[][] {
  const out: string[][] = [];
  let visits = 0;
  const walk = (from: number, acc: string[], sum: number): void => {
    if (out.length >= max || ++visits > 20 * max + 100) return;
    if (sum === total) { out.push([...acc]); return; }
    for (let i = from; i < cards.length; i++) {
      const m = troopMen(cards[i]!);
      if (sum + m <= total) walk(i + 1, [...acc, cards[i]!], sum + m);
    }
  };
  walk(0, [], 0);
  return out;
}

/** `drawn`: the desertion card already drawn and shown (a combat's aftermath draws it before the baron answers); else it is drawn here. */
export function killNoble(s: WkState, nobleId: string, answer: DeathAnswer = {}, stream = `turn/${s.turn}`, inject?: Shuffle, drawn?: { card: FateCard | null }): void {
  const n = s.nobles[nobleId]!;
  const back: string[] = [];
  // 1
  let d: { card: FateCard | null } | undefined = drawn;
  if (!d) { const x = drawFate(s.secret.fateDeck); s.secret.fateDeck = x.deck; d = x; }
  const nation = d.card?.nation;
  const ofNation = nation ? n.troops.filter((t) => isMercenary(t) && mercenary(t).nation === nation) : [];
  if (ofNation.length > 0) {
    const smallest = [...ofNation].sort((a, b) => troopMen(a) - troopMen(b) || (a < b ? -1 : 1))[0]!;
    const gone = answer.deserter && ofNation.includes(answer.deserter) ? answer.deserter : smallest;
    n.troops = n.troops.filter((t) => t !== gone);
    back.push(gone);
  }
  // 2
  const mercs = n.troops.filter(isMercenary);
  const cap = 100 * n.casualties;
  const best = maximalLoss(mercs, cap).reduce((m, t) => m + troopMen(t), 0);
  const chosen = answer.lose && answer.lose.every((t) => mercs.includes(t)) && new Set(answer.lose).size === answer.lose.length
    && answer.lose.reduce((m, t) => m + troopMen(t), 0) === best ? answer.lose : maximalLoss(mercs, cap);
  n.troops = n.troops.filter((t) => !chosen.includes(t));
  back.push(...chosen);
  n.casualties = 0;
  // 3
  n.location = { kind: 'off' };
  if (n.office) s.proposalDiscard.push(n.office); // [T §5.6] its Office is discarded (to the proposal discard pile)
  n.office = null;
  // 4
  if (!n.hasHeir) {
    back.push(...n.troops.filter(isMercenary));
    s.outOfGame.push(...n.troops.filter((t) => !isMercenary(t)));
    n.troops = [];
  }
  if (s.heirs?.[nobleId]) s.heirs[nobleId]!.awaiting = n.hasHeir; // §7.4 heir exchange: the heir waits to enter (heirs.ts `heirWaits`)
  if (back.length > 0) {
    const shuffle = inject ?? streamShuffle(s);
    s.secret.mercenaryDeck = shuffle(`${stream}/death/${nobleId}`, [...s.secret.mercenaryDeck, ...back]);
  }
  s.log.push({ t: 'noble-died', noble: nobleId });
}
