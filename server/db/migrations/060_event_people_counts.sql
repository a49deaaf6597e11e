-- The event document's visitors_cities and visitors_countries were aggregated over every visitor
-- on each read: ~25 ms apiece for a 5,000-person event on PostgreSQL, paid by GET /api/events/{id},
-- every events-list row and every pull of the events feed (issue 28). They are stored on the event
-- now, recounted with total_people in the same transaction as the write that changes them
-- (events/repository recountPeople), so a read is the row and a changed count is a new rev.
--
-- event_city_people holds the event's listed participants per home city (the total_people rule:
-- takes part and is listed), which the legacy from_city_count reads as one key lookup instead of
-- scanning the viewer's city for participants. It carries no rev: it is no document's content.
ALTER TABLE events ADD COLUMN visitors_cities json NOT NULL DEFAULT '[]';
ALTER TABLE events ADD COLUMN visitors_countries json NOT NULL DEFAULT '[]';

CREATE TABLE event_city_people (
  event_id integer NOT NULL REFERENCES events(id),
  city_id integer NOT NULL,
  people integer NOT NULL,
  PRIMARY KEY (event_id, city_id)
);

-- The same statement as recountPeople for every event, so the stored values start from the
-- definition the services keep.
WITH scope AS (SELECT id FROM events),
people AS (
  SELECT p.event_id, u.id AS user_id, u.city_id, u.country_code, u.hide_from_visitors,
         (NOT u.hide_from_visitors AND NOT u.disabled AND NOT u.deleted) AS listed,
         bool_or(p.takes_part) AS takes_part, bool_or(p.checked_in) AS checked_in
  FROM (SELECT ue.event_id, ue.user_id, (ue.checked_in OR ue.is_owner) AS takes_part, ue.checked_in
        FROM user_events ue WHERE ue.event_id IN (SELECT id FROM scope) AND NOT ue.deleted
        UNION ALL
        SELECT t.event_id, t.user_id, true, false FROM tickets t
        WHERE t.event_id IN (SELECT id FROM scope) AND t.status = 'valid' AND NOT t.invalid AND NOT t.deleted) p
  JOIN users u ON u.id = p.user_id
  GROUP BY p.event_id, u.id),
fresh AS (
  SELECT event_id, city_id, count(*)::int AS people FROM people
  WHERE takes_part AND listed AND city_id IS NOT NULL GROUP BY event_id, city_id),
put AS (INSERT INTO event_city_people (event_id, city_id, people) SELECT event_id, city_id, people FROM fresh),
counts AS (
  SELECT s.id,
    (SELECT count(*)::int FROM people pp WHERE pp.event_id = s.id AND pp.takes_part AND pp.listed) AS n,
    coalesce((
      SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
      FROM (SELECT ci.id, ci.name, count(*)::int AS n FROM people pp JOIN cities ci ON ci.id = pp.city_id
            WHERE pp.event_id = s.id AND pp.checked_in AND NOT pp.hide_from_visitors
            GROUP BY ci.id, ci.name) x), '[]'::json) AS cities,
    coalesce((
      SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
      FROM (SELECT ((ascii(substr(co.code, 1, 1)) - 64) * 100 + (ascii(substr(co.code, 2, 1)) - 64))::int AS id, co.code, co.name, count(*)::int AS n
            FROM people pp JOIN countries co ON co.code = pp.country_code
            WHERE pp.event_id = s.id AND pp.checked_in AND NOT pp.hide_from_visitors
            GROUP BY co.code, co.name) x), '[]'::json) AS countries
  FROM scope s)
UPDATE events e SET total_people = c.n, visitors_cities = c.cities, visitors_countries = c.countries
FROM counts c
WHERE e.id = c.id
  AND (e.total_people <> c.n OR e.visitors_cities::text <> c.cities::text OR e.visitors_countries::text <> c.countries::text);
