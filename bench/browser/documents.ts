import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { SYNC_PULL_DEFAULT_LIMIT } from '../../contract/constants.ts';

/**
 * The documents a device replicates, fetched by node straight from the server's sync API (not
 * through the link) with the client's page size, so their raw and compressed sizes can be set
 * beside what the browser moved over the wire for them.
 */

export interface FeedSize {
  key: string;
  pages: number;
  documents: number;
  /** Of those, not tombstones: what the device keeps. */
  live: number;
  /** The pull response bodies as JSON text. */
  jsonBytes: number;
  /** Each page gzipped at the default level, as a gzip-only server would send it. */
  gzipBytes: number;
  /** Each page with brotli at quality 4, the server's own setting (server/app.ts). */
  brotliBytes: number;
}

export async function feedSize(baseUrl: string, token: string, key: string): Promise<FeedSize> {
  const [collection, event] = key.split('@') as [string, string | undefined];
  const out: FeedSize = { key, pages: 0, documents: 0, live: 0, jsonBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  let checkpoint = 0;
  for (;;) {
    const q = new URLSearchParams({ checkpoint: String(checkpoint), limit: String(SYNC_PULL_DEFAULT_LIMIT) });
    if (event) q.set('event_id', event);
    const res = await fetch(`${baseUrl}/sync/v1/${collection}/pull?${q}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`pull ${key}: HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const page = JSON.parse(body.toString('utf8')) as { documents: { deleted?: boolean }[]; checkpoint: number };
    out.pages++;
    out.documents += page.documents.length;
    out.live += page.documents.filter((d) => !d.deleted).length;
    out.jsonBytes += body.length;
    out.gzipBytes += gzipSync(body).length;
    out.brotliBytes += brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length;
    checkpoint = page.checkpoint;
    if (page.documents.length < SYNC_PULL_DEFAULT_LIMIT) return out;
  }
}
