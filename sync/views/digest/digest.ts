import { filter, Subscription } from 'rxjs';
import type { RxStorageChangeEvent } from 'rxdb';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import type { RunTask, RunTaskHost } from '../../engine/run-task.ts';
import type { SessionDoc } from '../../engine/session.ts';
import { LOCAL_SESSION, modifyLocal, readLocal, writeLocal } from '../../store/local.ts';
import { DIGEST_COLLECTIONS, digestLine, mergeDigest, type DigestChange, type DigestContext, type DigestLine } from './rules.ts';

/**
 * The worker's part of "what changed while you were offline" (issue 31). A window opens when the
 * live stream comes back after it was down in this run, or at the first connection of a run when
 * the device was last online long ago (the app was closed for a while). While it is open, every
 * document a pull writes to the collections that matter is compared with the copy the device held
 * (RxDB's change events carry both), and the lines the rules make are added to a local document
 * the page shows as one dismissible notice. Commands the person queued themselves are remembered,
 * so their results are not news.
 */

export const LOCAL_DIGEST = 'digest';
const LOCAL_DIGEST_ONLINE = 'digest:online';

/** Away at least this long (the app closed) before a first connection opens a window. */
export const DIGEST_ABSENCE_MS = 10 * 60_000;
/** How long after a reconnect pulled changes count as "while you were offline". */
export const DIGEST_WINDOW_MS = 20_000;
/** Online stamps are written at most this often. */
const DIGEST_STAMP_MS = 60_000;

export interface DigestDoc {
  lines: DigestLine[];
}

interface OnlineStamp {
  at: number;
  /** Device time the open window closes; 0 when none is open. */
  openUntil?: number;
}

export class DigestTask implements RunTask {
  private first = true;
  private openUntil = 0;
  private stampedAt = 0;
  private readonly ownMeetings = new Set<number>();
  private readonly ownTickets = new Set<number>();
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: Pick<RunTaskHost, 'db'>,
    private readonly now: () => number = Date.now,
  ) {}

  follow(): Subscription {
    const db = this.host.db;
    const subs = new Subscription();
    this.chain(async () => {
      for (const c of await db.outbox.find().exec()) this.noteOwn(c.toJSON() as OutboxDoc);
    });
    subs.add(
      db.eventBulks$
        .pipe(filter((b) => !b.isLocal && (b.collectionName === 'outbox' || DIGEST_COLLECTIONS.includes(b.collectionName ?? ''))))
        .subscribe((bulk) => {
          if (bulk.collectionName === 'outbox') {
            for (const e of bulk.events) if (e.documentData) this.noteOwn(e.documentData as unknown as OutboxDoc);
            return;
          }
          if (this.now() > this.openUntil) return;
          const changes = bulk.events.flatMap((e) => pulledChange(bulk.collectionName ?? '', e) ?? []);
          this.chain(() => this.add(changes));
        }),
    );
    return subs;
  }

  reconnected(): void {
    const first = this.first;
    this.first = false;
    this.chain(async () => {
      const last = await readLocal<OnlineStamp>(this.host.db, LOCAL_DIGEST_ONLINE);
      // A first connection ever is the first sync, not news; a reconnect in this run followed a cut.
      const away = first ? last !== null && this.now() - last.at >= DIGEST_ABSENCE_MS : true;
      if (away) this.openUntil = this.now() + DIGEST_WINDOW_MS;
      // A reload during the catch-up starts a new run: the window it left open stays open.
      else if (first && last) this.openUntil = Math.max(this.openUntil, last.openUntil ?? 0);
      await this.stamp(true);
    });
  }

  hinted(): void {
    this.chain(() => this.stamp(false));
  }

  idle(): Promise<void> {
    return this.work;
  }

  private chain(fn: () => Promise<void>) {
    // One at a time, and a failure (a closed database at sign-out) never stops the next.
    this.work = this.work.then(fn).catch(() => undefined);
  }

  private async stamp(force: boolean) {
    const at = this.now();
    if (!force && at - this.stampedAt < DIGEST_STAMP_MS) return;
    this.stampedAt = at;
    await writeLocal<OnlineStamp>(this.host.db, LOCAL_DIGEST_ONLINE, { at, openUntil: this.openUntil > at ? this.openUntil : 0 });
  }

  private noteOwn(c: Pick<OutboxDoc, 'kind' | 'payload'>) {
    const p = c.payload ?? {};
    if (c.kind.startsWith('appointment.') && typeof p.meeting_id === 'number') this.ownMeetings.add(p.meeting_id);
    if (c.kind.startsWith('ticket.') && typeof p.ticket_id === 'number') this.ownTickets.add(p.ticket_id);
  }

  private async add(changes: DigestChange[]) {
    const db = this.host.db;
    const ctx = await this.context(db);
    if (!ctx) return;
    const lines = changes.flatMap((c) => digestLine(c, ctx) ?? []);
    if (!lines.length) return;
    const named = await Promise.all(lines.map((l) => (l.kind === 'messages' ? withSenderName(db, l) : l)));
    await modifyLocal<DigestDoc>(db, LOCAL_DIGEST, { lines: [] }, (cur) => ({ lines: mergeDigest(cur.lines, named) }));
  }

  private async context(db: FoyerDatabase): Promise<DigestContext | null> {
    const session = await readLocal<SessionDoc>(db, LOCAL_SESSION);
    if (!session?.user) return null;
    const starred = new Set<number>();
    // Node tests open only some collections; the app always has them all.
    const mine = (db.collections as Partial<FoyerDatabase['collections']>).my_events;
    for (const doc of mine ? await mine.find().exec() : []) for (const id of doc.starred ?? []) starred.add(id);
    return { viewerId: session.user.id, starred, ownMeetings: this.ownMeetings, ownTickets: this.ownTickets };
  }
}

/**
 * The change a write made, or null when the device itself removed the document: forgetting an
 * event's documents (sync/engine/scoped.ts purgeScope) deletes them with the rev they had, while a
 * tombstone the server sends carries a newer rev.
 */
export function pulledChange(
  collection: string,
  e: Pick<RxStorageChangeEvent<unknown>, 'operation' | 'documentData' | 'previousDocumentData'>,
): DigestChange | null {
  const doc = (d: unknown) => (d && !(d as { _deleted?: boolean })._deleted ? (d as Record<string, unknown>) : null);
  const rev = (d: unknown) => (d as { rev?: unknown } | undefined)?.rev;
  if (e.operation === 'DELETE' && rev(e.documentData) === rev(e.previousDocumentData)) return null;
  return { collection, before: doc(e.previousDocumentData), after: e.operation === 'DELETE' ? null : doc(e.documentData) };
}

async function withSenderName(db: FoyerDatabase, line: DigestLine): Promise<DigestLine> {
  const userId = line.key.slice('messages:'.length);
  const dialogs = (db.collections as Partial<FoyerDatabase['collections']>).dialogs;
  const dialog = dialogs ? await dialogs.findOne(userId).exec() : null;
  return dialog ? { ...line, name: `${dialog.first_name} ${dialog.last_name}`.trim() } : line;
}

/** The person closed the digest: it is empty until the next time away brings news. */
export function dismissDigest(db: FoyerDatabase): Promise<void> {
  return writeLocal<DigestDoc>(db, LOCAL_DIGEST, { lines: [] });
}
