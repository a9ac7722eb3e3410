/**
 * All the prose renderers of Adventurer Kings, composed from each domain's MESSAGES table and
 * the turn's own (core-messages.ts), and the one function that renders an event: its renderer,
 * or a neutral line for a kind nobody describes (the tests list such kinds).
 */
import type { AKEvent } from '../events.ts';
import { MESSAGES as WORLD } from '../world/messages.ts';
import { MESSAGES as KNOWLEDGE } from '../knowledge/messages.ts';
import { MESSAGES as ENCOUNTERS } from '../encounters/messages.ts';
import { MESSAGES as MAGIC } from '../magic/messages.ts';
import { MESSAGES as ARMIES } from '../armies/messages.ts';
import { MESSAGES as KINGDOM } from '../kingdom/messages.ts';
import { MESSAGES as VALHALLA } from '../valhalla/messages.ts';
import { CORE_MESSAGES } from './core-messages.ts';
import type { MessageTable, RenderEnv, Renderer } from './types.ts';

/** Each table by the domain that owns it (tests check that every kind renders, and that no two domains claim one kind). */
export const MESSAGE_TABLES: Record<string, MessageTable> = {
  core: CORE_MESSAGES,
  world: WORLD,
  knowledge: KNOWLEDGE,
  encounters: ENCOUNTERS,
  magic: MAGIC,
  armies: ARMIES,
  kingdom: KINGDOM,
  valhalla: VALHALLA,
};

const BROKEN = /undefined|\[object Object\]|\bNaN\b/;

/**
 * Every renderer by event kind. A kind claimed by two domains (a naming clash the tests report)
 * gets a renderer that tries each claimant, domain order, and keeps the first clean sentence, so
 * that either emitter's data renders while the clash lasts.
 */
export const ALL_MESSAGES: MessageTable = (() => {
  const claimants = new Map<string, Renderer[]>();
  for (const table of Object.values(MESSAGE_TABLES)) {
    for (const [kind, r] of Object.entries(table)) claimants.set(kind, [...(claimants.get(kind) ?? []), r]);
  }
  const out: MessageTable = {};
  for (const [kind, rs] of claimants) {
    out[kind] = rs.length === 1 ? rs[0]! : (e, env) => {
      let first: string | null = null;
      for (const r of rs.slice().reverse()) {
        try {
          const text = r(e, env);
          if (typeof text !== 'string') continue;
          if (!BROKEN.test(text)) return text;
          first ??= text;
        } catch { /* the next claimant may understand this event's data */ }
      }
      if (first === null) throw new Error(`no renderer of "${kind}" understood the event`);
      return first;
    };
  }
  return out;
})();

export function rendererOf(kind: string): Renderer | undefined {
  return Object.prototype.hasOwnProperty.call(ALL_MESSAGES, kind) ? ALL_MESSAGES[kind] : undefined;
}

/** The neutral line of an event kind without a renderer (or whose renderer failed). */
export function fallbackLine(e: AKEvent, env: RenderEnv): string {
  const where = typeof e.at === 'number' ? env.province(e.at) : null;
  const who = typeof e.who === 'number' ? env.character(e.who) : null;
  if (env.lang === 'fr') {
    return `Un événement (${e.t}) eut lieu${who ? `, concernant ${who}` : ''}${where ? `, à ${where}` : ''}.`;
  }
  return `An event (${e.t}) took place${who ? `, concerning ${who}` : ''}${where ? `, in ${where}` : ''}.`;
}

/** One event as prose in the reader's language; '' when the kind renders nothing (e.g. `season`). */
export function renderEvent(e: AKEvent, env: RenderEnv): string {
  const r = rendererOf(e.t);
  if (!r) return fallbackLine(e, env);
  try {
    const out = r(e, env);
    if (typeof out !== 'string') return fallbackLine(e, env);
    return out.trim();
  } catch {
    // A report never fails on one sentence: the neutral line stands in (the tests render every kind).
    return fallbackLine(e, env);
  }
}
