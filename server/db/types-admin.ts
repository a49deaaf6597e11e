import type { Auto } from './columns.ts';

/** Tables of the organisers' admin area (issue 14, migrations 030–039); db/types.ts joins them into DB. */

export interface EventPicturesTable {
  name: string;
  middle: string | null;
  small: string;
  event_id: number;
  kind: string;
  user_id: number;
  bytes: number;
  width: number;
  height: number;
  attached: Auto<boolean>;
  created_at: Auto<Date>;
}

export interface EventInvitationsTable {
  token_hash: Buffer;
  event_id: number;
  /** Normalised (contract/accounts.ts normalizeEmail). */
  email: string;
  role: string;
  invited_by: number;
  created_at: Auto<Date>;
  expires_at: Date;
  accepted_by: number | null;
  accepted_at: Date | null;
  /** A stand member's invitation: the stand, and the position and manager flag to give. */
  stand_id: number | null;
  position: Auto<string>;
  is_manager: Auto<boolean>;
}

export interface AdminTables {
  event_pictures: EventPicturesTable;
  event_invitations: EventInvitationsTable;
}
