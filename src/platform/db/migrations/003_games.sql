-- Suzerain platform schema, version 3: games.

-- What the engine reads back (state, options, answers, events) is stored as json, which keeps the
-- text as written, rather than jsonb, which reorders object keys: a ruleset may walk an object's
-- keys in order, so a reordered state could resolve differently from the replay of the game.
ALTER TABLE games ALTER COLUMN options TYPE JSON USING options::json;
ALTER TABLE games ALTER COLUMN state TYPE JSON USING state::json;
ALTER TABLE sheets ALTER COLUMN value TYPE JSON USING value::json;
ALTER TABLE steps ALTER COLUMN submissions TYPE JSON USING submissions::json;
ALTER TABLE steps ALTER COLUMN defaulted TYPE JSON USING defaulted::json;
ALTER TABLE steps ALTER COLUMN events TYPE JSON USING events::json;

ALTER TABLE games ADD COLUMN started_at TIMESTAMPTZ;
-- Seats in the order lords joined (the ruleset's player ids follow it).
ALTER TABLE seats ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
-- Whether the seat's player is asked something in the step in progress (false: out of the game).
ALTER TABLE seats ADD COLUMN asked BOOLEAN NOT NULL DEFAULT TRUE;
CREATE INDEX sheets_step ON sheets(game_id, step);
CREATE INDEX lobby_user ON lobby(user_id);
-- The ruleset's label of the step in progress ("turn 3"), for lists that do not load the state.
ALTER TABLE games ADD COLUMN turn_label TEXT NOT NULL DEFAULT '';
