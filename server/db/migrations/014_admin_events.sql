-- Organisers run their own events (issue 14, server/domain/admin). An event is a draft until its
-- organisers publish it; a draft reaches only their devices (the events feed serves it to anyone
-- else as a tombstone, docs/DESIGN.md "Drafts and organisers' data on the device"). Events that
-- existed before stay published. A cancelled event stays listed, marked as cancelled.
ALTER TABLE events
  ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'cancelled')),
  -- Who created it: an owner like the co-organisers it names, but one they cannot remove.
  ADD COLUMN created_by integer REFERENCES users(id),
  -- The venue's city as the organiser typed it, shown when it is not one of the known cities.
  ADD COLUMN venue_city text NOT NULL DEFAULT '',
  -- The venue's map point; both or neither.
  ADD COLUMN lat double precision CHECK (lat BETWEEN -90 AND 90),
  ADD COLUMN lng double precision CHECK (lng BETWEEN -180 AND 180),
  ADD CONSTRAINT events_map_point CHECK ((lat IS NULL) = (lng IS NULL));

-- The categories an event can be filed under exist in every database, not only a seeded one: an
-- organiser's first event on an empty server needs one. The seed inserts the same rows.
INSERT INTO categories (id, name) VALUES
  (1, 'IT'), (2, 'Business'), (3, 'Marketing'), (4, 'Design'), (5, 'Medicine'), (6, 'Education')
ON CONFLICT (id) DO NOTHING;

-- The door staff list is part of the event's team that its organisers' devices hold (the event
-- document's organiser part), so naming or removing a door worker gives the event a new rev.
CREATE FUNCTION foyer_touch_door_staff_event() RETURNS trigger AS $$
BEGIN
  UPDATE events SET deleted = deleted WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.event_id ELSE NEW.event_id END;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER door_staff_touch AFTER INSERT OR UPDATE OR DELETE ON door_staff
  FOR EACH ROW EXECUTE FUNCTION foyer_touch_door_staff_event();
