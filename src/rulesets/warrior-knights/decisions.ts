/**
 * The catalogue of interaction points, rules §9.2 (#1–#43), as data: the one place where each
 * decision's pattern (§9.1: sequential, simultaneous commit–reveal, parallel applied in chairman
 * order, open reaction window, consent request) and deadline class are set (style §9). Each row
 * keeps the table's number, moment, who decides, what it hides and the default on timeout as
 * §9.2 states it. A test checks that every step of phases.ts names only rows of this table and
 * that every row is reached from a step or is marked `anytime`.
 *
 * Deadline classes (minutes per pace in constants.ts `deadlines`): TURN a baron's own move, REPLY
 * an out-of-turn answer, BATTLE a combat prompt. null: not a timed prompt (a free action).
 */
import type { DeadlineClassName } from './constants.ts';

export type Pattern = 'sequential' | 'simultaneous' | 'parallel' | 'reaction' | 'consent' | 'free-action';

export interface DecisionRow {
  n: number;
  rule: string;
  who: string;
  pattern: Pattern;
  deadline: DeadlineClassName | null;
  /** What the prompt keeps hidden from the others (§9.2 "Hidden info", §9.4). */
  hides: string;
  byDefault: string;
  /** Opened outside the step sequence (at any time, or by a variant). */
  anytime?: boolean;
}

export const DECISIONS = {
  'assign-troops': { n: 1, rule: '§3 S11', who: 'each baron', pattern: 'parallel', deadline: 'TURN', hides: 'assignments until all are done', byDefault: 'all troop cards to the circle noble' },
  'place-stronghold': { n: 2, rule: '§3 S14', who: 'each baron, chairman order', pattern: 'sequential', deadline: 'TURN', hides: '—', byDefault: 'random legal region' },
  'place-noble': { n: 3, rule: '§3 S15', who: 'each baron, counter-clockwise snake', pattern: 'sequential', deadline: 'TURN', hides: '—', byDefault: 'the stronghold’s region' },
  'plan-piles': { n: 4, rule: '§4.1', who: 'all barons', pattern: 'simultaneous', deadline: 'TURN', hides: 'pile contents', byDefault: 'place no cards' },
  'use-card': { n: 5, rule: '§4.2, §4.3', who: 'card owner', pattern: 'sequential', deadline: 'TURN', hides: '—', byDefault: 'gain-only cards apply their gain; Improvisation +2 crowns; Recruit Troops / Military Operations decline; discard to the allowed zone with fewest cards (ties Taxes → Wages → Assembly)' },
  'passage-consent': { n: 6, rule: '§6.2', who: 'owners of blocking pieces', pattern: 'consent', deadline: 'REPLY', hides: '—', byDefault: 'deny' },
  'attack-consent': { n: 7, rule: '§6.5', who: 'every third baron with an army in the region', pattern: 'consent', deadline: 'REPLY', hides: '—', byDefault: 'deny' },
  'combat-setup': { n: 8, rule: '§6.5', who: 'attacker', pattern: 'sequential', deadline: 'TURN', hides: '—', byDefault: 'part of #5 (decline)' },
  'defender-commander': { n: 9, rule: '§6.6', who: 'defender', pattern: 'sequential', deadline: 'BATTLE', hides: '—', byDefault: 'the noble leading the largest army (ties star > square > triangle > circle)' },
  'fate-discard': { n: 10, rule: '§6.6', who: 'both sides', pattern: 'simultaneous', deadline: 'BATTLE', hides: 'each side’s draw and discards', byDefault: 'discard the minimum, lowest first: none < Avoid < Draw < Victory < Inflict' },
  'use-ability': { n: 11, rule: '§2.3, §6.6', who: 'each Commander’s baron', pattern: 'simultaneous', deadline: 'BATTLE', hides: '—', byDefault: 'use' },
  'allocate-casualties': { n: 12, rule: '§6.6, §6.7', who: 'attacker, then defender', pattern: 'sequential', deadline: 'BATTLE', hides: '—', byDefault: 'avoid killing nobles: breaches first, then the army with the most capacity left' },
  'retreat': { n: 13, rule: '§6.11', who: 'retreating baron', pattern: 'sequential', deadline: 'BATTLE', hides: '—', byDefault: 'first legal region by map order; smallest card of the drawn nation' },
  'death': { n: 14, rule: '§6.12', who: 'dead noble’s baron', pattern: 'sequential', deadline: 'BATTLE', hides: '—', byDefault: 'smallest card of the nation; engine-chosen maximal subset' },
  'city-captured': { n: 15, rule: '§6.7, §6.10', who: 'captor', pattern: 'sequential', deadline: 'BATTLE', hides: '—', byDefault: 'control' },
  'ransom-city': { n: 16, rule: '§6.9', who: 'loser', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'his lowest-income city' }, // Player elimination (§7.4): asked only with elimination.ransomCity [P G-A47]
  'event-drawer': { n: 17, rule: '§4.7', who: 'Church Support holder', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'red: draw himself; green: next baron clockwise; blue: draw himself' },
  'cancel-red-event': { n: 18, rule: '§4.7', who: 'drawer', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'don’t pay' },
  'pledge-faith': { n: 19, rule: '§4.7, §9.3', who: 'any baron', pattern: 'reaction', deadline: 'REPLY', hides: 'pledges until the window closes', byDefault: 'no pledge' },
  'event-choice': { n: 20, rule: '§4.7', who: 'per card', pattern: 'sequential', deadline: 'REPLY', hides: 'per card', byDefault: 'per card data' },
  'defensive-works': { n: 21, rule: '§4.4', who: 'every baron', pattern: 'parallel', deadline: 'REPLY', hides: '—', byDefault: 'nothing' },
  'troop-maintenance': { n: 22, rule: '§4.4', who: 'every baron', pattern: 'parallel', deadline: 'REPLY', hides: '—', byDefault: 'nothing' },
  'launch-expedition': { n: 23, rule: '§4.8', who: 'Chairman', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'no launch' },
  'invest': { n: 24, rule: '§4.8', who: 'every baron, chairman order', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'no investment' },
  'bless': { n: 25, rule: '§4.8', who: 'Church Support holder', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'no' },
  'pay-wages': { n: 26, rule: '§4.6', who: 'every baron', pattern: 'parallel', deadline: 'REPLY', hides: '—', byDefault: 'pay mercenary cards largest-first while affordable' },
  'draft-pick': { n: 27, rule: '§4.9', who: 'shield owners, left to right', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'pass (shield removed)' },
  'acting-chairman': { n: 28, rule: '§5.1, §5.8', who: 'Chairman', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'next attending baron clockwise (none attending: G-A63)' },
  'personal-motion': { n: 29, rule: '§5.5', who: 'Fate-designated baron', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'withdraw the motion' },
  'order-of-business': { n: 30, rule: '§5.2', who: 'Chairman', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'agenda slot order' },
  'commit-votes': { n: 31, rule: '§5.3', who: 'attending barons', pattern: 'simultaneous', deadline: 'REPLY', hides: 'amounts until all reveal', byDefault: '0 votes' },
  'declare-vote': { n: 32, rule: '§5.3', who: 'attending barons, chairman order', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'abstain (committed votes lost)' },
  'break-tie': { n: 33, rule: '§5.3', who: 'Chairman', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'Yes/No: "No"; baron vote: random among the tied' },
  'refuse-decision': { n: 34, rule: '§5.7', who: 'affected baron(s)', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'accept' },
  'discard-title': { n: 35, rule: '§2.11', who: 'receiving baron', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'his oldest Title' },
  'assign-office': { n: 36, rule: '§5.6', who: 'receiving baron', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'his noble with the largest army without an Office, else the largest army; none eligible: discarded [P G-A65]' },
  'secret-allocation': { n: 37, rule: '§5.4', who: 'both barons', pattern: 'simultaneous', deadline: 'REPLY', hides: 'allocations until the reveal', byDefault: '0 on every proposal' },
  'refuse-law': { n: 38, rule: '§5.7', who: 'affected baron', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'comply' },
  'revolt': { n: 39, rule: '§4.10.3', who: 'controlling baron, per revolting city', pattern: 'parallel', deadline: 'REPLY', hides: '—', byDefault: 'lose the city' },
  'rebuild-stronghold': { n: 40, rule: '§4.10.6a', who: 'loser, chairman order', pattern: 'sequential', deadline: 'REPLY', hides: '—', byDefault: 'random legal region' },
  'arrivals': { n: 41, rule: '§4.10.6b–c, §4.11', who: 'every baron', pattern: 'parallel', deadline: 'REPLY', hides: '—', byDefault: 'no transfers; each noble with troops to the stronghold region, else the first controlled non-besieged city by map order' },
  'give-crowns': { n: 42, rule: '§4.13', who: 'anyone', pattern: 'free-action', deadline: null, hides: 'private channels', byDefault: '—', anytime: true },
  // with the host option `heirExchange` (heirs.ts): free actions (offer, answer, give back, execute); an unanswered offer expires at the end of the turn
  'heir-exchange': { n: 43, rule: '§7.4', who: 'anyone (variant)', pattern: 'consent', deadline: 'REPLY', hides: '—', byDefault: 'offers expire', anytime: true },
} satisfies Record<string, DecisionRow>;

export type DecisionKind = keyof typeof DECISIONS;
export const DECISION_KINDS = Object.keys(DECISIONS) as DecisionKind[];
export const decisionByNumber = (n: number): DecisionKind | undefined => DECISION_KINDS.find((k) => DECISIONS[k].n === n);
