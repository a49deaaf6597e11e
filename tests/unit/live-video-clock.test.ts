import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_FETCH_LEAD_MS, VIDEO_RECHECK_MS } from '../../contract/constants.ts';
import { LiveVideoClock, liveVideoStep, type LiveVideoInput, type LiveVideoState, docksOffStage } from '../../src/features/live/video-clock.ts';

/** The live page's video timing (events.md §4 "Live video") on vitest's fake clock. */

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);

function webinar(startsInMs: number, lastsMs = 3_600_000): LiveVideoInput {
  return { when: sec(T0 + startsInMs), when_end: sec(T0 + startsInMs + lastsMs), is_webinar: true, video_type: 1 };
}

describe('liveVideoStep', () => {
  it('waits in steps of the re-check interval, the last one cut to reach the fetch lead exactly', () => {
    expect(liveVideoStep(webinar(60_000), T0)).toEqual({ kind: 'wait', startsInMs: 60_000, recheckInMs: VIDEO_RECHECK_MS, medium: 'stream' });
    expect(liveVideoStep(webinar(6_000), T0)).toEqual({ kind: 'wait', startsInMs: 6_000, recheckInMs: 6_000 - VIDEO_FETCH_LEAD_MS, medium: 'stream' });
    expect(liveVideoStep(webinar(VIDEO_FETCH_LEAD_MS), T0)).toEqual({ kind: 'fetch' });
    expect(liveVideoStep(webinar(-60_000), T0)).toEqual({ kind: 'fetch' });
  });

  it('says finished after the end, for webinars and in-person events alike', () => {
    expect(liveVideoStep(webinar(-7_200_000), T0)).toEqual({ kind: 'finished' });
    expect(liveVideoStep({ ...webinar(-7_200_000), is_webinar: false }, T0)).toEqual({ kind: 'finished' });
  });

  it('has no player for a running in-person event or an online one without an embeddable video', () => {
    expect(liveVideoStep({ ...webinar(-60_000), is_webinar: false }, T0)).toEqual({ kind: 'onsite' });
    expect(liveVideoStep({ ...webinar(-60_000), video_type: 0 }, T0)).toEqual({ kind: 'unavailable' });
  });

  it('treats an event with no usable end as running once started', () => {
    expect(liveVideoStep({ ...webinar(-60_000), when_end: 0 }, T0 + 86_400_000)).toEqual({ kind: 'fetch' });
  });
});

describe('LiveVideoClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(input: LiveVideoInput, fetchLink: () => Promise<boolean> = () => Promise.resolve(true)) {
    const box = { input };
    const states: LiveVideoState['kind'][] = [];
    const readAt: number[] = [];
    const fetches: number[] = [];
    let errors = 0;
    const clock = new LiveVideoClock({
      read: () => {
        readAt.push(Date.now() - T0);
        return box.input;
      },
      fetchLink: () => {
        fetches.push(Date.now() - T0);
        return fetchLink();
      },
      onState: (s) => states.push(s.kind),
      onError: () => errors++,
    });
    return { box, clock, states, readAt, fetches, errors: () => errors };
  }

  it('re-checks every 5 s and fetches the link once, 3 s before the start', async () => {
    const { clock, states, readAt, fetches } = setup(webinar(20_000));
    clock.start();
    expect(states).toEqual(['waiting']);
    await vi.advanceTimersByTimeAsync(16_999);
    expect(fetches).toEqual([]);
    expect(readAt).toEqual([0, 5_000, 10_000, 15_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toEqual([20_000 - VIDEO_FETCH_LEAD_MS]);
    expect(states).toEqual(['waiting', 'loading', 'ready']);
    // Running: the clock keeps looking but never fetches again.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetches).toHaveLength(1);
    expect(states.at(-1)).toBe('ready');
    clock.stop();
  });

  it('takes the player away when the event ends', async () => {
    const { clock, states } = setup(webinar(-60_000, 70_000));
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['loading', 'ready']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(states.at(-1)).toBe('finished');
    clock.stop();
  });

  it('shows the error once per failed fetch and fetches again only when asked', async () => {
    let answer: () => Promise<boolean> = () => Promise.reject(new TypeError('Failed to fetch'));
    const { clock, states, fetches, errors } = setup(webinar(-1_000), () => answer());
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['loading', 'error']);
    expect(errors()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toHaveLength(1);
    expect(errors()).toBe(1);

    answer = () => Promise.resolve(true);
    clock.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toHaveLength(2);
    expect(states.slice(-2)).toEqual(['loading', 'ready']);
    clock.stop();
  });

  it('counts a refusal by the server as a failure', async () => {
    const { clock, states, errors } = setup(webinar(-1_000), () => Promise.resolve(false));
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['loading', 'error']);
    expect(errors()).toBe(1);
    clock.stop();
  });

  it('follows a start moved later by the organiser instead of fetching at the old time', async () => {
    const { box, clock, fetches } = setup(webinar(10_000));
    clock.start();
    await vi.advanceTimersByTimeAsync(4_000);
    box.input = webinar(40_000);
    clock.update();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetches).toEqual([40_000 - VIDEO_FETCH_LEAD_MS]);
    clock.stop();
  });

  it('drops an answer that arrives after the page stopped the clock', async () => {
    let resolve!: (ok: boolean) => void;
    const { clock, states } = setup(webinar(-1_000), () => new Promise<boolean>((r) => (resolve = r)));
    clock.start();
    expect(states).toEqual(['loading']);
    clock.stop();
    resolve(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(states).toEqual(['loading']);
  });

  it('never fetches for an in-person event, and says finished at its end', async () => {
    const { clock, states, fetches } = setup({ ...webinar(-60_000, 30_000 + 60_000), is_webinar: false });
    clock.start();
    expect(states).toEqual(['onsite']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(states).toEqual(['onsite', 'finished']);
    expect(fetches).toEqual([]);
    clock.stop();
  });

  it('never fetches for an online event without an embeddable player', async () => {
    const { clock, states, fetches } = setup({ ...webinar(-60_000), video_type: 2 });
    clock.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(states).toEqual(['unavailable']);
    expect(fetches).toEqual([]);
    clock.stop();
  });
});

describe('the player docked off the stage', () => {
  it('docks only a stream, its loading and its failure; a countdown or a line of text stays on the stage', () => {
    expect(docksOffStage({ kind: 'ready' })).toBe(true);
    expect(docksOffStage({ kind: 'loading' })).toBe(true);
    expect(docksOffStage({ kind: 'error' })).toBe(true);
    for (const kind of ['waiting', 'finished', 'onsite', 'unavailable'] as const) expect(docksOffStage({ kind })).toBe(false);
  });
});
