/**
 * What a season waits on, rules §11.6 (the no-deadlock rule): one row per kind of decision, with
 * who answers, its deadline class and the default applied on silence, as the table says them. The
 * one place where deadline classes are set (style §9); `deadlineHours` turns a class into hours
 * from the constants (Appendix A). A class `null` is given with the orders (no wait of its own).
 *
 * Foundation-level: imports only the constants' type.
 */
import type { GruikConfig } from './constants.ts';

export type DeadlineClass = 'ORDERS' | 'REACTION' | 'NAVAL_ROUND' | 'TABLETOP_ACCEPT' | 'TABLETOP_REPORT' | 'DISPUTE' | 'GM_TIMED' | 'GM_BLOCKING';

export interface DecisionRow {
  rule: string;
  who: string;
  deadline: DeadlineClass | null;
  /** The default on silence (rules §11.6). */
  byDefault: string;
  /** Kept from season to season once set (standing orders, rules §3.4). */
  standing?: boolean;
}

export const DECISIONS = {
  'orders': { rule: '§3.3 S2, §11.6', who: 'each state, privately and simultaneously', deadline: 'ORDERS', byDefault: 'hold: no movement, no spending, no new detachments, no raid; standing policies carry over; a siege in progress continues' },
  'posture': { rule: '§5.7, §5.8, §11.6', who: 'each state, with the orders', deadline: null, byDefault: 'posture engage; retreat preferences in the order of §5.9', standing: true },
  'sovereign-present': { rule: '§6.4, A-60', who: 'each state, with the orders', deadline: null, byDefault: 'no (the sovereign stays away)', standing: true },
  'forced-ally': { rule: '§4.5.4, A-63', who: 'the tributary, on its master’s demand (`demand-ally`, S3.6; its own `ally … forced` sizes it)', deadline: null, byDefault: '4 AP; if the army cannot spare them the demand fails' },
  'reaction': { rule: '§5.6', who: 'each state with a triggered force that has not moved', deadline: 'REACTION', byDefault: 'the standing reaction policy; with none, no reaction', standing: true },
  'naval-round': { rule: '§7.14, §7.15, J3', who: 'the owner of a fleet whose policy says `ask`, at each detection (intercept or pass) and interception (its answer)', deadline: 'NAVAL_ROUND', byDefault: 'the standing naval policy; with none, the §7.15 defaults', standing: true },
  'volunteer-ally': { rule: '§4.5.4, §6.12.1, A-11', who: 'the owner of a volunteer ally joined to an army about to fight (before S6.3)', deadline: 'TABLETOP_ACCEPT', byDefault: 'the contingent appears (J5)' },
  'tabletop-accept': { rule: '§6.12', who: 'both main players of a battle', deadline: 'TABLETOP_ACCEPT', byDefault: 'refusal: the battle is auto-resolved (ABR)' },
  'battle-report': { rule: '§6.12.1', who: 'the winner (or either player)', deadline: 'TABLETOP_REPORT', byDefault: 'ABR' },
  'report-confirmation': { rule: '§6.12.1', who: 'the other player', deadline: 'DISPUTE', byDefault: 'confirmed' },
  'loser-retreat': { rule: '§5.9', who: 'the loser, with the report', deadline: null, byDefault: 'the retreat preference list of §5.9', standing: true },
  'master-tie': { rule: '§8.4.1, J22', who: 'the tributary', deadline: null, byDefault: 'the lowest id' },
  'disband-army': { rule: '§4.8', who: 'the state in shortfall', deadline: null, byDefault: 'the army with the lowest currentAP' },
  'create-army': { rule: '§4.8', who: 'a state entitled to a new army that ordered none (asked at S8.7, deadline REACTION [P]; the answer stands)', deadline: 'REACTION', byDefault: 'create', standing: true },
  'relief-sortie': { rule: '§8.1.5, A-61, J14', who: 'the besieger, with the orders (sheet `relief <province> retreat|pin|all|auto`, `consent <province> yes|no`; read at S6.1)', deadline: null, byDefault: 'relief: case 1 if besieger AP − besieged AP ≥ relief AP, else case 2 (A-61); sortie consent refused', standing: true },
  'treaty-confirmation': { rule: '§8.11', who: 'each signatory', deadline: null, byDefault: 'stays unconfirmed and unpublished; nothing waits on it' },
  'gm-timed': { rule: '§11.3', who: 'the GM', deadline: 'GM_TIMED', byDefault: 'the program default of §11.4' },
  'gm-blocking': { rule: '§11.3', who: 'the GM', deadline: 'GM_BLOCKING', byDefault: 'the program default of §11.4; a disputed battle is resolved by ABR' },
} satisfies Record<string, DecisionRow>;

export type DecisionKind = keyof typeof DECISIONS;
export const DECISION_KINDS = Object.keys(DECISIONS) as DecisionKind[];

/** Hours a deadline class gives, from the constants in force. */
export function deadlineHours(c: GruikConfig, cls: DeadlineClass): number {
  switch (cls) {
    case 'ORDERS': return c.deadlines.ordersHours;
    case 'REACTION': return c.deadlines.reactionWindowHours;
    case 'NAVAL_ROUND': return c.deadlines.navalRoundHours;
    case 'TABLETOP_ACCEPT': return c.deadlines.tabletopAcceptHours;
    case 'TABLETOP_REPORT': return c.deadlines.tabletopReportDays * 24;
    case 'DISPUTE': return c.deadlines.disputeDays * 24;
    case 'GM_TIMED': return c.gm.timedReviewHours;
    case 'GM_BLOCKING': return c.gm.blockingTimeoutHours;
  }
}
