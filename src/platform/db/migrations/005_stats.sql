-- Suzerain platform schema, version 5: the figures of the statistics pages.

-- The ruleset's figures of the state after each step (public ones per player, each player's own),
-- and of the initial state. Null for games stored before this version: they are recomputed by
-- replaying the game the first time its statistics are asked for.
ALTER TABLE steps ADD COLUMN stats JSON;
ALTER TABLE games ADD COLUMN start_stats JSON;
