import type { OutboxDoc } from '../../../sync/engine/database.ts';
import { query } from '../device.ts';
import { LiveStore } from '../live-store.ts';

export function categoryCommandsStore(): LiveStore<OutboxDoc[]> {
  return new LiveStore(query('categoryCommands'), []);
}
