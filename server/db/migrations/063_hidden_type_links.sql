-- Private links of hidden ticket types (issue 30, server/domain/orders/types.ts): a hidden type is
-- bought only by somebody who opened its link (speakers, staff, sponsors), which carries this key.
-- It is random rather than derived from the type's id, so it cannot be guessed, and the organiser
-- replaces it to stop an old link from working. Two random UUIDs give 244 random bits; PostgreSQL 15
-- has gen_random_uuid without an extension. Existing types get a key of their own: a volatile
-- default is evaluated per row when the column is added.
ALTER TABLE ticket_types
  ADD COLUMN access_key text NOT NULL
  DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
CREATE UNIQUE INDEX ticket_types_access_key ON ticket_types (access_key);
-- The organisers' copy of the event carries the key, so a new key gives the event a new rev through
-- the trigger of 040_ticket_sales.sql, which compares every column but `taken`.
