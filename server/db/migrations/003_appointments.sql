-- One-to-one appointments: the booking rules live in the database, so no code path (a service, a
-- seed, a script, a future change) can double-book anybody. The services check the same rules first
-- only to answer with the catalogue's message; the constraints below are what actually holds.
--
-- An "open" appointment is pending (response NULL) or accepted (response 1) and not a tombstone.
-- A pending request blocks its slot for both people, exactly like an accepted meeting.
--
-- Why range-encoded equality instead of btree_gist: an exclusion constraint that mixes "same user"
-- with "overlapping time" normally needs btree_gist for the integer column. PostgreSQL ships it in
-- contrib, but PGlite 0.5 only has it as a separately loaded bundle that must be passed to the PGlite
-- constructor (CREATE EXTENSION fails otherwise), which would tie this migration to how every caller
-- opens the database. A one-point int4range `[id, id]` overlaps another exactly when the ids are equal,
-- and ranges have a built-in GiST operator class, so the same constraints run on core PostgreSQL and
-- on PGlite with no extension at all.

ALTER TABLE appointments
  ADD CONSTRAINT appointments_times_paired CHECK ((starts_at IS NULL) = (ends_at IS NULL)),
  ADD CONSTRAINT appointments_times_ordered CHECK (ends_at > starts_at),
  ADD CONSTRAINT appointments_any_time_untimed CHECK (any_time = (starts_at IS NULL)),
  ADD CONSTRAINT appointments_where_type CHECK (where_type IS NULL OR where_type IN (1, 2)),
  ADD CONSTRAINT appointments_table_has_number CHECK ((coalesce(where_type, 0) = 1) = (table_num IS NOT NULL)),
  ADD CONSTRAINT appointments_canceled_closed CHECK (canceled_by IS NULL OR response = 3);

-- The key that makes each meeting's video room unguessable (server/domain/appointments/video.ts
-- derives the room as an HMAC of the meeting id under it). Kept in the database so every server
-- instance and every restart agrees on it without shared configuration; drawn from the server's
-- strong random source (two v4 UUIDs: 244 random bits). Deleting the row and inserting a new one
-- moves every call to a new room.
CREATE TABLE appointment_video_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL CHECK (length(secret) >= 32)
);
INSERT INTO appointment_video_keys (id, secret)
VALUES (1, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));

-- No table hosts two open meetings at overlapping times in one event.
ALTER TABLE appointments
  ADD CONSTRAINT appointments_table_free EXCLUDE USING gist (
    int4range(event_id, event_id, '[]') WITH &&,
    int4range(table_num, table_num, '[]') WITH &&,
    tstzrange(starts_at, ends_at) WITH &&
  ) WHERE ((response IS NULL OR response = 1) AND NOT deleted AND table_num IS NOT NULL AND starts_at IS NOT NULL);

-- At most one open appointment per pair of people per event ("Appointment with this user exists
-- already."): the visitor card shows one appointment per person, and a rejected or canceled one may
-- be followed by a new request ("make appointment again").
CREATE UNIQUE INDEX appointments_one_open_per_pair
  ON appointments (event_id, least(from_user_id, to_user_id), greatest(from_user_id, to_user_id))
  WHERE (response IS NULL OR response = 1) AND NOT deleted;

-- Who is busy when. One row per person of every open, timed appointment, in any event: a person
-- cannot be at two meetings at once even if they belong to two events. The rows are written only by
-- the trigger below, in the same statement as the appointment change, so they cannot drift from the
-- appointments; an exclusion constraint on the appointments table alone could not see that the
-- `to` person of one meeting is the `from` person of another.
CREATE TABLE appointment_people (
  appointment_id integer NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  during tstzrange NOT NULL,
  PRIMARY KEY (appointment_id, user_id),
  CONSTRAINT appointment_people_no_overlap EXCLUDE USING gist (
    int4range(user_id, user_id, '[]') WITH &&,
    during WITH &&
  )
);

CREATE FUNCTION foyer_appointment_people() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.starts_at, OLD.ends_at, OLD.from_user_id, OLD.to_user_id, OLD.response, OLD.deleted)
         IS NOT DISTINCT FROM (NEW.starts_at, NEW.ends_at, NEW.from_user_id, NEW.to_user_id, NEW.response, NEW.deleted) THEN
    RETURN NULL;
  END IF;
  DELETE FROM appointment_people WHERE appointment_id = NEW.id;
  IF NEW.starts_at IS NOT NULL AND NOT NEW.deleted AND (NEW.response IS NULL OR NEW.response = 1) THEN
    INSERT INTO appointment_people (appointment_id, user_id, during) VALUES
      (NEW.id, NEW.from_user_id, tstzrange(NEW.starts_at, NEW.ends_at)),
      (NEW.id, NEW.to_user_id, tstzrange(NEW.starts_at, NEW.ends_at));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER appointments_people AFTER INSERT OR UPDATE ON appointments
  FOR EACH ROW EXECUTE FUNCTION foyer_appointment_people();

-- Rows written before this migration (a seeded database) get their occupancy too.
INSERT INTO appointment_people (appointment_id, user_id, during)
SELECT a.id, p.user_id, tstzrange(a.starts_at, a.ends_at)
FROM appointments a
CROSS JOIN LATERAL (VALUES (a.from_user_id), (a.to_user_id)) p(user_id)
WHERE a.starts_at IS NOT NULL AND NOT a.deleted AND (a.response IS NULL OR a.response = 1);

-- Availability reads the open meetings of one event in a time window (tables) and of two people.
CREATE INDEX appointments_event_start ON appointments (event_id, starts_at);
CREATE INDEX appointment_people_user ON appointment_people (user_id);

-- Other event visitors a participant invited into the meeting's video call
-- (manage-meeting/get-users-links-to-invite). Only they and the two participants may open the room.
CREATE TABLE appointment_invites (
  appointment_id integer NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  invited_by integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (appointment_id, user_id)
);
CREATE INDEX appointment_invites_user ON appointment_invites (user_id);
