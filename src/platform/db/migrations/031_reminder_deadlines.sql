-- Suzerain platform schema, version 31: a reminder follows the deadline in force (games/reminders.ts,
-- games/prompt-reminders.ts). A deadline can move after its reminder went out (a player's own
-- extension, the GM's extension of the step, a pause, a vacation): the reminder for the new deadline
-- must still come when it falls due, and none twice for a deadline that did not move.

-- Games of order sheets: the deadline the step's reminder was sent for (with `reminded_step`).
-- The reminders already sent keep counting as sent for the deadline in force now.
ALTER TABLE games ADD COLUMN reminded_deadline TIMESTAMPTZ;
UPDATE games SET reminded_deadline = deadline WHERE reminded_step = step + 1;

-- Games of prompts: the deadline a reminder ('half', 'last') was sent for; NULL for 'turn' notices. The last reminder ('last') is owed
-- again for a moved deadline: its row (the primary key is unchanged) is updated to the new
-- deadline in the transaction that queues the new mail. The last reminders already sent for the
-- prompts open now count as sent for the deadline in force.
ALTER TABLE turn_notices ADD COLUMN deadline TIMESTAMPTZ;
UPDATE turn_notices n SET deadline = g.deadline FROM games g WHERE g.id = n.game_id AND n.asked_at = g.asked_at AND n.kind IN ('half', 'last');
