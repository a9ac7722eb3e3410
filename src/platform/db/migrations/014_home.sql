-- Suzerain platform schema: the "my games" home page.
-- (Unread reports are those with no read_at, migration 013: the report page marks them read.)
-- The demo's bot lords answer letters: a letter signed by a seat nobody holds has no author account.
ALTER TABLE letters ALTER COLUMN author_user DROP NOT NULL;
