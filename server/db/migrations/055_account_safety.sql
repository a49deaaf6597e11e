-- Issue 26, findings 4 and 11.

-- The session handoff (?token=&user_id=) is exchanged for a browser session of its own, once.
-- A row records each exchanged token's digest: an app's session token (kind 'session'), or a
-- one-time code an app asked for (kind 'code', unused until used_at is set). The primary key
-- makes a second exchange of the same token lose, whichever instance it reaches.
CREATE TABLE session_handoffs (
  token_hash bytea PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('session', 'code')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX session_handoffs_expiry ON session_handoffs (expires_at);
CREATE INDEX session_handoffs_user ON session_handoffs (user_id);

-- An email change sends the old address a link that undoes it ('email_undo'; the row's email is the
-- address to give back). The change's own link remembers the session that asked for it, which stays
-- signed in when the change completes while every other session ends.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'email', 'email_undo'));
ALTER TABLE account_tokens ADD COLUMN session_hash bytea;
-- While an undo link is alive its address stays reserved for the account it was taken from.
CREATE INDEX account_tokens_undo ON account_tokens (lower(email)) WHERE purpose = 'email_undo';
