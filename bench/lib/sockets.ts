/**
 * Opening many sockets the way clients do: a single-use pass from POST /api/auth/socket-pass
 * in `?token=`, then `register` (contract/ws.ts), done in batches so the listen backlog of a busy
 * server never overflows.
 */
import { WebSocket } from 'ws';
import { WS_PATHS, type SocketChannel } from '../../contract/ws.ts';

/** Runs `make` for 0..count-1, `size` at a time; resolves with the results in order. */
export async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

/** Resolves when the socket opens, rejects on its first error. */
export function opened(ws: WebSocket): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

export async function socketPass(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/socket-pass`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json().catch(() => null)) as { data?: { pass?: string } } | null;
  if (!res.ok || typeof body?.data?.pass !== 'string') throw new Error(`socket-pass answered ${res.status}`);
  return body.data.pass;
}

export function socketUrl(baseUrl: string, channel: SocketChannel, pass: string): string {
  const url = new URL(WS_PATHS[channel], baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', pass);
  return url.toString();
}

/**
 * A registered socket of `userId`: on /wss/chat registered for `eventId`. `onFrame` sees every
 * frame after the registration; a refused registration (an Exception first) rejects.
 */
export async function openRegistered(
  baseUrl: string,
  channel: SocketChannel,
  user: { id: number; token: string },
  eventId: number | undefined,
  onFrame: (frame: { type?: string } & Record<string, unknown>, raw: string) => void,
  timeoutMs = 60_000,
): Promise<WebSocket> {
  const ws = await opened(new WebSocket(socketUrl(baseUrl, channel, await socketPass(baseUrl, user.token))));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${channel} socket of user ${user.id} not registered in ${timeoutMs} ms`)), timeoutMs);
    let registered = false;
    ws.on('message', (data: Buffer) => {
      const raw = data.toString();
      const frame = JSON.parse(raw) as { type?: string } & Record<string, unknown>;
      if (!registered) {
        clearTimeout(timer);
        if (frame.type === 'registered') {
          registered = true;
          resolve();
        } else reject(new Error(`${channel} socket of user ${user.id} answered ${raw.slice(0, 200)} to register`));
        return;
      }
      onFrame(frame, raw);
    });
    ws.send(JSON.stringify({ type: 'register', userId: user.id, ...(eventId !== undefined ? { eventId } : {}) }));
  });
  return ws;
}
