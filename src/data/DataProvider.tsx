import { useEffect, useState, type ReactNode } from 'react';
import { DataContext } from './hooks.ts';
import { DataRuntime, type RuntimeOptions } from './runtime.ts';

/**
 * Opens the local database in the page and starts the sync worker for as long as it is mounted.
 * Screens render at once: hooks report isLoading until the first local read, which needs no network.
 */
export function DataProvider({ children, options }: { children: ReactNode; options?: RuntimeOptions }) {
  // One runtime for the provider's life; options are read once, like a database name should be.
  const [runtime] = useState(() => new DataRuntime(options));
  useEffect(() => {
    runtime.start();
    return () => {
      void runtime.stop();
    };
  }, [runtime]);
  return <DataContext.Provider value={runtime}>{children}</DataContext.Provider>;
}
