import type { Device } from './device.ts';

/**
 * The device the page reads and writes through, once the worker has the database open. Calls made
 * before then wait for it rather than being dropped; when the database cannot open at all, they are
 * refused with the reason, so no write is lost silently.
 */
export class DeviceSlot {
  current: Device | null = null;
  private waiters: { resolve: (device: Device) => void; reject: (err: unknown) => void }[] = [];
  private failure: unknown = null;

  ready(): Promise<Device> {
    if (this.current) return Promise.resolve(this.current);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  open(device: Device): void {
    this.current = device;
    for (const w of this.waiters.splice(0)) w.resolve(device);
  }

  close(): void {
    this.current = null;
  }

  /** The database could not open: whoever waits, and whoever asks later, is told why. */
  fail(err: unknown): void {
    this.failure = err;
    for (const w of this.waiters.splice(0)) w.reject(err);
  }
}
