-- The visitors feed of an event pages through people ordered by their document's rev, which is the
-- greatest rev of the rows the document is built from (the user, their user_events row, their
-- tickets for the event). Computing that per page meant building every visitor's document before
-- ORDER BY … LIMIT: ~300 ms for a caught-up pull of a 5,000-person event on PostgreSQL, ~0.9 s per
-- page on PGlite (bench:pull). This table keeps each person's document rev per event, written by
-- triggers in the same transaction as the change, so a page is an index range scan.
--
-- Revs come from rev_seq under the advisory lock (001_init.sql), so a later write always carries a
-- greater rev and "the last rev written" is "the greatest". A ticket moved to another person also
-- stamps the person who lost it, whose document changes too.

CREATE TABLE visitor_revs (
  event_id integer NOT NULL,
  user_id integer NOT NULL,
  rev bigint NOT NULL,
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX visitor_revs_feed ON visitor_revs (event_id, rev);
CREATE INDEX visitor_revs_user ON visitor_revs (user_id);

CREATE FUNCTION foyer_stamp_visitor(p_event integer, p_user integer, p_rev bigint) RETURNS void AS $$
BEGIN
  INSERT INTO visitor_revs (event_id, user_id, rev) VALUES (p_event, p_user, p_rev)
  ON CONFLICT (event_id, user_id) DO UPDATE SET rev = greatest(visitor_revs.rev, EXCLUDED.rev);
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION foyer_visitor_rev_from_row() RETURNS trigger AS $$
BEGIN
  PERFORM foyer_stamp_visitor(NEW.event_id, NEW.user_id, NEW.rev);
  IF TG_OP = 'UPDATE' AND (OLD.event_id <> NEW.event_id OR OLD.user_id <> NEW.user_id) THEN
    PERFORM foyer_stamp_visitor(OLD.event_id, OLD.user_id, NEW.rev);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION foyer_visitor_rev_from_user() RETURNS trigger AS $$
BEGIN
  UPDATE visitor_revs SET rev = NEW.rev WHERE user_id = NEW.id AND rev < NEW.rev;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER user_events_visitor_rev AFTER INSERT OR UPDATE ON user_events
  FOR EACH ROW EXECUTE FUNCTION foyer_visitor_rev_from_row();
CREATE TRIGGER tickets_visitor_rev AFTER INSERT OR UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION foyer_visitor_rev_from_row();
CREATE TRIGGER users_visitor_rev AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION foyer_visitor_rev_from_user();

-- Databases created before this migration: every person with a relation to an event, stamped with
-- the rev their document already has, so no device sees a change that did not happen.
INSERT INTO visitor_revs (event_id, user_id, rev)
SELECT c.event_id, c.user_id, greatest(u.rev, coalesce(ue.rev, 0), coalesce(tk.rev, 0))
FROM (SELECT event_id, user_id FROM user_events UNION SELECT event_id, user_id FROM tickets) c
JOIN users u ON u.id = c.user_id
LEFT JOIN user_events ue ON ue.event_id = c.event_id AND ue.user_id = c.user_id
LEFT JOIN (SELECT event_id, user_id, max(rev) AS rev FROM tickets GROUP BY event_id, user_id) tk
  ON tk.event_id = c.event_id AND tk.user_id = c.user_id;
