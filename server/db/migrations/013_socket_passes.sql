-- A socket is opened with a single-use pass (server/domain/auth/socket-passes.ts). The code called
-- them "tickets", which the product already uses for event tickets; one name per thing.
ALTER TABLE socket_tickets RENAME TO socket_passes;
ALTER INDEX socket_tickets_pkey RENAME TO socket_passes_pkey;
ALTER INDEX socket_tickets_expires RENAME TO socket_passes_expires;
ALTER INDEX socket_tickets_session RENAME TO socket_passes_session;
ALTER TABLE socket_passes RENAME CONSTRAINT socket_tickets_user_id_fkey TO socket_passes_user_id_fkey;
