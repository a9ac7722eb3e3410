-- Suzerain platform schema: orders by e-mail (mail/orders.ts, games/mail-orders.ts; issue 18).
--
-- Each seat has a private orders address `ordres+<order_token>@INBOUND_DOMAIN`: the token is made
-- the first time it is needed (the order page, a report mail) and renewed by the player from his
-- order page (the old address stops working at once). It belongs to the seat, not to the player:
-- a replacement inherits it, and the inbound server accepts a mail only from the address of the
-- account holding the seat now.
ALTER TABLE seats ADD COLUMN order_token TEXT UNIQUE;

-- The mails of orders already applied, by seat and Message-ID (or, without one, a digest of the
-- message): the row is written in the transaction that stores the sheet, so a mail delivered
-- twice (an MTA retrying after a lost answer) is applied once. Rows older than 30 days are
-- removed as new mails come.
CREATE TABLE mail_orders_seen (
  game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  player      TEXT NOT NULL,
  message_key TEXT NOT NULL,
  step        INTEGER NOT NULL,
  received_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (game_id, player, message_key)
);
CREATE INDEX mail_orders_seen_at ON mail_orders_seen(received_at);
