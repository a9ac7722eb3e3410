-- Suzerain platform schema, version 25: player profiles, reliability and the archive (issue 19, "Players").

-- Reliability, part 1: one row per human seat asked in a resolved step (turn or step of prompts),
-- written by the turn job in the step's own transaction: who held the seat then (a seat changes
-- hands), and whether his answer was in before the deadline (a sheet with text, or marked ready;
-- for prompts, a ready answer, his standing answers included). Free actions ask nobody: no row.
-- Steps resolved before this version have no row (the table starts empty).
CREATE TABLE seat_answers (
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  idx       INTEGER NOT NULL,
  player    TEXT NOT NULL,
  user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind      TEXT NOT NULL,                 -- 'turn' (an order sheet) | 'prompt' (a step of prompts)
  on_time   BOOLEAN NOT NULL,
  PRIMARY KEY (game_id, idx, player)
);
CREATE INDEX seat_answers_user ON seat_answers(user_id);

-- Reliability, part 2: a seat left while its game ran. 'abdicated' (the player left for good),
-- 'replacement' (he asked for a replacement), 'opened' (the host gave away the seat of an absent
-- player). Leaving a game that has not started is not recorded.
CREATE TABLE seat_departures (
  id        SERIAL PRIMARY KEY,
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  player    TEXT NOT NULL,
  user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  how       TEXT NOT NULL,
  step      INTEGER NOT NULL,
  at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX seat_departures_user ON seat_departures(user_id);

-- The end of a game: when, and which seats the ruleset's outcome names as winners.
ALTER TABLE games ADD COLUMN finished_at TIMESTAMPTZ;
ALTER TABLE seats ADD COLUMN won BOOLEAN NOT NULL DEFAULT FALSE;

-- Host options of a private game: keep its pages private after the end (default: the archive
-- makes a finished game public), and the least reliability (a percentage) a player needs to join.
ALTER TABLE games ADD COLUMN keep_private BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN min_reliability INTEGER;
CREATE INDEX games_finished ON games(status, finished_at);
