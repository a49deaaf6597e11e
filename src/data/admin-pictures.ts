import { useMemo } from 'react';
import type { EventPictureKind } from '../../contract/admin-refs.ts';
import { isErrorCode, type ErrorCode } from '../../contract/errors.ts';
import { joinUrl, retryAfterOf } from '../../sync/engine/http.ts';
import { useRuntime, useSyncStatus } from './hooks.ts';

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
        let res: { status_code: number; data: unknown; error?: string };
        try {
          const answer = await fetch(joinUrl(runtime.httpOptions.baseUrl, `/api/admin/events/${eventId}/pictures`), {
            method: 'POST',
            body,
            credentials: 'same-origin',
          });
          if (answer.status === 401) return { ok: false, code: 'auth_required' };
          res = (await answer.json()) as typeof res;
        } catch {
          return { ok: false, code: 'network_error' };
        }
        if (res.status_code !== 200) {
          const retryAfter = retryAfterOf(res.data);
          return { ok: false, code: isErrorCode(res.error) ? res.error : 'unknown_error', ...(retryAfter !== undefined ? { retryAfter } : {}) };
        }
        return { ok: true, url: String((res.data as { url?: unknown }).url ?? '') };
      },
    }),
    [runtime, eventId, online],
  );
}
