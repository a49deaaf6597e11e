/**
 * Where the arrow keys, Home and End lead in a row of items that shares one tab stop (WAI-ARIA tab
 * lists and radio groups): the next or previous item that `usable` allows, wrapping at the ends.
 * Returns -1 for any other key, or when nothing else is usable.
 */
export function rovingTarget(key: string, index: number, count: number, usable: (i: number) => boolean = () => true): number {
  let step = 0;
  let from = index;
  if (key === 'ArrowRight' || key === 'ArrowDown') step = 1;
  else if (key === 'ArrowLeft' || key === 'ArrowUp') step = -1;
  else if (key === 'Home') [step, from] = [1, -1];
  else if (key === 'End') [step, from] = [-1, count];
  else return -1;
  for (let n = 1; n <= count; n++) {
    const i = (((from + step * n) % count) + count) % count;
    if (i !== index && usable(i)) return i;
  }
  return -1;
}
