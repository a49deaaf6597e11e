import { afterEach, describe, expect, it } from 'vitest';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { enqueue } from '../../sync/engine/outbox.ts';
import { LOCAL_SESSION, readLocal, writeLocal } from '../../sync/store/local.ts';
import { DIGEST_ABSENCE_MS, DIGEST_WINDOW_MS, DigestTask, dismissDigest, LOCAL_DIGEST, pulledChange, type DigestDoc } from '../../sync/views/digest/digest.ts';
import { appointmentDoc } from '../fixtures/appointment-doc.ts';
import { openTestDatabase } from '../fixtures/test-database.ts';

/**
 * The worker's digest task on a device database: it compares what a pull writes with the copy
 * the device held, only in the window after a time away, and leaves out the person's own commands.
 */

const ME = 10;
let db: FoyerDatabase | null = null;

afterEach(async () => {
  await db?.close();
  db = null;
});

async function device() {
  const local = await openTestDatabase('digest', ['appointments']);
  db = local;
  await writeLocal(local, LOCAL_SESSION, { user: { id: ME, email: 'me@example.com', first_name: 'Me', last_name: '' }, ownerId: ME, ended: null });
  // Two pending requests the person sent, as an earlier pull left them.
  await local.appointments.bulkUpsert([appointmentDoc(1), appointmentDoc(2)]);
  let now = 1_000_000;
  const task = new DigestTask({ db: local }, () => now);
  const sub = task.follow();
  const clock = { advance: (ms: number) => (now += ms) };
  /** A pull writes the other person's answers. */
  const pull = async (...docs: ReturnType<typeof appointmentDoc>[]) => {
    await local.appointments.bulkUpsert(docs);
    await new Promise((r) => setTimeout(r, 20));
    await task.idle();
  };
  const digest = async () => (await readLocal<DigestDoc>(local, LOCAL_DIGEST))?.lines.map((l) => `${l.kind}:${l.name}`) ?? [];
  return { local, task, sub, clock, pull, digest };
}

describe('the offline digest task', () => {
  it('collects after a reconnect, not while the stream was up, and leaves out the person’s own answers', async () => {
    const d = await device();
    d.task.reconnected(); // the run's first connection, with no earlier stamp: the first sync
    await d.pull(appointmentDoc(1, { state: 'rejected', rev: 2 }));
    expect(await d.digest()).toEqual([]);

    d.task.reconnected(); // the stream came back after a cut
    await enqueue(d.local, 'appointment.reject', { meeting_id: 2, reason: '' });
    await d.pull(appointmentDoc(1, { state: 'accepted', rev: 3 }), appointmentDoc(2, { state: 'canceled', canceled_by: 20, rev: 3 }));
    expect(await d.digest()).toEqual(['meetingAccepted:Olena K']);

    d.clock.advance(DIGEST_WINDOW_MS + 1);
    await d.pull(appointmentDoc(1, { state: 'canceled', canceled_by: 20, rev: 4 }));
    expect(await d.digest()).toEqual(['meetingAccepted:Olena K']);

    await dismissDigest(d.local);
    expect(await d.digest()).toEqual([]);
    d.sub.unsubscribe();
  });

  it('opens the window at a run’s first connection only after a long absence', async () => {
    const d = await device();
    d.task.reconnected();
    await d.task.idle();
    const later = new DigestTask({ db: d.local }, () => 1_000_000 + DIGEST_ABSENCE_MS);
    const sub = later.follow();
    later.reconnected();
    await later.idle();
    await d.local.appointments.bulkUpsert([appointmentDoc(1, { state: 'accepted', rev: 2 })]);
    await new Promise((r) => setTimeout(r, 20));
    await later.idle();
    expect(await d.digest()).toEqual(['meetingAccepted:Olena K']);
    sub.unsubscribe();
    d.sub.unsubscribe();
  });

  it('keeps the window open across a reload during the catch-up', async () => {
    const d = await device();
    d.task.reconnected();
    d.task.reconnected(); // back after a cut: the window opens
    await d.task.idle();
    d.sub.unsubscribe();
    const reloaded = new DigestTask({ db: d.local }, () => 1_000_000 + DIGEST_WINDOW_MS / 2);
    const sub = reloaded.follow();
    reloaded.reconnected();
    await reloaded.idle();
    await d.local.appointments.bulkUpsert([appointmentDoc(2, { state: 'rejected', rev: 2 })]);
    await new Promise((r) => setTimeout(r, 20));
    await reloaded.idle();
    expect(await d.digest()).toEqual(['meetingRejected:Olena K']);
    sub.unsubscribe();
  });

  it('tells a tombstone the server sent from documents the device forgot itself', () => {
    const talk = { speech_id: 100, title: 'Offline first', rev: 5 };
    const pulled = pulledChange('schedule', {
      operation: 'DELETE',
      previousDocumentData: talk as never,
      documentData: { ...talk, rev: 9, _deleted: true } as never,
    });
    expect(pulled).toEqual({ collection: 'schedule', before: talk, after: null });
    expect(
      pulledChange('schedule', { operation: 'DELETE', previousDocumentData: talk as never, documentData: { ...talk, _deleted: true } as never }),
    ).toBeNull();
  });
});
