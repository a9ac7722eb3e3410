-- Suzerain platform schema, version 9: limits against abuse.

-- Password reset requests wait here for the scheduler, which mails the link when an account uses
-- the address: answering a request then does the same work for every address (no timing
-- enumeration of registered addresses).
CREATE TABLE reset_requests (
  id          SERIAL PRIMARY KEY,
  email_key   TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL
);

-- The scheduler looks for guest accounts inactive for a few days (deleted with their demo games).
CREATE INDEX users_guests ON users(created_at) WHERE is_guest;
-- Demo games by host (a guest's demos), and sheets by game and player (a guest's last orders).
CREATE INDEX games_demo_host ON games(host_user_id) WHERE is_demo;
