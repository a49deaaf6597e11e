/**
 * How long a change made on one online device takes to show on another online device of the person
 * it is for, measured the way a device learns of it: the second device holds the hint stream
 * (`/sync/v1/stream`), pulls the collection a hint names, and the change counts as shown when that
 * pull returns it. Probes run beside a bench's own traffic (bench/event-day.ts `--latency`): a
 * sender posts a chat comment, or a message to the person it is paired with, with a marker in its
 * text, about every `everyMs` per pair.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SYNC_PULL_DEFAULT_LIMIT } from '../../contract/constants.ts';
import type { BenchUser } from './users.ts';

export type ProbeKind = 'comment' | 'message';

const COLLECTION: Record<ProbeKind, string> = { comment: 'comments', message: 'messages' };
/** How long a probe may take before it counts as not shown. */
const GIVE_UP_MS = 15_000;
const REQUEST_TIMEOUT_MS = 30_000;

interface Waiting {
  kind: ProbeKind;
  sentAt: number;
}

/** One watching device: a hint stream and its own checkpoints for the two collections it watches. */
class Watcher {
  private readonly checkpoints = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting>();
  private readonly pulling = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private abort = new AbortController();
  readonly seen: { kind: ProbeKind; ms: number }[] = [];
  errors = 0;

  constructor(
    private readonly url: string,
    private readonly user: BenchUser,
    private readonly eventId: number,
  ) {}

  /** Pulls both collections to their end (where the device stands), then opens the stream. */
  async start(): Promise<void> {
    for (const name of Object.values(COLLECTION)) await this.pull(name);
    const res = await fetch(`${this.url}/sync/v1/stream`, { headers: { authorization: `Bearer ${this.user.token}` }, signal: this.abort.signal });
    if (!res.ok || !res.body) throw new Error(`hint stream: HTTP ${res.status}`);
    void this.read(res.body).catch(() => undefined);
  }

  expect(marker: string, kind: ProbeKind): void {
    this.waiting.set(marker, { kind, sentAt: performance.now() });
  }

  /** A probe whose command was not applied: nothing is on its way. */
  forget(marker: string): void {
    this.waiting.delete(marker);
  }

  /** Probes still waiting after GIVE_UP_MS, which count as not shown. */
  overdue(now: number): number {
    let n = 0;
    for (const w of this.waiting.values()) if (now - w.sentAt > GIVE_UP_MS) n++;
    return n;
  }

  get outstanding(): number {
    return this.waiting.size;
  }

  stop(): void {
    this.abort.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('');
        if (!data) continue;
        const hint = JSON.parse(data) as { type: string; collections?: string[] };
        for (const name of Object.values(COLLECTION)) {
          if (hint.type !== 'hint' || hint.collections?.includes(name)) this.schedule(name);
        }
      }
    }
  }

  /** One pull at a time per collection; a hint during a pull asks for one more after it, as the device does. */
  private schedule(name: string): void {
    if (this.pulling.has(name)) {
      this.again.add(name);
      return;
    }
    const run = this.pull(name)
      .catch(() => {
        this.errors++;
      })
      .finally(() => {
        this.pulling.delete(name);
        if (this.again.delete(name)) this.schedule(name);
      });
    this.pulling.set(name, run);
  }

  private async pull(name: string): Promise<void> {
    const scope = name === 'comments' ? `&event_id=${this.eventId}` : '';
    for (;;) {
      const checkpoint = this.checkpoints.get(name) ?? 0;
      const res = await fetch(`${this.url}/sync/v1/${name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${scope}`, {
        headers: { authorization: `Bearer ${this.user.token}`, 'accept-encoding': 'br, gzip' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`pull ${name}: HTTP ${res.status}`);
      const page = (await res.json()) as { documents: unknown[]; checkpoint: number };
      const now = performance.now();
      for (const doc of page.documents) {
        const text = JSON.stringify(doc);
        for (const [marker, w] of this.waiting) {
          if (!text.includes(marker)) continue;
          this.seen.push({ kind: w.kind, ms: now - w.sentAt });
          this.waiting.delete(marker);
        }
      }
      this.checkpoints.set(name, page.checkpoint);
      if (page.documents.length === 0 || page.checkpoint === checkpoint) return;
    }
  }
}

export interface LatencyResult {
  byKind: Record<ProbeKind, number[]>;
  /** Probes sent and answered `applied` that no pull had returned GIVE_UP_MS later. */
  notShown: number;
  /** Probe commands the server did not apply, and watcher pulls that failed. */
  errors: number;
}

/**
 * Runs probes between `pairs` (sender → watcher) until `until`, then waits for the last ones. Each
 * pair alternates a chat comment and a message, one every `everyMs` (±50 %).
 */
export async function measureChangeLatency(opts: {
  url: string;
  eventId: number;
  /**
   * [sender of messages, watcher, sender of comments]: the sender of messages may write to the
   * watcher (a meeting they agreed); the sender of comments takes no other part in the traffic, so
   * the probes stay inside a person's chat budget (COMMENTS_PER_WINDOW) with the traffic's own.
   */
  pairs: [BenchUser, BenchUser, BenchUser][];
  until: number;
  everyMs: number;
  tag: string;
}): Promise<LatencyResult> {
  const watchers = opts.pairs.map(([, to]) => new Watcher(opts.url, to, opts.eventId));
  await Promise.all(watchers.map((w) => w.start()));
  let errors = 0;
  let n = 0;
  const probe = async (from: BenchUser, to: BenchUser, commenter: BenchUser, watcher: Watcher) => {
    for (let i = 0; performance.now() < opts.until; i++) {
      await new Promise((r) => setTimeout(r, opts.everyMs * (0.5 + Math.random())));
      const kind: ProbeKind = i % 2 === 0 ? 'comment' : 'message';
      const marker = `probe-${opts.tag}-${n++}`;
      const command =
        kind === 'comment'
          ? { kind: 'comment.add', payload: { event_id: opts.eventId, comment: `latency ${marker}` } }
          : { kind: 'message.send', payload: { recipient_id: to.id, text: `latency ${marker}` } };
      watcher.expect(marker, kind);
      try {
        const res = await fetch(`${opts.url}/sync/v1/commands`, {
          method: 'POST',
          headers: { authorization: `Bearer ${(kind === 'comment' ? commenter : from).token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ commands: [{ id: randomUUID(), ...command, occurredAt: new Date().toISOString() }] }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = (await res.json()) as { results?: { status: string }[] };
        if (body.results?.[0]?.status !== 'applied') {
          errors++;
          watcher.forget(marker);
        }
      } catch {
        errors++;
        watcher.forget(marker);
      }
    }
  };
  await Promise.all(opts.pairs.map(([from, to, commenter], i) => probe(from, to, commenter, watchers[i] as Watcher)));
  const settleUntil = performance.now() + GIVE_UP_MS;
  while (watchers.some((w) => w.outstanding > 0) && performance.now() < settleUntil) await new Promise((r) => setTimeout(r, 100));
  const now = performance.now() + GIVE_UP_MS;
  const notShown = watchers.reduce((sum, w) => sum + w.overdue(now), 0);
  for (const w of watchers) w.stop();
  const byKind: Record<ProbeKind, number[]> = { comment: [], message: [] };
  for (const w of watchers) for (const s of w.seen) byKind[s.kind].push(s.ms);
  return { byKind, notShown, errors: errors + watchers.reduce((sum, w) => sum + w.errors, 0) };
}
