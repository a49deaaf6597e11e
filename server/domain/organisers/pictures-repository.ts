import { sql } from 'kysely';
import type { EventPictureKind } from '../../../contract/admin-refs.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of the pictures uploaded for events (pictures.ts has their rules). */

export interface EventPictureRow {
  name: string;
  middle: string | null;
  small: string;
  event_id: number;
  kind: string;
}

export async function countUnattachedPictures(trx: Tx, eventId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM event_pictures WHERE event_id = ${eventId} AND NOT attached`.execute(trx);
  return r.rows[0]?.n ?? 0;
}

export async function insertPicture(
  trx: Tx,
  row: {
    name: string;
    middle: string | null;
    small: string;
    event_id: number;
    kind: EventPictureKind;
    user_id: number;
    bytes: number;
    width: number;
    height: number;
  },
): Promise<void> {
  await trx.insertInto('event_pictures').values(row).execute();
}

/** The picture named by any of its sizes, locked against a concurrent sweep. */
export async function pictureByName(q: Q, name: string, lock = false): Promise<EventPictureRow | undefined> {
  const r = await sql<EventPictureRow>`
    SELECT name, middle, small, event_id, kind FROM event_pictures WHERE name = ${name} OR middle = ${name} OR small = ${name}
    ${lock ? sql`FOR SHARE` : sql``}`.execute(q);
  return r.rows[0];
}

export async function attachPicture(trx: Tx, name: string): Promise<void> {
  await trx.updateTable('event_pictures').set({ attached: true }).where('name', '=', name).where('attached', '=', false).execute();
}

/** Unattached pictures older than `before`, removed; their files are the caller's to delete. */
export async function deleteStalePictures(q: Q, before: Date): Promise<EventPictureRow[]> {
  const r = await sql<EventPictureRow>`
    DELETE FROM event_pictures WHERE name IN (
      SELECT name FROM event_pictures WHERE NOT attached AND created_at < ${before} ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
    RETURNING name, middle, small, event_id, kind`.execute(q);
  return r.rows;
}

/** Whether the user manages a stand of the event (stand managers upload their stand's pictures). */
export async function managesStandOf(q: Q, eventId: number, userId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM stand_members sm JOIN companies c ON c.id = sm.company_id
      WHERE c.event_id = ${eventId} AND NOT c.deleted AND sm.user_id = ${userId} AND sm.is_manager) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}
