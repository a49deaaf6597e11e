import { VIDEO_FETCH_LEAD_MS, VIDEO_RECHECK_MS } from '../../../contract/constants.ts';
import { eventStage, type StageMedium } from '../../ui/video/stage.ts';

/**
 * The live page's video states (events.md §4 "Live video"), kept free of React and of real time
 * so they can be tested on a fake clock.
 *
 * A webinar that has not started is looked at again every VIDEO_RECHECK_MS, against the event as
 * the device has it then (an organiser who moves the start reaches the device by sync), until
 * VIDEO_FETCH_LEAD_MS before the start; then the video link is fetched once. While the video is
 * up the clock keeps looking, so the player goes away when the event ends.
 *
 * Where the event stands (future, running, finished) and what it can show (a stream, nothing, or
 * the venue) come from events/event/stage.ts, the same function the event page uses, so the two
 * never disagree. One departure from the spec's wording: it says a non-webinar shows "event has
 * been finished". An in-person event that is running is not finished, so until it ends it says
 * it is happening on site instead; before its start both pages count down to it.
 */

export interface LiveVideoInput {
  /** Unix seconds. */
  when: number;
  /** Unix seconds; 0 or not after `when` means unknown, and the event counts as running once started. */
  when_end: number;
  is_webinar: boolean;
  video_type: number;
}

export type LiveVideoStep =
  | { kind: 'finished' }
  /** In person and not finished: there is no stream to show. */
  | { kind: 'onsite' }
  /** Online, but with no embeddable player. */
  | { kind: 'unavailable' }
  /** Not yet: look again after `recheckInMs`. */
  | { kind: 'wait'; startsInMs: number; recheckInMs: number; medium: StageMedium }
  /** Close enough to the start, or running: the link may be fetched. */
  | { kind: 'fetch' };

/** What the page should do about the video at `nowMs`. */
export function liveVideoStep(input: LiveVideoInput, nowMs: number): LiveVideoStep {
  const stage = eventStage(input, nowMs);
  if (stage.phase === 'finished') return { kind: 'finished' };
  if (stage.phase === 'future') {
    // A stream's link is fetched a little ahead, so the last wait is cut short to reach that lead
    // exactly; anything else waits for the start itself.
    const lead = stage.medium === 'stream' ? VIDEO_FETCH_LEAD_MS : 0;
    if (stage.startsInMs > lead) {
      return { kind: 'wait', startsInMs: stage.startsInMs, recheckInMs: Math.min(VIDEO_RECHECK_MS, stage.startsInMs - lead), medium: stage.medium };
    }
  }
  if (stage.medium === 'onsite') return { kind: 'onsite' };
  if (stage.medium === 'noStream') return { kind: 'unavailable' };
  return { kind: 'fetch' };
}

export type LiveVideoState =
  | { kind: 'finished' }
  | { kind: 'onsite' }
  | { kind: 'unavailable' }
  /** Counting down; `medium` says what the start brings (a stream, the venue, nothing to play). */
  | { kind: 'waiting'; startsAtMs: number; medium: StageMedium }
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'error' };

/**
 * Whether the state has a player worth docking off the stage: the stream, its loading, or its
 * failure with the way to try again. A countdown or a line of text docked over the chat only hid
 * the chat (issue 27); the stage itself still shows them.
 */
export function docksOffStage(state: Pick<LiveVideoState, 'kind'>): boolean {
  return state.kind === 'ready' || state.kind === 'loading' || state.kind === 'error';
}

/** The three timer calls the clock needs: the real ones in the page, fake ones in tests. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface LiveVideoClockOptions {
  /** The event as the device has it now; undefined while it is not loaded. */
  read(): LiveVideoInput | undefined;
  /** Asks the server for the video link; resolves true when the user may watch, false or throws otherwise. */
  fetchLink(): Promise<boolean>;
  onState(state: LiveVideoState): void;
  /** Called once per failed fetch, for the toast. */
  onError(): void;
  timers?: Timers;
}

export class LiveVideoClock {
  private timer: unknown = null;
  private running = false;
  /** Bumped by stop() and retry(), so an answer to an older fetch is dropped. */
  private generation = 0;
  private state: LiveVideoState | null = null;
  private readonly timers: Timers;

  constructor(private readonly opts: LiveVideoClockOptions) {
    this.timers = opts.timers ?? realTimers;
  }

  get current(): LiveVideoState | null {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.tick();
  }

  stop(): void {
    this.running = false;
    this.generation++;
    this.clear();
  }

  /** The event document changed (a new start or end time): look again now instead of at the next tick. */
  update(): void {
    if (!this.running) return;
    this.tick();
  }

  /** After an error: fetch again. */
  retry(): void {
    if (!this.running || this.state?.kind !== 'error') return;
    this.generation++;
    this.state = null;
    this.tick();
  }

  private clear() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number) {
    this.clear();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.tick();
    }, ms);
  }

  private set(state: LiveVideoState) {
    const prev = this.state;
    this.state = state;
    if (prev && prev.kind === state.kind && (state.kind !== 'waiting' || (prev.kind === 'waiting' && prev.startsAtMs === state.startsAtMs))) return;
    this.opts.onState(state);
  }

  private tick() {
    if (!this.running) return;
    this.clear();
    const input = this.opts.read();
    if (!input) return this.schedule(VIDEO_RECHECK_MS);
    const now = this.timers.now();
    const step = liveVideoStep(input, now);
    switch (step.kind) {
      case 'finished':
        // Nothing more will happen unless the event itself changes, which calls update().
        this.generation++;
        this.set({ kind: 'finished' });
        return;
      case 'onsite':
      case 'unavailable':
        this.set({ kind: step.kind });
        return this.schedule(VIDEO_RECHECK_MS);
      case 'wait':
        // A start moved into the future again drops a link fetched for the old time.
        this.generation++;
        this.set({ kind: 'waiting', startsAtMs: now + step.startsInMs, medium: step.medium });
        return this.schedule(step.recheckInMs);
      case 'fetch': {
        const kind = this.state?.kind;
        if (kind === 'ready' || kind === 'error' || kind === 'loading') return this.schedule(VIDEO_RECHECK_MS);
        this.fetch();
        return this.schedule(VIDEO_RECHECK_MS);
      }
    }
  }

  private fetch() {
    const generation = ++this.generation;
    this.set({ kind: 'loading' });
    const settle = (ok: boolean) => {
      if (generation !== this.generation || !this.running) return;
      if (ok) this.set({ kind: 'ready' });
      else {
        this.set({ kind: 'error' });
        this.opts.onError();
      }
    };
    let pending: Promise<boolean>;
    try {
      pending = this.opts.fetchLink();
    } catch {
      pending = Promise.resolve(false);
    }
    pending.then(settle, () => settle(false));
  }
}
