/**
 * Deadlines of games made of prompts (issue 14): each open decision's length at the game's pace,
 * from the ruleset's deadline classes and the host's overrides, and the step's deadline from them,
 * resuming a player's clock where his slot was interrupted by others (`Decision.clock`), or
 * running it down while others answer him (`Decision.charges`).
 *
 * Pure: the referee's worker computes the open prompts of a new state (`openPrompts`), the
 * platform turns them into a deadline (`stepDeadline`) with the game's clocks.
 */
import type { Decision, Pace, Ruleset } from '../../engine/ruleset.ts';
import { PACES } from '../../engine/ruleset.ts';

export { PACES };
export type { Pace };

/**
 * A decision that names no class in a game of prompts (`game-deadline`) lasts one "turn" of the
 * pace: 10 minutes live, a day, a week.
 */
export const PACE_TURN_MINUTES: Record<Pace, number> = { live: 10, daily: 24 * 60, weekly: 7 * 24 * 60 };

/** The bounds of a host's override of a class's length: one minute to four weeks. */
export const CLASS_MINUTES_MIN = 1;
export const CLASS_MINUTES_MAX = 28 * 24 * 60;

/** An open decision as the platform schedules it: who is asked, for how long (null: no deadline), on which clock, charged to which clock. */
export interface OpenPrompt { id: string; players: string[]; minutes: number | null; clock?: string; charges?: string }

/** A decision's length at a pace, in minutes (null: the game waits for it). */
export function decisionMinutes(rs: Ruleset, d: Decision, pace: Pace, overrides: Record<string, number> | null): number | null {
  const p = d.deadline;
  switch (p.kind) {
    case 'none': return null;
    case 'after': return Math.max(CLASS_MINUTES_MIN, Math.round(p.hours * 60));
    case 'game-deadline': return PACE_TURN_MINUTES[pace];
    case 'class': {
      const own = overrides?.[p.name];
      if (typeof own === 'number' && Number.isFinite(own)) return own;
      const c = rs.deadlineClasses?.[p.name];
      return c ? c.minutes[pace] : PACE_TURN_MINUTES[pace];
    }
  }
}

/** The open decisions of a state as prompts at a pace. */
export function openPrompts(rs: Ruleset, state: unknown, pace: Pace, overrides: Record<string, number> | null): OpenPrompt[] {
  return rs.decisions(state).map((d) => ({
    id: d.id, players: [...d.players], minutes: decisionMinutes(rs, d, pace, overrides), ...(d.clock ? { clock: d.clock } : {}), ...(d.charges ? { charges: d.charges } : {}),
  }));
}

/**
 * The deadline of a step: the longest of its prompts' lengths from `now`, a prompt on a clock
 * that has time left (`clocks`, milliseconds) resuming with that time (a clock run down to 0 by
 * the prompts charged to it, `charges`, has none left: due at once), and a charged prompt lasting
 * at most the time left on the clock it is charged to. Null when no prompt has a deadline.
 */
export function stepDeadline(prompts: OpenPrompt[], now: Date, clocks: Record<string, number> | null): Date | null {
  let longest: number | null = null;
  for (const p of prompts) {
    if (p.minutes === null) continue;
    const full = p.minutes * 60_000;
    const left = p.clock !== undefined ? clocks?.[p.clock] : undefined;
    let ms = typeof left === 'number' && left >= 0 ? Math.min(left, full) : full;
    const bank = p.charges !== undefined ? clocks?.[p.charges] : undefined;
    if (typeof bank === 'number') ms = Math.min(ms, Math.max(0, bank));
    longest = longest === null ? ms : Math.max(longest, ms);
  }
  return longest === null ? null : new Date(now.getTime() + longest);
}

/** At most this many clocks are kept per game (the most recent ones): a clock names a slot, and old slots are over. */
export const CLOCKS_KEPT = 32;

/**
 * The clocks after a step resolved at `now`: every prompt of the step just resolved that runs on a
 * clock keeps the time that was left before its deadline (nothing when it ran out), so that the
 * slot resumes with it if the ruleset opens it again after other players' prompts. A prompt's clock
 * stops when it was answered (`answeredAt`, by prompt id: its last answer, given only once every
 * player it asks has answered), not when the turn job got to it: a job running late, or down,
 * costs the player nothing.
 *
 * A prompt charged to a clock (`charges`) takes the time it lasted, from when it was asked
 * (`askedAt`) to its last answer or its deadline, from that clock, down to 0 (kept: a clock with
 * no time left makes its next prompt due at once). A clock not known yet is not charged.
 */
export function clocksAfter(clocks: Record<string, number> | null, resolved: OpenPrompt[], deadline: Date | null, now: Date, answeredAt: Record<string, Date> = {}, askedAt: Date | null = null): Record<string, number> {
  const out: Record<string, number> = { ...(clocks ?? {}) };
  for (const p of resolved) {
    if (p.clock === undefined && p.charges === undefined) continue;
    const stopped = answeredAt[p.id] && answeredAt[p.id]!.getTime() < now.getTime() ? answeredAt[p.id]! : now;
    if (p.clock !== undefined) {
      const left = deadline ? deadline.getTime() - stopped.getTime() : 0;
      delete out[p.clock]; // re-inserted last: the most recent clocks are kept
      if (left > 0) out[p.clock] = left;
    }
    const had = p.charges !== undefined ? out[p.charges] : undefined;
    if (p.charges !== undefined && typeof had === 'number' && askedAt) {
      delete out[p.charges];
      out[p.charges] = Math.max(0, had - chargedTime(p, had, deadline, stopped, askedAt));
    }
  }
  const keys = Object.keys(out);
  for (const k of keys.slice(0, Math.max(0, keys.length - CLOCKS_KEPT))) delete out[k];
  return out;
}

/**
 * The time a charged prompt took from its clock (`had` left on it when asked): from `askedAt` to
 * `stopped`, never past its deadline. A pause (or an extension of the step by another prompt's
 * player) moves the step's deadline on without the clock running: the time counted is then its
 * length as asked (`had` or less) less what was left before the deadline, whichever is smaller —
 * the clock is never charged for time it was not running.
 */
function chargedTime(p: OpenPrompt, had: number, deadline: Date | null, stopped: Date, askedAt: Date): number {
  const end = deadline ? Math.min(stopped.getTime(), deadline.getTime()) : stopped.getTime();
  const elapsed = Math.max(0, end - askedAt.getTime());
  if (!deadline || p.minutes === null) return elapsed;
  const asked = Math.min(p.minutes * 60_000, had);
  return Math.max(0, Math.min(elapsed, asked - (deadline.getTime() - end)));
}

/** A host's overrides checked: known classes only, whole minutes within bounds. Throws an Error naming the bad one. */
export function checkPaceMinutes(rs: Ruleset, overrides: Record<string, unknown> | null | undefined): Record<string, number> | null {
  if (!overrides) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(overrides)) {
    if (v === '' || v === null || v === undefined) continue;
    if (!rs.deadlineClasses?.[k]) throw new Error(`unknown deadline class ${k}`);
    const n = Number(v);
    if (!Number.isInteger(n) || n < CLASS_MINUTES_MIN || n > CLASS_MINUTES_MAX) throw new Error(`${k}: a length in whole minutes from ${CLASS_MINUTES_MIN} to ${CLASS_MINUTES_MAX}`);
    out[k] = n;
  }
  return Object.keys(out).length ? out : null;
}
