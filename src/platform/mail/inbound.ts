/**
 * The inbound SMTP server: replies by mail to letters, and the mailboxes given by the caller
 * (orders by mail: mail/orders.ts, `ordres+<token>@<inboundDomain>`, passed in by main.ts).
 *
 * The notification of a letter has the Reply-To `lettre+<token>@<inboundDomain>`, where the token
 * belongs to one member (seat) of one thread. The host routes that domain to this server (e.g. a
 * transport map of the host's MTA to config.inboundSmtpPort). The server:
 *  - accepts no authentication and no TLS (it sits behind the host's MTA), messages up to 200 KB,
 *    and one recipient per message;
 *  - refuses at RCPT time (550) any address but `lettre+<known token>@<inboundDomain>`, and any
 *    envelope sender other than the e-mail of the account now holding that member's seat
 *    (case-insensitive), or a member who can no longer write (seat left, game over);
 *  - parses the message (postal-mime), refuses it (550) unless its From: is that same address,
 *    keeps the reply above the quoted text (lines starting with ">" are dropped, and everything
 *    from a reply header such as "On … wrote:" / "Le … a écrit :" or an "Original Message"
 *    separator on), and stores the rest as a letter of that member in that thread (via_mail),
 *    notifying the other members as usual. Nothing is stored when a mail is refused.
 * Automatic replies (Auto-Submitted, vacation notices) are accepted and dropped, so that no loop
 * or bounce can start.
 *
 * Another mailbox (`Mailbox`) claims its own addresses and makes the same two decisions: at RCPT
 * (refuse, or go on to DATA) and after DATA (refuse, or accept with a reply of the server's).
 */
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import PostalMime from 'postal-mime';
import { addLetter, LetterError, memberByToken, BODY_MAX, type TokenMember } from '../channels/letters.ts';
import type { AppCtx } from '../http/server.ts';

export const INBOUND_MAX_BYTES = 200 * 1024;

export type SmtpError = Error & { responseCode?: number };
export const smtpError = (code: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode: code });

/** The token of an inbound address `lettre+<token>@<domain>`, or null. */
export function tokenOf(address: string, domain: string): string | null {
  const m = /^lettre\+([0-9a-z]{16,64})@([^@\s]+)$/i.exec(address.trim());
  if (!m || m[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  return m[1]!.toLowerCase();
}

const REPLY_HEADER_ONE_LINE = [
  /^\s*On\s.{1,400}\swrote\s*:\s*$/i,
  /^\s*Le\s.{1,400}\sa\s+écrit\s*:\s*$/i,
  /^\s*El\s.{1,400}\sescribió\s*:\s*$/i,
  /^\s*Am\s.{1,400}\sschrieb\s.{0,200}:\s*$/i,
  /^\s*-{2,}\s*(Original Message|Message d['’]origine|Message original|Forwarded message|Message transféré|Mensaje original)\s*-{2,}\s*$/i,
  /^\s*_{20,}\s*$/,
];
const HEADER_BLOCK_START = /^\s*\*?(From|De)\s*:\*?\s+\S/i;
const HEADER_BLOCK_NEXT = /^\s*\*?(Sent|Date|Envoyé|To|À|A|Subject|Objet|Cc)\s*:/i;

/**
 * The new part of a reply: everything before the first reply header ("On … wrote:", "Le … a
 * écrit :", "-----Original Message-----", an Outlook "From:/Sent:" block, a signature "-- "), with
 * the remaining lines that start with ">" removed and the blank lines at both ends trimmed.
 */
export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1] ?? '';
    const joined = `${line} ${next}`;
    if (REPLY_HEADER_ONE_LINE.some((re) => re.test(line))
      || (/^\s*(On|Le)\s/i.test(line) && !/^\s*>/.test(next) && REPLY_HEADER_ONE_LINE.slice(0, 2).some((re) => re.test(joined)))
      || (HEADER_BLOCK_START.test(line) && HEADER_BLOCK_NEXT.test(next))
      || /^--\s?$/.test(line)) {
      end = i;
      break;
    }
  }
  const kept = lines.slice(0, end).filter((l) => !/^\s*>/.test(l)).map((l) => l.replace(/\s+$/, ''));
  while (kept.length && kept[0] === '') kept.shift();
  while (kept.length && kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

/** The text of an HTML part; quoted parts (`<blockquote>`) are left out unless `keepQuotes`. */
export function htmlToText(h: string, keepQuotes = false): string {
  const shown = keepQuotes ? h : h.replace(/<blockquote[\s\S]*?<\/blockquote>/gi, '');
  return shown.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why a member may not write by mail now (null: he may), given the envelope sender. */
function refusal(m: TokenMember | null, sender: string | null): SmtpError | null {
  if (!m) return smtpError(550, '5.1.1 No such mailbox');
  if (!m.userId || !m.email || !sameAddress(sender, m.email)) return smtpError(550, '5.7.1 Sender not allowed to write in this thread');
  if (m.seatStatus !== 'active' || m.gameStatus !== 'running') return smtpError(550, '5.7.1 This lord can no longer write letters in this game');
  return null;
}

export const senderOf = (s: SMTPServerSession): string | null => (s.envelope.mailFrom ? s.envelope.mailFrom.address : null);

export function isAutomatic(headers: { key: string; value: string }[]): boolean {
  const h = (k: string) => headers.filter((x) => x.key === k).map((x) => x.value.trim().toLowerCase());
  return h('auto-submitted').some((v) => v && v !== 'no')
    || h('precedence').some((v) => ['bulk', 'junk', 'list', 'auto_reply'].includes(v))
    || h('x-autoreply').length > 0 || h('x-autorespond').length > 0 || h('x-auto-response-suppress').some((v) => /all|oof|autoreply/.test(v));
}

/** Handles one received message for the member of `token`; throws an SmtpError to refuse it. */
async function deliver(ctx: AppCtx, token: string, sender: string | null, raw: Buffer): Promise<void> {
  const parsed = await PostalMime.parse(raw);
  const member = await memberByToken(ctx.db, token);
  const refused = refusal(member, sender);
  if (refused) throw refused;
  const from = parsed.from && !parsed.from.group ? parsed.from.address : null;
  if (!sameAddress(from, member!.email)) throw smtpError(550, '5.7.1 From address not allowed to write in this thread');
  if (isAutomatic(parsed.headers)) return; // accepted, dropped
  const text = parsed.text ?? (parsed.html ? htmlToText(parsed.html) : '');
  const body = stripQuoted(text);
  if (!body.trim()) throw smtpError(550, '5.6.0 Empty reply: write your answer above the quoted letter');
  if (body.length > BODY_MAX) throw smtpError(552, `5.3.4 Reply too long (${BODY_MAX} characters at most)`);
  try {
    await ctx.db.tx(async (db) => {
      // Checked again inside the transaction: the seat may have changed hands meanwhile.
      const again = await memberByToken(db, token);
      const r = refusal(again, sender);
      if (r) throw r;
      await addLetter(ctx, db, { threadId: again!.threadId, player: again!.player, userId: again!.userId!, body, viaMail: true });
    });
  } catch (e) {
    if (e instanceof LetterError) throw smtpError(550, '5.6.0 Letter refused');
    throw e;
  }
  ctx.kick();
}

/**
 * A mailbox of the inbound server other than the letters': which addresses it claims (`tokenOf`
 * gives the token of one of them, or null), whether it takes a mail from `sender` (`rcpt`: null, or
 * the SMTP error), and what it does with the message (`deliver`: the SMTP answer's text, or throws
 * an SmtpError to refuse it).
 */
export interface Mailbox {
  tokenOf(address: string, domain: string): string | null;
  rcpt(ctx: AppCtx, token: string, sender: string | null): Promise<SmtpError | null>;
  deliver(ctx: AppCtx, token: string, sender: string | null, raw: Buffer): Promise<string>;
}

/** The letters' replies as a mailbox. */
const letterBox: Mailbox = {
  tokenOf,
  rcpt: async (ctx, token, sender) => refusal(await memberByToken(ctx.db, token), sender),
  deliver: async (ctx, token, sender, raw) => { await deliver(ctx, token, sender, raw); return 'Letter delivered'; },
};

export async function startInbound(ctx: AppCtx, port: number, others: Mailbox[] = []): Promise<{ port: number; close(): Promise<void> }> {
  const boxes = [letterBox, ...others];
  const route = (address: string): { box: Mailbox; token: string } | null => {
    for (const box of boxes) {
      const token = box.tokenOf(address, domain);
      if (token) return { box, token };
    }
    return null;
  };
  const domain = ctx.config.inboundDomain;
  const server = new SMTPServer({
    name: domain,
    banner: 'Suzerain — replies to letters, orders by mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    logger: false,
    onRcptTo(address, session, callback) {
      void (async () => {
        if (session.envelope.rcptTo.length >= 1) return callback(smtpError(452, '4.5.3 One recipient per message'));
        const to = route(address.address);
        if (!to) return callback(smtpError(550, '5.1.1 No such mailbox'));
        return callback(await to.box.rcpt(ctx, to.token, senderOf(session)));
      })().catch((e) => { console.error('inbound rcpt:', e); callback(smtpError(451, '4.3.0 Temporary failure, try again later')); });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => { size += c.length; if (size <= INBOUND_MAX_BYTES + 1024) chunks.push(c); });
      stream.on('error', (e) => callback(e));
      stream.on('end', () => {
        void (async () => {
          if (stream.sizeExceeded) return callback(smtpError(552, `5.3.4 Message too big (${INBOUND_MAX_BYTES} bytes at most)`));
          const rcpt = session.envelope.rcptTo[0];
          const to = rcpt ? route(rcpt.address) : null;
          if (!to) return callback(smtpError(550, '5.1.1 No such mailbox'));
          try {
            return callback(null, await to.box.deliver(ctx, to.token, senderOf(session), Buffer.concat(chunks)));
          } catch (e) {
            const err = e as SmtpError;
            if (err.responseCode) return callback(err);
            console.error('inbound data:', e);
            return callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          }
        })();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, ctx.config.host, () => { server.off('error', onError); resolve(); });
  });
  server.on('error', (e) => console.error('inbound smtp:', e));
  const addr = server.server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
