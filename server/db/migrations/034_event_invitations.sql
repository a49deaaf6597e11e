-- Invitations organisers send by email (issue 14, server/domain/admin/people.ts). An address
-- without an account gets a link that signs the person up; the link's token is kept only as its
-- SHA-256, like the account links (020_accounts.sql). Taking the link at sign-up proves the
-- mailbox, so the account starts verified and the invitation's role is given at once; signing up
-- without the link and verifying the address later gives it too.
CREATE TABLE event_invitations (
  token_hash bytea PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('attendee', 'organizer', 'moderator', 'door')),
  invited_by integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_by integer REFERENCES users(id),
  accepted_at timestamptz
);
CREATE UNIQUE INDEX event_invitations_pending ON event_invitations (event_id, email, role) WHERE accepted_at IS NULL;
CREATE INDEX event_invitations_email ON event_invitations (email) WHERE accepted_at IS NULL;
