import { describe, expect, it } from 'vitest';
import { filterComments } from '../../src/features/chat/filter.ts';

describe('the chat comment filter', () => {
  const items = [
    { key: 'a', user_id: 1, image: '' },
    { key: 'b', user_id: 2, image: 'x.webp' },
    { key: 'c', user_id: 1, image: 'y.webp' },
  ];
  it('shows all by default, mine, or those with a picture', () => {
    expect(filterComments(items, 'all', 1).map((i) => i.key)).toEqual(['a', 'b', 'c']);
    expect(filterComments(items, 'mine', 1).map((i) => i.key)).toEqual(['a', 'c']);
    expect(filterComments(items, 'images', 1).map((i) => i.key)).toEqual(['b', 'c']);
    expect(filterComments(items, 'mine', 0)).toEqual([]);
  });
});
