-- Web Push (issue 31, server/domain/notices/push.ts). A subscription belongs to one browser of one
-- person: the push service's endpoint names the browser, so it is unique, and a browser that moves
-- to another account moves its row with it. p256dh and auth are the browser's keys that each
-- message is encrypted to (RFC 8291). A push service that answers 404 or 410 has forgotten the
-- browser, and its row is deleted.
--
-- A subscription lives as long as the session that made it: signing out of a shared phone (or the
-- session being ended from another device) stops the pushes to it, and pushes go only while the
-- session is unexpired.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_hash bytea NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_id ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session_hash ON push_subscriptions (session_hash);

-- The VAPID key pair the server signs its pushes with when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are
-- not configured: generated once, kept here so every instance signs with the same pair and the
-- browsers' subscriptions (made for its public key) outlive a restart.
CREATE TABLE push_vapid_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL
);

-- Which notices also come as a push (contract/accounts.ts NOTIFY_KINDS); a kind left out is on.
ALTER TABLE users ADD COLUMN notify_push jsonb NOT NULL DEFAULT '{}';

-- Reminders pushed before an accepted meeting (notices/push-reminders.ts): one row per meeting and
-- start, taken by whichever instance's sweep inserts it first, so each reminder goes out once; a
-- meeting moved to another time is reminded again.
CREATE TABLE push_reminders_sent (
  appointment_id integer NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  PRIMARY KEY (appointment_id, starts_at)
);
-- The sweep's search: accepted meetings by start.
CREATE INDEX appointments_accepted_start ON appointments (starts_at) WHERE response = 1 AND canceled_by IS NULL AND NOT deleted;
