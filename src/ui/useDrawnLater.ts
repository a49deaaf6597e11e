import { useEffect, useState } from 'react';

/** Runs `then` in a task of its own after the next frame has been painted; answers a cancel. */
function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The frame is painted after this callback; the timer runs after the paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * True from the render after the one where `ready` first held has reached the screen. For a part of
 * a screen that may come a frame late (the visitors screen's filters, some hundred elements), so
 * the part people look at first is drawn without waiting for it. React's useDeferredValue did this
 * before; Preact, which renders the page, gives the value at once.
 */
export function useDrawnLater(ready: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!ready || drawn) return;
    return afterPaint(() => setDrawn(true));
  }, [ready, drawn]);
  return drawn;
}

/**
 * How many of `total` items to draw now: `first` in the first frame, then `step` more after each
 * painted frame until all are drawn. For a row of cards that mostly lies outside the screen: each
 * step is a short task of its own, so the page answers a tap between them instead of waiting for one
 * long render of every card.
 */
export function useDrawnInSteps(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    return afterPaint(() => setShown((n) => n + step));
  }, [shown, total, step]);
  return Math.min(shown, total);
}
