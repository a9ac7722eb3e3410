/**
 * A player's stored answer put back in the prompt page's guided form (engine `formValues`, issue
 * 21): the entry of `formOf` (index.ts) that writes it and its fields' values, one case per
 * question with fields. The page's form is one order a line, so an answer of several orders (typed,
 * or by mail) has no entry that writes it: none is proposed, and the form stays blank. Every
 * candidate is checked by `firstRoundTrip` (the line read back by the referee must give the same
 * answer), so a case that gets a value wrong fills nothing rather than a different answer.
 *
 * Fog (style §5): read from the answer alone (his own lords, cards and villages); the form whose
 * options the values must be is his own.
 */
import { choiceCandidates } from '../../engine/form-values.ts';
import type { AnswerForm, FormValues } from '../../engine/ruleset.ts';
import type { Ask } from './flow.ts';
import { AS_CARDINAL } from './holds.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');
/** The one item of a list answer, or null when it holds none or several. */
const only = (x: unknown): Obj | null => (Array.isArray(x) && x.length === 1 && isObj(x[0]) ? x[0] : null);
/** The one key of an object answer (a village), or null. */
const oneKey = (x: unknown): [string, unknown] | null => (isObj(x) && Object.keys(x).length === 1 ? Object.entries(x)[0]! : null);
const c = (code: string, values: Record<string, string>): FormValues[] => [{ code, values }];

/** The candidates for `value`, the answer to `ask` (the form `form`, his own). */
export function fiefFormCandidates(ask: Ask, form: AnswerForm, value: unknown): Iterable<FormValues> {
  const v = value;
  switch (ask.ctx.k) {
    case 'purchases': {
      const p = only(v);
      if (!p) return [];
      if (p.item === 'troops') return c('troops', { village: str(p.village), s: str(p.sergeants), k: str(p.knights) });
      if (p.item === 'mill' || p.item === 'castle') return c(p.item, { village: str(p.village) });
      if (p.item === 'fief-title') return c('title', { fief: str(p.fief), lord: str(p.lord) });
      return [];
    }
    case 'movement': { const m = only(v); return m ? c('move', { lord: str(m.lead), to: str(m.to), s: str(m.sergeants), k: str(m.knights) }) : []; }
    case 'declare-battles': { const b = only(v); return b ? c('battle', { village: str(b.village), defender: str(b.defender) }) : []; }
    case 'sieges': {
      if (!isObj(v) || !Array.isArray(v.declare) || !Array.isArray(v.end)) return [];
      if (v.declare.length === 1 && v.end.length === 0) return c('siege', { village: str(v.declare[0]) });
      if (v.end.length === 1 && v.declare.length === 0) return c('lift', { village: str(v.end[0]) });
      return [];
    }
    case 'pillage': { const k = oneKey(v); return k ? c('pillage', { village: k[0], n: str(k[1]) }) : []; }
    case 'play-cards': { const p = only(v); return p ? c('play', { card: str(p.card) }) : []; }
    case 'discard-draw': {
      if (!isObj(v) || !Array.isArray(v.discard) || !Array.isArray(v.draws) || v.surprises) return [];
      if (v.discard.length === 1 && v.draws.length === 0) return c('discard', { card: str(v.discard[0]) });
      if (v.draws.length === 1 && v.discard.length === 0) return c('draw', { deck: str(v.draws[0]) });
      return [];
    }
    case 'place-votes':
      if (!isObj(v) || (v.for !== undefined) === (v.blank !== undefined)) return [];
      return v.for !== undefined ? c('for', { lord: str(v.for) }) : c('blank', { lord: str(v.blank) });
    case 'ransom-offer':
      return isObj(v) && Array.isArray(v.prisoners) && v.prisoners.length === 1 ? c('offer', { amount: str(v.amount), lord: str(v.prisoners[0]) }) : [];
    case 'plague-losses': { const k = oneKey(v); return k && isObj(k[1]) ? c('lose', { village: k[0], s: str(k[1].sergeants), k: str(k[1].knights) }) : []; }
    case 'loss-allocation':
      if (isObj(v) && Array.isArray(v.killed)) return v.killed.length === 1 ? c('kill', { lord: str(v.killed[0]) }) : [];
      return choiceCandidates(form); // one entry a legal allocation, without fields
    case 'hold': case 'revolt-losses': return choiceCandidates(form); // one entry a play (or pass), one a loss
    case 'calming': {
      if (!Array.isArray(v) || v.length !== 1) return [];
      const l = str(v[0]);
      return l.startsWith(AS_CARDINAL) ? c('calm-cardinal', { lord: l.slice(AS_CARDINAL.length) }) : c('calm', { lord: l });
    }
    default: return [];
  }
}
