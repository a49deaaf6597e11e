import { useMemo } from 'react';
import { isErrorCode, type ErrorCode } from '../../contract/errors.ts';
import type { TicketDesignSettings } from '../../contract/tickets.ts';
import { HttpError, joinUrl, NetworkError, requestJson, withLang } from '../../sync/engine/http.ts';
import { useRuntime } from './hooks.ts';

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

function failure(code: unknown): Error {
  return new Error(isErrorCode(code) ? code : 'unknown_error');
}

async function call(baseUrl: string, path: string, init: { method?: string; body?: unknown; signal?: AbortSignal }): Promise<unknown> {
  let body: { status_code?: unknown; data?: unknown; error?: unknown } | null;
  try {
    body = (await requestJson({ baseUrl }, path, init)) as typeof body;
  } catch (err) {
    if (err instanceof NetworkError) throw new Error('network_error');
    if (err instanceof HttpError) throw failure(err.code);
    throw err;
  }
  if (body?.status_code !== 200) throw failure(body?.error);
  return body.data;
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
    const base = runtime.baseUrl;
    return {
      async loadTicketDesign(eventId, signal) {
        const data = (await call(base, `/api/events/ticket-design?event_id=${eventId}`, { signal })) as { settings?: TicketDesignSettings } | null;
        if (!data?.settings) throw new Error('unknown_error');
        return data.settings;
      },
      async saveTicketDesign(eventId, settings) {
        const data = (await call(base, '/api/events/ticket-design', { method: 'POST', body: { event_id: eventId, settings } })) as {
          settings?: TicketDesignSettings;
        } | null;
        if (!data?.settings) throw new Error('unknown_error');
        return data.settings;
      },
      async uploadDesignImage(eventId, image) {
        const form = new FormData();
        form.set('event_id', String(eventId));
        form.set('image', image);
        let res: Response;
        try {
          res = await fetch(joinUrl(base, withLang('/api/events/ticket-design/upload-image')), { method: 'POST', body: form, credentials: 'same-origin' });
        } catch {
          throw new Error('network_error');
        }
        const body = (await res.json().catch(() => null)) as {
          status_code?: unknown;
          data?: { image?: unknown; image_thumb?: unknown };
          error?: unknown;
        } | null;
        if (res.status === 401) throw failure('auth_required');
        if (body?.status_code !== 200) throw failure(body?.error ?? (res.status === 413 ? 'payload_too_large' : undefined));
        const url = str(body.data?.image);
        if (!url) throw new Error('unknown_error');
        return { image: url, image_thumb: str(body.data?.image_thumb) || url };
      },
      async listDoorStaff(eventId, signal) {
        const data = (await call(base, `/api/checkin/staff?event_id=${eventId}`, { signal })) as { items?: unknown } | null;
        return Array.isArray(data?.items) ? data.items.map(toStaff).filter((s) => s.user_id > 0) : [];
      },
      async addDoorStaff(eventId, who) {
        const data = (await call(base, '/api/checkin/staff', { method: 'POST', body: { event_id: eventId, ...who } })) as { user_id?: unknown } | null;
        return int(data?.user_id);
      },
      async removeDoorStaff(eventId, userId) {
        await call(base, '/api/checkin/staff/remove', { method: 'POST', body: { event_id: eventId, user_id: userId } });
      },
    } satisfies OrganiserActions;
  }, [runtime]);
}
