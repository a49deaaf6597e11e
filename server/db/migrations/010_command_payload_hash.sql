-- What each stored command id was used for: sha256 of its kind and canonical payload. A second
-- delivery of an id with another payload is then refused (command_id_reused) instead of silently
-- answered with the first command's result. Rows stored before this have no hash and keep their
-- old behaviour: any delivery of their id gets their answer.
ALTER TABLE commands ADD COLUMN payload_hash text;
