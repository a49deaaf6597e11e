-- A person's visitor document at an event shows a few of their user_events columns (role, owner,
-- the menu, about, interest, check-in and its time, removal: visitors/repository EVENT_COLUMNS).
-- 009_visitor_revs.sql stamped the document on any change of the row, so a favourite toggled or
-- an event page viewed re-sent the person's unchanged document to every participant's device and
-- moved the version the visitors pull cache and the shared visitor lists are kept by. Only a
-- change of a shown column stamps it now. An UPDATE trigger's column list fires whenever the
-- column is assigned, even to the same value (the upserts assign `deleted` every time), so the
-- test compares the values instead.
DROP TRIGGER user_events_visitor_rev ON user_events;

CREATE TRIGGER user_events_visitor_rev AFTER INSERT ON user_events
  FOR EACH ROW EXECUTE FUNCTION foyer_visitor_rev_from_row();

CREATE TRIGGER user_events_visitor_rev_shown AFTER UPDATE ON user_events
  FOR EACH ROW
  WHEN (OLD.event_id IS DISTINCT FROM NEW.event_id
     OR OLD.user_id IS DISTINCT FROM NEW.user_id
     OR OLD.deleted IS DISTINCT FROM NEW.deleted
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.is_owner IS DISTINCT FROM NEW.is_owner
     OR OLD.menu_id IS DISTINCT FROM NEW.menu_id
     OR OLD.checked_in IS DISTINCT FROM NEW.checked_in
     OR OLD.checked_in_at IS DISTINCT FROM NEW.checked_in_at
     OR OLD.about IS DISTINCT FROM NEW.about
     OR OLD.interest IS DISTINCT FROM NEW.interest)
  EXECUTE FUNCTION foyer_visitor_rev_from_row();
