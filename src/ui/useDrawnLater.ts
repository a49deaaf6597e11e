import { useEffect, useRef, useState, type RefObject } from 'react';

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

/**
 * True once the element behind the returned ref has come within `margin` of the screen, and from
 * then on. For a part far down a page that most first visits never scroll to (home's people card on
 * a phone): until someone comes near it, it costs neither its data nor its render. Without
 * IntersectionObserver the part is drawn at once.
 */
export function useNearScreen<T extends Element>(margin = '100px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
