import { describe, expect, it } from 'vitest';
import { VIDEO_FETCH_LEAD_MS } from '../../contract/constants.ts';
import { countdownNoteKey, eventStage, type EventPhase, type StageInput } from '../../src/ui/video/stage.ts';
import { videoBlockState, type VideoInput } from '../../src/ui/video/video.ts';
import { liveVideoStep } from '../../src/features/live/video-clock.ts';

/**
 * One source of truth for an event's stage: the event page's video block and the live page's
 * player read the same phase and medium at every moment, before, during and after, for one-day and
 * multi-day events, online and in person. A future event is never "taking place now" anywhere.
 */

const HOUR = 3600;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 11, 4, 9, 0, 0) / 1000;

interface Case {
  name: string;
  event: StageInput;
}

const online = { is_webinar: true, video_type: 1 };
const inPerson = { is_webinar: false, video_type: 0 };
const cases: Case[] = [
  { name: 'one-day online', event: { when: START, when_end: START + 3 * HOUR, ...online } },
  { name: 'multi-day online', event: { when: START, when_end: START + 2 * DAY + 8 * HOUR, ...online } },
  { name: 'one-day in person', event: { when: START, when_end: START + 8 * HOUR, ...inPerson } },
  { name: 'multi-day in person (Warsaw Design Week)', event: { when: START, when_end: START + 2 * DAY + 8 * HOUR, ...inPerson } },
];

/** Moments before, during (including a night between days) and after, with the expected phase. */
function moments(e: StageInput): [string, number, EventPhase][] {
  return [
    ['nine days before', (e.when - 9 * DAY) * 1000, 'future'],
    ['a minute before', (e.when - 60) * 1000, 'future'],
    ['at the start', e.when * 1000, 'running'],
    ['mid-way', ((e.when + e.when_end) / 2) * 1000, 'running'],
    ['a second before the end', (e.when_end - 1) * 1000, 'running'],
    ['at the end', e.when_end * 1000, 'finished'],
    ['a week after', (e.when_end + 7 * DAY) * 1000, 'finished'],
  ];
}

const pageInput = (e: StageInput): VideoInput => ({ ...e, is_free: false, has_ticket: true, is_owner: false, checked_in: false });

/** The phase each screen implies by what it shows. */
function livePhase(e: StageInput, nowMs: number): EventPhase {
  const step = liveVideoStep(e, nowMs);
  if (step.kind === 'wait') return 'future';
  if (step.kind === 'finished') return 'finished';
  // A stream's link is fetched a few seconds ahead of the start.
  if (step.kind === 'fetch' && nowMs < e.when * 1000) return 'future';
  return 'running';
}

function pagePhase(e: StageInput, nowMs: number): EventPhase {
  const state = videoBlockState(pageInput(e), true, nowMs);
  return state.kind === 'countdown' ? 'future' : state.kind === 'finished' ? 'finished' : 'running';
}

describe('the stage of an event', () => {
  for (const { name, event } of cases) {
    describe(name, () => {
      for (const [label, nowMs, phase] of moments(event)) {
        it(`${label}: ${phase} on the event page and on the live stage alike`, () => {
          expect(eventStage(event, nowMs).phase).toBe(phase);
          expect(pagePhase(event, nowMs)).toBe(phase);
          expect(livePhase(event, nowMs)).toBe(phase);
        });
      }

      it('says "on site" only while an in-person event runs, and counts down before it', () => {
        for (const [, nowMs, phase] of moments(event)) {
          const live = liveVideoStep(event, nowMs);
          const page = videoBlockState(pageInput(event), true, nowMs);
          const onsite = !event.is_webinar && phase === 'running';
          expect(live.kind === 'onsite').toBe(onsite);
          expect(page.kind === 'onsite').toBe(onsite);
          if (phase === 'future' && nowMs < event.when * 1000 - VIDEO_FETCH_LEAD_MS) {
            expect(live).toMatchObject({ kind: 'wait', startsInMs: event.when * 1000 - nowMs });
            expect(page).toEqual({ kind: 'countdown', remainingMs: event.when * 1000 - nowMs });
          }
        }
      });
    });
  }

  it('stays running through the night between the days of a multi-day event', () => {
    const e = cases[3]!.event;
    const night = (START + DAY - 2 * HOUR) * 1000;
    expect(eventStage(e, night).phase).toBe('running');
    expect(liveVideoStep(e, night)).toEqual({ kind: 'onsite' });
  });

  it('fetches a stream a little ahead of its start, and waits for the start of anything else', () => {
    const nowMs = (START - 2) * 1000;
    expect(liveVideoStep(cases[0]!.event, nowMs)).toEqual({ kind: 'fetch' });
    expect(liveVideoStep(cases[2]!.event, nowMs)).toEqual({ kind: 'wait', startsInMs: 2000, recheckInMs: 2000, medium: 'onsite' });
    expect(liveVideoStep({ ...cases[0]!.event, video_type: 0 }, nowMs)).toMatchObject({ kind: 'wait', medium: 'noStream' });
  });

  it('never offers a player for an in-person event, which has no stream to hand out', () => {
    const hybrid = { ...cases[2]!.event, video_type: 1 };
    const during = (START + HOUR) * 1000;
    expect(videoBlockState(pageInput(hybrid), true, during)).toEqual({ kind: 'onsite' });
    expect(liveVideoStep(hybrid, during)).toEqual({ kind: 'onsite' });
  });

  it('explains what the start brings under the countdown', () => {
    expect(countdownNoteKey('stream')).toBe('video.appearsAtStart');
    expect(countdownNoteKey('onsite')).toBe('video.startsOnSite');
    expect(countdownNoteKey('noStream')).toBe('video.startsAt');
  });
});
