-- Referrals (issue 16): a person's link to an event (/{locale}/events/{id}?ref=<code>) and who came
-- through it. The code is public (it is in the link); it only says whom to thank, so it is random
-- rather than the user id, which would let anyone write links in another person's name by counting.
ALTER TABLE users ADD COLUMN referral_code text;
UPDATE users SET referral_code = substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) WHERE referral_code IS NULL;
ALTER TABLE users ALTER COLUMN referral_code SET DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12);
ALTER TABLE users ALTER COLUMN referral_code SET NOT NULL;
CREATE UNIQUE INDEX users_referral_code ON users (referral_code);

-- Who came to an event through whose link: at sign-up, or (an existing account) by opening the link.
-- The first link per person and event counts. Tickets are counted from the tickets table; the ticket
-- a referred person got is noted here too when the path that issues it says so (referrals/service.ts
-- noteReferredTicket), which keeps when it happened.
CREATE TABLE referrals (
  user_id integer NOT NULL REFERENCES users(id),
  event_id integer NOT NULL REFERENCES events(id),
  referrer_id integer NOT NULL REFERENCES users(id),
  via text NOT NULL CHECK (via IN ('signup', 'link')),
  created_at timestamptz NOT NULL DEFAULT now(),
  ticket_id integer REFERENCES tickets(id),
  ticketed_at timestamptz,
  PRIMARY KEY (user_id, event_id),
  CHECK (user_id <> referrer_id)
);
CREATE INDEX referrals_referrer ON referrals (referrer_id, event_id, created_at);
