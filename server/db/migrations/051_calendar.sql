-- The calendar (issue 16): speeches a person starred on the live stage, and the secret address of
-- their personal calendar feed (.ics) that calendar apps poll.

-- A star is the person's own note on a speech. It travels in their my_events document of the
-- speech's event (050_notifications.sql stamps the document), so it shows offline on every device.
CREATE TABLE speech_stars (
  user_id integer NOT NULL REFERENCES users(id),
  speech_id integer NOT NULL REFERENCES speeches(id),
  event_id integer NOT NULL REFERENCES events(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, speech_id)
);
CREATE INDEX speech_stars_user_event ON speech_stars (user_id, event_id);
CREATE TRIGGER speech_stars_stamp AFTER INSERT OR DELETE ON speech_stars
  FOR EACH ROW EXECUTE FUNCTION foyer_stamp_my_event();

-- One feed address per person. Like sessions, only the SHA-256 of the secret is kept: the address
-- is made on the person's device, which keeps it; a database leak shows nobody's calendar. A new
-- address replaces the old one, and removing the row revokes it.
CREATE TABLE calendar_feeds (
  user_id integer PRIMARY KEY REFERENCES users(id),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When a calendar app last fetched it, so the person can tell a dead subscription from a live one.
  polled_at timestamptz
);
