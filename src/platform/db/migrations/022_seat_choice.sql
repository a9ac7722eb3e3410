-- Suzerain platform schema: a seat's own choices at join (the ruleset's seat form, e.g. an
-- Adventurer Kings player's King: race, alignment, talents; engine `SeatForm`), as the ruleset's
-- check gave them. Passed to the setup in the game's options (`choices`) when the game starts,
-- so that the stored options replay the same world. Null: nothing chosen (drawn from the seed).
ALTER TABLE seats ADD COLUMN choice JSON;
ALTER TABLE lobby ADD COLUMN choice JSON;
