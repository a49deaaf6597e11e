import { useEffect, useState } from 'react';

/**
 * Epoch milliseconds, refreshed every `intervalMs`. Countdowns and "synced 2 minutes ago" derive
 * their text from it, so the text can never drift from the clock.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
