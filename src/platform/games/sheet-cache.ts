/**
 * What the autosave computes for a sheet, kept for the next save of the same text (issue 20): the
 * decision a player is asked in a state, and the validation and warnings of a text (the ruleset's
 * `validate` and `warnings`, the latter playing the lord's sheet through phases 1–6 in G&P: most
 * of a save's CPU). A page's autosave sends the whole sheet again and again, often unchanged.
 *
 * Both are pure functions of (state, player, decision, text) (rulesets are deterministic), so a
 * result is reused only for the very same state object: a state is shared and never modified
 * (states.ts), and a new state (another turn, another read from the database) is another object,
 * with another id here, so nothing computed on an old state is ever served for a new one.
 *
 * Bounded: at most MAX entries and MAX_BYTES of texts and results (least recently used dropped
 * first); a text longer than MAX_TEXT is not kept. The decisions of a state live as long as the
 * state object (a WeakMap).
 */
import type { Decision, Ruleset, ValidationIssue } from '../../engine/ruleset.ts';
import { withWarnings } from '../../engine/ruleset.ts';

const MAX = Number(process.env.SHEET_CACHE_ENTRIES ?? '') || 4000;
const MAX_BYTES = (Number(process.env.SHEET_CACHE_MB ?? '') || 16) * 1024 * 1024;
const MAX_TEXT = 20_000;

/**
 * The row values of a saved sheet: the parsed answer and the issues as JSON text (written), and
 * the same read back from that text (answered, as the database would give them back). Shared by
 * every save of the same text: read only.
 */
export interface CheckedSheet { value: string | null; issues: string; parsed: { value: unknown; issues: ValidationIssue[] } }

const ids = new WeakMap<object, number>();
let nextId = 1;
const decisions = new WeakMap<object, Decision[]>();
const results = new Map<string, { out: CheckedSheet; bytes: number }>();
let bytes = 0;
/** Hits and misses, for the benchmark and the tests. */
export const sheetCacheStats = { hits: 0, misses: 0 };

function stateId(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  let id = ids.get(state);
  if (id === undefined) { id = nextId++; ids.set(state, id); }
  return id;
}

/** The decision asking `player` in `state` (null: none), the state's decisions computed once. */
export function decisionOf(rs: Ruleset, state: unknown, player: string): Decision | null {
  let all = typeof state === 'object' && state !== null ? decisions.get(state) : undefined;
  if (!all) {
    all = rs.decisions(state);
    if (typeof state === 'object' && state !== null) decisions.set(state, all);
  }
  return all.find((d) => d.players.includes(player)) ?? null;
}

/** The validation and warnings of `text`, as saveOwnSheet writes them (reused for the same state, player, decision and text). */
export function checkSheet(rs: Ruleset, state: unknown, player: string, decision: string, text: string): CheckedSheet {
  const id = stateId(state);
  const key = id !== null && text.length <= MAX_TEXT ? `${rs.id}\u0000${id}\u0000${player}\u0000${decision}\u0000${text}` : null;
  const hit = key !== null ? results.get(key) : undefined;
  if (hit) {
    sheetCacheStats.hits++;
    results.delete(key!); // most recently used goes last
    results.set(key!, hit);
    return hit.out;
  }
  sheetCacheStats.misses++;
  const validation = rs.validate(state, player, decision, text);
  const value = validation.value === null ? null : JSON.stringify(validation.value);
  const issues = JSON.stringify(withWarnings(rs, state, player, decision, text, validation));
  const out: CheckedSheet = { value, issues, parsed: { value: value === null ? null : JSON.parse(value), issues: JSON.parse(issues) } };
  if (key !== null) {
    const b = key.length + 2 * ((out.value?.length ?? 0) + out.issues.length); // the texts and about as much parsed
    results.set(key, { out, bytes: b });
    bytes += b;
    while (results.size > MAX || bytes > MAX_BYTES) {
      const oldest = results.keys().next().value!;
      bytes -= results.get(oldest)!.bytes;
      results.delete(oldest);
    }
  }
  return out;
}
