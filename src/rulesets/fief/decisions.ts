/**
 * The catalogue of interactive decisions, rules §11.4 (#1–#43 and #38a), as data: the one place
 * where each decision's deadline class is set (style §9). Each row keeps the table's number, rule,
 * who answers, the prompt pattern, the deadline class and the default on timeout, as the table
 * says them. The protocols that open these decisions are not written yet: a row is a contract for
 * them (a test checks that every step of phases.ts names only rows of this table, and that every
 * row is reached from a step or is marked `anytime`).
 *
 * Deadline classes: TURN, REPLY, BATTLE, HOLD (§11.1.5); minutes per pace in constants.ts
 * `deadlines`. null: not a prompt (a part of another command, a free action, automatic).
 */
import type { DeadlineClassName } from './constants.ts';

export type Pattern = 'sequential' | 'parallel' | 'simultaneous' | 'single' | 'part-of-command' | 'free-action' | 'automatic' | 'offer';

export interface DecisionRow {
  n: string;
  rule: string;
  who: string;
  pattern: Pattern;
  deadline: DeadlineClassName | null;
  /** The default on timeout, as §11.4 states it. */
  byDefault: string;
  /** Opened outside the step sequence (a surprise card, a death, a free action, a request). */
  anytime?: boolean;
  /** Rate-limited request that never pauses the game beyond one REPLY (§11.1.6). */
  nonBlocking?: boolean;
}

export const DECISIONS = {
  'propose-marriage': { n: '1', rule: '§5.1', who: 'each player, in turn order in step 1.A', pattern: 'sequential', deadline: 'TURN', byDefault: 'no proposal' },
  'accept-marriage': { n: '2', rule: '§5.1', who: 'proposed-to player', pattern: 'parallel', deadline: 'REPLY', byDefault: 'decline' },
  'declare-candidate': { n: '3', rule: '§5.5.1', who: 'each player, in turn order', pattern: 'sequential', deadline: 'TURN', byDefault: 'no candidate' },
  'place-votes': { n: '4', rule: '§5.5.1', who: 'each player with at least 1 vote, in turn order', pattern: 'sequential', deadline: 'TURN', byDefault: 'abstain (no markers)' },
  'pope-consent': { n: '5', rule: '§5.6', who: 'pope’s player', pattern: 'single', deadline: 'REPLY', byDefault: 'refuse (consent must be prior and explicit); repeat requests rate-limited', anytime: true },
  'king-waiver': { n: '6', rule: '§7.2.4', who: 'king or regent’s player', pattern: 'single', deadline: 'REPLY', byDefault: 'no waiver (full price; the buyer may cancel the purchase)' },
  'annulment': { n: '7', rule: '§5.1', who: 'either spouse’s player asks; the pope decides', pattern: 'single', deadline: 'REPLY', byDefault: 'refuse; repeat requests rate-limited', anytime: true, nonBlocking: true },
  'excommunicate': { n: '8', rule: '§5.11', who: 'pope’s player', pattern: 'free-action', deadline: null, byDefault: '—', anytime: true },
  'discard-draw': { n: '9', rule: '§6.1', who: 'each player, sequentially', pattern: 'sequential', deadline: 'TURN', byDefault: 'stop (no further draws); an Event draw in progress completes automatically' },
  'plague-losses': { n: '10', rule: '§6.3.4', who: 'owners', pattern: 'parallel', deadline: 'BATTLE', byDefault: 'remove sergeants first, then knights' },
  'play-cards': { n: '11', rule: '§6.4', who: 'each player, sequentially', pattern: 'sequential', deadline: 'TURN', byDefault: 'play nothing' },
  'lord-placement': { n: '12', rule: '§6.4.1', who: 'owner', pattern: 'part-of-command', deadline: null, byDefault: 'the first legal village in board order at the highest available level' },
  'placement-consent': { n: '13', rule: '§6.4.1, G-57', who: 'all relevant controllers at once (one parallel batch)', pattern: 'parallel', deadline: 'REPLY', byDefault: 'refuse; if nobody agrees the Lord card stays in hand and a freed lord stays free where he is' },
  'crown-prince': { n: '14', rule: '§5.8', who: 'queen’s player, when playing a male lord', pattern: 'part-of-command', deadline: null, byDefault: 'not designated' },
  'tithe-priority': { n: '15', rule: '§6.4.6', who: 'engine', pattern: 'automatic', deadline: null, byDefault: '—' },
  'ransom-offer': { n: '16', rule: '§8.5.3', who: 'prisoner’s owner', pattern: 'sequential', deadline: 'REPLY', byDefault: 'no offer: compulsory full payment' },
  'accept-ransom': { n: '17', rule: '§8.5.3', who: 'jailer', pattern: 'single', deadline: 'REPLY', byDefault: 'refuse' },
  'purchases': { n: '18', rule: '§7.2', who: 'each player, sequentially', pattern: 'sequential', deadline: 'TURN', byDefault: 'buy nothing' },
  'movement': { n: '19', rule: '§8.1', who: 'active player', pattern: 'sequential', deadline: 'TURN', byDefault: 'end movement' },
  'pass-consent': { n: '20', rule: '§8.1.1', who: 'each concerned player (batch)', pattern: 'parallel', deadline: 'REPLY', byDefault: 'refuse, unless the player’s standing permission says otherwise' },
  'after-refusal': { n: '21', rule: '§8.1.1', who: 'mover', pattern: 'single', deadline: 'REPLY', byDefault: 'stop' },
  'raid-fight': { n: '22', rule: '§8.3', who: 'blockers, then the raider', pattern: 'parallel', deadline: 'REPLY', byDefault: 'blocker: fight; raider: fight those who fight' },
  'raid-continue': { n: '23', rule: '§8.3', who: 'raider', pattern: 'single', deadline: 'REPLY', byDefault: 'continue to the first legal adjacent village in board order (going back counts), leaving nothing; if no step is legal, stop' },
  'declare-battles': { n: '24', rule: '§8.4.1', who: 'active player', pattern: 'sequential', deadline: 'TURN', byDefault: 'no (more) battles' },
  'join-side': { n: '25', rule: '§8.4.2', who: 'third players present / side leaders', pattern: 'parallel', deadline: 'REPLY', byDefault: 'don’t join / refuse' },
  'loss-allocation': { n: '26', rule: '§8.4.5', who: 'each side leader', pattern: 'simultaneous', deadline: 'BATTLE', byDefault: 'sergeants first, then knights (maximise CP; keep knights); lords killed: untitled first, then fewest titles' },
  'capture': { n: '27', rule: '§8.4.5', who: 'capturing leader', pattern: 'single', deadline: 'BATTLE', byDefault: 'capture all (the rules’ own default)' },
  'prisoner-holders': { n: '28', rule: '§8.4.2', who: 'capturing leader', pattern: 'part-of-command', deadline: null, byDefault: 'the leader holds them' },
  'switch-or-leave': { n: '29', rule: '§8.4.2', who: 'each non-leader participant', pattern: 'parallel', deadline: 'BATTLE', byDefault: 'stay' },
  'end-of-round': { n: '30', rule: '§8.4.7', who: 'leaders', pattern: 'parallel', deadline: 'BATTLE', byDefault: 'continue' },
  'accept-stop': { n: '31', rule: '§8.4.7', who: 'other leader', pattern: 'single', deadline: 'BATTLE', byDefault: 'refuse' },
  'sieges': { n: '32', rule: '§8.6', who: 'active player (6.B)', pattern: 'sequential', deadline: 'TURN', byDefault: 'existing sieges continue; no new siege' },
  'leave-besieged': { n: '33', rule: '§8.1.1', who: 'besieger', pattern: 'single', deadline: 'REPLY', byDefault: 'refuse' },
  'reinforce-besieged': { n: '34', rule: '§8.6', who: 'besieged player', pattern: 'single', deadline: 'REPLY', byDefault: 'refuse' },
  'pillage': { n: '35', rule: '§8.7', who: 'each player, in turn order', pattern: 'sequential', deadline: 'TURN', byDefault: 'no pillage' },
  'revolt-target': { n: '36', rule: '§6.5.3', who: 'revolt player', pattern: 'single', deadline: 'REPLY', byDefault: 'the village controller first, then by turn order', anytime: true },
  'revolt-losses': { n: '37', rule: '§6.5.3', who: 'attacked player', pattern: 'single', deadline: 'BATTLE', byDefault: 'sergeants first', anytime: true },
  'calming': { n: '38', rule: '§6.5.3', who: 'bishop’s player; cardinals’ players', pattern: 'parallel', deadline: 'HOLD', byDefault: 'no attempt', anytime: true },
  'relic-power': { n: '38a', rule: 'App. A', who: 'relic holder (public)', pattern: 'single', deadline: 'HOLD', byDefault: 'not used' },
  'fief-heir': { n: '39', rule: '§5.9.2', who: 'owner', pattern: 'single', deadline: 'REPLY', byDefault: 'the lord with the fewest fief titles, then by seniority (earliest in play)', anytime: true },
  'control-on-leaving': { n: '40', rule: '§8.2', who: 'leaving controller', pattern: 'part-of-command', deadline: null, byDefault: 'earliest arrival, then turn order' },
  'embassy-trade': { n: '41', rule: '§5.10', who: 'two players', pattern: 'offer', deadline: 'REPLY', byDefault: 'decline', anytime: true, nonBlocking: true },
  'cede-release-give': { n: '42', rule: '§4.0', who: 'owner', pattern: 'free-action', deadline: null, byDefault: '—', anytime: true },
  'victory-check': { n: '43', rule: '§1.4', who: 'engine', pattern: 'automatic', deadline: null, byDefault: '—' },
} satisfies Record<string, DecisionRow>;

export type DecisionKind = keyof typeof DECISIONS;

/**
 * The hold question of §11.3 point 2 (not a row of the §11.4 table, which lists the decisions a
 * hold gathers: a surprise card, a title power, a relic): every player, parallel, `HOLD`, pass.
 */
export const HOLD: DecisionRow = { n: '§11.3', rule: '§11.3, §6.5, G-35', who: 'every player (§11.3 point 3)', pattern: 'parallel', deadline: 'HOLD', byDefault: 'pass', anytime: true };
export const DECISION_KINDS = Object.keys(DECISIONS) as DecisionKind[];
