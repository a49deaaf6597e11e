import { useEffect } from 'react';
import { useRuntime } from './hooks.ts';

/**
 * Keeps the `lang` of every legacy call (the page's and the sync worker's) in step with the
 * interface language the URL chose, as the specs' clients send it.
 */
export function useRequestLanguage(locale: string | undefined): void {
  const runtime = useRuntime();
  useEffect(() => {
    if (locale) runtime.setLanguage(locale);
  }, [runtime, locale]);
}
