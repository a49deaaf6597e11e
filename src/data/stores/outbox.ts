import type { QueuedCommand } from '../api.ts';
import { query } from '../device.ts';
import { LiveStore } from '../live-store.ts';

export function unsentCommandsStore(): LiveStore<QueuedCommand[]> {
  return new LiveStore(query('unsentCommands'), []);
}
