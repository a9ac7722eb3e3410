-- Suzerain platform schema, version 27: game masters and their approval queue (issue 16, Game of
-- Gruik §11.3–§11.6; the engine's contract is "game masters" in src/engine/ruleset.ts).

-- The game's GM (the host or another account), chosen when the game is created; NULL: a game
-- without a GM, where every judgment item takes its program default at once.
ALTER TABLE games ADD COLUMN gm_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL;

-- One row per judgment item a step opened (a decision of the GM seat, `Decision.judgment`):
-- what the GM sees (the item as the ruleset gave it), its deadline, and what became of it.
-- status: 'pending' (waits for the GM), 'ruled' (the GM ruled; applied when the step resolves),
-- 'default' (the step resolved without a ruling: the program default applied), 'no-gm' (a game
-- without a GM: the default applied at once), 'withdrawn' (a free action closed the question).
-- The GM's reason stays here: it never reaches the state, the record or a player's report.
CREATE TABLE gm_items (
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  step       INTEGER NOT NULL,                    -- the step it belongs to (games.step + 1 while open)
  decision   TEXT NOT NULL,                       -- the judgment decision's id (gm:<item id>)
  kind       TEXT NOT NULL,                       -- 'timed' | 'blocking' | 'optional'
  item       JSONB NOT NULL,
  opened_at  TIMESTAMPTZ NOT NULL,
  deadline   TIMESTAMPTZ,
  status     TEXT NOT NULL DEFAULT 'pending',
  ruling     TEXT,
  ruled_by   INTEGER REFERENCES users(id) ON DELETE SET NULL,
  ruled_at   TIMESTAMPTZ,
  reason     TEXT,
  closed_at  TIMESTAMPTZ,
  extended_at TIMESTAMPTZ,                        -- the GM extended its deadline (once; §11.6: the extension is itself a deadline)
  PRIMARY KEY (game_id, step, decision)
);
CREATE INDEX gm_items_open ON gm_items(game_id, step) WHERE status = 'pending';
CREATE INDEX games_gm ON games(gm_user_id) WHERE gm_user_id IS NOT NULL;
