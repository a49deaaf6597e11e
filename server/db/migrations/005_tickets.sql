-- Companies, tickets and door check-in (server/domain/{companies,tickets,checkin}). The tables the
-- data model already had (companies, stand_members, tickets, ticket_designs, checkins) stay; this adds
-- what correctness needs beyond one process: door staff, the signing secret every instance shares,
-- and the e-mail resend lock.

-- People an event's owners name to check tickets at the door. They get the event's door feed and
-- public key and may upload scans; nothing else of the owner's rights.
CREATE TABLE door_staff (
  event_id integer NOT NULL REFERENCES events(id),
  user_id integer NOT NULL REFERENCES users(id),
  added_by integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX door_staff_user ON door_staff (user_id);

-- The master secret ticket signatures derive from when TICKET_SIGNING_KEY is not set. One row, made
-- by the first instance that needs it (INSERT ... ON CONFLICT DO NOTHING), so all instances and
-- restarts sign alike.
CREATE TABLE ticket_signing_secret (
  id smallint PRIMARY KEY CHECK (id = 1),
  seed bytea NOT NULL CHECK (length(seed) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- "Send to email" is locked for 60 s per ticket after a send. The lock is taken with one
-- conditional upsert, so two instances (or two taps) cannot both send.
CREATE TABLE ticket_email_sends (
  ticket_id integer PRIMARY KEY REFERENCES tickets(id),
  sent_at timestamptz NOT NULL,
  sent_by integer NOT NULL REFERENCES users(id)
);

-- What the server makes of a scan beside what the door decided (`result`): a door may admit a
-- genuine ticket it never downloaded, which the server may know to be cancelled.
ALTER TABLE checkins ADD COLUMN server_result text NOT NULL DEFAULT '';
CREATE INDEX checkins_event ON checkins (event_id, scanned_at);

-- A stand's document lists its members, so any change of membership must give the stand a new rev:
-- touching the company row fires its rev trigger (001_init.sql).
CREATE FUNCTION foyer_touch_stand() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET deleted = deleted WHERE id = NEW.company_id;
  ELSE
    UPDATE companies SET deleted = deleted WHERE id = OLD.company_id;
    IF TG_OP = 'UPDATE' AND NEW.company_id <> OLD.company_id THEN
      UPDATE companies SET deleted = deleted WHERE id = NEW.company_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER stand_members_touch AFTER INSERT OR UPDATE OR DELETE ON stand_members
  FOR EACH ROW EXECUTE FUNCTION foyer_touch_stand();

CREATE INDEX stand_members_user ON stand_members (user_id);
