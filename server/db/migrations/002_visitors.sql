-- Indexes for the visitors, people and profile calls (server/domain/visitors). No new columns: the
-- privacy switches and relations are in 001_init.sql, and the visitors feed builds its rev from the
-- revs those rows already carry. Names are prefixed and guarded so another area's migration adding a
-- similar index cannot collide with these.

-- Friendship rows are stored once per pair; "is a friend of" looks them up from either side.
CREATE INDEX IF NOT EXISTS visitors_friends_friend ON friends (friend_id, user_id);

-- Unread counter of the profile aside: the user's dialogs from either side, then their unread messages.
CREATE INDEX IF NOT EXISTS visitors_dialogs_user_b ON dialogs (user_b);
CREATE INDEX IF NOT EXISTS visitors_messages_unread ON messages (dialog_id) WHERE read_at IS NULL AND NOT deleted;
