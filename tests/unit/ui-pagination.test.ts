import { describe, expect, it } from 'vitest';
import { PAGINATION_MARGIN_PAGES } from '../../contract/constants.ts';
import { pageCount, pageWindow, parsePage } from '../../src/ui/pagination.ts';

const M = PAGINATION_MARGIN_PAGES;

describe('pageWindow with a margin of 2', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1, M)).toEqual([1]);
    expect(pageWindow(3, 5, M)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0, M)).toEqual([]);
  });

  it('keeps first and last and two pages either side of the current one', () => {
    expect(pageWindow(10, 20, M)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('has no gap at the edge it touches', () => {
    expect(pageWindow(1, 20, M)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageWindow(20, 20, M)).toEqual([1, 'gap', 18, 19, 20]);
    expect(pageWindow(3, 20, M)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });

  it('shows a lone hidden page instead of an ellipsis for it', () => {
    expect(pageWindow(5, 20, M)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
    expect(pageWindow(16, 20, M)).toEqual([1, 'gap', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(99, 6, M)).toEqual([1, 'gap', 4, 5, 6]);
    expect(pageWindow(-3, 9, M)).toEqual([1, 2, 3, 'gap', 9]);
  });
});

describe('page helpers', () => {
  it('counts pages', () => {
    expect(pageCount(0, 16)).toBe(0);
    expect(pageCount(16, 16)).toBe(1);
    expect(pageCount(17, 16)).toBe(2);
  });

  it('reads a page number from the query', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});
