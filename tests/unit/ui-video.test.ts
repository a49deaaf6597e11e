import { describe, expect, it } from 'vitest';
import { videoBlockState, videoPhase, webinarFramePath, type VideoInput } from '../../src/ui/video/video.ts';

const START = 1_800_000_000;
const END = START + 2 * 3600;
const at = (seconds: number) => seconds * 1000;

const webinar: VideoInput = {
  when: START,
  when_end: END,
  is_webinar: true,
  video_type: 1,
  is_free: false,
  has_ticket: true,
  is_owner: false,
  checked_in: false,
};

describe('videoPhase from when, when_end and now', () => {
  it('is future before the start, running until the end, finished from the end', () => {
    expect(videoPhase(START, END, at(START - 1))).toBe('future');
    expect(videoPhase(START, END, at(START))).toBe('running');
    expect(videoPhase(START, END, at(END - 1))).toBe('running');
    expect(videoPhase(START, END, at(END))).toBe('finished');
  });

  it('keeps an event without a usable end running once started', () => {
    expect(videoPhase(START, 0, at(START + 86_400))).toBe('running');
    expect(videoPhase(START, START, at(START + 10))).toBe('running');
  });
});

describe('videoBlockState', () => {
  it('counts down to the start', () => {
    expect(videoBlockState(webinar, true, at(START) - 90_500)).toEqual({ kind: 'countdown', remainingMs: 90_500 });
  });

  it('offers the player to ticket holders and owners while running', () => {
    expect(videoBlockState(webinar, true, at(START + 60))).toEqual({ kind: 'play' });
    expect(videoBlockState({ ...webinar, has_ticket: false, is_owner: true }, true, at(START + 60))).toEqual({ kind: 'play' });
  });

  it('lets checked-in visitors of a free event watch, as the server does', () => {
    const free = { ...webinar, is_free: true, has_ticket: false };
    expect(videoBlockState({ ...free, checked_in: true }, true, at(START + 60))).toEqual({ kind: 'play' });
    expect(videoBlockState(free, true, at(START + 60))).toEqual({ kind: 'checkin' });
  });

  it('asks guests to log in and others for a ticket', () => {
    expect(videoBlockState(webinar, false, at(START + 60))).toEqual({ kind: 'login' });
    expect(videoBlockState({ ...webinar, has_ticket: false }, true, at(START + 60))).toEqual({ kind: 'ticket' });
  });

  it('shows the frame only for video type 1', () => {
    expect(videoBlockState({ ...webinar, video_type: 0 }, true, at(START + 60))).toEqual({ kind: 'unavailable' });
    expect(videoBlockState({ ...webinar, video_type: 2 }, true, at(START + 60))).toEqual({ kind: 'unavailable' });
    expect(videoBlockState({ ...webinar, is_webinar: false, video_type: 0 }, true, at(START + 60))).toEqual({ kind: 'onsite' });
  });

  it('says finished after the end, whoever asks', () => {
    expect(videoBlockState(webinar, true, at(END + 1))).toEqual({ kind: 'finished' });
    expect(videoBlockState(webinar, false, at(END + 1))).toEqual({ kind: 'finished' });
  });

  it('points the frame at our own server', () => {
    expect(webinarFramePath(42)).toBe('/api/events/webinar/42');
  });
});
