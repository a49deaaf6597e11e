import type { Page } from 'playwright-core';
import type { TargetEmulation } from './cdp.ts';
import type { ShapedLink } from './link.ts';
import { kib, ms } from './env.ts';

/**
 * Proof that the emulation reaches where the app's work happens, printed with every run: the same
 * busy loop timed on the page and in a fresh dedicated worker without and with the CPU slowdown,
 * and a known payload fetched from a dedicated worker through the link.
 */

const BUSY_LOOP = `
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 3e7; i++) x = (x + i * 7) % 1000003;
  return { ms: performance.now() - t0, x };
`;

async function busyOnPage(page: Page): Promise<number> {
  return page.evaluate(`(() => { ${BUSY_LOOP} })().ms`) as Promise<number>;
}

async function busyInWorker(page: Page): Promise<number> {
  return page.evaluate(
    `new Promise((resolve, reject) => {
      const src = 'onmessage = () => { const r = (() => { ${BUSY_LOOP.replace(/\n/g, ' ')} })(); postMessage(r.ms); };';
      const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      w.onmessage = (e) => { w.terminate(); resolve(e.data); };
      w.onerror = (e) => reject(new Error(e.message));
      // Give DevTools a moment to attach and set the emulation before the loop starts.
      setTimeout(() => w.postMessage(0), 300);
    })`,
  ) as Promise<number>;
}

/**
 * Best of three each way: other work on this shared machine only ever adds time, and the throttle
 * promises a ceiling (1/rate of a core), which the best run shows.
 */
async function best(fn: () => Promise<number>): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < 3; i++) min = Math.min(min, await fn());
  return min;
}

export async function checkCpuThrottle(page: Page, setRate: (rate: number) => Promise<void>, emulation: TargetEmulation, rate: number): Promise<string> {
  await setRate(1);
  const pageBase = await best(() => busyOnPage(page));
  const workerBase = await best(() => busyInWorker(page));
  await setRate(rate);
  const pageSlow = await best(() => busyOnPage(page));
  const workerSlow = await best(() => busyInWorker(page));
  const workers = [...new Set(emulation.targets.filter((t) => t.type !== 'page').map((t) => `${t.type}: ${t.cpu}`))];
  return (
    `CPU ${rate}× check (same loop, best of 3): page ${ms(pageBase)} → ${ms(pageSlow)} (${(pageSlow / pageBase).toFixed(1)}×), ` +
    `dedicated worker ${ms(workerBase)} → ${ms(workerSlow)} (${(workerSlow / workerBase).toFixed(1)}×); ` +
    `DevTools setCPUThrottlingRate on non-page targets answered: ${workers.join('; ') || 'none attached'}`
  );
}

/**
 * Fetches `path` from a dedicated worker through the shaped link, with the HTTP cache bypassed
 * and a query the service worker's precache does not know, so it comes from the server.
 */
export async function checkLink(page: Page, link: ShapedLink, path: string): Promise<string> {
  const before = link.down();
  const elapsed = (await page.evaluate(
    `new Promise((resolve, reject) => {
      const src = 'onmessage = async (e) => { const t0 = performance.now(); const r = await fetch(e.data, { cache: "no-store" }); await r.arrayBuffer(); postMessage(performance.now() - t0); };';
      const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      w.onmessage = (e) => { w.terminate(); resolve(e.data); };
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage(new URL(${JSON.stringify(path)} + '?link-check=' + Date.now(), location.href).href);
    })`,
  )) as number;
  const bytes = link.down() - before;
  const { rttMs, downKbps } = link.profile;
  const expected = downKbps > 0 ? (bytes * 8) / downKbps + rttMs : 0;
  return `link check: ${path} from a dedicated worker, ${kib(bytes)} down in ${ms(elapsed)} (the profile predicts ≥ ${ms(expected)}: one round trip plus bytes ÷ bandwidth, more on a new connection)`;
}
