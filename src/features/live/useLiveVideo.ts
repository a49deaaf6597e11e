import { useEffect, useRef, useState } from 'react';
import { useVideoLinkCheck, type EventView } from '../../data/index.ts';
import { webinarFramePath } from '../../ui/video/video.ts';
import { LiveVideoClock, liveVideoStep, type LiveVideoInput, type LiveVideoState } from './video-clock.ts';

function firstState(input: LiveVideoInput): LiveVideoState {
  const step = liveVideoStep(input, Date.now());
  if (step.kind === 'wait') return { kind: 'waiting', startsAtMs: Date.now() + step.startsInMs, medium: step.medium };
  return step.kind === 'fetch' ? { kind: 'loading' } : { kind: step.kind };
}

/**
 * Runs the video clock (video-clock.ts) for one event while the live page is open. The clock reads
 * the event as it is at each tick, so a start time moved by the organiser is followed; a change of
 * the times also makes it look again at once. `onError` is called once per failed link fetch.
 */
export function useLiveVideo(event: EventView, onError: () => void): { state: LiveVideoState; retry(): void } {
  const check = useVideoLinkCheck();
  const input: LiveVideoInput = { when: event.when, when_end: event.when_end, is_webinar: event.is_webinar, video_type: event.video_type };
  const latest = useRef(input);
  latest.current = input;
  const report = useRef(onError);
  report.current = onError;
  const [state, setState] = useState<LiveVideoState>(() => firstState(input));
  const clock = useRef<LiveVideoClock | null>(null);
  const eventId = event.event_id;

  useEffect(() => {
    const c = new LiveVideoClock({
      read: () => latest.current,
      fetchLink: () => check(webinarFramePath(eventId)),
      onState: setState,
      onError: () => report.current(),
    });
    clock.current = c;
    c.start();
    return () => {
      c.stop();
      if (clock.current === c) clock.current = null;
    };
  }, [eventId, check]);

  useEffect(() => clock.current?.update(), [input.when, input.when_end, input.is_webinar, input.video_type]);

  return { state, retry: () => clock.current?.retry() };
}
