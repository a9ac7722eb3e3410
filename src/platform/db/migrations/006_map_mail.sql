-- Suzerain platform schema, version 6: a turn report's map travels with its mail.
-- The SVG drawing is kept until the mail is sent (then cleared); the mailer rasterises it to a
-- PNG attached inline (cid:map@suzerain).
ALTER TABLE outbox ADD COLUMN map_svg TEXT;
