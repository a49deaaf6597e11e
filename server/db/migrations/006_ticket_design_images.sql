-- Pictures of ticket designs (instructions, sponsors, badge; server/domain/tickets/design-images.ts).
-- Each upload is a re-encoded picture and its thumbnail under DATA_DIR/uploads/ticket-design,
-- made by an owner for one event. `attached` says whether the event's saved design points at it;
-- unattached uploads are swept after a day, as chat pictures are.
CREATE TABLE ticket_design_images (
  name text PRIMARY KEY CHECK (name ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  thumb text NOT NULL CHECK (thumb ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  event_id integer NOT NULL REFERENCES events(id),
  user_id integer NOT NULL REFERENCES users(id),
  bytes integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  attached boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_design_images_event ON ticket_design_images (event_id);
CREATE UNIQUE INDEX ticket_design_images_thumb ON ticket_design_images (thumb);
