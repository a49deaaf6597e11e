/**
 * One measured phase of the event day: virtual users looping over a call mix (the day's mix, or one
 * kind alone) with a think time, counted per kind and per class, with the server's, PostgreSQL's
 * and the generator's CPU over the phase. Its own module because the call mix, the device's resend
 * of shed commands and the exactly-once bookkeeping are one piece, and the bench's main only says
 * which phases run.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { SYNC_PULL_DEFAULT_LIMIT } from '../../contract/constants.ts';
import type { CommandResult } from '../../contract/commands.ts';
import type { BenchUser, EventCrowd } from './users.ts';
import { anyOf, itemAt } from './pick.ts';
import { Tally } from './stats.ts';
import type { CpuMeter } from './cpu.ts';
import type { Ledger } from './exactly-once.ts';
import { PULLED, SCOPED_PULLS, type Devices } from './event-day-devices.ts';
import { MAX_RETRY_WAIT_MS, REQUEST_TIMEOUT_MS, load, sleep, type EventDayOptions } from './event-day-options.ts';

const RESEND_SHARE = 0.1;
/** How long after a run's traffic stops a refused command is still resent before it counts as an error. */
const RESEND_GRACE_MS = 30_000;

type CallClass = 'legacy' | 'pull' | 'command';
export type Mix = 'mixed' | CallClass | 'legacy event' | 'legacy events-list' | 'legacy event-people' | 'legacy chat-messages';

export interface PhaseResult {
  name: string;
  users: number;
  seconds: number;
  tally: Tally;
  byClass: Tally;
  ok: number;
  errors: number;
  shed: number;
  /** Calls turned down by a person's search budget (rate_limited): neither answered nor errors. */
  budget: number;
  serverCpuMs: number;
  dbCpuMs: number | null;
  generatorCpuMs: number;
  loadBefore: string;
  loadAfter: string;
}

/** What every phase of a run shares: made once by the bench's set-up. */
export interface Arena {
  options: EventDayOptions;
  url: string;
  crowd: EventCrowd;
  devices: Devices;
  serverCpu: CpuMeter;
  dbCpu: CpuMeter | null;
  idleCpuPerMs: number;
  ledger: Ledger;
}

/** A phase's calls: each counted as answered, shed, over budget or failed. */
class Caller {
  readonly tally = new Tally();
  readonly byClass = new Tally();
  shed = 0;
  // A person's budget (searches in server/limits, comments per minute in the chat) turned the call
  // down: the product working as meant, not an error, but not an answered request either. Searches
  // reach it when one kind runs alone at the bench's pace (a search every 200 ms per person); the
  // chat's 30 comments a minute, very rarely, when the dice give one person a run of comments.
  budget = 0;
  resendUntil = Number.POSITIVE_INFINITY;

  constructor(
    private readonly url: string,
    private readonly ledger: Ledger,
  ) {}

  fail(kind: string, why: string): void {
    this.tally.error(kind);
    this.byClass.error(kind.split(' ')[0] as string);
    this.ledger.failed(`${kind}: ${why}`);
  }

  /** The answer's body, 'shed' with the wait asked for, or null after counting a failure. */
  async call(kind: string, user: BenchUser, path: string, body?: unknown): Promise<Record<string, unknown> | { shed: number } | null> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = (await res.json()) as { status_code?: number } & Record<string, unknown>;
      const ms = performance.now() - t0;
      // Load shed: HTTP 503, or the legacy envelope's 503 (legacy calls answer HTTP 200), with Retry-After.
      if (res.status === 503 || answer.status_code === 503) {
        this.shed++;
        return { shed: Number(res.headers.get('retry-after') ?? '1') * 1000 };
      }
      if (answer.error === 'rate_limited') {
        this.budget++;
        return null;
      }
      // Legacy calls answer HTTP 200 with the catalogue's status_code (204 is "empty list").
      if (!res.ok || (answer.status_code !== undefined && answer.status_code !== 200 && answer.status_code !== 204)) {
        this.fail(kind, `HTTP ${res.status} ${String(answer.error ?? answer.status_code ?? '')}`);
        return null;
      }
      this.tally.ok(kind, ms);
      this.byClass.ok(kind.split(' ')[0] as string, ms);
      return answer;
    } catch (err) {
      this.fail(kind, (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
      return null;
    }
  }

  /** Sends one command as a device's outbox does; `made` collects its id once applied, and makes it a command that is sometimes sent twice. */
  async command(user: BenchUser, cmdKind: string, payload: unknown, made?: Set<string>): Promise<void> {
    const cmd = { id: randomUUID(), kind: cmdKind, payload, occurredAt: new Date().toISOString() };
    const times = made && Math.random() < RESEND_SHARE ? 2 : 1;
    for (let i = 0; i < times; i++) {
      // A shed batch is resent after the wait the server asked for, as the device's outbox does.
      for (;;) {
        const answer = await this.call(`command ${cmdKind}`, user, '/sync/v1/commands', { commands: [cmd] });
        if (answer && 'shed' in answer && typeof answer.shed === 'number') {
          // A device keeps trying; the bench does too, for a while after the traffic stops.
          if (performance.now() > this.resendUntil) return this.fail(`command ${cmdKind}`, `still shed ${RESEND_GRACE_MS / 1000} s after the run`);
          await sleep(Math.min(MAX_RETRY_WAIT_MS, answer.shed) * (0.8 + 0.4 * Math.random()));
          continue;
        }
        if (!answer) return;
        const r = (answer as { results?: CommandResult[] }).results?.[0];
        if (r?.status === 'rejected' && r.code === 'rate_limited') {
          this.budget++;
          return;
        }
        // The call was answered but the command refused: the bench asked for something valid, so it counts.
        if (r?.status !== 'applied') return this.fail(`command ${cmdKind}`, `rejected ${r?.code ?? '?'}`);
        made?.add(cmd.id);
        break;
      }
    }
  }
}

/** The call mix of one phase: which call a virtual user makes next, and the device state it carries. */
class CallMix {
  private readonly partnerOf = new Map<number, number>();
  private readonly reads: Record<string, string>;

  constructor(
    private readonly arena: Arena,
    private readonly mix: Mix,
    private readonly caller: Caller,
  ) {
    for (const [a, b] of arena.crowd.pairs) {
      if (!this.partnerOf.has(a)) this.partnerOf.set(a, b);
      if (!this.partnerOf.has(b)) this.partnerOf.set(b, a);
    }
    const { eventId } = arena.crowd;
    this.reads = {
      'legacy event': `/api/events/${eventId}`,
      'legacy events-list': '/api/events/events-list?limit=16',
      'legacy event-people': `/api/events/get-event-people?event_id=${eventId}&limit=10`,
      'legacy chat-messages': `/api/events/get-chat-messages?event_id=${eventId}&limit=20`,
    };
  }

  /** One call: 40 % legacy reads, 40 % pulls and 20 % commands in the mixed phase, else the phase's kind. */
  async one(v: number, user: BenchUser, seq: () => number): Promise<void> {
    let which: CallClass | string = this.mix;
    if (this.mix === 'mixed') {
      const roll = Math.random();
      which = roll < 0.4 ? 'legacy' : roll < 0.8 ? 'pull' : 'command';
    }
    if (which === 'legacy' || which.startsWith('legacy ')) {
      const kind = which === 'legacy' ? anyOf(Object.keys(this.reads)) : which;
      await this.caller.call(kind, user, this.reads[kind] as string);
    } else if (which === 'pull') {
      await this.pull(v, user);
    } else {
      await this.command(v, user, seq);
    }
  }

  /** An incremental pull from the device's own checkpoint, as the sync engine makes after a hint. */
  private async pull(v: number, user: BenchUser): Promise<void> {
    const { devices, crowd } = this.arena;
    const checkpoints = devices.get(v) ?? new Map<string, number>();
    devices.set(v, checkpoints);
    const name = anyOf(PULLED);
    const checkpoint = checkpoints.get(name) ?? 0;
    const scope = SCOPED_PULLS.has(name) ? `&event_id=${crowd.eventId}` : '';
    const body = await this.caller.call(`pull ${name}`, user, `/sync/v1/${name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${scope}`);
    const next = body && !('shed' in body) ? body.checkpoint : undefined;
    if (typeof next === 'number') checkpoints.set(name, next);
  }

  private async command(v: number, user: BenchUser, seq: () => number): Promise<void> {
    const { crowd, ledger, options } = this.arena;
    const { eventId, users, comments } = crowd;
    const roll = Math.random();
    const partner = this.partnerOf.get(v);
    if (roll < 0.25) {
      await this.caller.command(user, 'comment.add', { event_id: eventId, comment: `event day ${options.tag} ${v}-${seq()}` }, ledger.appliedComments);
    } else if (roll < 0.5 && partner !== undefined) {
      await this.caller.command(
        user,
        'message.send',
        { recipient_id: itemAt(users, partner).id, text: `event day ${options.tag} ${v}-${seq()}` },
        ledger.appliedMessages,
      );
    } else if (roll < 0.75) {
      const c = anyOf(comments.filter((x) => x.userId !== user.id));
      await this.caller.command(user, 'comment.like', { comment_id: c.id, like_type: Math.random() < 0.8 ? 1 : 2 });
    } else {
      await this.caller.command(user, 'event.favorite', { event_id: eventId, favorite: Math.random() < 0.5 });
    }
  }
}

/** Runs `users` virtual users over `mix` for `seconds`, then waits for their last calls and resends. */
export async function phase(arena: Arena, name: string, mix: Mix, users: number, seconds: number): Promise<PhaseResult> {
  const { crowd, options, serverCpu, dbCpu } = arena;
  if (users > crowd.users.length) throw new Error(`${users} users asked for, ${crowd.users.length} prepared`);
  const caller = new Caller(arena.url, arena.ledger);
  const calls = new CallMix(arena, mix, caller);
  const virtualUser = async (v: number, until: number) => {
    const user = itemAt(crowd.users, v);
    let n = 0;
    const seq = () => n++;
    while (performance.now() < until) {
      await calls.one(v, user, seq);
      await sleep(options.thinkMs * (0.5 + Math.random()));
    }
  };

  const loadBefore = load();
  await serverCpu.begin();
  await dbCpu?.begin();
  const gen0 = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  caller.resendUntil = until + RESEND_GRACE_MS;
  await Promise.all(Array.from({ length: users }, (_, v) => sleep(Math.random() * options.thinkMs).then(() => virtualUser(v, until))));
  const elapsedMs = performance.now() - start;
  const gen = process.cpuUsage(gen0);
  const serverCpuMs = Math.max(0, (await serverCpu.end()) - arena.idleCpuPerMs * elapsedMs);
  const dbCpuMs = dbCpu ? await dbCpu.end() : null;
  const { tally, byClass } = caller;
  return {
    name,
    users,
    seconds: elapsedMs / 1000,
    tally,
    byClass,
    ok: tally.all().length,
    errors: tally.errors,
    shed: caller.shed,
    budget: caller.budget,
    serverCpuMs,
    dbCpuMs,
    generatorCpuMs: (gen.user + gen.system) / 1000,
    loadBefore,
    loadAfter: load(),
  };
}
