/**
 * Accounts: sign-up with an e-mail validation code, log in with throttling of failed attempts,
 * password reset by mail, language and password changes, demo guests.
 *
 * Nothing here tells a visitor whether an address is registered: a sign-up with a taken address
 * answers like a new one (the owner gets a warning mail instead of a code), logging in is refused
 * until the address is validated (so the password chosen at such a sign-up tells nothing either),
 * a reset request or a request for a new code answers the same for every address (a reset request
 * is only queued while answering, see requestPasswordReset). Codes and tokens are stored hashed.
 * Times come from ctx.now(). The throttling of guessed passwords and the demo limit are here too.
 */
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { loginConfusable } from '../http/names.ts';
import { newToken, sessionsChanged, sha256, type AppCtx } from '../http/server.ts';
import { queueMail } from '../mail/queue.ts';
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from './passwords.ts';

export const LOGIN_MIN = 3;
export const LOGIN_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const CODE_LENGTH = 8;
export const CODE_TTL_MS = 48 * 3600_000;
export const RESET_TTL_MS = 3600_000;
/**
 * Failed logins (and validation codes, and join passwords of private games, see games/game-pages.ts).
 * Two limits, both over FAILURE_WINDOW_MS:
 * - MAX_FAILURES per (account, client address): one address guessing one account is slowed down
 *   to that many tries per window. There is no limit per account alone: failures from other
 *   addresses never stop the owner logging in from his own address (before, five failures from
 *   anywhere locked the account everywhere, renewable by anyone).
 * - ADDRESS_MAX_FAILURES per client address, whatever the accounts: an address that fails that
 *   much is blocked until its failures leave the window. It is higher than MAX_FAILURES so that
 *   several people behind one shared address (a school, a company) do not block each other at once.
 */
export const MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Mails a visitor can make us send to one address or account per hour (warnings, resets, codes). */
const MAILS_PER_HOUR = 3;
const GUEST_PREFIX = 'guest-';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

messages({
  'acct.err.login-format': {
    fr: 'L’identifiant doit compter de 3 à 24 caractères : lettres, chiffres, espace, - ou _.',
    en: 'The login must be 3 to 24 characters long: letters, digits, space, - or _.',
  },
  'acct.err.login-taken': { fr: 'Cet identifiant est déjà pris : choisissez-en un autre.', en: 'This login is already taken: please choose another one.' },
  'acct.err.login-reserved': { fr: 'Cet identifiant est réservé : choisissez-en un autre.', en: 'This login is reserved: please choose another one.' },
  'acct.err.email-format': { fr: 'Cette adresse électronique n’est pas valide.', en: 'This e-mail address is not valid.' },
  'acct.err.password-short': { fr: 'Le mot de passe doit compter au moins 8 caractères.', en: 'The password must be at least 8 characters long.' },
  'acct.err.password-long': { fr: 'Ce mot de passe est trop long (200 caractères au plus).', en: 'This password is too long (200 characters at most).' },
  'acct.err.password-mismatch': { fr: 'Les deux mots de passe diffèrent.', en: 'The two passwords differ.' },
  'acct.err.password-wrong': { fr: 'Le mot de passe actuel est erroné.', en: 'The current password is wrong.' },
  'acct.mail.hello': { fr: 'Bonjour {login},', en: 'Hello {login},' },
  'acct.mail.signature': { fr: 'Le Scribe Royal', en: 'The Royal Scribe' },
  'acct.mail.code.subject': { fr: 'Suzerain — votre code de validation', en: 'Suzerain — your validation code' },
  'acct.mail.code.intro': {
    fr: 'Bienvenue à la cour de Suzerain ! Pour valider votre adresse, saisissez ce code sur la page de validation :',
    en: 'Welcome to the court of Suzerain! To validate your address, enter this code on the validation page:',
  },
  'acct.mail.code.link': { fr: 'Ou suivez simplement ce lien :', en: 'Or simply follow this link:' },
  'acct.mail.code.expiry': {
    fr: 'Ce code est valable 48 heures. Si vous n’avez pas demandé à vous inscrire, ignorez ce message.',
    en: 'This code is valid for 48 hours. If you did not sign up, please ignore this message.',
  },
  'acct.mail.taken.subject': { fr: 'Suzerain — tentative d’inscription avec votre adresse', en: 'Suzerain — someone tried to sign up with your address' },
  'acct.mail.taken.intro': {
    fr: 'Quelqu’un (peut-être vous) a tenté d’ouvrir un compte Suzerain avec votre adresse. Elle sert déjà au compte « {login} » : aucun nouveau compte n’a été créé.',
    en: 'Someone (perhaps you) tried to open a Suzerain account with your address. It is already used by the account “{login}”: no new account was created.',
  },
  'acct.mail.taken.reset': {
    fr: 'Si vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau ici :',
    en: 'If you forgot your password, you can choose a new one here:',
  },
  'acct.mail.taken.ignore': { fr: 'Sinon, ignorez ce message ; votre compte n’a pas changé.', en: 'Otherwise, please ignore this message; your account has not changed.' },
  'acct.mail.reset.subject': { fr: 'Suzerain — nouveau mot de passe', en: 'Suzerain — new password' },
  'acct.mail.reset.intro': {
    fr: 'Pour choisir un nouveau mot de passe pour le compte « {login} », suivez ce lien (valable une heure, une seule fois) :',
    en: 'To choose a new password for the account “{login}”, follow this link (valid for one hour, once):',
  },
  'acct.mail.reset.ignore': {
    fr: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    en: 'If you did not ask for it, please ignore this message: your password stays unchanged.',
  },
});

export interface AccountUser {
  id: number; login: string; email: string; lang: Lang; validated: boolean; isHost: boolean; isGuest: boolean;
}

const toUser = (r: Record<string, any>): AccountUser => ({
  id: r.id, login: r.login, email: r.email, lang: r.lang === 'en' ? 'en' : 'fr', validated: r.validated, isHost: r.is_host, isGuest: r.is_guest,
});
const USER_COLS = 'id, login, login_key, email, lang, validated, is_host, is_guest, password_hash';

// ---------------------------------------------------------------------------------------------
// Normalisation and checks

/** The login as it will be shown: NFC, trimmed, single spaces. */
export function cleanLogin(login: string): string {
  return String(login ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
}

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** The login's uniqueness key: case and accents folded ("Éric" and "eric" are the same login). */
export function loginKey(login: string): string {
  return cleanLogin(login).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[ßæœøđðłþı]/g, (c) => FOLD[c] ?? c);
}

export function emailKey(email: string): string {
  return String(email ?? '').trim().toLowerCase();
}

/** An error message key, or null when the login is acceptable. */
export function checkLogin(login: string): string | null {
  const l = cleanLogin(login);
  if ([...l].length < LOGIN_MIN || [...l].length > LOGIN_MAX || !/^[\p{L}\p{Nd} _-]+$/u.test(l) || !/[\p{L}\p{Nd}]/u.test(l)) return 'acct.err.login-format';
  if (loginKey(l).startsWith(GUEST_PREFIX)) return 'acct.err.login-reserved';
  return null;
}

export function checkEmail(email: string): string | null {
  const e = String(email ?? '').trim();
  return e.length <= 254 && /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+\.[^\s@<>()[\]",;:\\.]{2,}$/.test(e) ? null : 'acct.err.email-format';
}

export function checkPassword(password: string): string | null {
  const p = String(password ?? '');
  if ([...p].length < PASSWORD_MIN) return 'acct.err.password-short';
  if (p.length > PASSWORD_MAX) return 'acct.err.password-long';
  return null;
}

/** `next` if it is a path on this site (never another host), else null. */
export function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 1000) return null;
  if (!/^\/(?![/\\])/.test(next) || /[\u0000-\u001f\u007f\\]/.test(next)) return null;
  return next;
}

// ---------------------------------------------------------------------------------------------
// Rate limits on top of table login_failures (key, at): one row per failure or per mail sent.

export interface Marks { ids: string[] }

/**
 * Records an attempt under each key first, then counts: concurrent attempts cannot all slip under
 * the limit. Refused attempts are not kept (the delay stays bounded for the real owner). Each key
 * has its own limit (`limits[i]` for `keys[i]`, or the last limit given).
 */
async function takeAttempt(ctx: AppCtx, keys: string[], limits: number | number[], windowMs: number, db: Db = ctx.db): Promise<Marks | null> {
  const now = ctx.now();
  const ids: string[] = [];
  for (const k of keys) {
    const r = await db.one<{ c: string }>('INSERT INTO login_failures(key, at) VALUES ($1, $2) RETURNING ctid::text AS c', [k, now]);
    ids.push(r!.c);
    await db.query('DELETE FROM login_failures WHERE key = $1 AND at < $2', [k, new Date(now.getTime() - 86400_000)]);
  }
  const counts = await db.query<{ key: string; n: number }>(
    'SELECT key, count(*)::int AS n FROM login_failures WHERE key = ANY($1::text[]) AND at > $2 GROUP BY key',
    [keys, new Date(now.getTime() - windowMs)]);
  const lim = Array.isArray(limits) ? limits : [limits];
  const limitOf = (key: string): number => lim[Math.min(keys.indexOf(key), lim.length - 1)]!;
  if (counts.some((c) => Number(c.n) > limitOf(c.key))) {
    await forget(db, { ids });
    return null;
  }
  return { ids };
}

/**
 * The client address as the limits count it: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6, ::ffff:a.b.c.d); an IPv6 address by its /64 network, the smallest block a
 * provider hands to one customer (otherwise one customer could take a fresh address per try).
 */
export function limitedAddress(ip: string): string {
  const a = String(ip ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return mapped[1]!;
  if (isIP(a) !== 6) return a;
  const width = (part: string): string[] => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const [head = '', tail] = a.split('::');
  const h = width(head);
  const t = tail === undefined ? [] : width(tail);
  const groups = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** The key of the failures of one client address (logins, validation codes and join passwords alike). */
const addressKey = (ip: string): string => `ip:${limitedAddress(ip)}`;
/** The key of the failures of one thing guessed (an account, a game's password) from one address. */
const pairKey = (what: string, ip: string): string => `${what}|ip:${limitedAddress(ip)}`;

/**
 * Before checking a password guessed from client address `ip` for `what` (e.g. `login:<key>`,
 * `join:<game>`): a mark under (what, ip) and under ip, or null when either is over its limit
 * (MAX_FAILURES, ADDRESS_MAX_FAILURES in FAILURE_WINDOW_MS). The marks are the failures: call
 * passwordAttemptOk when the password was right, passwordAttemptVoid when the attempt failed for
 * another reason than the password.
 */
export async function startPasswordAttempt(ctx: AppCtx, what: string, ip: string): Promise<Marks | null> {
  return takeAttempt(ctx, [pairKey(what, ip), addressKey(ip)], [MAX_FAILURES, ADDRESS_MAX_FAILURES], FAILURE_WINDOW_MS);
}

/** The password was right: this attempt and the earlier failures of (what, ip) are forgotten (not the address's others). */
export async function passwordAttemptOk(ctx: AppCtx, marks: Marks, what: string, ip: string): Promise<void> {
  await forget(ctx.db, marks);
  await ctx.db.query('DELETE FROM login_failures WHERE key = $1', [pairKey(what, ip)]);
}

/** The attempt failed for another reason than the password (a full game…): not counted as a failure. */
export async function passwordAttemptVoid(ctx: AppCtx, marks: Marks): Promise<void> {
  await forget(ctx.db, marks);
}

/**
 * Scheduler housekeeping: rate-limit marks older than a day are useless (every window is shorter)
 * and would pile up, one set per address ever seen. Returns how many went.
 */
export async function forgetOldAttempts(ctx: AppCtx): Promise<number> {
  const r = await ctx.db.one<{ n: number }>('WITH d AS (DELETE FROM login_failures WHERE at < $1 RETURNING 1) SELECT count(*)::int AS n FROM d',
    [new Date(ctx.now().getTime() - 86400_000)]);
  return Number(r?.n ?? 0);
}

async function forget(db: Db, marks: Marks): Promise<void> {
  if (marks.ids.length) await db.query('DELETE FROM login_failures WHERE ctid = ANY($1::tid[])', [marks.ids]);
}

/** At most `limit` events per hour under `key` (mails a visitor can trigger); records one if allowed. */
async function allowMail(ctx: AppCtx, key: string, limit = MAILS_PER_HOUR, db: Db = ctx.db): Promise<boolean> {
  return (await takeAttempt(ctx, [`mail:${key}`], limit, 3600_000, db)) !== null;
}

/**
 * Whether client address `ip` may start one more demo (a guest account and a game) this hour:
 * at most config.demoPerHour (0: no limit), counted in the database so that every server process
 * sharing it counts together; records one when allowed.
 */
export async function allowDemo(ctx: AppCtx, ip: string): Promise<boolean> {
  if (ctx.config.demoPerHour <= 0) return true;
  return (await takeAttempt(ctx, [`demo:${limitedAddress(ip)}`], ctx.config.demoPerHour, 3600_000)) !== null;
}

// ---------------------------------------------------------------------------------------------
// Mails

type Block = string | { link: string } | { code: string };

function compose(ctx: AppCtx, to: string, lang: Lang, login: string, subjectKey: string, blocks: Block[]) {
  const all: Block[] = [t(lang, 'acct.mail.hello', { login }), ...blocks];
  const sig = t(lang, 'acct.mail.signature');
  const text = `${all.map((b) => (typeof b === 'string' ? b : 'link' in b ? b.link : `    ${b.code}`)).join('\n\n')}\n\n-- \n${sig}\n${ctx.config.publicUrl}/\n`;
  const parts: Html[] = all.map((b) => typeof b === 'string' ? html`<p>${b}</p>`
    : 'link' in b ? html`<p><a href="${b.link}">${b.link}</a></p>`
    : html`<p style="font-size:1.6em;letter-spacing:0.15em;font-family:monospace"><strong>${b.code}</strong></p>`);
  const body = html`<!doctype html><html lang="${lang}"><body style="font-family:Georgia,'Times New Roman',serif;color:#2b2118;line-height:1.5">
${parts}
<p style="margin-top:2em;font-style:italic">${sig}<br><a href="${ctx.config.publicUrl}/">Suzerain</a></p>
</body></html>`;
  return { to, subject: t(lang, subjectKey), text, html: body.value };
}

function newCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

const codeHash = (userId: number, code: string) => sha256(`validate:${userId}:${code}`);
const resetHash = (token: string) => sha256(`reset:${token}`);

export function validationLink(ctx: AppCtx, login: string, code: string): string {
  return `${ctx.config.publicUrl}/validate?login=${encodeURIComponent(login)}&code=${encodeURIComponent(code)}`;
}

/** A fresh validation code for the user, queued by mail (in `db`, possibly a transaction). */
async function issueCode(ctx: AppCtx, db: Db, u: { id: number; login: string; email: string; lang: Lang }): Promise<void> {
  const code = newCode();
  await db.query('INSERT INTO user_tokens(user_id, kind, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
    [u.id, 'validate', codeHash(u.id, code), new Date(ctx.now().getTime() + CODE_TTL_MS)]);
  await queueMail(db, compose(ctx, u.email, u.lang, u.login, 'acct.mail.code.subject', [
    t(u.lang, 'acct.mail.code.intro'), { code }, t(u.lang, 'acct.mail.code.link'), { link: validationLink(ctx, u.login, code) },
    t(u.lang, 'acct.mail.code.expiry'),
  ]));
}

// ---------------------------------------------------------------------------------------------
// Sign-up and validation

export interface SignupInput { login: string; email: string; password: string; password2?: string; lang: Lang }
export type SignupErrors = Partial<Record<'login' | 'email' | 'password', string>>;
export type SignupResult = { ok: true; login: string } | { ok: false; errors: SignupErrors };

/**
 * Creates an account waiting for validation and mails its code. With an address already in use,
 * answers exactly the same (ok) and mails the address's owner a warning instead.
 */
export async function signUp(ctx: AppCtx, input: SignupInput): Promise<SignupResult> {
  const login = cleanLogin(input.login);
  const errors: SignupErrors = {};
  const le = checkLogin(login); if (le) errors.login = le;
  const ee = checkEmail(input.email); if (ee) errors.email = ee;
  const pe = checkPassword(input.password); if (pe) errors.password = pe;
  if (!pe && input.password2 !== undefined && input.password2 !== input.password) errors.password = 'acct.err.password-mismatch';
  if (Object.keys(errors).length) return { ok: false, errors };
  const key = loginKey(login);
  const email = String(input.email).trim();
  const ekey = emailKey(email);
  const lang: Lang = input.lang === 'en' ? 'en' : 'fr';
  // Hash in every case: a taken address takes as long as a new one.
  const hash = await hashPassword(input.password);
  const hostKey = ctx.config.hostLogin ? loginKey(ctx.config.hostLogin) : null;
  let warn: AccountUser | null = null;
  const res = await ctx.db.tx(async (db): Promise<SignupResult> => {
    await db.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    if (await db.one('SELECT 1 FROM users WHERE login_key = $1', [key])) return { ok: false, errors: { login: 'acct.err.login-taken' } };
    if (await loginConfusable(db, login)) return { ok: false, errors: { login: 'acct.err.login-confusable' } };
    const owner = await db.one(`SELECT ${USER_COLS} FROM users WHERE email_key = $1`, [ekey]);
    if (owner) { warn = toUser(owner); return { ok: true, login }; }
    const isHost = hostKey ? hostKey === key : !(await db.one('SELECT 1 FROM users WHERE NOT is_guest LIMIT 1'));
    const row = await db.one<{ id: number }>(
      `INSERT INTO users(login, login_key, email, email_key, password_hash, lang, is_host, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, [login, key, email, ekey, hash, lang, isHost, ctx.now()]);
    await issueCode(ctx, db, { id: row!.id, login, email, lang });
    return { ok: true, login };
  });
  const owner = warn as AccountUser | null;
  if (owner && !owner.isGuest && await allowMail(ctx, `taken:${ekey}`)) {
    await queueMail(ctx.db, compose(ctx, owner.email, owner.lang, owner.login, 'acct.mail.taken.subject', [
      t(owner.lang, 'acct.mail.taken.intro', { login: owner.login }), t(owner.lang, 'acct.mail.taken.reset'),
      { link: `${ctx.config.publicUrl}/reset` }, t(owner.lang, 'acct.mail.taken.ignore'),
    ]));
  }
  if (res.ok) ctx.kick();
  return res;
}

export type ValidateResult = { status: 'ok' | 'already'; userId: number } | { status: 'invalid' | 'throttled' };

/**
 * Checks a validation code (from the form or the mail's link) and validates the account. Wrong
 * codes are throttled like passwords, per (account, client address) and per address: wrong codes
 * from elsewhere never stop the owner validating (a limit per account alone let anyone keep him
 * out). 8 characters out of 62 leave about 2·10^14 codes: guessing stays hopeless.
 */
export async function validateAccount(ctx: AppCtx, login: string, code: string, ip: string): Promise<ValidateResult> {
  const key = loginKey(login);
  const c = String(code ?? '').replace(/\s+/g, '');
  const marks = await startPasswordAttempt(ctx, `validate:${key}`, ip);
  if (!marks) return { status: 'throttled' };
  const u = await ctx.db.one('SELECT id, validated, is_guest FROM users WHERE login_key = $1', [key]);
  if (u && !u.is_guest && /^[A-Za-z0-9]{8}$/.test(c)) {
    if (u.validated) { await forget(ctx.db, marks); return { status: 'already', userId: u.id }; }
    const now = ctx.now();
    const ok = await ctx.db.tx(async (db) => {
      const tok = await db.one(`SELECT id FROM user_tokens WHERE user_id = $1 AND kind = 'validate' AND token_hash = $2
        AND used_at IS NULL AND expires_at > $3 FOR UPDATE`, [u.id, codeHash(u.id, c), now]);
      if (!tok) return false;
      await db.query(`UPDATE user_tokens SET used_at = $2 WHERE user_id = $1 AND kind = 'validate' AND used_at IS NULL`, [u.id, now]);
      await db.query('UPDATE users SET validated = TRUE WHERE id = $1', [u.id]); sessionsChanged();
      return true;
    });
    if (ok) { await passwordAttemptOk(ctx, marks, `validate:${key}`, ip); return { status: 'ok', userId: u.id }; }
  }
  return { status: 'invalid' };
}

/**
 * For a visitor who is not logged in (an unvalidated account cannot log in): mails a new validation
 * code when `loginOrEmail` names an unvalidated, non-guest account (by login, or by address when it
 * contains "@"), within the same per-account limit as resendValidation. Tells nothing: the caller
 * answers the same whatever happened.
 */
export async function resendValidationFor(ctx: AppCtx, loginOrEmail: string): Promise<void> {
  const input = String(loginOrEmail ?? '').trim();
  if (input === '' || input.length > 254) return;
  const byEmail = input.includes('@');
  const r = await ctx.db.one<{ id: number }>(
    `SELECT id FROM users WHERE ${byEmail ? 'email_key' : 'login_key'} = $1 AND NOT is_guest AND NOT validated`,
    [byEmail ? emailKey(input) : loginKey(input)]);
  if (r) await resendValidation(ctx, r.id);
}

/** Mails a new validation code (at most 3 an hour); false when nothing was sent. */
export async function resendValidation(ctx: AppCtx, userId: number): Promise<boolean> {
  const r = await ctx.db.one(`SELECT ${USER_COLS} FROM users WHERE id = $1`, [userId]);
  if (!r || r.validated || r.is_guest) return false;
  if (!(await allowMail(ctx, `code:${userId}`))) return false;
  await issueCode(ctx, ctx.db, toUser(r));
  ctx.kick();
  return true;
}

// ---------------------------------------------------------------------------------------------
// Log in

/**
 * The validated account for a login (or e-mail address) and password, or null (an account still
 * waiting for validation counts as a failure, see below). Attempts over the limits of
 * startPasswordAttempt, per (login, client address) and per client address, are refused the same
 * way (null) until older failures leave the window; failures from other addresses never count.
 */
export async function authenticate(ctx: AppCtx, login: string, password: string, ip: string): Promise<AccountUser | null> {
  const input = String(login ?? '');
  const byEmail = input.includes('@');
  const row = input.trim() === '' ? null : await ctx.db.one(
    `SELECT ${USER_COLS} FROM users WHERE ${byEmail ? 'email_key' : 'login_key'} = $1 AND NOT is_guest`,
    [byEmail ? emailKey(input) : loginKey(input)]);
  const what = `login:${row ? row.login_key : byEmail ? emailKey(input) : loginKey(input)}`;
  const marks = await startPasswordAttempt(ctx, what, ip);
  if (!marks) return null;
  const ok = row ? await verifyPassword(String(password ?? ''), row.password_hash) : await verifyDummy(String(password ?? ''));
  if (!ok) return null; // the marks stay: they are the failures
  // An account whose address is not yet proven cannot log in, and fails exactly like a wrong
  // password (marks kept): otherwise signing up with someone's address and logging in with the
  // chosen password would tell whether the address was already registered.
  if (!row!.validated) return null;
  await passwordAttemptOk(ctx, marks, what, ip);
  if (needsRehash(row!.password_hash)) {
    await ctx.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(String(password)), row!.id]); sessionsChanged();
  }
  return toUser(row!);
}

export async function getUser(ctx: AppCtx, userId: number): Promise<AccountUser | null> {
  const r = await ctx.db.one(`SELECT ${USER_COLS} FROM users WHERE id = $1`, [userId]);
  return r ? toUser(r) : null;
}

// ---------------------------------------------------------------------------------------------
// Password reset and changes

/**
 * A password reset request for `email`. Only queues it (table reset_requests) for the scheduler
 * (processResetRequests), so that answering does exactly the same work whether an account uses the
 * address or not: before, an unknown address answered twice as fast, which told it was unknown.
 */
export async function requestPasswordReset(ctx: AppCtx, email: string): Promise<void> {
  if (checkEmail(email)) return;
  await ctx.db.query('INSERT INTO reset_requests(email_key, created_at) VALUES ($1, $2)', [emailKey(email), ctx.now()]);
  ctx.kick();
}

/** Requests handled per scheduler pass (the rest wait for the next pass). */
const RESETS_PER_PASS = 200;

/**
 * Scheduler step: for each queued reset request, mails a one-time reset link if an account uses
 * the address (at most MAILS_PER_HOUR an hour per account); nothing otherwise. Each request is
 * taken and handled in one transaction (SKIP LOCKED: server processes sharing the database take
 * different ones; a crash leaves it queued).
 */
export async function processResetRequests(ctx: AppCtx): Promise<void> {
  let queued = false;
  for (let i = 0; i < RESETS_PER_PASS; i++) {
    const more = await ctx.db.tx(async (db) => {
      const req = await db.one<{ id: number; email_key: string }>('SELECT id, email_key FROM reset_requests ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED');
      if (!req) return false;
      await db.query('DELETE FROM reset_requests WHERE id = $1', [req.id]);
      const r = await db.one(`SELECT ${USER_COLS} FROM users WHERE email_key = $1 AND NOT is_guest`, [req.email_key]);
      if (!r || !(await allowMail(ctx, `reset:${r.id}`, MAILS_PER_HOUR, db))) return true;
      const u = toUser(r);
      const token = newToken(32);
      await db.query('INSERT INTO user_tokens(user_id, kind, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
        [u.id, 'reset', resetHash(token), new Date(ctx.now().getTime() + RESET_TTL_MS)]);
      await queueMail(db, compose(ctx, u.email, u.lang, u.login, 'acct.mail.reset.subject', [
        t(u.lang, 'acct.mail.reset.intro', { login: u.login }), { link: `${ctx.config.publicUrl}/reset/${token}` }, t(u.lang, 'acct.mail.reset.ignore'),
      ]));
      queued = true;
      return true;
    });
    if (!more) break;
  }
  if (queued) ctx.kick();
}

/** The account a reset token (still unused and valid) belongs to. */
export async function resetTokenUser(ctx: AppCtx, token: string): Promise<AccountUser | null> {
  if (!/^[\w-]{20,100}$/.test(String(token ?? ''))) return null;
  const r = await ctx.db.one(`SELECT u.id, u.login, u.email, u.lang, u.validated, u.is_host, u.is_guest FROM user_tokens k JOIN users u ON u.id = k.user_id
    WHERE k.kind = 'reset' AND k.token_hash = $1 AND k.used_at IS NULL AND k.expires_at > $2`, [resetHash(token), ctx.now()]);
  return r ? toUser(r) : null;
}

/**
 * Sets a new password with a reset token (used once). The address is proven: the account becomes
 * validated. Every session of the account ends. Returns the account, or null for a bad token.
 */
export async function resetPassword(ctx: AppCtx, token: string, password: string): Promise<AccountUser | null> {
  if (checkPassword(password) || !(await resetTokenUser(ctx, token))) return null;
  const hash = await hashPassword(password);
  const now = ctx.now();
  const userId = await ctx.db.tx(async (db) => {
    const k = await db.one(`SELECT user_id FROM user_tokens WHERE kind = 'reset' AND token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
      [resetHash(token), now]);
    if (!k) return null;
    await db.query(`UPDATE user_tokens SET used_at = $2 WHERE user_id = $1 AND kind = 'reset' AND used_at IS NULL`, [k.user_id, now]);
    await db.query('UPDATE users SET password_hash = $1, validated = TRUE WHERE id = $2', [hash, k.user_id]); sessionsChanged();
    await db.query('DELETE FROM sessions WHERE user_id = $1', [k.user_id]); sessionsChanged();
    // The account's failures from every address are forgotten (the owner just proved himself).
    await db.query(`DELETE FROM login_failures f USING users u
      WHERE u.id = $1 AND left(f.key, length('login:' || u.login_key || '|ip:')) = 'login:' || u.login_key || '|ip:'`, [k.user_id]);
    return k.user_id as number;
  });
  return userId === null ? null : getUser(ctx, userId);
}

export type ChangePasswordResult = 'ok' | 'acct.err.password-wrong' | 'acct.err.password-short' | 'acct.err.password-long' | 'acct.err.password-mismatch';

/** Changes the password after checking the current one; ends the account's other sessions. */
export async function changePassword(ctx: AppCtx, userId: number, current: string, password: string, password2: string | undefined, keepSessionHash: string | null): Promise<ChangePasswordResult> {
  const pe = checkPassword(password);
  if (pe) return pe as ChangePasswordResult;
  if (password2 !== undefined && password2 !== password) return 'acct.err.password-mismatch';
  const r = await ctx.db.one('SELECT password_hash FROM users WHERE id = $1', [userId]);
  if (!r || !(await verifyPassword(String(current ?? ''), r.password_hash))) return 'acct.err.password-wrong';
  const hash = await hashPassword(password);
  await ctx.db.tx(async (db) => {
    await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId]); sessionsChanged();
    await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [userId, keepSessionHash]); sessionsChanged();
  });
  return 'ok';
}

export async function setLang(ctx: AppCtx, userId: number, lang: Lang): Promise<void> {
  await ctx.db.query('UPDATE users SET lang = $1 WHERE id = $2', [lang === 'en' ? 'en' : 'fr', userId]); sessionsChanged();
}

/** Ends every session of an account except `keepSessionHash`. */
export async function endOtherSessions(ctx: AppCtx, userId: number, keepSessionHash: string | null): Promise<void> {
  await ctx.db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [userId, keepSessionHash]); sessionsChanged();
}

// ---------------------------------------------------------------------------------------------
// Demo guests

/**
 * A demo visitor's account: validated, no usable e-mail, a random password nobody knows, in the
 * language of the page that created it.
 */
export async function createGuestUser(ctx: AppCtx, lang: Lang = 'fr'): Promise<number> {
  const hash = await hashPassword(newToken(24));
  for (let attempt = 0; attempt < 20; attempt++) {
    let suffix = '';
    for (let i = 0; i < 6; i++) suffix += ALNUM.slice(26)[randomInt(36)];
    const login = `${GUEST_PREFIX}${suffix}`;
    const email = `${login}@guest.invalid`;
    const r = await ctx.db.one<{ id: number }>(
      `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, is_guest, created_at, lang)
       VALUES ($1, $1, $2, $2, $3, TRUE, TRUE, $4, $5) ON CONFLICT DO NOTHING RETURNING id`, [login, email, hash, ctx.now(), lang === 'en' ? 'en' : 'fr']);
    if (r) return r.id;
  }
  throw new Error('could not create a guest account');
}

