-- Suzerain platform schema, version 30: the GM extends the players' deadline of the step in
-- progress, and the host names, changes or removes the GM after creation (issue 16, Game of Gruik
-- §11.3 "extend deadlines", §11.6 "the extension is itself a deadline"; games/gm.ts).

-- The GM's log (migration 028) also keeps these two platform actions, with the deadline before and
-- after for an extension: action '@extend-step' (the GM; `step` is then the step in progress that
-- was extended, `input` {hours}) and '@gm-change' (the host; `step` the step in progress then,
-- `input` {from, to}: the logins, '' for none). Both NULL for the ruleset's GM actions.
ALTER TABLE gm_actions ADD COLUMN old_deadline TIMESTAMPTZ;
ALTER TABLE gm_actions ADD COLUMN new_deadline TIMESTAMPTZ;
CREATE INDEX gm_actions_extensions ON gm_actions(game_id, step) WHERE action = '@extend-step';
