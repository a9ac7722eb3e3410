/**
 * "Tithe" (Dîme): a small board game made of many small prompts, used to prove that the engine
 * carries games in the shape of Fief or Warrior Knights and not only one-order-sheet-per-turn games.
 *
 * Rules. 2–4 players, each starts with 10 gold and 0 points. The game lasts 6 rounds. Each round:
 *  1. Sealed bid (`bid`): every player at once, secretly, bids a whole number of gold from 0 to
 *     their own gold (default 0). The highest bidder wins and pays the bid; ties are broken by lot
 *     (the step's seeded RNG). Losing bids are not paid and stay secret.
 *  2. Choice (`choose`): only the winner is asked to take grain (1 point), a sword (2 points) or a
 *     relic (3 points, but only if the winner paid at least 3 gold; otherwise the relic is worth 0).
 *     Default: grain.
 *  3. Every third round, the tithe (`tax-or-pass`): each player in turn, in seat order, is asked
 *     whether to levy the tithe (yes: take 1 gold from every other player who has any, and lose
 *     1 point) or to pass (default). Each player sees the earlier answers before answering.
 *  At the end of a round every player receives 1 gold (except after the last round).
 * After round 6 the players with the most points win.
 *
 * The state is plain JSON; every function is pure and uses only the Rng it is given.
 */
import type { Decision, Lang, Localized, Outcome, PlayerId, Resolution, Ruleset, Submission, Validation, ValidationIssue } from '../../src/engine/ruleset.ts';
import type { Rng } from '../../src/engine/rng.ts';
import { resolveName, type NameEntry } from '../../src/engine/names.ts';

export const ROUNDS = 6;
export const START_GOLD = 10;
export const INCOME = 1;
export const TAX_EVERY = 3;
export const RELIC_MIN_PRICE = 3;

export type Good = 'grain' | 'sword' | 'relic';
export const GOODS: readonly Good[] = ['grain', 'sword', 'relic'];
const GOOD_POINTS: Record<Good, number> = { grain: 1, sword: 2, relic: 3 };
const GOOD_LABELS: Record<Good, Localized> = {
  grain: { fr: 'le blé', en: 'grain' },
  sword: { fr: "l'épée", en: 'the sword' },
  relic: { fr: 'la relique', en: 'the relic' },
};
const GOOD_NAMES: NameEntry<Good>[] = [
  { names: ['grain', 'blé'], value: 'grain', label: 'grain' },
  { names: ['sword', 'épée'], value: 'sword', label: 'sword' },
  { names: ['relic', 'relique'], value: 'relic', label: 'relic' },
];

export type YesNo = 'yes' | 'no';
export type TitheAnswer = number | Good | YesNo;

export interface TitheOptions {
  /** Display names, in seat order (2 to 4). Seats get the ids p1, p2, ... */
  players: string[];
}

export interface TitheSeat { id: PlayerId; name: string; gold: number; points: number }

export interface TitheState {
  round: number;
  phase: 'bid' | 'choose' | 'tax' | 'over';
  seats: TitheSeat[];
  /** The sealed bids of the current round once the auction is resolved (secret: see `view`). */
  bids: Record<PlayerId, number>;
  winner: PlayerId | null;
  paid: number;
  /** The seat asked during the tax phase. */
  taxSeat: number;
}

export type TitheEvent =
  | { type: 'auction'; round: number; bids: Record<PlayerId, number>; tied: PlayerId[]; winner: PlayerId; paid: number }
  | { type: 'choice'; round: number; player: PlayerId; good: Good; points: number }
  | { type: 'tax'; round: number; player: PlayerId; levied: boolean; taken: Record<PlayerId, number> }
  | { type: 'income'; round: number; amount: number }
  | { type: 'end'; winners: PlayerId[]; points: Record<PlayerId, number> };

export interface TitheView {
  round: number;
  phase: TitheState['phase'];
  you: PlayerId | null;
  seats: TitheSeat[];
  /** Bids of the current round: only your own is shown, others are null. */
  bids: Record<PlayerId, number | null>;
  winner: PlayerId | null;
  paid: number;
  /** Who is being asked now. */
  asked: PlayerId[];
}

// ---------------------------------------------------------------------------------------------
// Parsing answers

function fail<A>(message: string, candidates?: string[]): Validation<A> {
  const issue: ValidationIssue = { message };
  if (candidates) issue.candidates = candidates;
  return { value: null, issues: [issue] };
}

export function parseBid(answer: unknown, gold: number): Validation<number> {
  let n: number;
  if (typeof answer === 'number') n = answer;
  else if (typeof answer === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(answer)) n = Number(answer);
  else return fail(`a bid must be a whole number of gold, got ${JSON.stringify(answer) ?? String(answer)}`);
  if (!Number.isInteger(n)) return fail(`a bid must be a whole number of gold, got ${n}`);
  if (n < 0) return fail(`a bid cannot be negative (got ${n})`);
  if (n > gold) return fail(`a bid of ${n} is more than your gold (${gold})`);
  return { value: n === 0 ? 0 : n, issues: [] }; // normalise -0
}

export function parseGood(answer: unknown): Validation<Good> {
  const expected = `expected ${GOODS.join(', ')}`;
  if (typeof answer !== 'string') return fail(`unknown choice ${JSON.stringify(answer) ?? String(answer)}: ${expected}`, [...GOODS]);
  const r = resolveName(answer, GOOD_NAMES, { en: 'choice', fr: 'choix' });
  if (r.ok) return { value: r.value, issues: [] };
  return fail(`${r.error} (${expected})`, r.candidates);
}

const YES = new Set(['yes', 'y', 'oui', 'o', 'tax', 'levy', 'lever']);
const NO = new Set(['no', 'n', 'non', 'pass', 'passer']);

export function parseYesNo(answer: unknown): Validation<YesNo> {
  if (answer === true) return { value: 'yes', issues: [] };
  if (answer === false) return { value: 'no', issues: [] };
  if (typeof answer === 'string') {
    const k = answer.trim().toLowerCase();
    if (YES.has(k)) return { value: 'yes', issues: [] };
    if (NO.has(k)) return { value: 'no', issues: [] };
  }
  return fail(`expected yes or no, got ${JSON.stringify(answer) ?? String(answer)}`, ['yes', 'no']);
}

// ---------------------------------------------------------------------------------------------
// Helpers

function seatOf(state: TitheState, id: PlayerId): TitheSeat {
  const seat = state.seats.find((s) => s.id === id);
  if (!seat) throw new Error(`tithe: unknown player ${id}`);
  return seat;
}

function nameOf(state: TitheState, id: PlayerId): string {
  return state.seats.find((s) => s.id === id)?.name ?? id;
}

function answerOf(submissions: Submission<TitheAnswer>[], decision: string, player: PlayerId): unknown {
  const sub = submissions.find((s) => s.decision === decision && s.player === player);
  if (!sub) throw new Error(`tithe: no answer from ${player} to "${decision}"`);
  return sub.value;
}

function must<T>(v: Validation<T>, what: string): T {
  if (v.value === null || v.issues.length) throw new Error(`tithe: invalid ${what}: ${v.issues.map((i) => i.message).join('; ')}`);
  return v.value;
}

function leaders(state: TitheState): PlayerId[] {
  const top = Math.max(...state.seats.map((s) => s.points));
  return state.seats.filter((s) => s.points === top).map((s) => s.id);
}

/** Closes the round (mutates the working copy `s`, never the caller's state). */
function endRound(s: TitheState, events: TitheEvent[]): void {
  s.bids = {};
  s.winner = null;
  s.paid = 0;
  s.taxSeat = 0;
  if (s.round >= ROUNDS) {
    s.phase = 'over';
    events.push({ type: 'end', winners: leaders(s), points: Object.fromEntries(s.seats.map((x) => [x.id, x.points])) });
    return;
  }
  for (const seat of s.seats) seat.gold += INCOME;
  events.push({ type: 'income', round: s.round, amount: INCOME });
  s.round += 1;
  s.phase = 'bid';
}

function list(names: string[], lang: Lang): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${lang === 'fr' ? 'et' : 'and'} ${names[names.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// The ruleset

export const tithe: Ruleset<TitheState, TitheAnswer, TitheEvent, TitheView, TitheOptions> = {
  id: 'test/tithe',
  title: { fr: 'Dîme', en: 'Tithe' },

  setup(options: TitheOptions, _rng: Rng): TitheState {
    const names = options?.players;
    if (!Array.isArray(names) || names.length < 2 || names.length > 4) throw new Error('tithe: 2 to 4 players');
    if (names.some((n) => typeof n !== 'string' || !n.trim())) throw new Error('tithe: every player needs a name');
    return {
      round: 1,
      phase: 'bid',
      seats: names.map((name, i) => ({ id: `p${i + 1}`, name: name.trim(), gold: START_GOLD, points: 0 })),
      bids: {},
      winner: null,
      paid: 0,
      taxSeat: 0,
    };
  },

  players(state) {
    return state.seats.map((s) => ({ id: s.id, name: s.name }));
  },

  decisions(state): Decision[] {
    const r = state.round;
    switch (state.phase) {
      case 'bid':
        return [{
          id: 'bid',
          kind: 'sealed-bid',
          players: state.seats.map((s) => s.id),
          deadline: { kind: 'after', hours: 24 },
          defaults: Object.fromEntries(state.seats.map((s) => [s.id, 0])),
          prompt: {
            fr: `Manche ${r} : votre enchère secrète, en or (de 0 à votre trésor).`,
            en: `Round ${r}: your sealed bid, in gold (0 up to your treasury).`,
          },
        }];
      case 'choose': {
        const w = state.winner!;
        return [{
          id: 'choose',
          kind: 'choice',
          players: [w],
          deadline: { kind: 'after', hours: 12 },
          defaults: { [w]: 'grain' },
          prompt: {
            fr: `Manche ${r} : vous avez remporté l'enchère pour ${state.paid} or. Que prenez-vous ?`,
            en: `Round ${r}: you won the auction for ${state.paid} gold. What do you take?`,
          },
          choices: GOODS.map((g) => ({ value: g, label: GOOD_LABELS[g] })),
        }];
      }
      case 'tax': {
        const p = state.seats[state.taxSeat]!.id;
        return [{
          id: 'tax-or-pass',
          kind: 'yes-no',
          players: [p],
          deadline: { kind: 'after', hours: 12 },
          defaults: { [p]: 'no' },
          prompt: {
            fr: `Manche ${r} : levez-vous la dîme (1 or de chaque autre joueur, −1 point) ?`,
            en: `Round ${r}: do you levy the tithe (1 gold from every other player, −1 point)?`,
          },
          choices: [
            { value: 'yes', label: { fr: 'oui', en: 'yes' } },
            { value: 'no', label: { fr: 'non', en: 'no' } },
          ],
        }];
      }
      case 'over':
        return [];
    }
  },

  validate(state, player, decision, answer): Validation<TitheAnswer> {
    const seat = state.seats.find((s) => s.id === player);
    if (!seat) return fail(`unknown player ${player}`);
    const open = tithe.decisions(state).find((d) => d.id === decision);
    if (!open) return fail(`no open decision "${decision}"`);
    if (!open.players.includes(player)) return fail(`${player} is not asked "${decision}"`);
    switch (decision) {
      case 'bid': return parseBid(answer, seat.gold);
      case 'choose': return parseGood(answer);
      case 'tax-or-pass': return parseYesNo(answer);
      default: return fail(`unknown decision "${decision}"`);
    }
  },

  resolve(state, submissions, rng): Resolution<TitheState, TitheEvent> {
    const s: TitheState = structuredClone(state);
    const events: TitheEvent[] = [];
    switch (s.phase) {
      case 'bid': {
        const bids: Record<PlayerId, number> = {};
        for (const seat of s.seats) bids[seat.id] = must(parseBid(answerOf(submissions, 'bid', seat.id), seat.gold), `bid from ${seat.id}`);
        const top = Math.max(...Object.values(bids));
        const tied = s.seats.filter((x) => bids[x.id] === top).map((x) => x.id);
        const winner = tied.length === 1 ? tied[0]! : rng.pick(tied);
        seatOf(s, winner).gold -= top;
        s.bids = bids;
        s.winner = winner;
        s.paid = top;
        s.phase = 'choose';
        events.push({ type: 'auction', round: s.round, bids, tied: tied.length > 1 ? tied : [], winner, paid: top });
        break;
      }
      case 'choose': {
        const w = s.winner!;
        const good = must(parseGood(answerOf(submissions, 'choose', w)), `choice from ${w}`);
        const points = good === 'relic' && s.paid < RELIC_MIN_PRICE ? 0 : GOOD_POINTS[good];
        seatOf(s, w).points += points;
        events.push({ type: 'choice', round: s.round, player: w, good, points });
        if (s.round % TAX_EVERY === 0) { s.phase = 'tax'; s.taxSeat = 0; } else endRound(s, events);
        break;
      }
      case 'tax': {
        const asked = s.seats[s.taxSeat]!;
        const levied = must(parseYesNo(answerOf(submissions, 'tax-or-pass', asked.id)), `answer from ${asked.id}`) === 'yes';
        const taken: Record<PlayerId, number> = {};
        if (levied) {
          for (const other of s.seats) {
            if (other.id === asked.id || other.gold < 1) continue;
            other.gold -= 1;
            asked.gold += 1;
            taken[other.id] = 1;
          }
          asked.points -= 1;
        }
        events.push({ type: 'tax', round: s.round, player: asked.id, levied, taken });
        s.taxSeat += 1;
        if (s.taxSeat >= s.seats.length) endRound(s, events);
        break;
      }
      case 'over':
        throw new Error('tithe: the game is over');
    }
    return { state: s, events };
  },

  view(state, player): TitheView {
    const bids: Record<PlayerId, number | null> = {};
    for (const [id, bid] of Object.entries(state.bids)) bids[id] = id === player ? bid : null;
    return {
      round: state.round,
      phase: state.phase,
      you: player,
      seats: state.seats.map((s) => ({ ...s })),
      bids,
      winner: state.winner,
      paid: state.paid,
      asked: tithe.decisions(state).flatMap((d) => d.players),
    };
  },

  report(state, events, player, lang): string {
    const fr = lang === 'fr';
    const lines: string[] = [];
    for (const e of events) {
      switch (e.type) {
        case 'auction': {
          const own = e.bids[player];
          if (own !== undefined) lines.push(fr ? `Manche ${e.round} : vous avez misé ${own} or.` : `Round ${e.round}: you bid ${own} gold.`);
          const tie = e.tied.length
            ? fr ? ` (égalité entre ${list(e.tied.map((p) => nameOf(state, p)), lang)}, tranchée au sort)` : ` (tie between ${list(e.tied.map((p) => nameOf(state, p)), lang)}, broken by lot)`
            : '';
          if (e.winner === player) lines.push(fr ? `Vous remportez l'enchère pour ${e.paid} or${tie}.` : `You win the auction for ${e.paid} gold${tie}.`);
          else lines.push(fr ? `${nameOf(state, e.winner)} remporte l'enchère pour ${e.paid} or${tie}.` : `${nameOf(state, e.winner)} wins the auction for ${e.paid} gold${tie}.`);
          break;
        }
        case 'choice': {
          const who = e.player === player ? (fr ? 'Vous prenez' : 'You take') : fr ? `${nameOf(state, e.player)} prend` : `${nameOf(state, e.player)} takes`;
          lines.push(`${who} ${GOOD_LABELS[e.good][lang]} (+${e.points} point${e.points === 1 ? '' : 's'}).`);
          break;
        }
        case 'tax': {
          const name = nameOf(state, e.player);
          const total = Object.values(e.taken).reduce((a, b) => a + b, 0);
          if (!e.levied) lines.push(fr ? `${name} ne lève pas la dîme.` : `${name} passes.`);
          else {
            lines.push(fr ? `${name} lève la dîme : ${total} or perçu, −1 point.` : `${name} levies the tithe: ${total} gold collected, −1 point.`);
            if (e.taken[player]) lines.push(fr ? `Vous payez ${e.taken[player]} or.` : `You pay ${e.taken[player]} gold.`);
          }
          break;
        }
        case 'income':
          lines.push(fr ? `Fin de la manche ${e.round} : chacun reçoit ${e.amount} or.` : `End of round ${e.round}: everyone receives ${e.amount} gold.`);
          break;
        case 'end': {
          const names = list(e.winners.map((p) => nameOf(state, p)), lang);
          lines.push(fr ? `Fin de la partie. Victoire : ${names}.` : `Game over. Winner${e.winners.length > 1 ? 's' : ''}: ${names}.`);
          break;
        }
      }
    }
    const me = state.seats.find((s) => s.id === player);
    if (me) lines.push(fr ? `Votre trésor : ${me.gold} or, ${me.points} points.` : `Your treasury: ${me.gold} gold, ${me.points} points.`);
    return lines.join('\n');
  },

  outcome(state): Outcome | null {
    if (state.phase !== 'over') return null;
    return { finished: true, winners: leaders(state), reason: 'points' };
  },

  stepLabel(state): string {
    switch (state.phase) {
      case 'bid': return `round ${state.round}: bids`;
      case 'choose': return `round ${state.round}: ${state.winner} chooses`;
      case 'tax': return `round ${state.round}: tithe ${state.seats[state.taxSeat]!.id}`;
      case 'over': return 'over';
    }
  },
};

export default tithe;
