-- The event document carries its meeting settings (days, hours, slot length, tables, places), so
-- every device holds the slot grid of every event and can ask anyone for a meeting offline. Any
-- change of the settings must then give the event a new rev: touching the event row fires its rev
-- trigger (001_init.sql).
CREATE FUNCTION foyer_touch_meeting_event() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE events SET deleted = deleted WHERE id = NEW.event_id;
  ELSE
    UPDATE events SET deleted = deleted WHERE id = OLD.event_id;
    IF TG_OP = 'UPDATE' AND NEW.event_id <> OLD.event_id THEN
      UPDATE events SET deleted = deleted WHERE id = NEW.event_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER meeting_settings_touch AFTER INSERT OR UPDATE OR DELETE ON meeting_settings
  FOR EACH ROW EXECUTE FUNCTION foyer_touch_meeting_event();
