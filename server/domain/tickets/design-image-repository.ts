import { sql } from 'kysely';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of ticket-design pictures (design-images.ts has their rules). */

export async function countUnattachedDesignImages(trx: Tx, eventId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ticket_design_images WHERE event_id = ${eventId} AND NOT attached`.execute(trx);
  return r.rows[0]?.n ?? 0;
}

export async function insertDesignImage(
  trx: Tx,
  row: { name: string; thumb: string; event_id: number; user_id: number; bytes: number; width: number; height: number },
): Promise<void> {
  await trx.insertInto('ticket_design_images').values(row).execute();
}

/** Which of these names (pictures or thumbnails) the event holds, locked against a concurrent sweep. */
export async function knownDesignImages(trx: Tx, eventId: number, names: string[]): Promise<Set<string>> {
  const found = await sql<{ name: string; thumb: string }>`
    SELECT name, thumb FROM ticket_design_images
    WHERE event_id = ${eventId} AND (name IN (${sql.join(names)}) OR thumb IN (${sql.join(names)}))
    FOR SHARE`.execute(trx);
  return new Set(found.rows.flatMap((r) => [r.name, r.thumb]));
}

/** Marks the event's pictures the saved design points at as attached, and the rest as not. */
export async function setAttachedDesignImages(trx: Tx, eventId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) {
    await sql`UPDATE ticket_design_images SET attached = false WHERE event_id = ${eventId} AND attached`.execute(trx);
    return;
  }
  const list = sql.join([...names]);
  await sql`
    UPDATE ticket_design_images SET attached = (name IN (${list}) OR thumb IN (${list}))
    WHERE event_id = ${eventId} AND attached IS DISTINCT FROM (name IN (${list}) OR thumb IN (${list}))`.execute(trx);
}

/**
 * May this viewer download the picture? The event's owners always (they edit the design); its
 * uploader while unsaved; once the design shows it, holders of a valid ticket of the event, whose
 * tickets print it.
 */
export async function designImageVisibleTo(q: Q, file: string, viewerId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT (
      EXISTS (SELECT 1 FROM user_events ue WHERE ue.event_id = i.event_id AND ue.user_id = ${viewerId} AND ue.is_owner AND NOT ue.deleted)
      OR (NOT i.attached AND i.user_id = ${viewerId})
      OR (i.attached AND EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = i.event_id AND t.user_id = ${viewerId}
            AND NOT t.deleted AND t.status = 'valid' AND NOT t.invalid))
    ) AND NOT e.deleted AS ok
    FROM ticket_design_images i JOIN events e ON e.id = i.event_id
    WHERE i.name = ${file} OR i.thumb = ${file}`.execute(q);
  return r.rows[0]?.ok === true;
}

/** Whether the name is one of the event's pictures or thumbnails. */
export async function isEventDesignImage(q: Q, eventId: number, name: string): Promise<boolean> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ticket_design_images WHERE event_id = ${eventId} AND (name = ${name} OR thumb = ${name})`.execute(q);
  return (r.rows[0]?.n ?? 0) > 0;
}

/** Deletes up to 20 unattached pictures older than `before`; answers their files to remove. */
export async function deleteStaleDesignImages(q: Q, before: Date): Promise<{ name: string; thumb: string }[]> {
  const r = await sql<{ name: string; thumb: string }>`
    DELETE FROM ticket_design_images WHERE name IN (
      SELECT name FROM ticket_design_images WHERE NOT attached AND created_at < ${before}
      LIMIT 20)
      -- Checked again on the row itself: a design saved meanwhile may have just attached it.
      AND NOT attached
    RETURNING name, thumb`.execute(q);
  return r.rows;
}
