-- How many tickets of a type one person may hold (issue 26): one account took all 200 free tickets
-- of an event in 30 s, ten orders at a time. The limit counts the person's pending and paid orders
-- of the type (server/domain/orders/limits.ts). A type that already allowed more in one order keeps
-- that many per person, so nothing an organiser set up stops selling as it did.
ALTER TABLE ticket_types ADD COLUMN max_per_person integer NOT NULL DEFAULT 10;
UPDATE ticket_types SET max_per_person = max_per_order WHERE max_per_order > max_per_person;
ALTER TABLE ticket_types ADD CONSTRAINT ticket_types_max_per_person
  CHECK (max_per_person BETWEEN 1 AND 1000 AND max_per_person >= max_per_order);
