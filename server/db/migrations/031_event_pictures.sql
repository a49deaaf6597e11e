-- Pictures organisers and stand managers upload for an event (issue 14,
-- server/domain/admin/pictures.ts): posters (three sizes, the specs' poster_small, _middle and
-- _big), stand logos and pictures, guest speakers' pictures. Each size is a re-encoded file under
-- DATA_DIR/uploads/event-pictures with a random name; `name` is the largest, the row names the
-- others. A command that puts a picture on an event, a stand or a speaker names a row of the same
-- event; rows no saved record points at (`attached`) are swept after a day, as chat pictures are.
CREATE TABLE event_pictures (
  name text PRIMARY KEY CHECK (name ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  middle text CHECK (middle ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  small text NOT NULL CHECK (small ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  event_id integer NOT NULL REFERENCES events(id),
  kind text NOT NULL CHECK (kind IN ('poster', 'logo', 'picture', 'speaker')),
  user_id integer NOT NULL REFERENCES users(id),
  bytes integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  attached boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_pictures_event ON event_pictures (event_id, attached);
CREATE UNIQUE INDEX event_pictures_middle ON event_pictures (middle);
CREATE UNIQUE INDEX event_pictures_small ON event_pictures (small);
