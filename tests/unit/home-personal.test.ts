import { describe, expect, it } from 'vitest';
import { nextMeeting, nowAndSoon, SOON_MS } from '../../src/features/events/home/personal.ts';

const NOW = 1_900_000_000_000;
const s = (ms: number) => Math.floor(ms / 1000);
const HOUR = 3600_000;

describe("home's own events on now and soon", () => {
  const running = { id: 'running', when: s(NOW - HOUR), when_end: s(NOW + HOUR) };
  const noEnd = { id: 'started, no end', when: s(NOW - 2 * HOUR), when_end: 0 };
  const soon = { id: 'tomorrow', when: s(NOW + 24 * HOUR), when_end: s(NOW + 26 * HOUR) };
  const later = { id: 'in a month', when: s(NOW + 30 * 24 * HOUR), when_end: s(NOW + 31 * 24 * HOUR) };
  const past = { id: 'past', when: s(NOW - 48 * HOUR), when_end: s(NOW - 46 * HOUR) };

  it('puts what is on now first, then what starts within a week, and leaves out the rest', () => {
    expect(nowAndSoon([later, soon, past, running, noEnd], NOW).map((e) => e.id)).toEqual(['started, no end', 'running', 'tomorrow']);
  });
  it('stops at the edge of the week and at the limit', () => {
    const edge = { id: 'edge', when: s(NOW + SOON_MS), when_end: s(NOW + SOON_MS + HOUR) };
    expect(nowAndSoon([edge], NOW).map((e) => e.id)).toEqual(['edge']);
    expect(nowAndSoon([running, soon, edge, noEnd], NOW, 2)).toHaveLength(2);
  });
});

describe("home's next meeting", () => {
  const m = (id: string, status: string, start: number, end: number) => ({ id, status, time_start: start, time_end: end });
  it('is the earliest agreed meeting not yet over, the one going on included', () => {
    const list = [
      m('later', 'appointed', s(NOW + 3 * HOUR), s(NOW + 4 * HOUR)),
      m('ongoing', 'appointed', s(NOW - HOUR / 4), s(NOW + HOUR / 4)),
      m('over', 'appointed', s(NOW - 2 * HOUR), s(NOW - HOUR)),
    ];
    expect(nextMeeting(list, NOW)?.id).toBe('ongoing');
    expect(nextMeeting(list.slice(0, 1), NOW)?.id).toBe('later');
  });
  it('skips requests, refusals and any-time meetings', () => {
    const list = [
      m('asked', 'waitingForResponse', s(NOW + HOUR), s(NOW + 2 * HOUR)),
      m('refused', 'rejected', s(NOW + HOUR), s(NOW + 2 * HOUR)),
      m('any time', 'appointed', 0, 0),
    ];
    expect(nextMeeting(list, NOW)).toBeNull();
  });
});
