/**
 * The outgoing mailer: sends the outbox's unsent mails by SMTP (config.smtpUrl), oldest first.
 * Each mail is claimed before it is sent (one UPDATE over rows locked with SKIP LOCKED), so two
 * processes, or two passes of one process, never send the same mail twice. A failed mail is retried
 * after a growing delay (5 min, 10, 20 … up to 4 h), at most MAX_ATTEMPTS times; a claim left by a
 * crashed process is taken over the same way. Without SMTP, mail stays in the outbox for the host,
 * and each mail is printed once on the server's console (`logMail`), so that a new host, who has
 * no mail server yet, reads his own validation code there.
 */
import { createTransport } from 'nodemailer';
import type { AppCtx } from '../http/server.ts';
import { renderPng } from '../maps/png.ts';
import { MAP_CID } from './queue.ts';

export const MAX_ATTEMPTS = 10;
const BATCH = 50;

interface OutRow { id: number; to_addr: string; subject: string; text: string; html: string | null; reply_to: string | null; map_svg: string | null }

/** Claims up to BATCH mails due for an attempt (the claim counts as an attempt). */
async function claim(ctx: AppCtx): Promise<OutRow[]> {
  const rows = await ctx.db.query<OutRow>(
    `UPDATE outbox SET claimed_at = $1, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
         WHERE sent_at IS NULL AND attempts < $2
           AND (claimed_at IS NULL
                OR claimed_at <= $1::timestamptz - make_interval(mins => LEAST(240, (5 * 2 ^ GREATEST(attempts - 1, 0))::int)))
         ORDER BY id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
        AND sent_at IS NULL
      RETURNING id, to_addr, subject, text, html, reply_to, map_svg`,
    [ctx.now(), MAX_ATTEMPTS, BATCH]);
  return rows.sort((a, b) => a.id - b.id);
}

/** Sends what is due; returns how many mails went out. */
export async function deliverMail(ctx: AppCtx): Promise<number> {
  const smtpUrl = ctx.config.smtpUrl;
  if (!smtpUrl) { await logMail(ctx); return 0; }
  const rows = await claim(ctx);
  if (!rows.length) return 0;
  const transport = createTransport({
    url: smtpUrl, pool: true, maxConnections: 1, maxMessages: BATCH,
    connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000,
  });
  let sent = 0;
  try {
    for (const m of rows) {
      try {
        // The map is rasterised here, not when the mail is queued (inside a turn's transaction).
        // A map that cannot be drawn within its budget leaves the mail without its picture, never unsent.
        const png = m.map_svg ? await renderPng(ctx, m.map_svg).catch((e: unknown) => {
          console.error(`suzerain: the map of mail ${m.id} could not be drawn: ${e instanceof Error ? e.message : String(e)}`);
          return null;
        }) : null;
        const attachments = png ? [{ filename: 'carte.png', content: png, cid: MAP_CID, contentType: 'image/png' }] : undefined;
        await transport.sendMail({ from: ctx.config.mailFrom, to: m.to_addr, subject: m.subject, text: m.text, html: m.html ?? undefined, replyTo: m.reply_to ?? undefined, attachments });
        await ctx.db.query('UPDATE outbox SET sent_at = $2, last_error = NULL, map_svg = NULL WHERE id = $1', [m.id, ctx.now()]);
        sent++;
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        await ctx.db.query('UPDATE outbox SET last_error = $2 WHERE id = $1', [m.id, msg.slice(0, 1000)]);
      }
    }
  } finally {
    transport.close();
  }
  return sent;
}

/** The lines of a mail worth printing on the console: links, and codes (an indented line of one word, as account mails set them). */
export function mailHighlights(text: string): string[] {
  return text.split('\n').filter((l) => /https?:\/\/\S+/.test(l) || /^ {4}[A-Za-z0-9-]{4,40}$/.test(l)).map((l) => l.trim());
}

/**
 * Without SMTP: prints each mail not yet printed, once (claimed with SKIP LOCKED, so several
 * processes never print one twice) — recipient, subject, links and codes — on standard output,
 * where the host who started the server reads them. The mails stay in the outbox (/host/outbox).
 */
async function logMail(ctx: AppCtx): Promise<void> {
  const rows = await ctx.db.query<{ id: number; to_addr: string; subject: string; text: string }>(
    `UPDATE outbox SET logged_at = $1 WHERE id IN (
       SELECT id FROM outbox WHERE logged_at IS NULL AND sent_at IS NULL ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id, to_addr, subject, text`, [ctx.now(), BATCH]);
  for (const m of rows.sort((a, b) => a.id - b.id)) {
    const lines = [`mail (no SMTP_URL: kept in the outbox) to ${m.to_addr}: ${m.subject}`, ...mailHighlights(m.text).map((l) => `    ${l}`)];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
