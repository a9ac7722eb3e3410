-- Suzerain platform schema: calendar feeds (issue 18, games/calendar.ts).

-- A player's private feed of his games' deadlines: one secret per account, 256 random bits
-- (base64url), the feed's URL being /calendar/<token>.ics. Renewing replaces it (the old URL then
-- answers 404); turning the feed off deletes the row.
CREATE TABLE calendar_feeds (
  user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token      TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL
);

-- Whether the game's public feed (/games/<id>/calendar.ics) is published, as the host set it;
-- NULL: not set, which means on for a public game and off for a private one.
ALTER TABLE games ADD COLUMN public_calendar BOOLEAN;

-- Each event a feed has shown: its UID (stable per game and step), the start it had, and its
-- SEQUENCE, bumped (with DTSTAMP, `stamped_at`) when the start moves, so that a calendar that
-- subscribed updates the event instead of adding one. Rows of long-past events are pruned.
CREATE TABLE calendar_events (
  uid        TEXT PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  starts_at  TIMESTAMPTZ NOT NULL,
  sequence   INTEGER NOT NULL DEFAULT 0,
  stamped_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX calendar_events_starts ON calendar_events(starts_at);
