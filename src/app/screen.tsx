import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { withLaterTexts } from '../ui/texts.ts';
import { AppLoading } from './AppLoading.tsx';

/**
 * A screen loaded as its own chunk, with the texts it needs later (router.tsx says why screens are
 * split). It shows the loading state for the moment its code takes, the first time only.
 */
type Loader<M> = () => Promise<M>;
export function screen<M>(load: Loader<M>, pick: (m: M) => ComponentType): ReactElement {
  const Screen = lazy(async () => ({ default: pick(await withLaterTexts(load)) }));
  return (
    <Suspense fallback={<AppLoading />}>
      <Screen />
    </Suspense>
  );
}
