-- Suzerain platform schema: personal API tokens (src/platform/api/; issue 18, "A public API").
--
-- A player creates tokens from his account page (/account/tokens) and revokes them there. The token
-- is shown once, at creation; only its SHA-256 is kept (a token is 32 random bytes, so a plain hash
-- is enough: nothing to guess, nothing to salt). `scopes` is a subset of {read, play, messages}, as
-- a comma-separated list. A revoked token keeps its row (revoked_at set) so that the page can list
-- it as revoked; it authenticates nothing any more.
CREATE TABLE api_tokens (
  id           SERIAL PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  token_hash   TEXT NOT NULL UNIQUE,
  scopes       TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ,
  revoked_at   TIMESTAMPTZ
);
CREATE INDEX api_tokens_user ON api_tokens(user_id, id);
