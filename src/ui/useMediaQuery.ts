import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following it as the window is resized or a phone turned.
 * For screens whose parts change kind with the width (a side panel on a desktop, a sheet behind a
 * button on a phone), which CSS alone cannot do when the two need different markup and focus rules.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
