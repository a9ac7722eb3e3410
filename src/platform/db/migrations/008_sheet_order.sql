-- Suzerain platform schema, version 8: submission numbers from one sequence.
-- A sheet's submission number (sub_order, the rules' "entry order" tie-break) was taken from a
-- counter on its game's row, which made every save of a game wait for the others. It now comes
-- from a sequence: still increasing in the order sheets are saved, within every game, without
-- locking the game. It starts above every number already given, so no order is reversed.
CREATE SEQUENCE sheet_order;
SELECT setval('sheet_order', GREATEST(1, (SELECT COALESCE(MAX(next_order), 1) FROM games), (SELECT COALESCE(MAX(sub_order), 1) FROM sheets)));
