import { describe, expect, it } from 'vitest';
import { SCROLL_DURATION_MS, SCROLL_OFFSET_PX } from '../../contract/constants.ts';
import { easeInOutCubic, scrollAt, scrollTargetY } from '../../src/ui/scroll.ts';

/** events.md §9: a scroll to an anchor stops 96 px above it and lasts 500 ms (issue 27). */
describe('the specs’ scroll to an anchor', () => {
  it('uses the specs’ figures', () => {
    expect(SCROLL_OFFSET_PX).toBe(96);
    expect(SCROLL_DURATION_MS).toBe(500);
  });

  it('stops 96 px above the element, never above the page', () => {
    // An element 700 px down the viewport on a page scrolled by 1000 px sits at 1700 on the page.
    expect(scrollTargetY(700, 1000)).toBe(1604);
    expect(scrollTargetY(-300, 1000)).toBe(604);
    expect(scrollTargetY(40, 0)).toBe(0);
  });

  it('gets there in 500 ms, eased at both ends', () => {
    expect(scrollAt(0, 1000, 0)).toBe(0);
    expect(scrollAt(0, 1000, 250)).toBe(500);
    expect(scrollAt(0, 1000, 500)).toBe(1000);
    expect(scrollAt(0, 1000, 900)).toBe(1000);
    // Slow start: a tenth of the time covers far less than a tenth of the way.
    expect(scrollAt(0, 1000, 50)).toBeLessThan(20);
    expect(scrollAt(1000, 0, 250)).toBe(500);
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });
});
