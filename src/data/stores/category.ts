import { map, type Observable } from 'rxjs';
import type { FoyerDatabase, OutboxDoc } from '../../../sync/engine/database.ts';
import { LiveStore } from '../live-store.ts';

/** The user's queued visitor.category commands, which the own-category hook lays over the visitor documents. */
function observeCategoryCommands(db: FoyerDatabase): Observable<OutboxDoc[]> {
  return db.outbox.find({ selector: { kind: 'visitor.category' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
}

export function categoryCommandsStore(): LiveStore<OutboxDoc[]> {
  return new LiveStore(observeCategoryCommands, []);
}
