-- Without SMTP, each outgoing mail is printed once on the server's console (subject, recipient,
-- links and codes): logged_at marks those printed. Mails already in the outbox are not printed.
ALTER TABLE outbox ADD COLUMN logged_at TIMESTAMPTZ;
UPDATE outbox SET logged_at = now();
