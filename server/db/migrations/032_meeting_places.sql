-- The organisers' meeting settings (issue 14, server/domain/admin/meetings.ts). A place may hold
-- some of the event's numbered tables (a hall with tables 11–20); a place without tables stays a
-- spot to meet at. tables_count keeps counting every table, so old readers see the same total.
ALTER TABLE meeting_settings ADD COLUMN place_tables jsonb NOT NULL DEFAULT '{}';
