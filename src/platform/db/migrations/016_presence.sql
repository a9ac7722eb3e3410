-- Suzerain platform schema: presence of players on a game's live page (live/routes.ts).
-- One row per user, game and server process while he holds a live stream there: written on
-- connect, seen_at refreshed at each heartbeat, deleted on close. A process that dies leaves its
-- rows behind; readers only count rows seen within the last minute (live/presence.ts).
CREATE TABLE presence (
  user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  instance  TEXT NOT NULL,
  seen_at   TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, game_id, instance)
);
CREATE INDEX presence_game ON presence(game_id, seen_at);
