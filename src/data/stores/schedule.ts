import type { ScheduleDoc } from '../../../contract/schedule.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { requestScope } from '../../../sync/engine/scoped.ts';
import { observeSchedule } from '../../../sync/views/schedule/schedule.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * The live stage's programme from the device. The events the user takes part in are replicated
 * by rule (sync/engine/scopes.ts); opening any other stage asks for it, so a stage once opened works
 * offline. Kept on ChatStores' pattern: the store lives outside React, keyed by event.
 */
export class ScheduleStores {
  readonly byEvent = new LiveStoreMap<number, ScheduleDoc[]>((eventId) => new LiveStore((db) => observeSchedule(db, eventId), []));
  private db: FoyerDatabase | null = null;
  private readonly waiting = new Set<number>();

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.byEvent.setDatabase(db);
    if (db) for (const id of [...this.waiting]) this.request(id);
  }

  request(eventId: number): void {
    if (eventId <= 0) return;
    if (!this.db) {
      this.waiting.add(eventId);
      return;
    }
    this.waiting.delete(eventId);
    requestScope(this.db, 'schedule', eventId).catch((err: unknown) => console.error('foyer: asking for the schedule failed', err));
  }
}
