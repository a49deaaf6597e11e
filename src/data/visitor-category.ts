import { useCallback, useMemo } from 'react';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { isInFlight } from '../../sync/store/overlay.ts';
import { query } from './device.ts';
import { useDevice, useRuntime } from './hooks.ts';

/** Queued visitor.category commands before the device answers. */
const NO_OUTBOX_DOCS: OutboxDoc[] = [];

/**
 * The visitor's own category at an event (networking.md §5, the specs' add-user-categories): the
 * visitor document's menu_id overlaid with the user's queued visitor.category commands, so a
 * choice made offline shows at once and after a reload, and reaches the server once.
 */

export interface OwnCategory {
  /** The event's menu id the visitor is in, 0 for none. */
  menuId: number;
  /** A choice waits for the server. */
  pending: boolean;
  set(menuId: number | null): Promise<void>;
}

/** The latest queued choice for the event wins over the document; `documentMenuId` is the visitor document's. */
export function overlayCategory(eventId: number, documentMenuId: number, commands: readonly OutboxDoc[]): { menuId: number; pending: boolean } {
  const mine = commands.filter((c) => c.payload.event_id === eventId && isInFlight(c)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  const last = mine.at(-1);
  if (!last) return { menuId: documentMenuId, pending: false };
  const wanted = typeof last.payload.menu_id === 'number' ? last.payload.menu_id : 0;
  return { menuId: wanted, pending: mine.some((c) => c.status !== 'applied') };
}

export function useOwnCategory(eventId: number, documentMenuId: number): OwnCategory {
  const runtime = useRuntime();
  const commands = useDevice(query('categoryCommands'), NO_OUTBOX_DOCS).value;
  const view = useMemo(() => overlayCategory(eventId, documentMenuId, commands), [eventId, documentMenuId, commands]);
  const set = useCallback((menuId: number | null) => runtime.enqueue('visitor.category', { event_id: eventId, menu_id: menuId }), [runtime, eventId]);
  return useMemo(() => ({ ...view, set }), [view, set]);
}
