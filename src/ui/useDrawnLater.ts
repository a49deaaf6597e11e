import { useEffect, useState } from 'react';

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame with the first part is painted after this callback; the timer runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, drawn]);
  return drawn;
}
