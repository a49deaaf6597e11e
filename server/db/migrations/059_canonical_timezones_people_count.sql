-- Kyiv's IANA name is Europe/Kyiv (tzdata 2022b); Europe/Kiev is only its old alias, which older
-- browsers still report as their own zone, so the admin form stored it. Events show and send the
-- canonical name from now on (the server also renames it on every write, contract/admin.ts); the
-- update bumps each row's rev, so devices pull the corrected events.
UPDATE events SET timezone = 'Europe/Kyiv' WHERE timezone = 'Europe/Kiev';

-- The event page's "Participants" counted check-ins alone while its Visitors tab lists everybody
-- who takes part (checked in, owner or a valid ticket) and is listed (not hiding, not disabled or
-- removed); the services keep it as the visitors list counts it now (events/repository
-- recountPeople), and the stored numbers start from the same definition.
UPDATE events ev SET total_people = c.n
FROM (
  SELECT e.id, (
    SELECT count(*)::int FROM users u
    WHERE u.id IN (SELECT user_id FROM user_events WHERE event_id = e.id UNION SELECT user_id FROM tickets WHERE event_id = e.id)
      AND NOT u.hide_from_visitors AND NOT u.disabled AND NOT u.deleted
      AND (EXISTS (SELECT 1 FROM user_events pue WHERE pue.event_id = e.id AND pue.user_id = u.id AND NOT pue.deleted AND (pue.checked_in OR pue.is_owner))
        OR EXISTS (SELECT 1 FROM tickets pt WHERE pt.event_id = e.id AND pt.user_id = u.id AND pt.status = 'valid' AND NOT pt.invalid AND NOT pt.deleted))
  ) AS n
  FROM events e
) c
WHERE ev.id = c.id AND ev.total_people <> c.n;
