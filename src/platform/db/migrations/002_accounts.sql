-- Suzerain platform schema, version 2: accounts and mail.

-- The outgoing mailer claims a mail before sending it (two processes never send one mail twice);
-- a claim left by a crashed process, or a failed attempt, is retried after a growing delay.
ALTER TABLE outbox ADD COLUMN claimed_at TIMESTAMPTZ;
CREATE INDEX outbox_pending ON outbox(id) WHERE sent_at IS NULL;
