import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, type TestBrowser } from '../../tests/e2e/fixtures/browser.ts';
import { assertBuilt, freePort, ROOT, startFoyerServer, type FoyerServer } from '../../tests/e2e/fixtures/server.ts';
import { CdpClient, TargetEmulation } from './cdp.ts';
import { RendererThrottle } from './cpu.ts';
import { startShapedLink, type LinkProfile, type ShapedLink } from './link.ts';

/**
 * What every browser bench starts with: a private copy of the built app, the real server on it,
 * the shaped link in front, and Debian's Chromium (the e2e launcher and its flags) with a DevTools
 * port for the emulation that Playwright's page sessions cannot reach.
 */

export const BENCH_CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
/**
 * renderer (default): every renderer process slowed by bench/browser/cpu.ts, page and workers alike.
 * cdp: DevTools' Emulation.setCPUThrottlingRate, which Chromium applies to pages only.
 */
export const BENCH_CPU_MODE = process.env.BENCH_CPU_MODE === 'cdp' ? 'cdp' : 'renderer';

/**
 * Builds the app under the shared build lock and copies dist/ away, so the bench neither blocks
 * others for its whole run nor sees a rebuild halfway. BENCH_DIST_DIR reuses a build instead.
 */
export function prepareDist(): string {
  const given = process.env.BENCH_DIST_DIR;
  if (given) {
    assertBuilt(path.resolve(given));
    return path.resolve(given);
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-bench-dist-'));
  const log = `${copy}.log`;
  process.once('exit', () => fs.rmSync(copy, { recursive: true, force: true }));
  console.log('building the app (npm run build under /tmp/foyer-build.lock)…');
  try {
    execFileSync('flock', ['/tmp/foyer-build.lock', 'sh', '-c', `npm run build >"${log}" 2>&1 && cp -r dist/. "${copy}/"`], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    throw new Error(`npm run build failed; its output is in ${log}`);
  }
  fs.rmSync(log, { force: true });
  assertBuilt(copy);
  return copy;
}

export interface BenchEnv {
  server: FoyerServer;
  link: ShapedLink;
  browser: TestBrowser;
  cdp: CdpClient;
  emulation: TargetEmulation;
  /** Changes the CPU slowdown of the app (page and workers in renderer mode, pages in cdp mode). */
  setCpuRate(rate: number): Promise<void>;
  /** In renderer mode, how the throttle has held since the rate was set; null in cdp mode. */
  cpuStats(): Promise<string | null>;
  cpuMode: string;
  /** The app's address as the browser sees it: through the link. */
  url: string;
  debugPort: number;
  close(): Promise<void>;
}

export async function startBenchEnv(opts: {
  seed: string;
  distDir: string;
  profile: LinkProfile;
  cpuRate: number;
  recordNetwork?: boolean;
  locale?: string;
}): Promise<BenchEnv> {
  const server = await startFoyerServer({ seed: opts.seed, distDir: opts.distDir });
  const undo: (() => Promise<void> | void)[] = [() => server.dispose()];
  const unwind = async () => {
    for (const step of undo.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    const link = await startShapedLink(server.url, opts.profile);
    undo.push(() => link.close());
    const debugPort = await freePort();
    const browser = await launchBrowser({ locale: opts.locale ?? 'uk-UA', args: [`--remote-debugging-port=${debugPort}`], bypassCSP: true });
    undo.push(() => browser.close());
    // tsx keeps function names by wrapping them in __name(), which then travels inside the functions
    // the benches hand to page.evaluate; the page needs a no-op of it.
    await browser.context.addInitScript('globalThis.__name ??= (f) => f;');
    const cdp = await CdpClient.connect(debugPort);
    undo.push(() => cdp.close());
    const cdpRate = BENCH_CPU_MODE === 'cdp' ? opts.cpuRate : 1;
    const emulation = new TargetEmulation(cdp, { cpuRate: cdpRate, recordNetwork: opts.recordNetwork });
    undo.push(() => emulation.stop());
    await emulation.start();
    const throttle = BENCH_CPU_MODE === 'renderer' ? RendererThrottle.start(opts.cpuRate) : null;
    if (throttle) undo.push(() => throttle.stop());
    return envOf({ server, link, browser, cdp, emulation, throttle, debugPort, unwind, opts });
  } catch (err) {
    await unwind();
    throw err;
  }
}

function envOf(p: {
  server: FoyerServer;
  link: ShapedLink;
  browser: TestBrowser;
  cdp: CdpClient;
  emulation: TargetEmulation;
  throttle: RendererThrottle | null;
  debugPort: number;
  unwind: () => Promise<void>;
  opts: { cpuRate: number; recordNetwork?: boolean };
}): BenchEnv {
  const { server, link, browser, cdp, emulation, throttle, debugPort, opts } = p;
  return {
    server,
    link,
    browser,
    cdp,
    emulation,
    cpuMode:
      BENCH_CPU_MODE === 'cdp'
        ? 'DevTools Emulation.setCPUThrottlingRate (pages only)'
        : `renderer processes run ${process.env.BENCH_CPU_SLICE_MS ?? 5} ms, stopped (rate - 1) × as long (page, workers, service worker)`,
    async setCpuRate(rate: number) {
      if (throttle) await throttle.setRate(rate);
      else await emulation.set({ cpuRate: rate, recordNetwork: opts.recordNetwork });
    },
    async cpuStats() {
      if (!throttle) return null;
      const { runShare, renderers } = await throttle.stats();
      return `${renderers} renderer processes allowed to run ${(runShare * 100).toFixed(1)}% of the time (target ${(100 / opts.cpuRate).toFixed(1)}%)`;
    },
    url: link.url,
    debugPort,
    close: p.unwind,
  };
}

/** A failed run says why with what the page and the server said last, and exits non-zero. */
export function reportBenchFailure(env: BenchEnv, err: unknown): void {
  console.error(`bench failed: ${(err as Error).message}\n--- page errors ---\n${env.browser.errors.join('\n')}\n--- server ---\n${env.server.output(30)}`);
  process.exitCode = 1;
}

/** The largest script of the build, a known payload for the link check. */
export function largestAsset(distDir: string): string {
  const files = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  files.sort((a, b) => fs.statSync(path.join(distDir, 'assets', b)).size - fs.statSync(path.join(distDir, 'assets', a)).size);
  return `/assets/${files[0]}`;
}

export const ms = (n: number) => `${n.toFixed(0)} ms`;
export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** A plain text table: first row is the header, columns padded to fit. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const [header = []] = cells;
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  // A cell past the header's columns has no width to pad to.
  return cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}
