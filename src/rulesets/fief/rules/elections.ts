/**
 * Steps 1.B–1.D, the elections of phase 1 "Oyez, oyez!": rules §5.5 [T §1.3–§1.8] with
 * [P G-09] (edge cases), [P G-10] (village votes), [P G-11] (pope counting), [P G-12] (the king's
 * "2 bishops / 1 cardinal / pope") and [P G-56] (a governed fief's empty villages count as
 * controlled). The cardinal is never elected (seed §1.5, issue 15): there is no cardinal election.
 *
 * One election, as §11.5 walks it: the trigger is evaluated when the election starts [P]; the
 * candidates are declared in turn order (#3, default no candidate); the vote markers are placed in
 * turn order (#4, default abstain) — face-down markers are the prompt layer's business: this step
 * takes the revealed placements —; then the reveal counts the For markers (a For gives ALL of a
 * player's votes, Blank markers count for nothing) and awards the title or nothing (tie, no
 * majority, no vote [P G-09 b], the king's conditions). The hold points between the rounds belong
 * to the flow (§11.3.2). No dice.
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BISHOPRIC_NOS, BOARD, type BishopricNo, type VillageId } from '../board.ts';
import { CARDINAL_HATS, type FiefState, type Lord, type LordId, type TitleId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { governor } from './pieces.ts';

export type Election = { kind: 'BISHOP'; bishopric: BishopricNo } | { kind: 'POPE' } | { kind: 'KING' };

/** #4 as revealed: where each of a player's two markers went (absent: not placed). Both may go on one candidate [P G-09 c]. */
export interface VotePlacement { for?: LordId; blank?: LordId }

/** The answers of one election: the candidates (#3) and the revealed placements (#4). */
export interface ElectionAnswers {
  candidates?: Partial<Record<PlayerId, LordId>>;
  votes?: Partial<Record<PlayerId, VotePlacement>>;
}

export type CandidateRefusal = 'not-your-lord' | 'not-eligible';
export type VoteRefusal = 'no-votes' | 'not-a-candidate';
export type NoElection = 'title-held' | 'villages-not-controlled' | 'too-few-cardinals' | 'no-candidate';
export type NotElected = 'no-votes-cast' | 'tie' | 'no-absolute-majority' | 'king-too-few-votes' | 'king-no-clergy';

export const ELECTION_REFUSALS: Record<CandidateRefusal | VoteRefusal, Localized> = {
  'not-your-lord': { fr: 'Ce seigneur n’est pas de votre famille.', en: 'That lord is not of your family.' },
  'not-eligible': { fr: 'Ce seigneur ne peut pas être candidat à ce titre.', en: 'That lord may not stand for this title.' },
  'no-votes': { fr: 'Vous n’avez aucune voix dans cette élection : vous ne placez pas de marqueur.', en: 'You have no vote in this election: you place no marker.' },
  'not-a-candidate': { fr: 'Un marqueur de vote se place sur un candidat déclaré.', en: 'A vote marker goes on a declared candidate.' },
};

export const ELECTION_OUTCOMES: Record<NoElection | NotElected, Localized> = {
  'title-held': { fr: 'Le titre a un titulaire : pas d’élection.', en: 'The title has a holder: no election.' },
  'villages-not-controlled': { fr: 'Tous les villages de l’évêché ne sont pas contrôlés par des joueurs : pas d’élection.', en: 'Not every village of the bishopric is controlled by players: no election.' },
  'too-few-cardinals': { fr: 'Trop peu de cardinaux libres sont en jeu : pas d’élection du pape.', en: 'Too few free cardinals are in play: no pope election.' },
  'no-candidate': { fr: 'Aucun candidat : pas d’élection ce tour.', en: 'No candidate: no election this turn.' },
  'no-votes-cast': { fr: 'Aucune voix exprimée : personne n’est élu.', en: 'No vote cast: nobody is elected.' },
  tie: { fr: 'Égalité : personne n’est élu ; l’élection aura lieu de nouveau au prochain Oyez.', en: 'A tie: nobody is elected; the election is held again at the next Oyez.' },
  'no-absolute-majority': { fr: 'Pas de majorité absolue des voix exprimées : pas de pape ce tour.', en: 'No absolute majority of the votes cast: no pope this turn.' },
  'king-too-few-votes': { fr: 'Le candidat n’a pas le nombre de voix requis pour être roi.', en: 'The candidate lacks the number of votes needed to be king.' },
  'king-no-clergy': { fr: 'Les voix reçues ne viennent pas de deux évêques, d’un cardinal ou du pape.', en: 'The votes received come from neither two bishops, nor a cardinal, nor the pope.' },
};

export const electionTitle = (e: Election): TitleId => (e.kind === 'BISHOP' ? `BISHOP:${e.bishopric}` : e.kind);

const isBishop = (l: Lord) => l.titles.some((t) => t.startsWith('BISHOP:'));
const isCardinal = (l: Lord) => l.titles.some((t) => t.startsWith('CARDINAL:'));
const isReligious = (l: Lord) => isBishop(l) || isCardinal(l) || l.titles.includes('POPE');
const free = (l: Lord) => l.prisonerOf === null;

/** A village counts as controlled by a player: occupied and controlled, or empty in a fief his family governs [T §5.1, §13, P G-56]. */
export function electoralController(s: FiefState, v: VillageId): PlayerId | null {
  const vs = s.villages[v]!;
  if (vs.controller) return vs.controller;
  const empty = vs.stacks.length === 0 && !Object.values(s.lords).some((l) => l.at?.village === v);
  return empty ? governor(s, v) : null;
}

/** Free cardinals in play (the pope election's voters) [T §1.7]. */
export const freeCardinals = (s: FiefState): LordId[] =>
  CARDINAL_HATS.map((h) => s.titles[h].holder).filter((id): id is LordId => id !== null && free(s.lords[id]!));

/** Why no election is held now, or null: the trigger, evaluated when the election starts [P]. */
export function noElection(s: FiefState, e: Election): Exclude<NoElection, 'no-candidate'> | null {
  if (e.kind === 'KING') return s.titles.KING.holder ? 'title-held' : null; // [T §1.8] a queen regent does not hold it
  if (s.titles[electionTitle(e)].holder) return 'title-held';
  if (e.kind === 'BISHOP') return BOARD.bishoprics[e.bishopric].villages.every((v) => electoralController(s, v) !== null) ? null : 'villages-not-controlled'; // [T §1.4, P G-56]
  return freeCardinals(s).length >= s.config.church.popeMinCardinals ? null : 'too-few-cardinals'; // [T §1.7] TV-12
}

/** Whether a lord may stand in this election [T §1.4, §1.7, §1.8]. */
export function eligible(s: FiefState, e: Election, id: LordId): boolean {
  const l = s.lords[id];
  if (!l || !free(l) || l.excommunicated) return false; // prisoners and the excommunicated never stand [T §6.2.4, §1.7]
  if (e.kind === 'BISHOP') return l.gender === 'M' && l.spouse === null && !l.titles.includes('KING') && !isBishop(l); // [T §1.4]
  if (e.kind === 'POPE') return isBishop(l) || isCardinal(l); // [T §1.7] a bishop elected this Oyez may stand
  return l.gender === 'M' && l.titles.length > 0 && !isReligious(l); // [T §1.8] titled man, no religious title; a crown prince is titled
}

/**
 * The lords whose votes a player brings to an election, each with his votes [T §1.4, §1.7, §1.8].
 * Bishop: a lord's highest title only (a cardinal or the pope 3, a bishop 2); a lord whose bishop
 * title began this turn gives nothing, even made cardinal since (TV-08). Pope: each free cardinal 1.
 * King: each free titled lord, man or woman, 1. Prisoners and the excommunicated never vote.
 */
export function voters(s: FiefState, e: Election, p: PlayerId): { lord: LordId; votes: number }[] {
  const c = s.config.church;
  const out: { lord: LordId; votes: number }[] = [];
  for (const id of s.families[p]!.lords) {
    const l = s.lords[id]!;
    if (!free(l) || l.excommunicated) continue;
    let n = 0;
    if (e.kind === 'BISHOP') {
      if (isReligious(l) && (l.bishopSince ?? 0) >= s.cursor.turn) n = 0; // [T §1.4] elected this turn
      else if (isCardinal(l) || l.titles.includes('POPE')) n = c.votesCardinal; // [T-ex §1.4] highest title only: 3, not 3 + 2
      else if (isBishop(l)) n = c.votesBishop;
    } else if (e.kind === 'POPE') n = isCardinal(l) ? 1 : 0; // [T §1.7.1] [P] made cardinal this turn still votes here
    else n = l.titles.length > 0 ? 1 : 0; // [T §1.8]
    if (n > 0) out.push({ lord: id, votes: n });
  }
  return out;
}

/** A player's votes in an election: his lords' votes, plus, for a bishop, the seat and villages he controls [P G-10]. */
export function votesOf(s: FiefState, e: Election, p: PlayerId): number {
  let n = voters(s, e, p).reduce((a, v) => a + v.votes, 0);
  if (e.kind === 'BISHOP') {
    const b = BOARD.bishoprics[e.bishopric];
    for (const v of b.villages) if (electoralController(s, v) === p) n += v === b.seat ? s.config.church.votesSeat : s.config.church.votesVillage; // TV-04
  }
  return n;
}

export interface Tally {
  /** Votes per candidate from For markers. */
  votes: Record<LordId, number>;
  /** The lords whose votes each candidate received (for the king's third condition [P G-12]). */
  from: Record<LordId, LordId[]>;
  cast: number;
}

/** Counts the revealed For markers; Blank markers are ignored entirely [T §1.3]. */
export function tally(s: FiefState, e: Election, candidates: readonly LordId[], votes: Partial<Record<PlayerId, VotePlacement>>): Tally {
  const t: Tally = { votes: Object.fromEntries(candidates.map((c) => [c, 0])), from: Object.fromEntries(candidates.map((c) => [c, []])), cast: 0 };
  for (const p of s.players) {
    const target = votes[p]?.for;
    if (!target || !candidates.includes(target)) continue;
    const n = votesOf(s, e, p); // a For marker gives ALL the player's votes [T §1.3]
    t.votes[target]! += n;
    t.cast += n;
    t.from[target]!.push(...voters(s, e, p).map((v) => v.lord));
  }
  return t;
}

/** Who is elected from a tally, or why nobody is [T §1.4.1, §1.7.1, §1.8, P G-09 b, G-11, G-12]. */
export function result(s: FiefState, e: Election, t: Tally): { elected: LordId } | { notElected: NotElected } {
  if (t.cast === 0) return { notElected: 'no-votes-cast' }; // [P G-09 b, G-11]
  const ranked = Object.entries(t.votes).sort((a, b) => b[1] - a[1]);
  const [top, n] = ranked[0]!;
  if (e.kind === 'POPE') return n * 2 > t.cast ? { elected: top } : { notElected: 'no-absolute-majority' }; // [T §1.7.1] TV-10
  if (ranked.length > 1 && ranked[1]![1] === n) return { notElected: 'tie' }; // relative majority [T §1.4.1] TV-07
  if (e.kind === 'BISHOP') return { elected: top };
  const c = s.config.church;
  if (n < c.kingMinVotes) return { notElected: 'king-too-few-votes' }; // [T §1.8] TV-11
  const from = t.from[top]!.map((id) => s.lords[id]!);
  const clergy = from.filter(isBishop).length >= c.kingMinBishops || from.some(isCardinal) || from.some((l) => l.titles.includes('POPE')); // [P G-12]
  return clergy ? { elected: top } : { notElected: 'king-no-clergy' };
}

function take(s: FiefState, t: TitleId, id: LordId | null): void {
  const h = s.titles[t].holder;
  if (h) s.lords[h]!.titles = s.lords[h]!.titles.filter((x) => x !== t);
  s.titles[t].holder = id;
  if (id) s.lords[id]!.titles.push(t);
}

/** Gives the elected candidate his title (the state is cloned by the caller). */
function award(s: FiefState, e: Election, id: LordId): void {
  const l = s.lords[id]!;
  if (e.kind === 'BISHOP') {
    take(s, electionTitle(e), id);
    l.bishopSince = s.cursor.turn; // [T §1.4] he does not vote in this turn's bishop elections
    if (s.titles.CROWN_PRINCE.holder === id) take(s, 'CROWN_PRINCE', null); // [T §1.8.2] a religious title ends the status
  } else if (e.kind === 'POPE') take(s, 'POPE', id);
  else {
    if (s.titles.QUEEN.holder && s.titles.QUEEN.regent) { take(s, 'QUEEN', null); s.titles.QUEEN.regent = false; } // [T §1.8.1] the regent steps down
    if (s.titles.CROWN_PRINCE.holder === id) take(s, 'CROWN_PRINCE', null);
    take(s, 'KING', id);
    if (l.spouse) take(s, 'QUEEN', l.spouse); // [T §1.8.1] his wife is queen at once
  }
}

export interface ElectionLine {
  election: Election;
  held: boolean;
  outcome: { elected: LordId } | { notElected: NoElection | NotElected };
  candidates: Partial<Record<PlayerId, LordId>>;
  /** The placements as revealed, logged for everyone [§11.5 step 5]. */
  votes: Partial<Record<PlayerId, VotePlacement>>;
  tally: Tally | null;
  refused: { player: PlayerId; answer: 'candidate' | 'vote'; reason: CandidateRefusal | VoteRefusal }[];
}

/** One election from its trigger to its reveal, with the answers given (defaults where missing or refused). */
export function runElection(state: FiefState, e: Election, a: ElectionAnswers = {}): { state: FiefState; line: ElectionLine } {
  const line: ElectionLine = { election: e, held: false, outcome: { notElected: 'no-candidate' }, candidates: {}, votes: {}, tally: null, refused: [] };
  const why = noElection(state, e);
  if (why) { line.outcome = { notElected: why }; return { state, line }; }
  const order = turnOrder(state.players, state.firstPlayer ?? state.players[0]!);
  // 1. Candidates in turn order, at most one per player [P G-09 a] (#3, default none).
  for (const p of order) {
    const c = a.candidates?.[p];
    if (!c) continue;
    if (state.lords[c]?.owner !== p) line.refused.push({ player: p, answer: 'candidate', reason: 'not-your-lord' });
    else if (!eligible(state, e, c)) line.refused.push({ player: p, answer: 'candidate', reason: 'not-eligible' });
    else line.candidates[p] = c;
  }
  const candidates = order.map((p) => line.candidates[p]).filter((c): c is LordId => !!c);
  if (candidates.length === 0) return { state, line }; // [T §1.3] no candidate, no election this turn
  line.held = true;
  // 2. Votes in turn order (#4, default abstain); a player with 0 votes places nothing [P G-09 d]; any candidate [P G-09 e].
  for (const p of order) {
    const v = a.votes?.[p];
    if (!v || (!v.for && !v.blank)) continue;
    if (votesOf(state, e, p) === 0) { line.refused.push({ player: p, answer: 'vote', reason: 'no-votes' }); continue; }
    if ((v.for && !candidates.includes(v.for)) || (v.blank && !candidates.includes(v.blank))) { line.refused.push({ player: p, answer: 'vote', reason: 'not-a-candidate' }); continue; }
    line.votes[p] = { ...(v.for ? { for: v.for } : {}), ...(v.blank ? { blank: v.blank } : {}) };
  }
  // 3. Reveal and count.
  line.tally = tally(state, e, candidates, line.votes);
  const r = result(state, e, line.tally);
  line.outcome = r;
  if (!('elected' in r)) return { state, line };
  const s = structuredClone(state);
  award(s, e, r.elected);
  return { state: s, line };
}

/** Step 1.B: one election per bishopric without a bishop, in increasing number [T §1.4]. */
export function runBishopElections(state: FiefState, answers: Partial<Record<BishopricNo, ElectionAnswers>> = {}): { state: FiefState; lines: ElectionLine[] } {
  let s = state;
  const lines: ElectionLine[] = [];
  for (const b of BISHOPRIC_NOS) {
    const r = runElection(s, { kind: 'BISHOP', bishopric: b }, answers[b]);
    s = r.state;
    lines.push(r.line);
  }
  return { state: s, lines };
}
