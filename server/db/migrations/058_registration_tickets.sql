-- Registering for a free event gives the person a ticket (issue 27), so the door admits them like
-- any ticket holder, offline too. The ticket is marked as the registration's own: unregistering
-- voids it and registering again brings the same ticket (and QR code) back. One per person and
-- event, whatever replays or races happen.
ALTER TABLE tickets ADD COLUMN registration boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX tickets_registration ON tickets (event_id, user_id) WHERE registration;
