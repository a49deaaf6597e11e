import { useMemo } from 'react';
import type { EventPictureKind } from '../../contract/admin-refs.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { useRuntime, useSyncStatus } from './hooks.ts';
import { uploadOnline } from './online.ts';

/**
 * Pictures of the organisers' area (posters, stand logos and pictures, guest speakers): uploaded
 * over plain HTTP, which needs the network (server/routes/api/admin.ts). The answer is the URL a
 * command then puts on the event, the stand or the speaker; that command is queued like any other.
 */

export type PictureUploadResult = { ok: true; url: string } | { ok: false; code: ErrorCode | 'network_error'; retryAfter?: number };

export interface PictureUploader {
  /** False while the device is offline: the form says uploads need the connection. */
  online: boolean;
  upload(kind: EventPictureKind, file: Blob): Promise<PictureUploadResult>;
}

export function useEventPictureUpload(eventId: number): PictureUploader {
  const runtime = useRuntime();
  const sync = useSyncStatus();
  const online = sync.state !== 'offline';
  return useMemo(
    () => ({
      online,
      async upload(kind, file) {
        const body = new FormData();
        body.append('kind', kind);
        body.append('image', file);
        const res = await uploadOnline<{ url?: unknown }>(runtime, `/api/admin/events/${eventId}/pictures`, body);
        if (!res.ok) return { ok: false, code: res.code, ...(res.retryAfter !== undefined ? { retryAfter: res.retryAfter } : {}) };
        return { ok: true, url: String(res.data.url ?? '') };
      },
    }),
    [runtime, eventId, online],
  );
}
