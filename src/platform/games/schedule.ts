/**
 * Turn deadlines: "Friday 23:00, Europe/Paris, every week" as instants. The wall-clock time is
 * converted with the time zone's offset at that very date (Intl.DateTimeFormat), so a deadline
 * stays at 23:00 local time on both sides of a daylight-saving change.
 *
 * - every 7 days (or a multiple of 7): the next `weekday` at `time`;
 * - every N days otherwise: the next day at `time` (the weekday is ignored);
 * - with an `anchor` (the previous deadline) and a period other than 7 days, deadlines follow the
 *   anchor's rhythm: anchor + k·N local days, the first one after the given instant.
 *
 * A wall-clock time that does not exist (skipped when clocks go forward) is moved forward by the
 * length of the gap (02:30 becomes 03:30); a time that occurs twice (clocks go back) is the first occurrence.
 */
import { DEFAULT_SCHEDULE, type Schedule } from './api.ts';

export { DEFAULT_SCHEDULE };
export type { Schedule };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalTime { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The wall-clock date and time of an instant in a time zone (month 1–12). */
export function localParts(instant: Date, timeZone: string): LocalTime {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour! % 24, minute: p.minute!, second: p.second! };
}

/** Offset of the time zone from UTC at an instant, in milliseconds (Paris in winter: +3 600 000). */
export function zoneOffset(instant: Date, timeZone: string): number {
  const l = localParts(instant, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of a wall-clock time in a time zone (month 1–12; day may overflow, as in Date.UTC). */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two offsets are possible around a change; try both and keep the earliest that shows this wall time.
  const candidates = new Set<number>();
  for (const probe of [wall - 36 * 3600_000, wall, wall + 36 * 3600_000]) candidates.add(wall - zoneOffset(new Date(probe), timeZone));
  const exact = [...candidates].filter((t) => {
    const l = localParts(new Date(t), timeZone);
    return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) === wall;
  }).sort((a, b) => a - b);
  if (exact.length) return new Date(exact[0]!);
  // In a gap (clocks went forward): the wall time read with the offset before the change lands after it.
  return new Date(wall - zoneOffset(new Date(wall - 36 * 3600_000), timeZone));
}

export function parseTime(time: string): { hour: number; minute: number } {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) throw new Error(`bad time "${time}" (expected HH:MM)`);
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) throw new Error(`bad time "${time}"`);
  return { hour, minute };
}

/** Checks a schedule (an unknown time zone or a bad time throws). */
export function checkSchedule(s: Schedule): Schedule {
  parseTime(s.time);
  if (!Number.isInteger(s.weekday) || s.weekday < 0 || s.weekday > 6) throw new Error(`bad weekday ${s.weekday}`);
  if (!Number.isInteger(s.everyDays) || s.everyDays < 1 || s.everyDays > 60) throw new Error(`bad period ${s.everyDays} days`);
  if (s.minHours !== undefined && (typeof s.minHours !== 'number' || !Number.isFinite(s.minHours) || s.minHours < 0 || s.minHours > s.everyDays * 24)) {
    throw new Error(`bad minimum turn length ${s.minHours} hours (0 to ${s.everyDays * 24})`);
  }
  formatter(s.timeZone); // throws RangeError on an unknown zone
  return s;
}

/** The shortest a turn lasts, in milliseconds: the host's `minHours`, or half the period. */
export function minTurnMs(s: Schedule): number {
  return (s.minHours ?? s.everyDays * 12) * 3600_000;
}

/**
 * The deadline of a turn that starts at `start` (a game's start, or the resolution of the turn
 * before, early or not): the first slot at least the turn's minimum length after it, so that a
 * turn resolved early on Friday at 22:59 is not followed by a turn of one minute.
 */
export function turnDeadline(s: Schedule, start: Date, anchor?: Date | null): Date {
  return nextDeadline(s, new Date(start.getTime() + minTurnMs(s)), anchor);
}

/** The first deadline strictly after `after` (see the module comment for `anchor`). */
export function nextDeadline(schedule: Schedule = DEFAULT_SCHEDULE, after: Date, anchor?: Date | null): Date {
  const { hour, minute } = parseTime(schedule.time);
  const tz = schedule.timeZone;
  const every = schedule.everyDays;
  if (anchor && every !== 7) {
    const a = localParts(anchor, tz);
    // Jump close to `after`, then step (the period is in local days, not 24-hour blocks).
    const lagDays = Math.max(0, Math.floor((after.getTime() - anchor.getTime()) / 86400_000));
    let k = Math.max(1, Math.floor(lagDays / every));
    for (let guard = 0; guard < 1000; guard++, k++) {
      const t = zonedTime(a.year, a.month, a.day + k * every, hour, minute, tz);
      if (t.getTime() > after.getTime()) return t;
    }
    throw new Error('no deadline found');
  }
  const l = localParts(after, tz);
  for (let i = 0; i <= 14; i++) {
    const weekday = new Date(Date.UTC(l.year, l.month - 1, l.day + i)).getUTCDay();
    if (every % 7 === 0 && weekday !== schedule.weekday) continue;
    const t = zonedTime(l.year, l.month, l.day + i, hour, minute, tz);
    if (t.getTime() > after.getTime()) return t;
  }
  throw new Error('no deadline found');
}

/** A deadline as the players read it, e.g. "vendredi 27 novembre 2026, 23:00 (Europe/Paris)". */
export function formatDeadline(d: Date, timeZone: string, lang: 'fr' | 'en'): string {
  const s = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).format(d);
  return `${s} (${timeZone})`;
}
