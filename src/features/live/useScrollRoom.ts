import { useEffect, type RefObject } from 'react';

/** The dock's distance from the screen's bottom edge (live.css) plus a gap above it, in CSS pixels. */
const ROOM_GAP_PX = 16;

/**
 * While `active` and while the element is docked (sticky, as live.css makes the live player's slot
 * off the stage), tells the document's scroller that the bottom of the screen belongs to it: the
 * browser then brings a focused input, or anything scrolled into view, above the player rather
 * than under it. Follows the player as it is minimised, closed or reflowed and as the window
 * changes size, and gives the room back when it stops.
 */
export function useScrollRoom(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const root = document.documentElement;
    const apply = () => {
      const docked = getComputedStyle(el).position === 'sticky';
      // The dock sits above the dashboard's notices and the phone's tab bar (live.css), so both count too.
      root.style.scrollPaddingBottom = docked
        ? `calc(${Math.ceil(el.getBoundingClientRect().height) + ROOM_GAP_PX}px + var(--notices-height, 0px) + var(--bottom-bar-height, 0px))`
        : '';
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    window.addEventListener('resize', apply);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
      root.style.scrollPaddingBottom = '';
    };
  }, [ref, active]);
}
