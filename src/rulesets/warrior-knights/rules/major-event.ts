/**
 * The Major Event neutral card (rules §4.7; §9.2 #17–#20; TV-08), in the rules' order:
 * 1. the back colour of the top Event card is public (view.ts `decks.eventTop`);
 * 2. the Church Support holder decides who draws it (#17): red — he draws it himself, or pays
 *    `neutral.eventChoiceFaith` Faith and names another baron; green — he names another baron, or
 *    pays it and draws it himself (default: the next baron clockwise); blue — he draws it himself,
 *    no payment [P G-A41];
 * 3. the drawer draws it; red and green effects apply to him;
 * 4. the Fate draws that pick the card's target come first (effects.ts `Pick`);
 * 5. the cancellation window, once the target is known: red — only the drawer may pay the cost
 *    (#18, default: no); blue — any barons pledge Faith (#19, an open reaction window, default: no
 *    pledge); if the pledges reach the cost they are charged in chairman order until it is met
 *    and the rest is never taken [P G-A42]; green — not cancellable [P G-A41]; a lasting event can
 *    be cancelled only now;
 * 6. the effect, then the card is discarded, or stays in play if lasting [P].
 * #20, the card's own choice (a city the affected baron chooses, effects.ts `Pick` `by: 'target'`):
 * once the card is drawn and public, the state waits at A8 (`eventPending.choosing`) for the
 * affected baron's answer (REPLY, §9.2 #20's default "per card data": the first legal city in map
 * order, rules/effects.ts `pickFor`) unless it came with the draw (`answers.choice`).
 * Two or three calls, because the choice and the window come only once the card is public and
 * its target known (TV-08: "after seeing the city"): `drawMajorEvent` (steps 1–4), then
 * `closeEventWindow` (the choice if it waits, then steps 5–6). An empty Event deck is
 * rebuilt from its discard pile (§4.14). An illegal answer is refused with its reason in both
 * languages.
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { BaronId } from '../barons.ts';
import { eventCard } from '../event-cards.ts';
import { own, type WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { queueTriggers } from './action.ts';
import { applyOps, choosableCities, pickFor } from './effects.ts';
import { moment, streamShuffle, type Shuffle } from './streams.ts';

export interface MajorEventAnswers {
  /** #17: the baron the Church holder names to draw. */
  drawer?: BaronId;
  /** #18: the drawer of a red event pays its cost. */
  cancel?: boolean;
  /** #19: Faith pledged by each baron to cancel a blue event. */
  pledges?: Partial<Record<BaronId, number>>;
  /** #20: the card's own choice (a city, for an event that lets the drawer choose). */
  choice?: string;
}

export type EventRefusal = 'no-card' | 'bad-drawer' | 'cannot-pay' | 'not-cancellable' | 'bad-pledge' | 'bad-choice';
export const EVENT_REFUSALS: Record<EventRefusal, Localized> = {
  'no-card': { fr: 'Aucun Coup du sort n’attend de réponse.', en: 'No Major Event is waiting for answers.' },
  'bad-drawer': { fr: 'Ce baron ne peut pas tirer cet Événement : {why}', en: 'This baron cannot draw this Event: {why}' },
  'cannot-pay': { fr: 'Il vous faut {n} point(s) de Foi pour cela.', en: 'You need {n} Faith for that.' },
  'not-cancellable': { fr: 'Seul celui qui a tiré un Événement rouge peut l’annuler, et seulement s’il porte un coût.', en: 'Only the drawer of a red Event can cancel it, and only if it shows a cost.' },
  'bad-choice': { fr: 'Choisissez une cité que vous contrôlez et qui n’est pas assiégée.', en: 'Choose a city you control that is not besieged.' },
  'bad-pledge': { fr: 'Une promesse de Foi va de 0 à la Foi que vous avez, et seulement pour un Événement bleu annulable.', en: 'A Faith pledge is 0 up to the Faith you have, and only for a blue Event that can be cancelled.' },
};
const WHY: Record<'colour' | 'unknown', Localized> = {
  colour: { fr: 'la couleur du dos décide qui peut le tirer.', en: 'the back colour decides who may draw it.' },
  unknown: { fr: 'il ne joue pas dans cette partie.', en: 'he is not in this game.' },
};

export type MajorEventResult = { ok: true; state: WkState } | { ok: false; reason: EventRefusal; message: Localized };

function refuse(reason: EventRefusal, args: Record<string, string | number | Localized> = {}): MajorEventResult {
  return { ok: false, reason, message: fill(EVENT_REFUSALS[reason], args) };
}

/** #17's default: red and blue, the holder himself; green, the next baron clockwise. */
export function defaultDrawer(s: WkState, colour: 'red' | 'green' | 'blue'): BaronId {
  return colour === 'green' ? chairmanOrder(s.players, s.church)[1] ?? s.church : s.church;
}

/**
 * Steps 1–4 (#17, #20): the holder's choice, the draw, the Fate draws of the target. If the card
 * can be cancelled now (red with a cost: the drawer; blue with a cost: every baron), the state
 * waits at A8 with the drawn card and its target public (`eventPending`) for `closeEventWindow`;
 * otherwise the effect applies at once.
 */
export function drawMajorEvent(s: WkState, answers: Pick<MajorEventAnswers, 'drawer' | 'choice'> = {}, inject?: Shuffle): MajorEventResult {
  if (s.current === null || !s.current.startsWith('neutral:major-event') || s.eventPending) return refuse('no-card');
  const out = structuredClone(s);
  const stream = `${moment(out)}/event`;
  // §4.14: an empty deck is rebuilt from its discard pile.
  if (out.secret.eventDeck.length === 0 && out.eventDiscard.length > 0) {
    out.secret.eventDeck = (inject ?? streamShuffle(out))(`${stream}/reshuffle`, out.eventDiscard);
    out.eventDiscard = [];
  }
  const top = out.secret.eventDeck[0];
  if (!top) { out.log.push({ t: 'no-event' }); return done(out); }
  const card = eventCard(top);
  const holder = out.church;
  const cost = out.config.neutral.eventChoiceFaith;
  // 2. (#17) who draws
  let drawer = defaultDrawer(out, card.colour);
  if (answers.drawer !== undefined) {
    if (typeof answers.drawer !== 'string' || !out.players.includes(answers.drawer)) return refuse('bad-drawer', { why: WHY.unknown });
    const d = answers.drawer;
    if (card.colour === 'blue' && d !== holder) return refuse('bad-drawer', { why: WHY.colour });
    const paid = (card.colour === 'red' && d !== holder) || (card.colour === 'green' && d === holder);
    if (paid) {
      if (out.barons[holder].faith < cost) return refuse('cannot-pay', { n: cost });
      out.barons[holder].faith -= cost;
      out.log.push({ t: 'loses', baron: holder, what: 'faith', amount: cost });
    }
    drawer = d;
  }
  // 3.
  out.secret.eventDeck.shift();
  out.log.push({ t: 'event-drawn', card: top, baron: drawer });
  // 4. the target, by Fate draws (or the drawer's choice, #20)
  const target: BaronId | null = card.colour === 'blue' ? null : drawer;
  if (choosesCity(card.pick) && answers.choice === undefined && target !== null && choosableCities(out, target).length > 0) {
    // #20: the card is public; its affected baron chooses now (REPLY) [§9.2 #20]
    out.eventPending = { card: top, drawer, target, picked: {}, choosing: true };
    out.toAct = [target];
    return { ok: true, state: out };
  }
  return pickThenWindow(out, top, drawer, target, answers.choice, inject);
}

const choosesCity = (p: ReturnType<typeof eventCard>['pick']): boolean => p?.pick === 'city' && p.by === 'target';

/** Step 4's pick (with the baron's choice, #20), then step 5's window if the card can be cancelled, else step 6. */
function pickThenWindow(out: WkState, top: string, drawer: BaronId, target0: BaronId | null, choice: unknown, inject?: Shuffle): MajorEventResult {
  const card = eventCard(top);
  let target = target0;
  const picked = pickFor(out, card.pick, target, choice);
  if (picked === null) { out.eventDiscard.push(top); return done(out); }
  if (picked.baron) target = picked.baron;
  if (picked.city && choosesCity(card.pick)) out.log.push({ t: 'event-choice', card: top, baron: target!, city: picked.city });
  out.eventPending = { card: top, drawer, target, picked };
  // 5. the window, if the card can be cancelled
  if (card.cost !== null && card.colour === 'red') { out.toAct = [drawer]; return { ok: true, state: out }; }
  if (card.cost !== null && card.colour === 'blue') { out.toAct = chairmanOrder(out.players, out.chairman).filter((b) => out.barons[b].faith > 0); if (out.toAct.length > 0) return { ok: true, state: out }; }
  return closeEventWindow(out, {}, inject);
}

/** #20's answer: the city the affected baron chooses (a missing or illegal one: the default, effects.ts `pickFor`). */
export function chooseForEvent(s: WkState, choice: unknown, inject?: Shuffle): MajorEventResult {
  const pending = s.eventPending;
  if (!pending?.choosing) return refuse('no-card');
  if (choice !== undefined && (typeof choice !== 'string' || !choosableCities(s, pending.target!).includes(choice))) return refuse('bad-choice');
  const out = structuredClone(s);
  out.eventPending = null;
  return pickThenWindow(out, pending.card, pending.drawer, pending.target, choice, inject);
}

/** Steps 5–6 (#18, #19): the cancellation window closes; the effect applies unless cancelled. */
export function closeEventWindow(s: WkState, answers: Pick<MajorEventAnswers, 'cancel' | 'pledges' | 'choice'> = {}, inject?: Shuffle): MajorEventResult {
  const pending = s.eventPending;
  if (!pending) return refuse('no-card');
  if (pending.choosing) return chooseForEvent(s, answers.choice, inject);
  const card = eventCard(pending.card);
  const { drawer, picked } = pending;
  if (answers.cancel && (card.colour !== 'red' || card.cost === null)) return refuse('not-cancellable');
  if (answers.cancel && s.barons[drawer].faith < card.cost!) return refuse('cannot-pay', { n: card.cost! });
  const pledges = answers.pledges ?? {};
  if (typeof pledges !== 'object' || pledges === null) return refuse('bad-pledge');
  for (const [b, n] of Object.entries(pledges)) {
    if (card.colour !== 'blue' || card.cost === null) { if (n) return refuse('bad-pledge'); continue; }
    const me = own(s.barons, b);
    if (!me || !s.players.includes(b as BaronId) || typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > me.faith) return refuse('bad-pledge');
  }
  const out = structuredClone(s);
  out.eventPending = null;
  const top = pending.card;
  let cancelled = false;
  if (card.colour === 'red' && answers.cancel) {
    out.barons[drawer].faith -= card.cost!;
    out.log.push({ t: 'event-cancelled', card: top, paid: { [drawer]: card.cost! } });
    cancelled = true;
  } else if (card.colour === 'blue' && card.cost !== null) {
    const total = Object.values(pledges).reduce((m: number, n) => m + (n ?? 0), 0);
    if (total >= card.cost) {
      // [P G-A42] charged in chairman order until the cost is met; the rest is never taken
      let left = card.cost;
      const paid: Partial<Record<BaronId, number>> = {};
      for (const b of chairmanOrder(out.players, out.chairman)) {
        const take = Math.min(left, pledges[b] ?? 0);
        if (take > 0) { out.barons[b].faith -= take; paid[b] = take; left -= take; }
      }
      out.log.push({ t: 'event-cancelled', card: top, paid });
      cancelled = true;
    }
  }
  // 6.
  if (!cancelled) applyOps(out, card.ops, { card: top, target: pending.target, picked, stream: `${moment(out)}/event`, inject });
  if (cancelled || !out.lasting.some((l) => l.card === top)) out.eventDiscard.push(top);
  return done(out);
}

/** The whole card with every answer at once (tests, bots): the window's answers apply if it opens. */
export function resolveMajorEvent(s: WkState, answers: MajorEventAnswers = {}, inject?: Shuffle): MajorEventResult {
  let r = drawMajorEvent(s, answers, inject);
  if (!r.ok) return r;
  if (r.state.eventPending?.choosing) { r = chooseForEvent(r.state, answers.choice, inject); if (!r.ok) return r; }
  if (!r.state.eventPending) return answers.cancel ? refuse('not-cancellable') : Object.values(answers.pledges ?? {}).some((n) => n) ? refuse('bad-pledge') : r;
  return closeEventWindow(r.state, answers, inject);
}

/** Ends the card: back to the neutral set, the Chairman reveals the next (§2.9). */
function done(out: WkState): MajorEventResult {
  out.current = null;
  out.eventPending = null;
  out.toAct = [out.chairman];
  out.step = 'A1';
  queueTriggers(out);
  return { ok: true, state: out };
}
