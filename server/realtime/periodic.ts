/**
 * Runs `task` every `ms`, never two runs at once: a slow database must not stack them up. A failed
 * run is reported and the next tick tries again. `stop` clears the timer and waits for a run in
 * progress, so a shutdown never cuts one off halfway.
 */
export function periodic(ms: number, task: () => Promise<void>, onError: (err: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
