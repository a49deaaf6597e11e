import { useState } from 'react';
import type { OnlineFailure, OnlineResult } from '../../../data/index.ts';

/**
 * The online actions of one sales row (an order, a cancel request): which one waits for its
 * confirmation, which one runs (one at a time, so a second tap cannot send twice), and why the last
 * one failed. `run` answers whether the server took it.
 */
export function useRowAction<A extends string>() {
  const [asking, setAsking] = useState<A | null>(null);
  const [busy, setBusy] = useState<A | null>(null);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  const run = async (action: A, call: () => Promise<OnlineResult<unknown>>): Promise<boolean> => {
    setAsking(null);
    setBusy(action);
    setFailure(null);
    const r = await call();
    setBusy(null);
    if (!r.ok) setFailure(r);
    return r.ok;
  };
  return { asking, setAsking, busy, failure, run };
}
