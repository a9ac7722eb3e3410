/**
 * The Assembly, a special phase (rules §5; §9.2 #28–#37), in the order of §5.2:
 * 1. vote grant: (Kingdom cities controlled, besieged ones too) + `assembly.grantBase`, ± the
 *    `grant` modifiers in play; banished and absent barons receive them too [P G-A17];
 * 2. attendance: barons neither banished nor kept away (a Title, a lasting event); an absent
 *    Chairman names an acting Chairman (#28, default: the next attending baron clockwise); nobody
 *    attending: steps 3–6 are skipped and the agenda is kept [P G-A63];
 * 3. Personal Motions first, in the Chairman's order [P G-A20]: a Fate card names the proposer
 *    (barons in the game only, [P G-A21]), who pardons, repeals, adjourns or re-submits (#29,
 *    default: the motion is withdrawn); with the host option `freeFormMotions` (§7.4) he may also
 *    put a free law to the vote, a public text the referee never applies (house-laws.ts [P]);
 * 4. the order of business (#30, default: agenda slot order);
 * 5. each proposal voted (§5.3 with 3–6 barons: secret commitments #31 revealed together,
 *    declarations in chairman order #32, tally [P G-A18], ties to the Chairman #33 — default "No",
 *    or a Fate draw among the tied barons; §5.4 with 2 barons: the secret allocation #37, choices
 *    recorded with the amounts, each Personal Motion its own allocation, one at a time [P G-A22]); committed votes always go to the bank; the result
 *    applies at once: a Motion's operations, a Law put in play, a Title (over the limit: #35,
 *    default his oldest), an Office given to a noble (#36, default in `defaultOfficeNoble`; none
 *    eligible: discarded [P G-A65]); a baron may refuse a Title, Office or Motion right after the
 *    vote (#34, default: accept) and is banished (§5.7; no further penalty if he already is, [P
 *    G-A24]); a removal cannot be refused; an adopted adjournment ends the Assembly;
 * 6. the agenda refilled up to `assembly.agendaSlots` (after an adjournment, only the empty slots
 *    [P G-A19]); an empty Proposal deck is rebuilt from the discard (§4.14);
 * 7. the Assembly zone's cards go back to their barons; lasting events "until the next Assembly"
 *    leave play.
 * All the answers come at once (`AssemblyAnswers`, keyed by the card voted); `nextAssemblyQuestion`
 * tells a prompt layer which one to ask next, in the order above, by running the same step. A malformed answer is refused with its reason in both languages; a
 * commitment above the votes a baron still holds is cut to them (§9.5).
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import { city } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { secretAllocation } from '../constants.ts';
import type { DecisionKind } from '../decisions.ts';
import type { WkEvent } from '../events.ts';
import { proposalCard, type ProposalCard } from '../proposal-cards.ts';
import type { WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { troopMen } from '../troops.ts';
import { returnZone } from './armies.ts';
import { applyOps, banish, expireLasting, isAbsent, modsOf, officeMen } from './effects.ts';
import { drawFate } from './fate.ts';
import { streamShuffle, type Shuffle } from './streams.ts';
import { FREE_LAW_REFUSALS, freeLawProblem, houseLaw, normalizeLawText, type FreeLawRefusal } from '../house-laws.ts';

export type Choice = 'yes' | 'no' | BaronId;
/** `declare: 'abstain'`: the committed votes are lost (#32's default, said out loud). */
export interface VoteAnswer { commit?: number; declare?: Choice | 'abstain' }
export type PersonalChoice =
  | { kind: 'withdraw' }
  | { kind: 'pardon'; baron: BaronId }
  | { kind: 'repeal'; card: string }
  | { kind: 'adjourn' }
  | { kind: 'resubmit'; card: string }
  /** §7.4 "Free-form Personal Motions" (option `freeFormMotions`): a free law, its text as typed (house-laws.ts). */
  | { kind: 'free-law'; text: string };

/**
 * Every answer of one Assembly. A missing answer takes §9.2's default in `runAssembly`; `null`
 * says "the default" explicitly, so that `nextAssemblyQuestion` does not ask again.
 */
export interface AssemblyAnswers {
  /** #28 */
  actingChairman?: BaronId | null;
  /** [P G-A20] the order of the Personal Motions on the agenda. */
  personalOrder?: string[] | null;
  /** #29, keyed by the Personal Motion card: the proposer's choice. */
  personal?: Record<string, PersonalChoice>;
  /** #30: the order of the other proposals. */
  order?: string[] | null;
  /** #31, #32 (3–6 barons), keyed by the card voted (for a re-submitted card, that card). */
  votes?: Record<string, Partial<Record<BaronId, VoteAnswer>>>;
  /** #37 (2 barons): each baron's allocation, keyed by the card voted. */
  allocation?: Partial<Record<BaronId, Record<string, VoteAnswer>>>;
  /** #33, keyed by the card voted. */
  ties?: Record<string, Choice | null>;
  /** #34, keyed by the card voted: the barons who refuse the decision. */
  refuse?: Record<string, BaronId[]>;
  /** #35, keyed by the new Title: the old Title he discards. */
  discardTitle?: Record<string, string | null>;
  /** #36, keyed by the Office: the noble who receives it. */
  office?: Record<string, string | null>;
}

export type AssemblyRefusal = 'no-assembly' | 'bad-order' | 'bad-vote' | 'bad-baron' | FreeLawRefusal;
export const ASSEMBLY_REFUSALS: Record<AssemblyRefusal, Localized> = {
  'no-assembly': { fr: 'Aucune Assemblée n’est réunie.', en: 'No Assembly is sitting.' },
  'bad-order': { fr: 'L’ordre du jour doit reprendre chaque proposition une fois : {cards}.', en: 'The order of business must list each proposal once: {cards}.' },
  'bad-vote': { fr: 'Un vote engage un nombre entier de voix (0 ou plus) et se déclare Oui, Non ou pour un baron de la partie.', en: 'A vote commits a whole number of votes (0 or more) and declares Yes, No or a baron in the game.' },
  'bad-baron': { fr: 'Ce baron ne joue pas dans cette partie.', en: 'This baron is not in this game.' },
  ...FREE_LAW_REFUSALS,
};
export type AssemblyResult = { ok: true; state: WkState } | { ok: false; reason: AssemblyRefusal; message: Localized };
const refuse = (reason: AssemblyRefusal, cards: Localized | string = ''): AssemblyResult => ({ ok: false, reason, message: fill(ASSEMBLY_REFUSALS[reason], { cards }) });

/** Step 1: the votes a baron receives. */
export function voteGrant(s: WkState, b: BaronId): number {
  const cities = Object.values(s.cities).filter((c) => c.controller === b && !c.razed && !city(c.id).overseas).length;
  const mods = modsOf(s, b).reduce((m, x) => m + (x.mod.mod === 'grant' ? x.mod.n : 0), 0);
  return Math.max(0, cities + s.config.assembly.grantBase + mods);
}

/** Nobles who may receive an Office: his, on or off the board, not dead without an heir [P §5.6]. */
export const officeNobles = (s: WkState, b: BaronId): string[] =>
  Object.values(s.nobles).filter((n) => n.baron === b && (n.hasHeir || n.location.kind !== 'off' || n.troops.length > 0)).map((n) => n.id);

/** #36 default: the noble with the largest army without an Office, else the largest army; none: null [P G-A65]. */
export function defaultOfficeNoble(s: WkState, b: BaronId): string | null {
  const men = (id: string) => s.nobles[id]!.troops.reduce((m, t) => m + troopMen(t), 0) + officeMen(s, id);
  const by = (ids: string[]) => [...ids].sort((x, y) => men(y) - men(x) || (x < y ? -1 : 1))[0] ?? null;
  const all = officeNobles(s, b);
  return by(all.filter((id) => s.nobles[id]!.office === null)) ?? by(all);
}

const sameCards = (a: unknown, b: readonly string[]): a is string[] => Array.isArray(a) && [...a].sort().join() === [...b].sort().join();

const isChoice = (s: WkState, c: unknown): c is Choice => c === 'yes' || c === 'no' || (typeof c === 'string' && s.players.includes(c as BaronId));

/** Malformed answers are refused before anything happens. */
function check(s: WkState, a: AssemblyAnswers): AssemblyResult | null {
  if (a.actingChairman !== undefined && a.actingChairman !== null && !s.players.includes(a.actingChairman)) return refuse('bad-baron');
  const rest = s.agenda.filter((id) => proposalCard(id).type !== 'personal');
  if (a.order !== undefined && a.order !== null && !sameCards(a.order, rest)) return refuse('bad-order', { fr: rest.map((id) => proposalCard(id).name.fr).join(', '), en: rest.map((id) => proposalCard(id).name.en).join(', ') });
  const votes = [...Object.values(a.votes ?? {}).flatMap((r) => Object.entries(r ?? {})), ...Object.entries(a.allocation ?? {}).flatMap(([b, r]) => Object.values(r ?? {}).map((v) => [b, v] as const))];
  for (const [b, v] of votes) {
    if (!s.players.includes(b as BaronId)) return refuse('bad-baron');
    if (typeof v !== 'object' || v === null) return refuse('bad-vote');
    if (v.commit !== undefined && (typeof v.commit !== 'number' || !Number.isInteger(v.commit) || v.commit < 0)) return refuse('bad-vote');
    if (v.declare !== undefined && v.declare !== 'abstain' && !isChoice(s, v.declare)) return refuse('bad-vote');
  }
  for (const t of Object.values(a.ties ?? {})) if (t !== null && !isChoice(s, t)) return refuse('bad-vote');
  for (const list of Object.values(a.refuse ?? {})) if (!Array.isArray(list) || list.some((b) => !s.players.includes(b))) return refuse('bad-baron');
  for (const c of Object.values(a.personal ?? {})) { // §7.4: a free law with the option off, empty or too long is refused, not withdrawn
    if (typeof c !== 'object' || c === null || (c as { kind?: unknown }).kind !== 'free-law') continue;
    const bad = freeLawProblem(s, (c as { text?: unknown }).text);
    if (bad) return { ok: false, ...bad };
  }
  return null;
}

/** The next answer the Assembly waits for, in the order of §5.2–§5.3, with the public events so far (`seen`). */
export interface AssemblyQuestion {
  decision: DecisionKind; who: BaronId[]; card: string | null; options: string[]; seen: WkEvent[];
  /** 2 barons: the agenda's allocation goes in `allocation[baron]`, a Personal Motion's in `votes[card][baron]` (amount and choice together). */
  into?: 'allocation' | 'votes';
}
class Ask extends Error { constructor(readonly question: AssemblyQuestion) { super('the Assembly needs an answer'); } }

/** Runs the Assembly with these answers; a missing one takes §9.2's default. */
export function runAssembly(s: WkState, answers: AssemblyAnswers = {}, inject?: Shuffle): AssemblyResult {
  return assemble(s, answers, inject, false);
}

/**
 * For the prompt layer (§9.3): the first answer still missing, found by running the same pure
 * step and stopping where it would take a default; null when every answer is in (then
 * `runAssembly` closes the Assembly). Declarations are asked one baron at a time in chairman order
 * once the commitments are revealed; a tie, a refusal, a Title to drop or an Office's noble once
 * the vote is known. `seen` holds only public events (the revealed amounts, earlier declarations):
 * commitments not yet revealed stay in the answers.
 */
export function nextAssemblyQuestion(s: WkState, answers: AssemblyAnswers = {}, inject?: Shuffle): AssemblyQuestion | null | Extract<AssemblyResult, { ok: false }> {
  try {
    const r = assemble(s, answers, inject, true);
    return r.ok ? null : r;
  } catch (e) {
    if (e instanceof Ask) return e.question;
    throw e;
  }
}

function assemble(s: WkState, answers: AssemblyAnswers, inject: Shuffle | undefined, probe: boolean): AssemblyResult {
  if (s.pendingPhases[0] !== 'assembly') return refuse('no-assembly');
  const bad = check(s, answers);
  if (bad) return bad;
  const out = structuredClone(s);
  const from = out.log.length;
  /** In a probe, a missing answer stops the run with its question. */
  const need = (missing: boolean, q: Omit<AssemblyQuestion, 'seen'>): void => {
    if (probe && missing) throw new Ask({ ...q, seen: out.log.slice(from) });
  };
  const held = out.assemblies ?? out.log.filter((e) => e.t === 'assembly-opened').length; // the log is bounded (flow.ts trimLog): count in the state
  out.assemblies = held + 1;
  const stream = `turn/${out.turn}/assembly/${held + 1}`;
  const shuffle = inject ?? streamShuffle(out);
  out.log.push({ t: 'assembly-opened' });
  // 1. vote grant [P G-A17]
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const n = voteGrant(out, b);
    out.barons[b].votes += n;
    out.log.push({ t: 'votes', baron: b, amount: n });
  }
  // 2. attendance; a pardoned baron attends from the next Assembly on (§5.7): the list only shrinks
  let attending = out.players.filter((b) => !out.barons[b].banished && !isAbsent(out, b));
  const chair = (): BaronId => {
    if (attending.includes(out.chairman)) return out.chairman;
    const acting = answers.actingChairman;
    return acting && attending.includes(acting) ? acting : chairmanOrder(out.players, out.chairman).find((b) => attending.includes(b))!;
  };
  if (attending.length === 0) {
    out.log.push({ t: 'no-attendance' }); // [P G-A63] nothing voted, agenda kept
    return close(out);
  }
  need(!attending.includes(out.chairman) && answers.actingChairman === undefined, { decision: 'acting-chairman', who: [out.chairman], card: null, options: attending });
  if (chair() !== out.chairman) out.log.push({ t: 'acting-chairman', baron: chair() });
  const twoPlayer = secretAllocation(out.config, out.players.length);

  /**
   * §5.3 / §5.4: one vote on a card; returns the winning option. With 2 barons a Personal Motion
   * (and what it re-submits) is its own secret allocation, one motion at a time [P G-A22]: the
   * amount and the choice come together in `votes[card]`, before the allocation of the agenda.
   */
  const vote = (card: ProposalCard, personalPhase = false): Choice => {
    attending = attending.filter((b) => !out.barons[b].banished);
    const options: Choice[] = card.vote === 'yes-no' ? ['yes', 'no'] : [...out.players];
    const allocated = twoPlayer && !personalPhase;
    const given = (b: BaronId): VoteAnswer => (allocated ? answers.allocation?.[b]?.[card.id] : answers.votes?.[card.id]?.[b]) ?? {};
    const optionIds = options as string[];
    if (allocated) {
      const missing = attending.filter((b) => answers.allocation?.[b] === undefined);
      need(missing.length > 0, { decision: 'secret-allocation', who: missing, card: card.id, options: optionIds, into: 'allocation' });
    } else if (twoPlayer) {
      const missing = attending.filter((b) => answers.votes?.[card.id]?.[b] === undefined);
      need(missing.length > 0, { decision: 'secret-allocation', who: missing, card: card.id, options: optionIds, into: 'votes' });
    } else {
      const missing = attending.filter((b) => given(b).commit === undefined);
      need(missing.length > 0, { decision: 'commit-votes', who: missing, card: card.id, options: optionIds });
    }
    // a. commitments (cut to what he holds, §9.5), b. revealed together
    const amounts: Partial<Record<BaronId, number>> = {};
    for (const b of attending) {
      const n = Math.min(given(b).commit ?? 0, out.barons[b].votes);
      amounts[b] = n;
      out.barons[b].votes -= n; // committed votes go to the bank whatever the outcome [P G-A18]
    }
    out.log.push({ t: 'commitments', card: card.id, amounts });
    // c. declarations in chairman order (a missing or foreign option: abstention, the votes are lost)
    const totals = new Map<Choice, number>(options.map((o) => [o, 0]));
    for (const b of chairmanOrder(out.players, chair()).filter((x) => attending.includes(x))) {
      const d = given(b).declare;
      need(!twoPlayer && (amounts[b] ?? 0) > 0 && d === undefined, { decision: 'declare-vote', who: [b], card: card.id, options: [...optionIds, 'abstain'] });
      const ok = d !== undefined && d !== 'abstain' && options.includes(d);
      if (ok) totals.set(d, totals.get(d)! + (amounts[b] ?? 0));
      out.log.push({ t: 'declared', card: card.id, baron: b, choice: ok ? d : null, votes: amounts[b] ?? 0 });
    }
    // d. tally [P G-A18]: the tied options are those with the largest total; the Chairman decides
    const most = Math.max(...totals.values());
    const tied = options.filter((o) => totals.get(o) === most);
    let result = tied[0]!;
    if (tied.length > 1) {
      const t = answers.ties?.[card.id];
      need(t === undefined, { decision: 'break-tie', who: [chair()], card: card.id, options: tied as string[] });
      if (t !== undefined && t !== null && tied.includes(t)) result = t;
      else if (card.vote === 'yes-no') result = 'no'; // #33 default
      else {
        const d = drawFate(out.secret.fateDeck, (f) => tied.includes(f.baron), out.config.setup.fateRedrawPasses);
        out.secret.fateDeck = d.deck;
        result = d.card?.baron ?? tied[0]!;
      }
    }
    out.log.push({ t: 'vote-result', card: card.id, result, tie: tied.length > 1 });
    return result;
  };

  /** e. applies the result at once. */
  const apply = (card: ProposalCard, result: Choice): void => {
    const refusers = (answers.refuse?.[card.id] ?? []).filter((b, i, l) => l.indexOf(b) === i);
    const adopted = card.vote === 'yes-no' ? result === 'yes' : true;
    const target = card.vote === 'baron' ? (result as BaronId) : null;
    if (!adopted) { out.log.push({ t: 'rejected', card: card.id }); out.proposalDiscard.push(card.id); return; }
    // #34: those the decision affects may refuse it (a Law only when it applies: at Taxation, #38)
    const affected = card.type === 'motion' ? (card.ops.some((o) => 'who' in o && o.who !== 'target') ? out.players : target ? [target] : [])
      : card.type === 'law' || card.type === 'personal' ? [] : [target!];
    need(affected.length > 0 && answers.refuse?.[card.id] === undefined, { decision: 'refuse-decision', who: affected, card: card.id, options: ['accept', 'refuse'] });
    switch (card.type) {
      case 'motion': {
        // §5.7: a refuser is banished; a Motion aimed at him is discarded without effect
        const refusing = refusers.filter((b) => affected.includes(b));
        for (const b of refusing) { out.log.push({ t: 'refused', card: card.id, baron: b }); banish(out, b); }
        if (!(target && refusing.includes(target))) applyOps(out, card.ops, { card: card.id, target, picked: {}, exclude: refusing, stream: `${stream}/${card.id}`, inject });
        out.proposalDiscard.push(card.id);
        return;
      }
      case 'law':
        out.laws.push(card.id);
        out.log.push({ t: 'law-adopted', card: card.id });
        return;
      case 'title': case 'concession': {
        const b = target!;
        if (refusers.includes(b)) { out.log.push({ t: 'refused', card: card.id, baron: b }); banish(out, b); out.proposalDiscard.push(card.id); return; }
        const me = out.barons[b];
        me.titles.push(card.id);
        out.log.push({ t: 'title-given', card: card.id, baron: b });
        if (me.titles.length > out.config.assembly.maxTitles) {
          // #35: one of his old Titles goes (he cannot keep the three old ones and drop the new one, [P G-A23])
          const want = answers.discardTitle?.[card.id];
          const old = me.titles.slice(0, -1);
          need(want === undefined, { decision: 'discard-title', who: [b], card: card.id, options: old });
          const gone = want && old.includes(want) ? want : old[0]!;
          me.titles = me.titles.filter((t) => t !== gone);
          out.proposalDiscard.push(gone);
          out.log.push({ t: 'title-discarded', card: gone, baron: b });
        }
        return;
      }
      case 'office': {
        const b = target!;
        if (refusers.includes(b)) { out.log.push({ t: 'refused', card: card.id, baron: b }); banish(out, b); out.proposalDiscard.push(card.id); return; }
        const want = answers.office?.[card.id];
        need(want === undefined && officeNobles(out, b).length > 0, { decision: 'assign-office', who: [b], card: card.id, options: officeNobles(out, b) });
        const noble = want && officeNobles(out, b).includes(want) ? want : defaultOfficeNoble(out, b);
        if (!noble) { out.proposalDiscard.push(card.id); out.log.push({ t: 'office-discarded', card: card.id }); return; } // [P G-A65]
        const n = out.nobles[noble]!;
        if (n.office) { out.proposalDiscard.push(n.office); out.log.push({ t: 'office-discarded', card: n.office }); }
        n.office = card.id;
        out.log.push({ t: 'office-given', card: card.id, noble });
        return;
      }
      case 'personal':
        return; // handled by the Personal Motion below
    }
  };

  /** The cards in play a Personal Motion may repeal (§5.5 option 2), and the free laws (§7.4, house-laws.ts). */
  const inPlay = (id: string): boolean => out.laws.includes(id) || out.players.some((b) => out.barons[b].titles.includes(id)) || Object.values(out.nobles).some((n) => n.office === id) || houseLaw(out, id) !== undefined;
  const repeal = (id: string): void => {
    const free = houseLaw(out, id);
    if (free) { // a free law leaves play; it is no card: nothing goes to the discard [P §7.4]
      out.houseLaws = out.houseLaws!.filter((l) => l.id !== id);
      out.log.push({ t: 'house-law-repealed', id, text: free.text });
      return;
    }
    out.laws = out.laws.filter((x) => x !== id);
    for (const b of out.players) out.barons[b].titles = out.barons[b].titles.filter((x) => x !== id);
    for (const n of Object.values(out.nobles)) if (n.office === id) n.office = null;
    out.proposalDiscard.push(id);
    out.log.push({ t: 'repealed', card: id });
  };

  let adjourned = false;
  /** Every attending baron banished during this Assembly: nothing more is voted, the rest stays on the agenda [P G-A63's spirit]. */
  const nobodyLeft = (): boolean => attending.every((b) => out.barons[b].banished);
  const agenda = [...out.agenda];
  const take = (id: string) => { out.agenda = out.agenda.filter((x) => x !== id); };
  // 3. Personal Motions first [P G-A20]
  const personal = agenda.filter((id) => proposalCard(id).type === 'personal');
  need(personal.length > 1 && answers.personalOrder === undefined, { decision: 'order-of-business', who: [chair()], card: null, options: personal });
  const personalOrder = sameCards(answers.personalOrder, personal) ? answers.personalOrder : personal;
  for (const id of personalOrder) {
    if (adjourned || nobodyLeft()) break;
    take(id);
    const d = drawFate(out.secret.fateDeck, (f) => out.players.includes(f.baron), out.config.setup.fateRedrawPasses); // [P G-A21]
    out.secret.fateDeck = d.deck;
    const c = answers.personal?.[id];
    const free = out.config.options.freeFormMotions; // §7.4 [P]: the free law, only with the host option
    need(d.card !== null && c === undefined, { decision: 'personal-motion', who: d.card ? [d.card.baron] : [], card: id, options: ['withdraw', 'pardon', 'repeal', 'adjourn', 'resubmit', ...(free ? ['free-law'] : [])] });
    const legal = d.card !== null && c !== undefined && typeof c === 'object' && c !== null && (
      c.kind === 'adjourn'
      || (c.kind === 'free-law' && freeLawProblem(out, c.text) === null) // full after an earlier motion of this Assembly: withdrawn
      || (c.kind === 'pardon' && out.players.includes(c.baron) && out.barons[c.baron].banished)
      || (c.kind === 'repeal' && typeof c.card === 'string' && inPlay(c.card))
      || (c.kind === 'resubmit' && typeof c.card === 'string' && out.proposalDiscard.includes(c.card) && proposalCard(c.card).type !== 'personal'));
    const text = legal && c!.kind === 'free-law' ? normalizeLawText(c!.text) : null;
    out.log.push({ t: 'personal-motion', card: id, baron: d.card?.baron ?? null, choice: legal ? c!.kind : 'withdraw', ...(text !== null ? { text } : {}) });
    if (!legal || (c as PersonalChoice).kind === 'withdraw') { out.proposalDiscard.push(id); continue; } // #29 default: withdrawn
    if (c!.kind === 'resubmit') {
      out.proposalDiscard = out.proposalDiscard.filter((x) => x !== c!.card);
      const again = proposalCard(c!.card);
      out.log.push({ t: 'proposal-read', card: again.id });
      apply(again, vote(again, true));
    } else {
      const yes = vote(proposalCard(id), true) === 'yes';
      if (yes && c!.kind === 'pardon') { out.barons[c!.baron].banished = false; out.log.push({ t: 'pardoned', baron: c!.baron }); }
      if (yes && c!.kind === 'repeal') repeal(c!.card); // a removal can never be refused (§5.7)
      if (yes && c!.kind === 'adjourn') { adjourned = true; out.log.push({ t: 'adjourned' }); }
      if (yes && text !== null) { // §7.4 [P]: a public text among the Laws in play; the referee never applies it
        const seq = (out.houseLawSeq ?? 0) + 1;
        out.houseLawSeq = seq;
        out.houseLaws = [...(out.houseLaws ?? []), { id: `house-${seq}`, text, by: d.card!.baron, turn: out.turn }];
        out.log.push({ t: 'house-law-adopted', id: `house-${seq}`, text, baron: d.card!.baron });
      }
      if (!yes) out.log.push({ t: 'rejected', card: id });
    }
    out.proposalDiscard.push(id);
  }
  // 4. order of business (#30)
  const rest = out.agenda.filter((id) => proposalCard(id).type !== 'personal');
  need(!adjourned && !nobodyLeft() && rest.length > 1 && answers.order === undefined, { decision: 'order-of-business', who: [chair()], card: null, options: rest });
  const order = sameCards(answers.order, rest) ? answers.order : rest;
  // 5. each proposal
  for (const id of order) {
    if (adjourned || nobodyLeft()) break;
    take(id);
    const card = proposalCard(id);
    out.log.push({ t: 'proposal-read', card: id });
    apply(card, vote(card));
  }
  // 6. new agenda: refill up to the slots (after an adjournment the unvoted stay) [P G-A19]
  for (let i = 0; out.agenda.length < out.config.assembly.agendaSlots && i < out.config.assembly.agendaSlots; i++) {
    if (out.secret.proposalDeck.length === 0) {
      if (out.proposalDiscard.length === 0) break;
      out.secret.proposalDeck = shuffle(`${stream}/reshuffle/${i}`, out.proposalDiscard); // §4.14
      out.proposalDiscard = [];
    }
    out.agenda.push(out.secret.proposalDeck.shift()!);
  }
  out.log.push({ t: 'agenda', cards: [...out.agenda] });
  return close(out);
}

/** 7. cards back, lasting events of this Assembly out of play. */
function close(out: WkState): AssemblyResult {
  returnZone(out, 'assembly');
  expireLasting(out, 'next-assembly');
  out.log.push({ t: 'assembly-closed' });
  return { ok: true, state: out };
}
