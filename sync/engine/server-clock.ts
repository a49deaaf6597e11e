import type { FoyerDatabase } from './database.ts';
import { readLocal, writeLocal } from '../store/local.ts';

/** The server's clock as this device last measured it (a local document the engine keeps). */
export const LOCAL_SERVER_CLOCK = 'server_clock';
export interface ServerClockDoc {
  /** Server time minus device time, in ms. */
  offsetMs: number;
  /** Device time of the measurement. */
  at: number;
}
const SERVER_CLOCK_TOLERANCE_MS = 5000;

/** Server time minus this device's time in ms; null until the engine has heard from the server once. */
export async function readServerClockOffset(db: FoyerDatabase): Promise<number | null> {
  return (await readLocal<ServerClockDoc>(db, LOCAL_SERVER_CLOCK))?.offsetMs ?? null;
}

/** Keeps LOCAL_SERVER_CLOCK up to date from the Date header of the server's answers. */
export class ServerClock {
  private knownOffset: number | null = null;
  constructor(private readonly db: FoyerDatabase) {}

  note(offset: number | null): void {
    if (offset === null) return;
    // Written only when it moved by more than the estimate's own error, so answers do not cause writes.
    if (this.knownOffset !== null && Math.abs(offset - this.knownOffset) < SERVER_CLOCK_TOLERANCE_MS) return;
    this.knownOffset = offset;
    writeLocal<ServerClockDoc>(this.db, LOCAL_SERVER_CLOCK, { offsetMs: Math.round(offset), at: Date.now() }).catch((err: unknown) =>
      console.error('foyer sync: recording the server clock failed', err),
    );
  }
}
