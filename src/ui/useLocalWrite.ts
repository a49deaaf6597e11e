import { useState } from 'react';

/**
 * For a control that saves as soon as it changes, through the outbox: only the write to this
 * device can fail then (sending is the outbox's job), so the failure is kept for the control to
 * show beside itself, and logged under `what`.
 */
export function useLocalWrite(what: string): { failed: boolean; write(save: () => Promise<unknown>): void } {
  const [failed, setFailed] = useState(false);
  const write = (save: () => Promise<unknown>) => {
    setFailed(false);
    save().catch((error: unknown) => {
      console.error(what, error);
      setFailed(true);
    });
  };
  return { failed, write };
}
