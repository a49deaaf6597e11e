-- A socket opened with a ticket belongs to the session that asked for the ticket: logging out of
-- that session closes the socket (server/realtime/sessions.ts) and makes its unused tickets worthless.
-- Null for tickets issued before this column existed; those count as belonging to no live session.
ALTER TABLE socket_tickets ADD COLUMN session_hash bytea;
CREATE INDEX socket_tickets_session ON socket_tickets (session_hash);
