-- Event chat, private messages and the websockets (server/domain/chat, server/domain/messages,
-- server/realtime). New tables are queried with raw SQL from those folders.

-- Single-use tickets that let a socket authenticate by URL without putting the session token in it
-- (URLs end up in proxy logs and browser history). Only the SHA-256 of the ticket is stored, like
-- sessions; a ticket lives about a minute and is deleted when used.
CREATE TABLE socket_tickets (
  token_hash bytea PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX socket_tickets_expires ON socket_tickets (expires_at);

-- Pictures uploaded for chat comments. The file lives under <dataDir>/uploads/chat/<name>; the row
-- says who uploaded it for which event and, once posted, which comment shows it, which is what
-- decides who may download it.
CREATE TABLE chat_uploads (
  name text PRIMARY KEY CHECK (name ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  user_id integer NOT NULL REFERENCES users(id),
  event_id integer NOT NULL REFERENCES events(id),
  bytes integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  comment_id integer REFERENCES chat_comments(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_uploads_unattached ON chat_uploads (user_id, created_at) WHERE comment_id IS NULL;
CREATE UNIQUE INDEX chat_uploads_comment ON chat_uploads (comment_id) WHERE comment_id IS NOT NULL;

-- The realtime fan-out reads block changes by rev (server/realtime/changes.ts).
CREATE INDEX chat_blocks_rev ON chat_blocks (rev);
-- Posting limits count a user's recent comments in one event and recent messages.
CREATE INDEX chat_comments_author_recent ON chat_comments (event_id, user_id, received_at);
CREATE INDEX messages_sender_recent ON messages (sender_id, received_at);
