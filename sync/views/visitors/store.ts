import { asyncScheduler, combineLatest, distinctUntilChanged, filter, map, Observable, of, startWith, Subject, switchMap, throttleTime } from 'rxjs';
import type { RxStorageChangeEvent } from 'rxdb';
import type { AppointmentDoc } from '../../../contract/appointments.ts';
import type { EventDoc } from '../../../contract/entities.ts';
import type { RelationDoc, VisitorDoc } from '../../../contract/visitors.ts';
import { observeCache, type CacheEntry } from '../../store/caches.ts';
import type { FriendsCache } from '../people/people.ts';
import type { OwnProfile } from '../profile/profile.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { readVisitorRows, rowsOf, type VisitorPageDoc } from '../../engine/visitor-pages.ts';
import { isStopped, type QueuedCommand } from '../../store/overlay.ts';
import { overlayProfile, profileFromVisitor } from '../profile/profile.ts';
import { observeSession } from '../../store/observe.ts';
import { menuOf, overlayRelations, prepareVisitors, type PreparedVisitor, type RelationView } from './visitors.ts';

/**
 * Live reads of the networking screens: RxDB queries joined and overlaid, shared by the page's
 * hooks, the node tests and the benchmark, so what they measure is what the screens render.
 */

const docs = <T>(list: { toJSON(): unknown }[]) => list.map((d) => d.toJSON() as T);

/** The signed-in user's id, or null for a guest or an ended session. */
export function signedInUser$(db: FoyerDatabase): Observable<number | null> {
  return observeSession(db).pipe(
    map((s) => (s.user && !s.ended ? s.user.id : null)),
    distinctUntilChanged(),
  );
}

/** The user's relations with their queued likes and stars; empty for a guest. */
export function observeRelationViews(db: FoyerDatabase): Observable<Map<number, RelationView>> {
  return signedInUser$(db).pipe(
    switchMap((userId) => {
      if (userId === null) return of(new Map<number, RelationView>());
      return combineLatest([db.relations.find().$.pipe(map((l) => docs<RelationDoc>(l))), observeOutbox(db)]).pipe(
        map(([relations, outbox]) => overlayRelations(relations, outbox)),
      );
    }),
  );
}

function observeOutbox(db: FoyerDatabase): Observable<QueuedCommand[]> {
  return db.outbox.find().$.pipe(map((l) => docs<OutboxDoc>(l)));
}

/** Commands touching the user's own profile, in any status. */
function observeProfileCommands(db: FoyerDatabase): Observable<QueuedCommand[]> {
  return db.outbox.find({ selector: { kind: 'profile.update' } }).$.pipe(map((l) => docs<OutboxDoc>(l)));
}

const idSet = (entry: CacheEntry<{ ids: number[] }> | null) => new Set(entry?.data.ids ?? []);

/**
 * The people the user has a meeting with at the event, in any state, as the server's only_meetings
 * filter counts them: read from the replicated appointments (whose feed drops a deleted one), so
 * the visitors page marks them right offline too, with no call of its own to the server.
 */
export function observeMeetingPartners(db: FoyerDatabase, eventId: number): Observable<ReadonlySet<number>> {
  return db.appointments.find({ selector: { event_id: eventId } }).$.pipe(
    map((list) => new Set(docs<AppointmentDoc>(list).map((a) => a.other_user_id))),
    distinctUntilChanged((a, b) => a.size === b.size && [...a].every((id) => b.has(id))),
  );
}

/** Every visitor document of one event on the device, unpacked from its pages (sync/engine/visitor-pages.ts). */
export function observeVisitorRows(db: FoyerDatabase, eventId: number): Observable<VisitorDoc[]> {
  return db.visitors.find({ selector: { event_id: eventId } }).$.pipe(map((l) => rowsOf(docs<VisitorPageDoc>(l))));
}

/**
 * Every visitor of one event as the visitors page filters them. Empty while the device holds none
 * (a guest, a user who does not take part, or before the first pull).
 */
export function observeEventVisitors(db: FoyerDatabase, eventId: number, currentYear = new Date().getFullYear()): Observable<PreparedVisitor[]> {
  const cache = new Map();
  const docs$ = observeVisitorRows(db, eventId);
  const event$ = db.events.findOne(String(eventId)).$.pipe(
    map((d) => (d ? (d.toJSON() as EventDoc) : undefined)),
    map(menuOf),
    distinctUntilChanged((a, b) => JSON.stringify([...a]) === JSON.stringify([...b])),
  );
  return signedInUser$(db).pipe(
    switchMap((meId) => {
      const friends$ = meId === null ? of(new Set<number>()) : observeCache<FriendsCache>(db, 'friends').pipe(map(idSet));
      const partners$ = meId === null ? of(new Set<number>()) : observeMeetingPartners(db, eventId);
      const profileCmds$ = meId === null ? of([] as QueuedCommand[]) : observeProfileCommands(db);
      return combineLatest([docs$, event$, observeRelationViews(db), friends$, partners$, profileCmds$]).pipe(
        map(([list, menu, relations, friends, partners, profileCmds]) =>
          prepareVisitors(list, { relations, friends, partners, menu, meId, currentYear, overlayMe: overlayOwnDoc(profileCmds) }, cache),
        ),
      );
    }),
  );
}

/** The user's own visitors document with their queued profile edits, so their own card changes at once. */
function overlayOwnDoc(commands: readonly QueuedCommand[]): ((doc: VisitorDoc) => VisitorDoc) | undefined {
  if (!commands.some((c) => !isStopped(c.status))) return undefined;
  const memo = new Map<string, VisitorDoc>();
  return (doc) => {
    const key = `${doc.id}@${doc.rev}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const { profile } = overlayProfile(profileFromVisitor(doc), commands);
    const out: VisitorDoc = {
      ...doc,
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone,
      position: profile.position,
      company: profile.company,
      help: profile.help,
      status: profile.status,
      show_status: profile.show_status,
      trip_status: profile.trip_status,
      hobby: profile.hobby,
      sex: profile.sex,
      birth_year: profile.birth_year,
      social: profile.social,
      city_id: profile.city_id,
      city_name: profile.city_name,
      country_code: profile.country_code,
      country_name: profile.country_name,
    };
    memo.set(key, out);
    return out;
  };
}

export interface OwnProfileState {
  /** null while neither profile/lite nor any own visitors document is on the device. */
  profile: OwnProfile | null;
  /** 'server': the last profile/lite answer; 'visitors': an own visitors document (no privacy switches). */
  source: 'server' | 'visitors' | null;
  /** Epoch milliseconds of the profile/lite answer. */
  fetchedAt: number | null;
  /** A profile edit waits for the server. */
  pending: boolean;
}

/** The signed-in user's profile with their queued edits; see sync/views/profile/on-device.ts for where it comes from. */
export function observeOwnProfile(db: FoyerDatabase): Observable<OwnProfileState> {
  const empty: OwnProfileState = { profile: null, source: null, fetchedAt: null, pending: false };
  return signedInUser$(db).pipe(
    switchMap((meId) => {
      if (meId === null) return of(empty);
      const own$ = observePersonDocs(db, meId).pipe(map((list) => list[0] ?? null));
      return combineLatest([observeCache<OwnProfile>(db, 'own_profile'), own$, observeProfileCommands(db)]).pipe(
        map(([cached, ownDoc, commands]): OwnProfileState => {
          const base = cached && cached.data.user_id === meId ? cached.data : ownDoc ? profileFromVisitor(ownDoc) : null;
          if (!base) return empty;
          const { profile, pending } = overlayProfile(base, commands);
          return { profile, source: cached && cached.data.user_id === meId ? 'server' : 'visitors', fetchedAt: cached?.fetchedAt ?? null, pending };
        }),
      );
    }),
  );
}

/**
 * Every visitors document of one person on this device (one per shared event), newest first. Read
 * again only when a write touches a page holding one of theirs, and told only when theirs changed:
 * the signed-in user's profile keeps this open on every screen, and a live query of every page
 * would read them all again after each page a first sync writes.
 */
export function observePersonDocs(db: FoyerDatabase, userId: number): Observable<VisitorDoc[]> {
  const theirs = (page: { rows?: readonly VisitorDoc[] } | undefined) => !!page?.rows?.some((r) => r.user_id === userId);
  return db.visitors.eventBulks$.pipe(
    filter((bulk) => bulk.events.some((e) => theirs(e.documentData) || theirs(e.previousDocumentData))),
    startWith(null),
    switchMap(() => readVisitorRows(db.visitors)),
    map((rows) => rows.filter((r) => r.user_id === userId).sort((a, b) => b.rev - a.rev)),
    // A page holds hundreds of people: a write of it may leave theirs as they were.
    distinctUntilChanged((a, b) => a.length === b.length && a.every((d, i) => d.id === b[i]?.id && d.rev === b[i]?.rev)),
  );
}

/**
 * Every visitor document and event, for what is counted across all of them (the people card).
 *
 * A first sync writes a page of 500 visitors every few hundred milliseconds. A live query re-reads
 * the whole collection from IndexedDB after a page that large (RxDB's event buffer holds 100
 * changes), and so did reading them once a second: about 5,000 documents each time, in the worker
 * that is writing them. Instead the worker reads them once and then applies each write's changes to
 * its own map; what is computed from them is emitted at most once per `settleMs`, the last change
 * always included.
 */
export function observeAllVisitors(db: FoyerDatabase, settleMs: number): Observable<{ visitors: VisitorDoc[]; events: EventDoc[] }> {
  const visitors$ = new Observable<VisitorDoc[]>((out) => {
    const byId = new Map<string, VisitorPageDoc>();
    // Changes heard while the first read runs: applied after it, in order, so the newest wins.
    let early: RxStorageChangeEvent<VisitorPageDoc>[] | null = [];
    const changed = new Subject<void>();
    const apply = (e: RxStorageChangeEvent<VisitorPageDoc>) => {
      if (e.operation === 'DELETE') byId.delete(e.documentId);
      else byId.set(e.documentId, e.documentData);
    };
    const changes = db.visitors.eventBulks$.subscribe((bulk) => {
      if (early) early.push(...(bulk.events as RxStorageChangeEvent<VisitorPageDoc>[]));
      else {
        for (const e of bulk.events as RxStorageChangeEvent<VisitorPageDoc>[]) apply(e);
        changed.next();
      }
    });
    const emits = changed.pipe(throttleTime(settleMs, asyncScheduler, { leading: true, trailing: true })).subscribe(() => out.next(rowsOf([...byId.values()])));
    db.visitors
      .find()
      .exec()
      .then(
        (list) => {
          for (const doc of docs<VisitorPageDoc>(list)) byId.set(doc.id, doc);
          for (const e of early ?? []) apply(e);
          early = null;
          changed.next();
        },
        (err: unknown) => out.error(err),
      );
    return () => {
      changes.unsubscribe();
      emits.unsubscribe();
    };
  });
  return combineLatest([visitors$, db.events.find().$.pipe(map((l) => docs<EventDoc>(l)))]).pipe(map(([visitors, events]) => ({ visitors, events })));
}
