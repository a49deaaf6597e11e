-- Leads at the stand (issue 31, server/domain/leads/). A stand's members scan visitors' contact
-- codes; the lead is the stand's, shared by every member, so it is keyed by (stand, person) and a
-- person is a stand's lead at most once, whoever of the members scanned them and however often.
--
-- card is what the person shared when the scan was applied, after their privacy switches (null:
-- not a lead now); removed_at the last time the stand removed the lead or the person withdrew it,
-- so a scan made before that and uploaded after it does not bring the details back.
-- withdrawn says which of the two it was: the person's own withdrawal shows on their list no more.
CREATE TABLE stand_leads (
  company_id integer NOT NULL REFERENCES companies(id),
  user_id integer NOT NULL REFERENCES users(id),
  card jsonb,
  scanned_at timestamptz,
  scanned_by integer REFERENCES users(id),
  note text NOT NULL DEFAULT '',
  rating smallint NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  removed_at timestamptz,
  withdrawn boolean NOT NULL DEFAULT false,
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX stand_leads_user ON stand_leads (user_id) WHERE card IS NOT NULL;

-- The stand's document carries its leads to its members, so a lead's change gives the stand a new
-- rev, as a change of membership does (005_tickets.sql).
CREATE TRIGGER stand_leads_touch AFTER INSERT OR UPDATE OR DELETE ON stand_leads
  FOR EACH ROW EXECUTE FUNCTION foyer_touch_stand();
