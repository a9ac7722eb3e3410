-- Suzerain platform schema: Valhalla (Adventurer Kings seed §12.3), a hall of heroes across games.
-- One row per hero a finished game sent there (the ruleset's `hall.entered`), with the user who
-- held the seat at the end (who placed him) and his text as the ruleset checked it (plain text:
-- pages escape it). `hero` is the ruleset's whole record (talents, item…), given to later games
-- of the same ruleset in their options when they start (a snapshot stored with each game).
CREATE TABLE valhalla (
  id SERIAL PRIMARY KEY,
  ruleset TEXT NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  player TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  placed_by TEXT NOT NULL,
  name TEXT NOT NULL,
  alignment TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  story TEXT NOT NULL DEFAULT '',
  hero JSON NOT NULL,
  entered_at TIMESTAMPTZ NOT NULL,
  UNIQUE (game_id, player)
);
CREATE INDEX valhalla_user ON valhalla(user_id);
CREATE INDEX valhalla_ruleset ON valhalla(ruleset, id);
