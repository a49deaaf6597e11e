-- Meet by QR (issue 31, server/domain/contacts/). A contact is what one person holds about another
-- they met, so it lives on the row that already holds that person's like and star for the other:
-- one relations document per other person on the device, and every RxDB collection is taken.
--
-- contact_at is when they met (null: not a contact); contact_card what the other person shared
-- then, after their privacy switches (name, company, position, and email and phone only when their
-- switches allow); contact_removed_at the owner's last removal, so a scan made before it and
-- uploaded after it does not bring the contact back.
ALTER TABLE user_relations
  ADD COLUMN contact_at timestamptz,
  ADD COLUMN contact_event_id integer REFERENCES events(id),
  ADD COLUMN contact_card jsonb,
  ADD COLUMN contact_note text NOT NULL DEFAULT '',
  ADD COLUMN contact_removed_at timestamptz;
