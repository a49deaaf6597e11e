import { describe, expect, it } from 'vitest';
import { rovingTarget } from '../../src/ui/roving.ts';

describe('rovingTarget', () => {
  it('moves to the next and previous item with the arrows, wrapping at the ends', () => {
    expect(rovingTarget('ArrowRight', 0, 3)).toBe(1);
    expect(rovingTarget('ArrowDown', 2, 3)).toBe(0);
    expect(rovingTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(rovingTarget('ArrowUp', 1, 3)).toBe(0);
  });

  it('goes to the first and last usable items with Home and End', () => {
    const usable = (i: number) => i !== 0 && i !== 4;
    expect(rovingTarget('Home', 2, 5, usable)).toBe(1);
    expect(rovingTarget('End', 2, 5, usable)).toBe(3);
  });

  it('skips items that cannot be chosen', () => {
    const free = [true, false, false, true];
    expect(rovingTarget('ArrowRight', 0, 4, (i) => free[i]!)).toBe(3);
    expect(rovingTarget('ArrowLeft', 3, 4, (i) => free[i]!)).toBe(0);
  });

  it('answers -1 for other keys and when nothing else is usable', () => {
    expect(rovingTarget('Enter', 0, 3)).toBe(-1);
    expect(rovingTarget('ArrowRight', 0, 1)).toBe(-1);
    expect(rovingTarget('ArrowRight', 1, 3, (i) => i === 1)).toBe(-1);
  });
});
