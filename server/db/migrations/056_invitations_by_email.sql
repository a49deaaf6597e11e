-- Every role an organiser gives by email is an invitation now (issue 26): co-organisers, chat
-- moderators and door staff named in the team section, door staff of the check-in API and the
-- members of a stand, as well as the People page's invitations. Nothing is given to an address
-- until its owner follows the link sent to it, which proves the mailbox and is their consent, so
-- an organiser learns nothing about who has an account and sees nobody's details before they
-- accept. A stand member's invitation names the stand and the position and manager flag to give.
ALTER TABLE event_invitations DROP CONSTRAINT event_invitations_role_check;
ALTER TABLE event_invitations ADD CONSTRAINT event_invitations_role_check
  CHECK (role IN ('attendee', 'organizer', 'moderator', 'door', 'stand'));
ALTER TABLE event_invitations ADD COLUMN stand_id integer REFERENCES companies(id);
ALTER TABLE event_invitations ADD COLUMN position text NOT NULL DEFAULT '';
ALTER TABLE event_invitations ADD COLUMN is_manager boolean NOT NULL DEFAULT false;
ALTER TABLE event_invitations ADD CONSTRAINT event_invitations_stand_named CHECK ((role = 'stand') = (stand_id IS NOT NULL));
DROP INDEX event_invitations_pending;
CREATE UNIQUE INDEX event_invitations_pending ON event_invitations (event_id, email, role, coalesce(stand_id, 0)) WHERE accepted_at IS NULL;
