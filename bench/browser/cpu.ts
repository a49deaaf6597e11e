import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../tests/e2e/fixtures/server.ts';

/**
 * A slower phone for the whole app, not only its page. Chromium (156 here) refuses DevTools CPU
 * throttling on worker targets ("Operation is only supported for pages, not workers"), and the
 * sync runs in a dedicated worker, so the benches slow the renderer processes instead: they run
 * 5 ms windows and are stopped (rate - 1) times as long (bench/browser/cpu-duty.ts, a child process).
 * The busy-loop check in bench/browser/checks.ts shows what the page and a worker get.
 */
export class RendererThrottle {
  private constructor(private readonly child: ChildProcess) {}

  /** Throttles the renderers of every Chromium this process has started, now and later. */
  static start(rate: number): RendererThrottle {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'browser', 'cpu-duty.ts'), String(process.pid), String(rate)], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    return new RendererThrottle(child);
  }

  setRate(rate: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onData = (d: Buffer) => {
        if (d.toString().includes(`ok ${rate}`)) {
          this.child.stdout?.off('data', onData);
          resolve();
        }
      };
      this.child.stdout?.on('data', onData);
      this.child.once('exit', () => reject(new Error('the CPU throttle process exited')));
      this.child.stdin?.write(`rate ${rate}\n`);
    });
  }

  /** The share of time the renderers ran since the rate was last set, and how many are throttled. */
  stats(): Promise<{ runShare: number; renderers: number }> {
    return new Promise((resolve) => {
      const onData = (d: Buffer) => {
        const m = /stats ([\d.]+) (\d+)/.exec(d.toString());
        if (m) {
          this.child.stdout?.off('data', onData);
          resolve({ runShare: Number(m[1]), renderers: Number(m[2]) });
        }
      };
      this.child.stdout?.on('data', onData);
      this.child.stdin?.write('stats\n');
    });
  }

  /** Continues every renderer and ends the child. */
  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}
