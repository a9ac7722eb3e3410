-- Suzerain platform schema, version 1. The same SQL runs on the embedded database (PGlite) and on PostgreSQL.

CREATE TABLE users (
  id            SERIAL PRIMARY KEY,
  login         TEXT NOT NULL,
  login_key     TEXT NOT NULL UNIQUE,          -- normalised login (case, accents)
  email         TEXT NOT NULL,
  email_key     TEXT NOT NULL UNIQUE,          -- lower-cased address: one account per address
  password_hash TEXT NOT NULL,                 -- scrypt (memory-hard), see accounts/passwords.ts
  validated     BOOLEAN NOT NULL DEFAULT FALSE,
  lang          TEXT NOT NULL DEFAULT 'fr',
  is_host       BOOLEAN NOT NULL DEFAULT FALSE,
  is_guest      BOOLEAN NOT NULL DEFAULT FALSE,   -- a demo visitor, no e-mail
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One-time codes and tokens (e-mail validation, password reset), stored hashed.
CREATE TABLE user_tokens (
  id          SERIAL PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,                   -- 'validate' | 'reset'
  token_hash  TEXT NOT NULL,
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE INDEX user_tokens_user ON user_tokens(user_id, kind);

CREATE TABLE sessions (
  id_hash     TEXT PRIMARY KEY,                -- SHA-256 of the cookie value
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf        TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL
);

-- Failed logins, per login key and per address, to slow down guessing.
CREATE TABLE login_failures (
  key         TEXT NOT NULL,
  at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key ON login_failures(key, at);

CREATE TABLE games (
  id              SERIAL PRIMARY KEY,
  ruleset         TEXT NOT NULL,
  name            TEXT NOT NULL,
  status          TEXT NOT NULL DEFAULT 'running',   -- 'forming' (private, waiting for lords) | 'running' | 'finished'
  is_private      BOOLEAN NOT NULL DEFAULT FALSE,
  is_demo         BOOLEAN NOT NULL DEFAULT FALSE,
  public_view     BOOLEAN NOT NULL DEFAULT TRUE,     -- the public page (lords, ranking, history)
  host_user_id    INTEGER REFERENCES users(id),
  options         JSONB NOT NULL,                    -- ruleset options (map, lords, constants)
  seed            TEXT NOT NULL,
  initial_hash    TEXT,                              -- null while forming
  state           JSONB,
  state_hash      TEXT,
  step            INTEGER NOT NULL DEFAULT 0,        -- resolved steps (turns)
  next_order      INTEGER NOT NULL DEFAULT 1,        -- submission order counter (tie-breaks)
  schedule        JSONB NOT NULL,                    -- {weekday, time, timeZone, everyDays}
  deadline        TIMESTAMPTZ,
  early           BOOLEAN NOT NULL DEFAULT TRUE,     -- resolve as soon as every lord is ready
  password_hash   TEXT,                              -- private games: the join password (scrypt)
  max_players     INTEGER NOT NULL DEFAULT 10,
  reminder_hours  INTEGER NOT NULL DEFAULT 24,
  reminded_step   INTEGER NOT NULL DEFAULT -1,
  claimed_by      TEXT,
  claimed_at      TIMESTAMPTZ,
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX games_due ON games(status, deadline);

-- A seat is one player (lord) of one game, held by one account.
CREATE TABLE seats (
  game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  player       TEXT NOT NULL,                        -- the ruleset's player id (L1…); 'join-N' while forming
  user_id      INTEGER REFERENCES users(id),         -- null: a bot plays the seat
  lord_name    TEXT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'active',       -- 'active' | 'abdicated' | 'open' (replacement wanted)
  missed       INTEGER NOT NULL DEFAULT 0,           -- consecutive turns without orders
  PRIMARY KEY (game_id, player)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats(game_id, user_id);

-- The order sheet of a seat for the step in progress: kept as typed, validated by the referee.
CREATE TABLE sheets (
  game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  player       TEXT NOT NULL,
  step         INTEGER NOT NULL,                     -- the step it answers (games.step + 1)
  decision     TEXT NOT NULL,
  text         TEXT NOT NULL,
  value        JSONB,                                -- the validated answer
  issues       JSONB NOT NULL DEFAULT '[]',
  sub_order    INTEGER NOT NULL,
  ready        BOOLEAN NOT NULL DEFAULT FALSE,
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, player, step, decision)
);

-- Resolved steps: the game is a fold over them (replay).
CREATE TABLE steps (
  game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  label        TEXT NOT NULL,
  submissions  JSONB NOT NULL,
  defaulted    JSONB NOT NULL,
  events       JSONB NOT NULL,
  hash         TEXT NOT NULL,
  resolved_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, idx)
);

-- Each lord's report of each step, in both languages.
CREATE TABLE reports (
  game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  player       TEXT NOT NULL,
  text_fr      TEXT NOT NULL,
  text_en      TEXT NOT NULL,
  PRIMARY KEY (game_id, idx, player)
);

-- "I want to play the next game".
CREATE TABLE lobby (
  id            SERIAL PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ruleset       TEXT NOT NULL,
  map           TEXT NOT NULL,
  lord_name     TEXT NOT NULL,
  status        TEXT NOT NULL DEFAULT 'waiting',     -- 'waiting' | 'asked' | 'confirmed' | 'placed' | 'withdrawn'
  asked_at      TIMESTAMPTZ,
  confirmed_at  TIMESTAMPTZ,
  game_id       INTEGER REFERENCES games(id),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX lobby_status ON lobby(ruleset, map, status);

-- Outgoing mail: sent by SMTP when configured, else kept here for the host to read.
CREATE TABLE outbox (
  id          SERIAL PRIMARY KEY,
  to_addr     TEXT NOT NULL,
  subject     TEXT NOT NULL,
  text        TEXT NOT NULL,
  html        TEXT,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  sent_at     TIMESTAMPTZ,
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT
);
