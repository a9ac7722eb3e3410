-- Suzerain platform schema: "your turn" notices of games of prompts (games/prompt-notify.ts,
-- games/prompt-reminders.ts; issue 14).
--
-- One row per notice sent to a player for the prompts opened at `asked_at` (games.asked_at: a new
-- step's prompts, or prompts changed by a free action): kind 'turn' (a mail, or a digest line, when
-- the prompts open), 'half' (the reminder at half-time), 'last' (the reminder shortly before the
-- default applies). The primary key makes each notice exactly once, also with two server
-- processes: the row is inserted in the transaction that queues the mail, ON CONFLICT DO NOTHING.
-- Keyed by asked_at rather than by step: a free action makes a step without asking anything new,
-- and must not send the same reminder again.
--
-- The 'turn' rows also say whether a player already has an unanswered "your turn" mail for a game:
-- at most one until he acts (answers a prompt or takes an action after it was sent).
CREATE TABLE turn_notices (
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  player    TEXT NOT NULL,
  kind      TEXT NOT NULL,
  asked_at  TIMESTAMPTZ NOT NULL,
  user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  step      INTEGER NOT NULL,
  sent_at   TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (game_id, player, kind, asked_at)
);
CREATE INDEX turn_notices_user ON turn_notices(game_id, user_id, kind, sent_at);
