-- Suzerain platform schema, version 7: the caretaker, a host option per game (off by default, as
-- in the original rules). When it is on, a human lord who sent no orders by the deadline is played
-- for that turn by the ruleset's caretaker (sensible defensive orders), and his report says so.
ALTER TABLE games ADD COLUMN caretaker BOOLEAN NOT NULL DEFAULT FALSE;
