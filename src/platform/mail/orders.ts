/**
 * Orders by e-mail: the inbound mailbox `ordres+<token>@<inboundDomain>` (also `orders+`), one
 * token per seat (games/mail-orders.ts), and the checker's reply (like Eressea's echeck).
 *
 * The same gate as the order page: the sheet is stored by the games service's own functions
 * (`saveSheetIn`, `setReadyIn`: the engine's validator, the ruleset's warnings, the same row, the
 * same lock on the game), for the seat's player only, at the step in progress only.
 *
 * What happens to a mail (also in the README, "Orders by e-mail"):
 *  - refused at RCPT, nothing stored, no reply of ours (the sending server's bounce tells its
 *    sender; a reply of ours to a forged address would help a spammer): an unknown token or
 *    another domain (550 5.1.1), an envelope sender that is not the validated address of the
 *    account holding the seat now, a seat opened for a replacement (550 5.7.1);
 *  - refused after DATA, the same way: a From: that is not that address (550), a message over
 *    200 KB (552, mail/inbound.ts);
 *  - accepted and dropped: automatic replies (vacation notices), and a mail whose Message-ID was
 *    already received for this seat (the first one was applied and answered);
 *  - otherwise accepted, and answered at once, always to the account's address (never to the
 *    envelope sender), in the player's language: either the check (each line of the sheet as
 *    stored with "ok", its warning or the referee's reason and suggestions, the sheet, replaced
 *    or added, ready), or why nothing was applied — a turn line for another turn (`TOUR 6` when
 *    turn 7 is in progress), a turn line that does not read, no orders found, a sheet too long,
 *    a game over or not started, a seat asked nothing.
 *
 * Reading the mail: its text part (or the HTML part as text). The orders are the new text above
 * the quote (mail/inbound.ts, stripQuoted); when there is none, the sheet block of the report mail
 * (between its `=== SUZERAIN … ===` lines), quoted or not. Leading lines made only of directives
 * — `TOUR n` / `TURN n`, `REMPLACER` / `REPLACE` (the default), `AJOUTER` / `ADD`, `PRET` /
 * `READY` — and a last line `PRET` / `READY` are directives, not orders. Directives alone change
 * nothing in the stored sheet (`PRET` alone: ready with the sheet as stored).
 */
import { createHash } from 'node:crypto';
import PostalMime from 'postal-mime';
import type { Lang, ValidationIssue } from '../../engine/ruleset.ts';
import { isError } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { messages, t } from '../http/i18n.ts';
import type { AppCtx } from '../http/server.ts';
import { BLOCK_BEGIN_RE, BLOCK_END_RE, ORDER_TOKEN_RE, takesMailOrders } from '../games/mail-orders.ts';
import { formatDeadline } from '../games/schedule.ts';
import { link, lockGame, saveSheetIn, setReadyIn, toSheet, type SheetRow } from '../games/service.ts';
import type { SheetState } from '../games/api.ts';
import { htmlToText, isAutomatic, sameAddress, smtpError, stripQuoted, type Mailbox, type SmtpError } from './inbound.ts';
import { queueMail } from './queue.ts';

/** A sheet longer than this is refused (the order page's limit). */
export const MAIL_SHEET_MAX = 50_000;
/** How long a received Message-ID is remembered. */
const SEEN_DAYS = 30;

messages({
  'mailorders.subject.ok': { fr: 'Ordres reçus — {game} — tour {turn}', en: 'Orders received — {game} — turn {turn}' },
  'mailorders.subject.refused': { fr: 'Ordres non appliqués — {game}', en: 'Orders not applied — {game}' },
  'mailorders.head': { fr: 'Partie « {game} » — {lord} — tour {turn}', en: 'Game “{game}” — {lord} — turn {turn}' },
  'mailorders.replaced': { fr: 'Votre courriel a remplacé votre feuille d’ordres.', en: 'Your mail replaced your order sheet.' },
  'mailorders.added': { fr: 'Les lignes de votre courriel ont été ajoutées à votre feuille d’ordres (AJOUTER).', en: 'The lines of your mail were added to your order sheet (ADD).' },
  'mailorders.unchanged': { fr: 'Votre feuille d’ordres n’a pas changé.', en: 'Your order sheet has not changed.' },
  'mailorders.ready': { fr: 'PRÊT : oui. {early}', en: 'READY: yes. {early}' },
  'mailorders.ready.early': { fr: 'Le tour sera résolu dès que tous les joueurs seront prêts.', en: 'The turn resolves as soon as every player is ready.' },
  'mailorders.not-ready': {
    fr: 'PRÊT : non (ajoutez une ligne PRET à un courriel, ou cliquez « Mes ordres sont prêts » sur la page).',
    en: 'READY: no (add a line READY to a mail, or click “My orders are ready” on the page).',
  },
  'mailorders.check': { fr: 'Contrôle ligne par ligne ({errors} {errors|erreur|erreurs}, {warnings} {warnings|avertissement|avertissements}) :', en: 'Line by line check ({errors} {errors|error|errors}, {warnings} {warnings|warning|warnings}):' },
  'mailorders.ok': { fr: 'ok', en: 'ok' },
  'mailorders.error': { fr: 'ERREUR', en: 'ERROR' },
  'mailorders.warning': { fr: 'attention', en: 'warning' },
  'mailorders.sheet-wide': { fr: 'Feuille', en: 'Sheet' },
  'mailorders.candidates': { fr: 'vouliez-vous dire : {list} ?', en: 'did you mean: {list}?' },
  'mailorders.kept': {
    fr: 'Les lignes en erreur restent dans votre feuille mais ne seront pas exécutées : corrigez-les avant l’échéance. Les autres lignes sont enregistrées.',
    en: 'The lines in error stay in your sheet but will not be carried out: fix them before the deadline. The other lines are stored.',
  },
  'mailorders.stored': { fr: 'Votre feuille telle qu’enregistrée :', en: 'Your sheet as stored:' },
  'mailorders.empty-sheet': { fr: '(feuille vide)', en: '(empty sheet)' },
  'mailorders.deadline': { fr: 'Échéance : {when}', en: 'Deadline: {when}' },
  'mailorders.page': { fr: 'Votre page d’ordres : {url}', en: 'Your order page: {url}' },
  'mailorders.nothing': { fr: 'Rien n’a été appliqué.', en: 'Nothing was applied.' },
  'mailorders.why.stale': {
    fr: 'Votre courriel est écrit pour le tour {wrote} (ligne « {line} »), mais le tour en cours est le {turn} : il n’a pas été appliqué, et votre feuille du tour {turn} n’a pas changé.',
    en: 'Your mail is written for turn {wrote} (line “{line}”), but turn {turn} is in progress: it was not applied, and your sheet for turn {turn} has not changed.',
  },
  'mailorders.why.bad-turn': {
    fr: 'La ligne « {line} » ne se lit pas : écrivez TOUR suivi du numéro du tour (TOUR {turn}). Votre feuille n’a pas changé.',
    en: 'The line “{line}” does not read: write TURN followed by the turn number (TURN {turn}). Your sheet has not changed.',
  },
  'mailorders.why.empty': {
    fr: 'Aucun ordre trouvé dans votre courriel : ni au-dessus du texte cité, ni entre les lignes « === » de la feuille du rapport. Votre feuille n’a pas changé.',
    en: 'No orders found in your mail: neither above the quoted text nor between the "===" lines of the report’s sheet. Your sheet has not changed.',
  },
  'mailorders.why.too-long': { fr: 'La feuille est trop longue ({max} caractères au plus). Votre feuille n’a pas changé.', en: 'The sheet is too long ({max} characters at most). Your sheet has not changed.' },
  'mailorders.why.finished': { fr: 'La partie est terminée.', en: 'The game is over.' },
  'mailorders.why.forming': { fr: 'La partie n’a pas encore commencé.', en: 'The game has not started yet.' },
  'mailorders.why.not-asked': { fr: 'Rien ne vous est demandé pour ce tour.', en: 'Nothing is asked of you this turn.' },
  'mailorders.why.no-mail': { fr: 'Cette partie ne prend pas d’ordres par courriel.', en: 'This game takes no orders by mail.' },
});

// ─── Reading a mail ────────────────────────────────────────────────────────────────────────────

/** The token of an orders address `ordres+<token>@<domain>` (or `orders+`), or null. */
export function orderTokenOf(address: string, domain: string): string | null {
  const m = /^(?:ordres|orders)\+([0-9a-z]{16,64})@([^@\s]+)$/i.exec(address.trim());
  if (!m || m[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  const token = m[1]!.toLowerCase();
  return ORDER_TOKEN_RE.test(token) ? token : null;
}

/** What an orders mail says: the sheet's text, its directives, and a turn line that did not read. */
export interface MailSheet {
  text: string;
  turn: number | null;
  /** The turn line as written (for messages). */
  turnLine: string | null;
  badTurnLine: string | null;
  mode: 'replace' | 'add';
  ready: boolean;
}

const fold = (w: string): string => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
const WORDS: Record<string, 'turn' | 'replace' | 'add' | 'ready'> = {
  TOUR: 'turn', TURN: 'turn', REMPLACER: 'replace', REPLACE: 'replace', AJOUTER: 'add', ADD: 'add', PRET: 'ready', READY: 'ready',
};

interface Directives { turn: number | null; turnLine: string | null; badTurnLine: string | null; add: boolean; ready: boolean }
const noDirectives = (): Directives => ({ turn: null, turnLine: null, badTurnLine: null, add: false, ready: false });

/** The directives of one line, or null when the line is not made of directives only. */
function directivesOf(line: string): Directives | null {
  const words = line.trim().split(/[\s,:;.!]+/).filter(Boolean);
  if (!words.length) return null;
  const d = noDirectives();
  for (let i = 0; i < words.length; i++) {
    const w = WORDS[fold(words[i]!)];
    if (!w) return null;
    if (w === 'turn') {
      const n = words[i + 1];
      if (n !== undefined && /^\d{1,6}$/.test(n)) { d.turn = Number(n); d.turnLine = line.trim(); i++; }
      else if (i === 0) return { ...d, badTurnLine: line.trim() }; // a turn line that does not read: never taken as an order
      else return null;
    } else if (w === 'add') d.add = true;
    else if (w === 'ready') d.ready = true;
  }
  return d;
}

function merge(a: Directives, b: Directives): Directives {
  return {
    turn: a.turn ?? b.turn, turnLine: a.turnLine ?? b.turnLine, badTurnLine: a.badTurnLine ?? b.badTurnLine,
    add: a.add || b.add, ready: a.ready || b.ready,
  };
}

/** Splits off the leading directive lines and a last line of READY alone; returns the rest. */
function splitDirectives(text: string): { d: Directives; body: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let d = noDirectives();
  let i = 0;
  for (; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    const x = directivesOf(lines[i]!);
    if (!x) break;
    d = merge(d, x);
  }
  const rest = lines.slice(i);
  let j = rest.length - 1;
  while (j >= 0 && !rest[j]!.trim()) j--;
  if (j >= 0) {
    const x = directivesOf(rest[j]!);
    if (x && x.ready && x.turn === null && !x.add && !x.badTurnLine) { d.ready = true; rest.splice(j); }
  }
  const body = rest.join('\n').replace(/\s+$/, '');
  return { d, body: body.trim() ? body.replace(/^\s*\n/, '') : '' };
}

/** The sheet block of a report mail in a text, quoted or not (its lines unquoted), or null. */
export function findBlock(text: string): string | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.replace(/^(\s*>)+ ?/, '').replace(/\s+$/, ''));
  const start = lines.findIndex((l) => BLOCK_BEGIN_RE.test(l.trim()));
  if (start < 0) return null;
  let end = lines.findIndex((l, i) => i > start && BLOCK_END_RE.test(l.trim()));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join('\n');
}

/**
 * Reads an orders mail: `full` is its text part, quote included; `withQuotes`, where the quotes
 * are not in `full` (an HTML-only mail, its `<blockquote>`s left out of `full`), the text with them.
 */
export function readOrdersMail(full: string, withQuotes: string = full): MailSheet {
  const top = splitDirectives(stripQuoted(full));
  let d = top.d;
  let text = top.body;
  if (!text) {
    const block = findBlock(withQuotes);
    if (block !== null) {
      const b = splitDirectives(block);
      d = merge(d, b.d);
      text = b.body;
    }
  }
  return { text, turn: d.turn, turnLine: d.turnLine, badTurnLine: d.badTurnLine, mode: d.add ? 'add' : 'replace', ready: d.ready };
}

// ─── The seat behind a token ───────────────────────────────────────────────────────────────────

interface OrderSeat {
  gameId: number; player: string; lordName: string; seatStatus: string; userId: number | null;
  email: string | null; validated: boolean; isGuest: boolean; lang: Lang;
}

async function seatByToken(db: Db, token: string): Promise<OrderSeat | null> {
  if (!ORDER_TOKEN_RE.test(token)) return null;
  const r = await db.one<{ game_id: number; player: string; lord_name: string; status: string; user_id: number | null; email: string | null; validated: boolean | null; is_guest: boolean | null; lang: string | null }>(
    `SELECT s.game_id, s.player, s.lord_name, s.status, s.user_id, u.email, u.validated, u.is_guest, u.lang
       FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.order_token = $1`, [token]);
  if (!r) return null;
  return {
    gameId: Number(r.game_id), player: r.player, lordName: r.lord_name, seatStatus: r.status, userId: r.user_id === null ? null : Number(r.user_id),
    email: r.email, validated: !!r.validated, isGuest: !!r.is_guest, lang: r.lang === 'en' ? 'en' : 'fr',
  };
}

/** Why a sender may not send orders for this seat (null: he may). */
function refusal(seat: OrderSeat | null, sender: string | null): SmtpError | null {
  if (!seat) return smtpError(550, '5.1.1 No such mailbox');
  if (!seat.userId || !seat.email || !seat.validated || seat.isGuest || seat.seatStatus === 'open' || !sameAddress(sender, seat.email)) {
    return smtpError(550, '5.7.1 Sender not allowed to send orders for this seat');
  }
  return null;
}

// ─── The checker's reply ───────────────────────────────────────────────────────────────────────

const issueText = (i: ValidationIssue, lang: Lang): string => {
  const text = i.text?.[lang] ?? i.message;
  return i.candidates?.length && !i.candidates.every((c) => text.includes(c)) ? `${text} — ${t(lang, 'mailorders.candidates', { list: i.candidates.join(', ') })}` : text;
};

/** Each line of the stored sheet with its verdict, then the sheet-wide issues. */
export function checkLines(sheet: SheetState, lang: Lang): string[] {
  const lines = sheet.text.split('\n');
  const width = String(lines.length).length;
  const tag = (s: string) => s.padEnd(Math.max(t(lang, 'mailorders.error').length, t(lang, 'mailorders.warning').length));
  const out: string[] = [];
  for (const i of sheet.issues.filter((x) => !x.line)) out.push(`${t(lang, 'mailorders.sheet-wide')}: ${issueText(i, lang)}`);
  lines.forEach((line, n) => {
    if (!line.trim()) return;
    const mine = sheet.issues.filter((i) => i.line === n + 1);
    const error = mine.some(isError);
    const verdict = error ? t(lang, 'mailorders.error') : mine.length ? t(lang, 'mailorders.warning') : t(lang, 'mailorders.ok');
    out.push(`${String(n + 1).padStart(width)}  ${tag(verdict)}  ${line}`);
    for (const i of mine) out.push(`${' '.repeat(width)}  → ${issueText(i, lang)}`);
  });
  return out;
}

interface GameInfo { name: string; deadline: Date | null; timeZone: string; early: boolean; step: number }

type Outcome =
  | { kind: 'applied'; changed: 'replaced' | 'added' | 'unchanged'; sheet: SheetState }
  | { kind: 'refused'; why: string; vars?: Record<string, string | number> };

function replyText(ctx: AppCtx, seat: OrderSeat, g: GameInfo, o: Outcome, lang: Lang): { subject: string; text: string } {
  const turn = g.step + 1;
  const head = t(lang, 'mailorders.head', { game: g.name, lord: seat.lordName, turn });
  const page = t(lang, 'mailorders.page', { url: link(ctx, `/games/${seat.gameId}/orders`) });
  if (o.kind === 'refused') {
    return {
      subject: t(lang, 'mailorders.subject.refused', { game: g.name }),
      text: [head, '', t(lang, 'mailorders.nothing'), t(lang, `mailorders.why.${o.why}`, { turn, ...o.vars }), '', page, ''].join('\n'),
    };
  }
  const s = o.sheet;
  const errors = s.issues.filter(isError).length;
  const warnings = s.issues.length - errors;
  const lines = [
    head, '',
    t(lang, `mailorders.${o.changed}`),
    s.ready ? t(lang, 'mailorders.ready', { early: g.early ? t(lang, 'mailorders.ready.early') : '' }).trim() : t(lang, 'mailorders.not-ready'),
    '',
    t(lang, 'mailorders.check', { errors, warnings }),
    ...checkLines(s, lang),
    ...(errors ? ['', t(lang, 'mailorders.kept')] : []),
    '',
    t(lang, 'mailorders.stored'),
    s.text.trim() ? s.text.replace(/\s+$/, '') : t(lang, 'mailorders.empty-sheet'),
    '',
    ...(g.deadline ? [t(lang, 'mailorders.deadline', { when: formatDeadline(g.deadline, g.timeZone, lang) })] : []),
    page, '',
  ];
  return { subject: t(lang, 'mailorders.subject.ok', { game: g.name, turn }), text: lines.join('\n') };
}

// ─── Applying a mail ───────────────────────────────────────────────────────────────────────────

/** The key a message is remembered by: its Message-ID, else a digest of the whole message. */
function messageKey(messageId: string | undefined, raw: Buffer): string {
  const id = (messageId ?? '').trim().replace(/^<|>$/g, '').toLowerCase();
  return id && id.length <= 500 ? `id:${id}` : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/** Handles one received message for the seat of `token`; throws an SmtpError to refuse it. */
async function deliverOrders(ctx: AppCtx, token: string, sender: string | null, raw: Buffer): Promise<string> {
  const parsed = await PostalMime.parse(raw);
  const seat = await seatByToken(ctx.db, token);
  const refused = refusal(seat, sender);
  if (refused) throw refused;
  const from = parsed.from && !parsed.from.group ? parsed.from.address : null;
  if (!sameAddress(from, seat!.email)) throw smtpError(550, '5.7.1 From address not allowed to send orders for this seat');
  if (isAutomatic(parsed.headers)) return 'Automatic reply dropped';
  const mail = parsed.text !== undefined || !parsed.html ? readOrdersMail(parsed.text ?? '') : readOrdersMail(htmlToText(parsed.html), htmlToText(parsed.html, true));
  const key = messageKey(parsed.messageId, raw);

  const done = await ctx.db.tx(async (t) => {
    const g = await lockGame(t, seat!.gameId);
    // Checked again under the game's lock: the seat may have changed hands meanwhile.
    const again = await seatByToken(t, token);
    const r = refusal(again, sender);
    if (r) throw r;
    const s = again!;
    const now = ctx.now();
    const fresh = await t.one(
      'INSERT INTO mail_orders_seen(game_id, player, message_key, step, received_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1',
      [g.id, s.player, key, g.step + 1, now]);
    if (!fresh) return { duplicate: true as const };
    await t.query('DELETE FROM mail_orders_seen WHERE received_at < $1', [new Date(now.getTime() - SEEN_DAYS * 86_400_000)]);
    const turn = g.step + 1;
    let outcome: Outcome;
    const asked = g.status === 'running' && getRuleset(g.ruleset).ruleset.decisions(g.state).some((d) => d.players.includes(s.player));
    if (g.status !== 'running') outcome = { kind: 'refused', why: g.status === 'forming' ? 'forming' : 'finished' };
    else if (!takesMailOrders(ctx, g)) outcome = { kind: 'refused', why: 'no-mail' };
    else if (mail.badTurnLine && mail.turn === null) outcome = { kind: 'refused', why: 'bad-turn', vars: { line: mail.badTurnLine } };
    else if (mail.turn !== null && mail.turn !== turn) outcome = { kind: 'refused', why: 'stale', vars: { wrote: mail.turn, line: mail.turnLine ?? '' } };
    else if (s.seatStatus !== 'active' || !asked) outcome = { kind: 'refused', why: 'not-asked' };
    else if (!mail.text && !mail.ready) outcome = { kind: 'refused', why: 'empty' };
    else {
      const current = await t.one<SheetRow>('SELECT * FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3 ORDER BY decision LIMIT 1', [g.id, s.player, turn]);
      const adding = mail.mode === 'add' && !!current?.text.trim();
      const text = !mail.text ? null : adding ? `${current!.text.replace(/\s+$/, '')}\n${mail.text}` : mail.text;
      if (text !== null && text.length > MAIL_SHEET_MAX) outcome = { kind: 'refused', why: 'too-long', vars: { max: MAIL_SHEET_MAX.toLocaleString(s.lang === 'fr' ? 'fr-FR' : 'en-GB') } };
      else {
        if (text !== null) await saveSheetIn(ctx, t, g, s.player, text);
        if (mail.ready) await setReadyIn(ctx, t, g, s.player, true);
        const stored = await t.one<SheetRow>('SELECT * FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3 ORDER BY decision LIMIT 1', [g.id, s.player, turn]);
        outcome = { kind: 'applied', changed: text === null ? 'unchanged' : adding ? 'added' : 'replaced', sheet: toSheet(stored) };
      }
    }
    const info: GameInfo = { name: g.name, deadline: g.deadline, timeZone: g.schedule?.timeZone || ctx.config.timeZone, early: g.early, step: g.step };
    const reply = replyText(ctx, s, info, outcome, s.lang);
    await queueMail(t, { to: s.email!, subject: reply.subject, text: reply.text });
    return { duplicate: false as const };
  });
  if (done.duplicate) return 'Already received';
  // The reply goes out at once; a game whose players are all ready now resolves early.
  ctx.kick();
  return 'Orders received';
}

/** The orders mailbox of the inbound server (main.ts passes it to startInbound). */
export const ordersMailbox: Mailbox = {
  tokenOf: orderTokenOf,
  rcpt: async (ctx, token, sender) => refusal(await seatByToken(ctx.db, token), sender),
  deliver: deliverOrders,
};
