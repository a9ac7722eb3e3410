-- Suzerain platform schema, version 13: which reports their lord has opened.
-- After a resolution the game's pages show "Turn N resolved — read your report" until the lord
-- opens that report (issue 13 §3). read_at is set when the report page is first shown to the
-- seat's holder. Reports written before this version count as read (no banner for old turns).
ALTER TABLE reports ADD COLUMN read_at TIMESTAMPTZ;
UPDATE reports SET read_at = now();
