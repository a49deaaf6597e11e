import type { Device } from '../device.ts';

/**
 * Which events' chats this tab shows, told to the device (it keeps an open chat's older pages and
 * drops them when the last screen closes), and told again to a new device after a logout wiped the
 * old one. The chat's comments are plain live reads (chat.ts, hooks.ts useDevice).
 */
export class ChatStores {
  private device: Device | null = null;
  /** How many screens of this tab show each event's chat; the device hears only 0 ↔ 1. */
  private readonly openCount = new Map<number, number>();

  setDevice(device: Device | null): void {
    this.device = device;
    if (device) for (const [eventId, n] of this.openCount) if (n > 0) this.write((d) => d.call('setChatHistoryOpen', eventId, true));
  }

  /** A screen shows the event's chat; the returned function says it stopped. */
  open(eventId: number): () => void {
    const n = this.openCount.get(eventId) ?? 0;
    this.openCount.set(eventId, n + 1);
    if (n === 0) this.write((d) => d.call('setChatHistoryOpen', eventId, true));
    return () => {
      const left = (this.openCount.get(eventId) ?? 1) - 1;
      this.openCount.set(eventId, left);
      if (left === 0) this.write((d) => d.call('setChatHistoryOpen', eventId, false));
    };
  }

  /** Asks for `pages` older pages: one more than shown, or the same again (a retry). */
  wantOlder(eventId: number, pages: number): void {
    this.write((d) => d.call('wantOlderComments', eventId, pages));
  }

  private write(fn: (device: Device) => Promise<void>) {
    if (!this.device) return;
    fn(this.device).catch((err: unknown) => console.error('foyer: writing the chat history request failed', err));
  }
}
