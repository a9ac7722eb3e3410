/**
 * Personal API tokens (issue 18, "A public API"): a player creates them on /account/tokens, each
 * with a name and scopes, and revokes them there. The token itself (`suz_` and 32 random bytes in
 * base64url) is shown once, at creation; the database keeps its SHA-256 only (migration 019).
 *
 * Scopes:
 *  - `read`: my games, my view of a game, the decisions waiting for me, my reports, my statistics;
 *  - `play`: answer (a sheet or a prompt's answer) and ready;
 *  - `messages`: the forum and the letters of my games, read and write.
 * A token acts for its owner and never for anyone else: every route then applies the same access
 * rules as the pages (a seat's sheet, view and reports are its player's alone).
 */
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { newToken, sha256, type AppCtx } from '../http/server.ts';

export const SCOPES = ['read', 'play', 'messages'] as const;
export type Scope = typeof SCOPES[number];
export const isScope = (s: unknown): s is Scope => typeof s === 'string' && (SCOPES as readonly string[]).includes(s);

/** A player's live tokens at most (revoked ones do not count). */
export const TOKENS_PER_USER = 20;
export const TOKEN_NAME_MAX = 60;
const PREFIX = 'suz_';
/** The shape of a token as issued: anything else is refused before any lookup. */
const TOKEN_RE = /^suz_[\w-]{43}$/;

export interface TokenInfo { id: number; name: string; scopes: Scope[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }

/** The user a valid token acts for, with its scopes. */
export interface TokenUser {
  tokenId: number;
  scopes: Scope[];
  user: { id: number; login: string; email: string; lang: Lang; isHost: boolean; validated: boolean };
}

export class TokenError extends Error {
  constructor(readonly key: 'tokens.err.name' | 'tokens.err.scopes' | 'tokens.err.too-many') { super(key); }
}

const scopesOf = (s: string): Scope[] => s.split(',').filter(isScope);

/** Creates a token for a user; returns the token in clear (shown once) and its row. */
export async function createToken(ctx: AppCtx, userId: number, name: string, scopes: Scope[]): Promise<{ token: string; info: TokenInfo }> {
  const n = name.replace(/\s+/g, ' ').trim();
  // eslint-disable-next-line no-control-regex
  if (!n || n.length > TOKEN_NAME_MAX || /[\u0000-\u001f\u007f]/.test(n)) throw new TokenError('tokens.err.name');
  const chosen = SCOPES.filter((s) => scopes.includes(s));
  if (!chosen.length) throw new TokenError('tokens.err.scopes');
  return ctx.db.tx(async (t) => {
    await t.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const live = await t.one<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
    if (Number(live?.n ?? 0) >= TOKENS_PER_USER) throw new TokenError('tokens.err.too-many');
    const token = PREFIX + newToken(32);
    const now = ctx.now();
    const r = await t.one<{ id: number }>('INSERT INTO api_tokens(user_id, name, token_hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [userId, n, sha256(token), chosen.join(','), now]);
    return { token, info: { id: Number(r!.id), name: n, scopes: chosen, createdAt: now, lastUsedAt: null, revokedAt: null } };
  });
}

/** A user's tokens, newest first (revoked ones too, marked). */
export async function listTokens(db: Db, userId: number): Promise<TokenInfo[]> {
  const rows = await db.query<{ id: number; name: string; scopes: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
    'SELECT id, name, scopes, created_at, last_used_at, revoked_at FROM api_tokens WHERE user_id = $1 ORDER BY id DESC', [userId]);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, scopes: scopesOf(r.scopes), createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at }));
}

/** Revokes one of the user's own tokens; false when he has no such live token. */
export async function revokeToken(ctx: AppCtx, userId: number, tokenId: number): Promise<boolean> {
  const r = await ctx.db.one('UPDATE api_tokens SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id', [tokenId, userId, ctx.now()]);
  return !!r;
}

/**
 * The user behind a token given in `Authorization: Bearer`, or null (unknown, revoked, malformed,
 * or its owner is a guest). Records when it was last used (at most once a minute per token).
 */
export async function authenticate(ctx: AppCtx, token: string): Promise<TokenUser | null> {
  if (!TOKEN_RE.test(token)) return null;
  const r = await ctx.db.one<{ id: number; scopes: string; last_used_at: Date | null; user_id: number; login: string; email: string; lang: Lang; is_host: boolean; validated: boolean; is_guest: boolean }>(
    `SELECT k.id, k.scopes, k.last_used_at, u.id AS user_id, u.login, u.email, u.lang, u.is_host, u.validated, u.is_guest
       FROM api_tokens k JOIN users u ON u.id = k.user_id WHERE k.token_hash = $1 AND k.revoked_at IS NULL`, [sha256(token)]);
  if (!r || r.is_guest) return null;
  const now = ctx.now();
  if (!r.last_used_at || now.getTime() - new Date(r.last_used_at).getTime() > 60_000) {
    await ctx.db.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [r.id, now]);
  }
  return {
    tokenId: Number(r.id), scopes: scopesOf(r.scopes),
    user: { id: Number(r.user_id), login: r.login, email: r.email, lang: r.lang === 'en' ? 'en' : 'fr', isHost: !!r.is_host, validated: !!r.validated },
  };
}
