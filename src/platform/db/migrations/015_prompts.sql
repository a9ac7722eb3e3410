-- Suzerain platform schema, version 15: games made of prompts (issue 14).

-- The game's pace ('live' | 'daily' | 'weekly'); NULL: a game of order sheets on its weekly
-- schedule (Gloire & Pouvoir, Adventurer Kings). A game of prompts takes each step's deadline from
-- its decisions' deadline classes at this pace, with the host's overrides (class → minutes).
ALTER TABLE games ADD COLUMN pace TEXT;
ALTER TABLE games ADD COLUMN pace_minutes JSON;
-- When the step in progress was opened (its prompts asked).
ALTER TABLE games ADD COLUMN asked_at TIMESTAMPTZ;
-- The time left on players' clocks (Decision.clock → milliseconds), kept while their slot waits on others.
ALTER TABLE games ADD COLUMN clocks JSON;
-- A pause by the host: when it began and how long was left before the deadline.
ALTER TABLE games ADD COLUMN paused_at TIMESTAMPTZ;
ALTER TABLE games ADD COLUMN paused_left_ms BIGINT;
-- Host options: a player whose prompts fall to their default this many times in a row is absent
-- (his prompts then resolve to their defaults at once); players may take vacations; a bot plays a
-- seat opened for a replacement until someone takes it.
ALTER TABLE games ADD COLUMN absent_after INTEGER NOT NULL DEFAULT 3;
ALTER TABLE games ADD COLUMN vacations BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE games ADD COLUMN open_seat_bot BOOLEAN NOT NULL DEFAULT FALSE;

-- A player's standing answers (StandingOption id → chosen value).
ALTER TABLE seats ADD COLUMN standing JSON;
-- An answer given by the player's standing answers rather than typed by him.
ALTER TABLE sheets ADD COLUMN auto BOOLEAN NOT NULL DEFAULT FALSE;
-- A free action (player and value): such a step has no submissions.
ALTER TABLE steps ADD COLUMN action JSON;

-- One extension of a step's deadline per player and step (a second press changes nothing).
CREATE TABLE extensions (
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  step       INTEGER NOT NULL,
  player     TEXT NOT NULL,
  minutes    INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (game_id, step, player)
);

-- A player's vacation: until when, and the days taken in the current calendar year.
ALTER TABLE users ADD COLUMN vacation_until TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN vacation_year INTEGER;
ALTER TABLE users ADD COLUMN vacation_days INTEGER NOT NULL DEFAULT 0;
