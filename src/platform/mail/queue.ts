/**
 * Every outgoing mail is first written to the outbox table (in the caller's transaction, so a
 * resolved turn and its mails commit together); the mailer then sends it by SMTP, or, without
 * SMTP, leaves it there for the host to read (/host/outbox).
 */
import type { Db } from '../db/index.ts';

export interface Mail { to: string; subject: string; text: string; html?: string | null; replyTo?: string | null }

export async function queueMail(db: Db, m: Mail): Promise<void> {
  await db.query('INSERT INTO outbox(to_addr, subject, text, html, reply_to) VALUES ($1, $2, $3, $4, $5)', [m.to, m.subject, m.text, m.html ?? null, m.replyTo ?? null]);
}
