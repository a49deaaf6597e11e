-- Stands organisers and stand managers edit (issue 14, server/domain/companies/service.ts). A stand
-- made on a device that was offline is named by the command that made it until that device learns
-- its id, so the members queued right after it can point at it (like tracks, 030).
ALTER TABLE companies ADD COLUMN client_id text;
CREATE UNIQUE INDEX companies_client ON companies (event_id, client_id) WHERE client_id IS NOT NULL;
