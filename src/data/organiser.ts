import { useMemo } from 'react';
import type { ErrorCode } from '../../contract/errors.ts';
import type { TicketDesignSettings } from '../../contract/tickets.ts';
import { useRuntime } from './hooks.ts';
import { callOnline, uploadOnline, type OnlineResult } from './online.ts';

/**
 * Organiser settings (ticket design, door staff): online only. They are the owners' own edits of
 * server state with rules the server enforces (contract/tickets.ts checkDesignRoles), so queuing
 * them offline would only show a save that may later be refused; the screens say they need a
 * connection instead. Every call throws an Error whose message is an error code, or
 * 'network_error' when the server cannot be reached.
 */

export type OrganiserFailure = ErrorCode | 'network_error';

export interface DoorStaffMember {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  added_by: number;
  /** Unix seconds. */
  created_at: number;
}

export interface OrganiserActions {
  loadTicketDesign(eventId: number, signal?: AbortSignal): Promise<TicketDesignSettings>;
  saveTicketDesign(eventId: number, settings: TicketDesignSettings): Promise<TicketDesignSettings>;
  /**
   * Uploads a picture for the event's design; answers the URLs to put in it (the picture and its
   * thumbnail). It shows on tickets once the design pointing at it is saved.
   */
  uploadDesignImage(eventId: number, image: Blob): Promise<{ image: string; image_thumb: string }>;
  listDoorStaff(eventId: number, signal?: AbortSignal): Promise<DoorStaffMember[]>;
  /** `who` is an email address or a user id, whichever the owner typed; answers the user id. */
  addDoorStaff(eventId: number, who: { email: string } | { user_id: number }): Promise<number>;
  removeDoorStaff(eventId: number, userId: number): Promise<void>;
}

/** The screens here take a throw for a refusal: the code (or network_error) is its message. */
async function orThrow<T>(answer: Promise<OnlineResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.code);
  return result.data;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

function toStaff(v: unknown): DoorStaffMember {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return {
    user_id: int(o.user_id),
    first_name: str(o.first_name),
    last_name: str(o.last_name),
    email: str(o.email),
    added_by: int(o.added_by),
    created_at: int(o.created_at),
  };
}

export function useOrganiserActions(): OrganiserActions {
  const runtime = useRuntime();
  return useMemo(() => {
    return {
      async loadTicketDesign(eventId, signal) {
        const data = await orThrow(
          callOnline<{ settings?: TicketDesignSettings } | null>(runtime, `/api/events/ticket-design?event_id=${eventId}`, undefined, signal),
        );
        if (!data?.settings) throw new Error('unknown_error');
        return data.settings;
      },
      async saveTicketDesign(eventId, settings) {
        const data = await orThrow(
          callOnline<{ settings?: TicketDesignSettings } | null>(runtime, '/api/events/ticket-design', { event_id: eventId, settings }),
        );
        if (!data?.settings) throw new Error('unknown_error');
        return data.settings;
      },
      async uploadDesignImage(eventId, image) {
        const form = new FormData();
        form.set('event_id', String(eventId));
        form.set('image', image);
        const data = await orThrow(uploadOnline<{ image?: unknown; image_thumb?: unknown } | null>(runtime, '/api/events/ticket-design/upload-image', form));
        const url = str(data?.image);
        if (!url) throw new Error('unknown_error');
        return { image: url, image_thumb: str(data?.image_thumb) || url };
      },
      async listDoorStaff(eventId, signal) {
        const data = await orThrow(callOnline<{ items?: unknown } | null>(runtime, `/api/checkin/staff?event_id=${eventId}`, undefined, signal));
        return Array.isArray(data?.items) ? data.items.map(toStaff).filter((s) => s.user_id > 0) : [];
      },
      async addDoorStaff(eventId, who) {
        const data = await orThrow(callOnline<{ user_id?: unknown } | null>(runtime, '/api/checkin/staff', { event_id: eventId, ...who }));
        return int(data?.user_id);
      },
      async removeDoorStaff(eventId, userId) {
        await orThrow(callOnline(runtime, '/api/checkin/staff/remove', { event_id: eventId, user_id: userId }));
      },
    } satisfies OrganiserActions;
  }, [runtime]);
}
