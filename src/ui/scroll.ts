import { SCROLL_DURATION_MS, SCROLL_OFFSET_PX } from '../../contract/constants.ts';

/**
 * The specs' scroll to an anchor (events.md §9: −96 px over 500 ms): the page stops 96 px above the
 * element, so the sticky header does not cover it, and gets there in 500 ms, eased at both ends. A
 * reader who asked for less motion gets there at once.
 */

/** Where the window must scroll to: the element's top on the page, less the offset, never above the page. */
export function scrollTargetY(elementTopInViewport: number, scrollY: number, offset = SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(elementTopInViewport + scrollY - offset));
}

/** Ease in and out: slow start, slow stop (t and the answer in 0…1). */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** The scroll position `elapsed` ms into a scroll from `from` to `to` that lasts `duration` ms. */
export function scrollAt(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0) return to;
  return Math.round(from + (to - from) * easeInOutCubic(elapsed / duration));
}

/** Scrolls the window to `el` as the specs do; the returned function stops a scroll still under way. */
export function scrollToElement(el: Element, opts: { offset?: number; duration?: number } = {}): () => void {
  const to = scrollTargetY(el.getBoundingClientRect().top, window.scrollY, opts.offset ?? SCROLL_OFFSET_PX);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const duration = reduced ? 0 : (opts.duration ?? SCROLL_DURATION_MS);
  const from = window.scrollY;
  if (duration === 0 || from === to) {
    window.scrollTo(0, to);
    return () => {};
  }
  let frame = 0;
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollAt(from, to, elapsed, duration));
    if (elapsed < duration) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
