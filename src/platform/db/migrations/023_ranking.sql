-- Suzerain platform schema: the permanent ranking (issue 19; seed 004 §12.4; platform/ranking/).

-- A private game counts for the ranking only if its host chose so at creation (« ranked »); a
-- public game always counts (a demo never does).
ALTER TABLE games ADD COLUMN ranked BOOLEAN NOT NULL DEFAULT FALSE;

-- « Les positions reprises ne comptent pas » : a seat taken over mid-game (an open seat given to
-- a replacement) counts neither for the one who left nor for the one who took it.
ALTER TABLE seats ADD COLUMN taken_over BOOLEAN NOT NULL DEFAULT FALSE;

-- Each player's points per scope: a ruleset's id, or '*' for the overall ranking (every ruleset).
-- `points` are his points right after his last ranked game (`last_game_at`); the points shown
-- drift from them by the decay rule (ranking/elo.ts) when a later ranking is generated.
-- `kept_title`: the highest title reached from Comte up, never lost.
CREATE TABLE ratings (
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scope        TEXT NOT NULL,
  points       DOUBLE PRECISION NOT NULL,
  games        INTEGER NOT NULL DEFAULT 0,
  last_game_at TIMESTAMPTZ NOT NULL,
  kept_title   TEXT,
  PRIMARY KEY (user_id, scope)
);
CREATE INDEX ratings_scope ON ratings(scope, points DESC);

-- A finished game, ranked once (the row is written in the finishing transaction; a second
-- attempt finds it and does nothing). `counted`: how many players' points it moved (0: it does
-- not count: a demo, an unranked private game, fewer than two players who count).
CREATE TABLE ranked_games (
  game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  ruleset    TEXT NOT NULL,
  counted    INTEGER NOT NULL,
  ranked_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX ranked_games_at ON ranked_games(ruleset, ranked_at);

-- What each ranked game did to each player's points, per scope (a profile's history).
CREATE TABLE rating_changes (
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scope      TEXT NOT NULL,
  place      INTEGER NOT NULL,          -- 1-based finishing place (tied players share it)
  before     DOUBLE PRECISION NOT NULL, -- after decay, when the game ended
  after      DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (game_id, user_id, scope)
);
CREATE INDEX rating_changes_user ON rating_changes(user_id, scope);
