import { useCallback, useMemo } from 'react';
import type { DigestDoc } from '../../sync/views/digest/digest.ts';
import { shownLines } from '../../sync/views/digest/rules.ts';
import { query } from './device.ts';
import { useDevice, useRuntime } from './hooks.ts';

export type { DigestKind, DigestLine } from '../../sync/views/digest/rules.ts';

/** What changed while the person was offline (sync/views/digest): the lines shown, how many more, and closing it. */
export function useOfflineDigest() {
  const runtime = useRuntime();
  const doc = useDevice(query('offlineDigest'), null as DigestDoc | null);
  const lines = doc.value?.lines;
  const view = useMemo(() => shownLines(lines ?? []), [lines]);
  const dismiss = useCallback(() => runtime.call('dismissDigest'), [runtime]);
  return useMemo(() => ({ ...view, total: lines?.length ?? 0, dismiss }), [view, lines, dismiss]);
}
