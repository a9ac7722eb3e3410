-- Suzerain platform schema, version 28: the GM's console (issue 16, Game of Gruik §11.3; the
-- engine's contract is "game masters: the console" in src/engine/ruleset.ts).

-- One row per action the GM took on a game (edit an entity, override a roll, orders for the
-- states he runs…): who, when, what. The action itself is an input of the game's history, kept in
-- the step it made (`steps.action`, player '@gm'); this row is the audit beside it, shown on the
-- GM's page. Players never read it.
CREATE TABLE gm_actions (
  id         SERIAL PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  step       INTEGER NOT NULL,                    -- the step the action made (steps.idx)
  user_id    INTEGER REFERENCES users(id) ON DELETE SET NULL,
  action     TEXT NOT NULL,                       -- the action's id (FreeAction.id)
  label      TEXT NOT NULL,                       -- its label as the GM saw it
  input      JSONB NOT NULL,                      -- the form's values as posted
  at         TIMESTAMPTZ NOT NULL
);
CREATE INDEX gm_actions_game ON gm_actions(game_id, id);
