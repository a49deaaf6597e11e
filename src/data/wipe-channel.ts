/** The channel on which the tabs of this origin tell each other that a database was wiped. */
const SESSION_CHANNEL = 'foyer-session';

/**
 * A tab that wipes the local database (a logout, another person signing in) says so; every other tab
 * that has the same database open reloads and starts over from the fresh one, instead of reading
 * through a handle to a database that is gone.
 */
export class WipeChannel {
  private channel: BroadcastChannel | null = null;

  constructor(private readonly dbName: string) {}

  listen(): void {
    if (typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(SESSION_CHANNEL);
    this.channel.onmessage = (e: MessageEvent<{ type?: string; dbName?: string }>) => {
      if (e.data?.type === 'wiped' && e.data.dbName === this.dbName && typeof location !== 'undefined') location.reload();
    };
  }

  announce(): void {
    this.channel?.postMessage({ type: 'wiped', dbName: this.dbName });
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
  }
}
