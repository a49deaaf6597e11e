/**
 * Pull pages that every participant of an event gets alike, kept as the answer's text and the
 * compressed forms already sent, so a crowd's first syncs (the same ten pages asked by every device,
 * bench:pull) cost a lookup instead of the page's query and a compression each.
 *
 * An entry is only ever answered for the exact `version` it was built at: the feed reads the current
 * version of its data with every pull, in one indexed query, and a page built at any other version
 * is not used (see visitors/feed.ts for what the version is and why no write can slip past it). So
 * the memory needs no invalidation on writes, on this instance or others, and a bounded size is its
 * only policy: the least recently used pages go first.
 */

export interface CachedPage {
  readonly key: string;
  readonly version: string;
  /** The whole answer, as the route sends it uncompressed. */
  readonly text: string;
  /** Documents in the page and the rev of the last one, which the feed judges the page by. */
  readonly count: number;
  readonly lastRev: number | null;
  /** Compressed forms of `text`, by content-encoding, made when first asked for. */
  readonly encoded: Map<string, Buffer>;
  bytes: number;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** Builds running now, so concurrent misses of one page at one version query once. */
  private readonly building = new Map<string, Promise<CachedPage>>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /**
   * The page `key` at `version`: remembered, or built by `build`, which answers the text and the
   * version the text was read at (one statement, one snapshot). A build that read a later version
   * than asked (a write committed in between) is still current for this pull and is kept; one at
   * another version is never handed to a later asker of `version`.
   */
  async get(key: string, version: string, build: () => Promise<Omit<CachedPage, 'key' | 'encoded' | 'bytes'>>): Promise<CachedPage> {
    const hit = this.pages.get(key);
    if (hit && hit.version === version) {
      // Map order is recency: the page moves to the end.
      this.pages.delete(key);
      this.pages.set(key, hit);
      return hit;
    }
    const running = `${key}@${version}`;
    const pending = this.building.get(running);
    if (pending) return pending;
    const made = build().then((built) => {
      const page: CachedPage = { ...built, key, encoded: new Map(), bytes: Buffer.byteLength(built.text) };
      if (this.enabled) this.store(key, page);
      return page;
    });
    this.building.set(running, made);
    try {
      return await made;
    } finally {
      this.building.delete(running);
    }
  }

  /** `page` compressed with `encoding`, compressed by `compress` only the first time. */
  encoded(page: CachedPage, encoding: string, compress: (text: string) => Buffer): Buffer {
    let body = page.encoded.get(encoding);
    if (body) return body;
    body = compress(page.text);
    page.encoded.set(encoding, body);
    page.bytes += body.length;
    // A page already pushed out (or never kept) is not counted.
    if (this.pages.get(page.key) === page) {
      this.bytes += body.length;
      this.trim();
    }
    return body;
  }

  get size(): number {
    return this.pages.size;
  }

  private store(key: string, page: CachedPage): void {
    if (page.bytes > this.maxBytes) return;
    const old = this.pages.get(key);
    // A slower build of an older version must not replace a newer page.
    if (old && BigInt(old.version) > BigInt(page.version)) return;
    if (old) {
      this.pages.delete(key);
      this.bytes -= old.bytes;
    }
    this.pages.set(key, page);
    this.bytes += page.bytes;
    this.trim();
  }

  private trim(): void {
    while (this.bytes > this.maxBytes) {
      const oldest = this.pages.entries().next().value;
      if (!oldest) break;
      const [key, page] = oldest;
      this.pages.delete(key);
      this.bytes -= page.bytes;
    }
  }
}
