import type { ScheduleDoc } from '../../../contract/schedule.ts';
import { query, type Device } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * The live stage's programme from the device. The events the user takes part in are replicated
 * by rule (sync/engine/scopes.ts); opening any other stage asks for it, so a stage once opened works
 * offline. Kept on ChatStores' pattern: the store lives outside React, keyed by event.
 */
export class ScheduleStores {
  readonly byEvent = new LiveStoreMap<number, ScheduleDoc[]>((eventId) => new LiveStore(query('schedule', eventId), []));
  private device: Device | null = null;
  private readonly waiting = new Set<number>();

  setDevice(device: Device | null): void {
    this.device = device;
    this.byEvent.setDevice(device);
    if (device) for (const id of [...this.waiting]) this.request(id);
  }

  request(eventId: number): void {
    if (eventId <= 0) return;
    if (!this.device) {
      this.waiting.add(eventId);
      return;
    }
    this.waiting.delete(eventId);
    this.device.call('requestScope', 'schedule', eventId).catch((err: unknown) => console.error('foyer: asking for the schedule failed', err));
  }
}
