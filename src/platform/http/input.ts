/**
 * Hostile input handled in one place for every route: NUL characters in a request (the database
 * stores no U+0000 in text, so they once ended as HTTP 500) are removed, query numbers out of
 * range refused, and "go back to" paths that would leave the site replaced.
 */
import type { FastifyReply } from 'fastify';
import { html } from './html.ts';
import { messages, t } from './i18n.ts';
import { page } from './layout.ts';
import type { Visitor } from './server.ts';

messages({
  'error.bad-request': { fr: 'Requête invalide', en: 'Bad request' },
  'error.nul': {
    fr: 'La requête contient un caractère nul (U+0000) dans des données trop imbriquées pour être lues.',
    en: 'The request holds a NUL character (U+0000) in data nested too deeply to be read.',
  },
  'error.bad-number': {
    fr: 'Paramètre « {name} » invalide : un nombre entier de {min} à {max} est attendu.',
    en: 'Invalid “{name}” parameter: a whole number from {min} to {max} is expected.',
  },
});

/**
 * Whether a parsed body, query or params object holds U+0000 in a string or a key. Walked with
 * an explicit stack (a deeply nested JSON body must not overflow the call stack); bodies are at
 * most 1 MiB, so the walk is bounded by that.
 */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') { if (v.includes('\u0000')) return true; continue; }
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) { for (const x of v) stack.push(x); continue; }
    for (const [k, x] of Object.entries(v)) {
      if (k.includes('\u0000')) return true;
      stack.push(x);
    }
  }
  return false;
}

/**
 * The value without any U+0000 (in strings and keys), or the value itself when it holds none.
 * Rebuilt through JSON, where a NUL is always written as the escape \u0000 (an odd run of
 * backslashes before "u0000"; an even run is literal backslashes). Throws (RangeError) on a
 * structure too deep to serialise: the caller refuses the request.
 */
export function withoutNul<T>(value: T): T {
  if (!hasNul(value)) return value;
  const text = JSON.stringify(value);
  return JSON.parse(text.replace(/(\\+)u0000/g, (m, run: string) => (run.length % 2 ? run.slice(0, -1) : m))) as T;
}

/** Largest id a query may name: PostgreSQL's INTEGER (ids are SERIAL). */
export const MAX_ID = 2 ** 31 - 1;

/**
 * An optional whole-number query parameter: `undefined` when absent or empty, the number when it
 * is digits within [min, max], `null` when it is anything else (the route answers 400).
 */
export function queryInt(query: unknown, name: string, min = 1, max = MAX_ID): number | null | undefined {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>)[name] : undefined;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/** The 400 answer to a query number out of range, in the visitor's language. */
export function badNumber(reply: FastifyReply, v: Visitor, name: string, min: number, max: number): FastifyReply {
  const msg = t(v.lang, 'error.bad-number', { name, min, max });
  return reply.code(400).type('text/html; charset=utf-8').send(page(v, t(v.lang, 'error.bad-request'), html`<p class="error">${msg}</p>`));
}

/**
 * A path on this site to send the visitor back to, or null. Checked after normalising, as the
 * browser will read it: "/.//evil.example/x" normalises to "//evil.example/x", which a browser
 * takes for another host. Accepted: an absolute path starting with one "/", resolving on this
 * origin, with no backslash, no control character and no scheme; returned normalised.
 */
export function localPath(given: unknown): string | null {
  if (typeof given !== 'string' || given.length > 2000) return null;
  // eslint-disable-next-line no-control-regex
  if (!given.startsWith('/') || given.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(given)) return null;
  let u: URL;
  try { u = new URL(given, 'http://suzerain.invalid'); } catch { return null; }
  if (u.origin !== 'http://suzerain.invalid' || !u.pathname.startsWith('/') || u.pathname.startsWith('//') || u.pathname.includes('\\')) return null;
  const out = u.pathname + u.search + u.hash;
  return out.startsWith('//') ? null : out;
}
