-- Suzerain platform schema: the "my games" home page.
-- The last report (step index) each seat has opened: reports after it count as unread on the home
-- page. Set when the seat's player opens one of his reports (web/home.ts, markReportSeen).
ALTER TABLE seats ADD COLUMN reports_seen INTEGER NOT NULL DEFAULT 0;
-- The demo's bot lords answer letters: a letter signed by a seat nobody holds has no author account.
ALTER TABLE letters ALTER COLUMN author_user DROP NOT NULL;
