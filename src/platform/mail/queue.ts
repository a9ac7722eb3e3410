/**
 * Every outgoing mail is first written to the outbox table (in the caller's transaction, so a
 * resolved turn and its mails commit together); the mailer then sends it by SMTP, or, without
 * SMTP, leaves it there for the host to read (/host/outbox).
 */
import type { Db } from '../db/index.ts';

export interface Mail {
  to: string; subject: string; text: string; html?: string | null; replyTo?: string | null;
  /** A map drawing (SVG) to attach as a PNG image, shown inline where the HTML says `cid:${MAP_CID}`. */
  mapSvg?: string | null;
}

/** The Content-ID of a mail's map image. */
export const MAP_CID = 'map@suzerain';

export async function queueMail(db: Db, m: Mail): Promise<void> {
  await db.query('INSERT INTO outbox(to_addr, subject, text, html, reply_to, map_svg) VALUES ($1, $2, $3, $4, $5, $6)',
    [m.to, m.subject, m.text, m.html ?? null, m.replyTo ?? null, m.mapSvg ?? null]);
}
