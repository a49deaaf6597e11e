-- Privacy by default (issue 26). A new account is listed only to people who share an event with
-- it (show_status 2) until its owner chooses "everyone"; the guests' home page no longer shows
-- people who never chose to be public. Gender and age leave the server only when the person
-- switches them on (show_personal): the visitor cards, the legacy user objects and the visitors
-- filter by gender or age all read that switch. Existing accounts keep the show_status they have,
-- which may have been chosen; gender and age start hidden for everybody.
ALTER TABLE users ALTER COLUMN show_status SET DEFAULT 2;
ALTER TABLE users ADD COLUMN show_personal boolean NOT NULL DEFAULT false;
