import { useState } from 'react';
import type { DoorActions, DoorScanOutcome } from '../../data/index.ts';

/** Short for let in, long for stop: the operator feels the answer before reading it. */
const VIBRATE_ADMITTED = [60];
const VIBRATE_REFUSED = [120, 60, 120];
/** Not judged: three light taps, neither "go" nor "stop". */
const VIBRATE_UNDECIDED = [30, 60, 30, 60, 30];

/**
 * Scanning at the door: the last answer for the banner, the server's word on a code the device
 * could not judge, and whether recording a scan (or stopping the door, which says so the same way) failed.
 */
export function useDoorScan(actions: Pick<DoorActions, 'scan' | 'checkOnline'>) {
  const [last, setLast] = useState<{ outcome: DoorScanOutcome; raw: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [failed, setFailed] = useState(false);

  const show = (result: DoorScanOutcome, raw: string) => {
    setLast({ outcome: result, raw });
    setCheckFailed(false);
    navigator.vibrate?.(result.undecided ? VIBRATE_UNDECIDED : result.verdict.admitted ? VIBRATE_ADMITTED : VIBRATE_REFUSED);
  };

  const scan = async (text: string) => {
    setBusy(true);
    setFailed(false);
    try {
      const result = await actions.scan(text);
      if (!result.scanId && !result.undecided) return;
      show(result, text);
    } catch (err) {
      // Only the device's own database can fail here; the scan was not recorded, so say so.
      console.error('foyer: the scan could not be recorded', err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  /** The server's word on the code the device could not judge; offline, the banner says to wait. */
  const checkOnline = async () => {
    if (!last) return;
    setChecking(true);
    setCheckFailed(false);
    try {
      show(await actions.checkOnline(last.raw), last.raw);
    } catch (err) {
      if (!(err instanceof Error && err.message === 'network_error')) console.error('foyer: the online check failed', err);
      setCheckFailed(true);
    } finally {
      setChecking(false);
    }
  };

  return { last, busy, failed, setFailed, check: { busy: checking, failed: checkFailed, run: () => void checkOnline() }, scan };
}
