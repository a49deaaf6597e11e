-- The trip plan editor (issue 16): a person's own plan for an event travels in their my_events
-- document of that event, so it can be edited offline like every edit. Each change of a plan stamps
-- that document (050_notifications.sql); nobody else's device holds the plan (others read it through
-- the legacy trips call, which applies the privacy switches).
CREATE TRIGGER trips_stamp AFTER INSERT OR UPDATE OR DELETE ON trips
  FOR EACH ROW EXECUTE FUNCTION foyer_stamp_my_event();
