/**
 * How long a change made on one online device takes to show on another online device of the person
 * it is for, measured the way a device learns of it: the second device holds the hint stream
 * (`/sync/v1/stream`), pulls the collection a hint names, and the change counts as shown when that
 * pull returns it. Probes run beside a bench's own traffic (bench/event-day.ts `--latency`), about
 * one every `everyMs` per probe loop:
 *
 * - a chat comment, and a message to the person the sender is paired with;
 * - a meeting answer: one person requests a meeting, the other accepts or declines it, and the
 *   requester's device must show the answer (an accepted meeting is then called off, so the pair
 *   can meet again);
 * - a door scan: the event owner's door device scans a ticket, and the owner's second door device
 *   must show the scan, as a second door at the same venue would.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SYNC_PULL_DEFAULT_LIMIT } from '../../contract/constants.ts';
import type { ProbeCast } from './probe-cast.ts';
import type { BenchUser } from './users.ts';

export const PROBE_KINDS = ['comment', 'message', 'meeting answer', 'door scan'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** How long a probe may take before it counts as not shown. */
const GIVE_UP_MS = 15_000;
const REQUEST_TIMEOUT_MS = 30_000;

type Doc = Record<string, unknown>;

interface Waiting {
  kind: ProbeKind;
  collection: string;
  sentAt: number;
  shows: (doc: Doc) => boolean;
}

/** A collection a watching device holds, with the scope its pulls carry. */
interface Watched {
  name: string;
  scope: string;
}

/** One watching device: a hint stream and its own checkpoint for each collection it holds. */
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
    private readonly collections: Watched[],
  ) {}

  /** Pulls every collection to its end (where the device stands), then opens the stream. */
  async start(): Promise<void> {
    for (const c of this.collections) await this.pull(c);
    const res = await fetch(`${this.url}/sync/v1/stream`, { headers: { authorization: `Bearer ${this.user.token}` }, signal: this.abort.signal });
    if (!res.ok || !res.body) throw new Error(`hint stream: HTTP ${res.status}`);
    void this.read(res.body).catch(() => undefined);
  }

  /** Starts the clock of a probe: it is shown when a pull of `collection` returns a document `shows` accepts. */
  expect(key: string, kind: ProbeKind, collection: string, shows: (doc: Doc) => boolean): void {
    this.waiting.set(key, { kind, collection, sentAt: performance.now(), shows });
  }

  /** Resolves once the probe is shown or has waited GIVE_UP_MS. */
  async shown(key: string): Promise<void> {
    const w = this.waiting.get(key);
    while (w && this.waiting.has(key) && performance.now() - w.sentAt < GIVE_UP_MS) await new Promise((r) => setTimeout(r, 20));
  }

  /** A probe whose command was not applied: nothing is on its way. */
  forget(key: string): void {
    this.waiting.delete(key);
  }

  /**
   * Probes still waiting after GIVE_UP_MS, which count as not shown, each with whether a pull from
   * the start returns it: if it does, the device's incremental pulls stepped over the change (a
   * hole in the feed) or no hint came; if not, the change never reached the feed.
   */
  async overdue(now: number): Promise<{ kind: ProbeKind; onFullPull: boolean }[]> {
    const late = [...this.waiting.values()].filter((w) => now - w.sentAt > GIVE_UP_MS);
    const out: { kind: ProbeKind; onFullPull: boolean }[] = [];
    for (const w of late) {
      const c = this.collections.find((x) => x.name === w.collection) as Watched;
      out.push({ kind: w.kind, onFullPull: await this.everReturns(c, w.shows).catch(() => false) });
    }
    return out;
  }

  private async everReturns(c: Watched, shows: (doc: Doc) => boolean): Promise<boolean> {
    for (let checkpoint = 0; ; ) {
      const res = await fetch(`${this.url}/sync/v1/${c.name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${c.scope}`, {
        headers: { authorization: `Bearer ${this.user.token}` },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) return false;
      const page = (await res.json()) as { documents: Doc[]; checkpoint: number };
      if (page.documents.some(shows)) return true;
      if (page.documents.length === 0 || page.checkpoint === checkpoint) return false;
      checkpoint = page.checkpoint;
    }
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
        for (const c of this.collections) {
          if (hint.type !== 'hint' || hint.collections?.includes(c.name)) this.schedule(c);
        }
      }
    }
  }

  /** One pull at a time per collection; a hint during a pull asks for one more after it, as the device does. */
  private schedule(c: Watched): void {
    if (this.pulling.has(c.name)) {
      this.again.add(c.name);
      return;
    }
    const run = this.pull(c)
      .catch(() => {
        this.errors++;
      })
      .finally(() => {
        this.pulling.delete(c.name);
        if (this.again.delete(c.name)) this.schedule(c);
      });
    this.pulling.set(c.name, run);
  }

  private async pull(c: Watched): Promise<void> {
    for (;;) {
      const checkpoint = this.checkpoints.get(c.name) ?? 0;
      const res = await fetch(`${this.url}/sync/v1/${c.name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${c.scope}`, {
        headers: { authorization: `Bearer ${this.user.token}`, 'accept-encoding': 'br, gzip' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`pull ${c.name}: HTTP ${res.status}`);
      const page = (await res.json()) as { documents: Doc[]; checkpoint: number };
      const now = performance.now();
      for (const doc of page.documents) {
        for (const [key, w] of this.waiting) {
          if (w.collection !== c.name || !w.shows(doc)) continue;
          this.seen.push({ kind: w.kind, ms: now - w.sentAt });
          this.waiting.delete(key);
        }
      }
      this.checkpoints.set(c.name, page.checkpoint);
      if (page.documents.length === 0 || page.checkpoint === checkpoint) return;
    }
  }
}

interface CommandAnswer {
  status: string;
  code?: string;
  ids?: string[];
}

async function sendCommand(url: string, user: BenchUser, command: { id: string; kind: string; payload: unknown }): Promise<CommandAnswer> {
  const res = await fetch(`${url}/sync/v1/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ commands: [{ ...command, occurredAt: new Date().toISOString() }] }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as { results?: CommandAnswer[] };
  return body.results?.[0] ?? { status: `HTTP ${res.status}` };
}

export interface LatencyResult {
  byKind: Record<ProbeKind, number[]>;
  /** Probes sent and answered `applied` that no pull had returned GIVE_UP_MS later, and whether a pull from the start returns them. */
  notShown: { kind: ProbeKind; onFullPull: boolean }[];
  /** Probe commands the server did not apply, and watcher pulls that failed, with the refusals' codes. */
  errors: number;
  refusals: Record<string, number>;
}

const pause = (everyMs: number) => new Promise((r) => setTimeout(r, everyMs * (0.5 + Math.random())));

type ChatPair = [BenchUser, BenchUser, BenchUser];

interface Probes {
  url: string;
  eventId: number;
  /**
   * [sender of messages, watcher, sender of comments]: the sender of messages may write to the
   * watcher (a meeting they agreed); the sender of comments takes no other part in the traffic, so
   * the probes stay inside a person's chat budget (COMMENTS_PER_WINDOW) with the traffic's own.
   */
  pairs: ChatPair[];
  cast: ProbeCast;
  until: number;
  everyMs: number;
  tag: string;
}

/** The probes' commands, with the refusals counted: shared by every probe loop of a run. */
class Sender {
  errors = 0;
  readonly refusals: Record<string, number> = {};
  /** Numbers the chat probes' markers across all pairs, so no two probes look for the same text. */
  private markers = 0;

  constructor(private readonly opts: Probes) {}

  nextMarker(): string {
    return `probe-${this.opts.tag}-${this.markers++}`;
  }

  /** Sends a command; a refusal counts as an error and returns null. */
  async send(user: BenchUser, kind: string, payload: unknown, id: string = randomUUID()): Promise<CommandAnswer | null> {
    try {
      const answer = await sendCommand(this.opts.url, user, { id, kind, payload });
      if (answer.status === 'applied') return answer;
      this.refused(answer);
    } catch {
      this.refused(null);
    }
    return null;
  }

  /** Sends the command whose change the watcher waits for, starting the probe's clock just before. */
  async probe(
    watcher: Watcher,
    user: BenchUser,
    kind: ProbeKind,
    collection: string,
    command: { kind: string; payload: unknown },
    shows: (doc: Doc) => boolean,
  ): Promise<string> {
    const id = randomUUID();
    watcher.expect(id, kind, collection, shows);
    if (!(await this.send(user, command.kind, command.payload, id))) watcher.forget(id);
    return id;
  }

  private refused(answer: CommandAnswer | null): void {
    this.errors++;
    const code = answer ? (answer.code ?? answer.status) : 'network';
    this.refusals[code] = (this.refusals[code] ?? 0) + 1;
  }
}

/** Each chat pair alternates a comment (from the pair's commenter) and a message. */
async function chatProbes(s: Sender, opts: Probes, [from, to, commenter]: ChatPair, watcher: Watcher): Promise<void> {
  for (let i = 0; performance.now() < opts.until; i++) {
    await pause(opts.everyMs);
    const marker = s.nextMarker();
    const shows = (doc: Doc) => JSON.stringify(doc).includes(marker);
    if (i % 2 === 0) {
      await s.probe(
        watcher,
        commenter,
        'comment',
        'comments',
        { kind: 'comment.add', payload: { event_id: opts.eventId, comment: `latency ${marker}` } },
        shows,
      );
    } else {
      await s.probe(watcher, from, 'message', 'messages', { kind: 'message.send', payload: { recipient_id: to.id, text: `latency ${marker}` } }, shows);
    }
  }
}

/**
 * The requester asks, the answerer accepts or declines in turn; an accepted meeting is called off
 * by the requester so the two can be asked again.
 */
async function meetingProbes(s: Sender, opts: Probes, { requester, answerer }: ProbeCast['meetings'][number], watcher: Watcher, day: string): Promise<void> {
  for (let i = 0; performance.now() < opts.until; i++) {
    await pause(opts.everyMs);
    const asked = await s.send(requester, 'appointment.request', {
      event_id: opts.eventId,
      user_id: answerer.id,
      date: day,
      any_time: true,
      comment: `latency probe ${opts.tag}`,
    });
    const meetingId = Number(asked?.ids?.[0]);
    if (!asked || !(meetingId > 0)) continue;
    // A person reads the request before answering; the probe's clock starts at the answer.
    await pause(opts.everyMs / 4);
    const accept = i % 2 === 0;
    const state = accept ? 'accepted' : 'rejected';
    const key = await s.probe(
      watcher,
      answerer,
      'meeting answer',
      'appointments',
      accept
        ? { kind: 'appointment.approve', payload: { meeting_id: meetingId } }
        : { kind: 'appointment.reject', payload: { meeting_id: meetingId, reason: 'latency probe' } },
      (doc) => doc.meeting_id === meetingId && doc.state === state,
    );
    // Called off only once the requester's device has shown the acceptance: a pull after the
    // cancellation would return the meeting cancelled, and the acceptance would never be seen.
    await watcher.shown(key);
    if (accept) await s.send(requester, 'appointment.reject', { meeting_id: meetingId, reason: 'latency probe: called off' });
  }
}

/** The owner's door device scans the tickets in turn; the owner's second door device watches. */
async function doorProbes(s: Sender, opts: Probes, { scanner, codes }: NonNullable<ProbeCast['door']>, watcher: Watcher): Promise<void> {
  for (let i = 0; performance.now() < opts.until; i++) {
    await pause(opts.everyMs);
    const code = codes[i % codes.length] as string;
    const scanId = randomUUID();
    watcher.expect(
      scanId,
      'door scan',
      'door_tickets',
      (doc) => Array.isArray(doc.scans) && (doc.scans as { id: string }[]).some((scan) => scan.id === scanId),
    );
    const scanned = await s.send(
      scanner,
      'ticket.scan',
      { code, device_id: `bench-door-${opts.tag}`, scanned_at: new Date().toISOString(), event_id: opts.eventId },
      scanId,
    );
    if (!scanned) watcher.forget(scanId);
  }
}

/** Waits up to GIVE_UP_MS for the last probes, stops the watchers and gathers what they saw. */
async function collect(watchers: Watcher[], s: Sender): Promise<LatencyResult> {
  const settleUntil = performance.now() + GIVE_UP_MS;
  while (watchers.some((w) => w.outstanding > 0) && performance.now() < settleUntil) await new Promise((r) => setTimeout(r, 100));
  for (const w of watchers) w.stop();
  const now = performance.now() + GIVE_UP_MS;
  const notShown = (await Promise.all(watchers.map((w) => w.overdue(now)))).flat();
  const byKind = Object.fromEntries(PROBE_KINDS.map((k) => [k, [] as number[]])) as Record<ProbeKind, number[]>;
  for (const w of watchers) for (const seen of w.seen) byKind[seen.kind].push(seen.ms);
  return { byKind, notShown, errors: s.errors + watchers.reduce((sum, w) => sum + w.errors, 0), refusals: s.refusals };
}

/**
 * Runs the probes until `until`, then waits for the last ones. Each chat pair alternates a comment
 * and a message; each meeting pair and the door send one probe every `everyMs` (±50 %).
 */
export async function measureChangeLatency(opts: Probes): Promise<LatencyResult> {
  const { url, eventId, cast } = opts;
  const chatWatchers = opts.pairs.map(
    ([, to]) =>
      new Watcher(url, to, [
        { name: 'comments', scope: `&event_id=${eventId}` },
        { name: 'messages', scope: '' },
      ]),
  );
  const meetingWatchers = cast.meetingDay ? cast.meetings.map((m) => new Watcher(url, m.requester, [{ name: 'appointments', scope: '' }])) : [];
  const doorWatcher = cast.door ? new Watcher(url, cast.door.watcher, [{ name: 'door_tickets', scope: `&event_id=${eventId}` }]) : null;
  const watchers = [...chatWatchers, ...meetingWatchers, ...(doorWatcher ? [doorWatcher] : [])];
  await Promise.all(watchers.map((w) => w.start()));

  const s = new Sender(opts);
  await Promise.all([
    ...opts.pairs.map((pair, i) => chatProbes(s, opts, pair, chatWatchers[i] as Watcher)),
    ...meetingWatchers.map((w, i) => meetingProbes(s, opts, cast.meetings[i] as ProbeCast['meetings'][number], w, cast.meetingDay as string)),
    ...(cast.door && doorWatcher ? [doorProbes(s, opts, cast.door, doorWatcher)] : []),
  ]);
  return collect(watchers, s);
}
