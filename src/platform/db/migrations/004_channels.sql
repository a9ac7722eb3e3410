-- The three channels of a game (forum, sealed letters, anonymous gazette), notifications and moderation.
-- Every piece of content can be hidden by the host: it stays here with who hid it and why.

CREATE TABLE forum_threads (
  id             SERIAL PRIMARY KEY,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  title          TEXT NOT NULL,
  author_user    INTEGER NOT NULL REFERENCES users(id),
  author_player  TEXT,                                  -- the lord who opened it (null: a non-playing host)
  created_at     TIMESTAMPTZ NOT NULL,
  last_post_at   TIMESTAMPTZ NOT NULL,
  hidden_at      TIMESTAMPTZ, hidden_by INTEGER REFERENCES users(id), hidden_reason TEXT
);
CREATE INDEX forum_threads_game ON forum_threads(game_id, last_post_at);

CREATE TABLE forum_posts (
  id             SERIAL PRIMARY KEY,
  thread_id      INTEGER NOT NULL REFERENCES forum_threads(id) ON DELETE CASCADE,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  author_user    INTEGER NOT NULL REFERENCES users(id),
  author_player  TEXT,
  body           TEXT NOT NULL,                         -- plain text (rendered escaped)
  out_of_game    BOOLEAN NOT NULL DEFAULT FALSE,        -- "HJ": hors jeu
  quote_post_id  INTEGER REFERENCES forum_posts(id),
  created_at     TIMESTAMPTZ NOT NULL,
  hidden_at      TIMESTAMPTZ, hidden_by INTEGER REFERENCES users(id), hidden_reason TEXT
);
CREATE INDEX forum_posts_thread ON forum_posts(thread_id, id);

CREATE TABLE forum_reads (
  user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  thread_id      INTEGER NOT NULL REFERENCES forum_threads(id) ON DELETE CASCADE,
  last_read_id   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, thread_id)
);

-- Sealed letters between lords of one game. Participants are lords (seats), not accounts: a
-- replacement player inherits the seat's letters.
CREATE TABLE letter_threads (
  id             SERIAL PRIMARY KEY,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  subject        TEXT NOT NULL,
  created_at     TIMESTAMPTZ NOT NULL,
  last_at        TIMESTAMPTZ NOT NULL
);
CREATE TABLE letter_members (
  thread_id      INTEGER NOT NULL REFERENCES letter_threads(id) ON DELETE CASCADE,
  player         TEXT NOT NULL,
  reply_token    TEXT NOT NULL UNIQUE,                  -- in the inbound address of this lord's notifications
  last_read_id   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (thread_id, player)
);
CREATE TABLE letters (
  id             SERIAL PRIMARY KEY,
  thread_id      INTEGER NOT NULL REFERENCES letter_threads(id) ON DELETE CASCADE,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  author_player  TEXT NOT NULL,                         -- signed with the lord's name
  author_user    INTEGER NOT NULL REFERENCES users(id),
  body           TEXT NOT NULL,
  via_mail       BOOLEAN NOT NULL DEFAULT FALSE,
  created_at     TIMESTAMPTZ NOT NULL,
  hidden_at      TIMESTAMPTZ, hidden_by INTEGER REFERENCES users(id), hidden_reason TEXT
);
CREATE INDEX letters_thread ON letters(thread_id, id);

-- The anonymous gazette. Only the day of publication is ever shown; articles of one day are
-- ordered by a random key, never by insertion; the author is visible to the host only (logged).
CREATE TABLE gazette_articles (
  id             SERIAL PRIMARY KEY,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  author_user    INTEGER NOT NULL REFERENCES users(id),
  title          TEXT NOT NULL,
  body_html      TEXT NOT NULL,                         -- sanitised at write time (and again at render)
  published_day  DATE NOT NULL,
  order_key      TEXT NOT NULL,                         -- random, for the order within a day
  hidden_at      TIMESTAMPTZ, hidden_by INTEGER REFERENCES users(id), hidden_reason TEXT
);
CREATE INDEX gazette_game ON gazette_articles(game_id, published_day, order_key);
CREATE TABLE gazette_reads (
  user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seen_ids       JSON NOT NULL DEFAULT '[]',
  PRIMARY KEY (user_id, game_id)
);
CREATE TABLE author_access_log (
  id             SERIAL PRIMARY KEY,
  article_id     INTEGER NOT NULL REFERENCES gazette_articles(id) ON DELETE CASCADE,
  host_user      INTEGER NOT NULL REFERENCES users(id),
  reason         TEXT NOT NULL,
  at             TIMESTAMPTZ NOT NULL
);

-- Per player and channel: 'each' (a mail per message), 'digest' (one mail a day), 'none'.
CREATE TABLE notification_prefs (
  user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel        TEXT NOT NULL,                         -- 'forum' | 'letters' | 'gazette'
  mode           TEXT NOT NULL,
  PRIMARY KEY (user_id, channel)
);
-- Notifications waiting for a digest (or for the gazette's batch).
CREATE TABLE notification_queue (
  id             SERIAL PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel        TEXT NOT NULL,
  game_id        INTEGER REFERENCES games(id) ON DELETE CASCADE,
  line           TEXT NOT NULL,                         -- one line of the digest (already in the user's language)
  link           TEXT NOT NULL,
  created_at     TIMESTAMPTZ NOT NULL,
  sent_at        TIMESTAMPTZ
);
CREATE INDEX notification_queue_pending ON notification_queue(user_id, sent_at);

-- Reports of content by players, and what the host did.
CREATE TABLE content_reports (
  id             SERIAL PRIMARY KEY,
  kind           TEXT NOT NULL,                         -- 'post' | 'letter' | 'article'
  content_id     INTEGER NOT NULL,
  game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  reporter_user  INTEGER NOT NULL REFERENCES users(id),
  reason         TEXT NOT NULL,
  created_at     TIMESTAMPTZ NOT NULL,
  resolved_at    TIMESTAMPTZ, resolved_by INTEGER REFERENCES users(id), action TEXT
);

ALTER TABLE outbox ADD COLUMN reply_to TEXT;
