/**
 * `npm run bench:browser-routes`: how fast the main screens open once the device holds its data,
 * against drawing the same screens from the specs' legacy API over the network.
 *
 * SEED=scale:5000 (BENCH_VISITORS overrides), anna (a ticket for the big event) signed in through
 * the login screen and fully synced, on Slow 4G through the shaping relay and a 4× slower CPU
 * (bench/browser/env.ts), the same conditions as bench:browser-sync. Then, BENCH_ROUNDS times
 * (5 by default), each screen in turn — event page, visitors, live stage with the schedule, my
 * events, my tickets, profile — opened by a client-side route change and timed until its data is
 * in the DOM and a frame is drawn (bench/browser/screens.ts). Against it, from the same page with
 * the same session cookie, the legacy calls the old client makes for that screen, fired together,
 * timed to the last byte and JSON.parse. Prints median and worst per screen; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { findEventByName } from '../tests/e2e/fixtures/api.ts';
import { isSynced, prepareLogin, probeSync, waitUntil } from './browser/app.ts';
import { checkCpuThrottle, checkLink } from './browser/checks.ts';
import { BENCH_CPU_MODE, BENCH_CPU_RATE, kib, largestAsset, ms, prepareDist, reportBenchFailure, startBenchEnv, table } from './browser/env.ts';
import { SLOW_4G } from './browser/link.ts';
import { mainScreens, timeLegacy, timeRouteChange } from './browser/screens.ts';
import { median } from './lib/pick.ts';
import { recordFigures } from './lib/result.ts';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function legacyJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as { status_code: number; data: T };
  if (body.status_code !== 200) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

async function main() {
  const distDir = prepareDist();
  console.log(`browser routes bench: SEED=scale:${VISITORS}, ${SLOW_4G.name} via relay, CPU ${BENCH_CPU_RATE}× slower (${BENCH_CPU_MODE}), ${ROUNDS} rounds`);
  const env = await startBenchEnv({ seed: `scale:${VISITORS}`, distDir, profile: SLOW_4G, cpuRate: BENCH_CPU_RATE });
  try {
    const { page } = env.browser;
    const event = await findEventByName(env.server.url, DEMO_IN_PERSON_EVENT_NAME);
    const submit = await prepareLogin(page, env.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    console.log(`CPU: ${env.cpuMode}`);
    console.log(await checkCpuThrottle(page, (r) => env.setCpuRate(r), env.emulation, BENCH_CPU_RATE));
    console.log(await checkLink(page, env.link, largestAsset(distDir)));
    // Measured from here on: the share below covers the timed part of the run.
    await env.setCpuRate(BENCH_CPU_RATE);

    const since = Date.now();
    const start = performance.now();
    await submit();
    await waitUntil(
      () => probeSync(page),
      (p) => isSynced(p, since, [`visitors@${event.event_id}`, `schedule@${event.event_id}`]),
      15 * 60_000,
      'the app to report synced',
      250,
    );
    console.log(`synced ${ms(performance.now() - start)} after login`);

    // Who anna is and which day the programme starts, from the legacy API with her session cookie.
    const cookie = (await page.context().cookies(env.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const direct = env.server.url;
    const own = await legacyJson<{ id?: number; user_id?: number; first_name?: string; name?: string }>(`${direct}/api/profile/lite`, cookie);
    const userId = Number(own.id ?? own.user_id);
    const days = await legacyJson<unknown>(`${direct}/api/events/${event.event_id}/schedules?object=day&show_children=0`, cookie);
    const scheduleDate = JSON.stringify(days).match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? new Date().toISOString().slice(0, 10);
    const screens = mainScreens({ locale: 'uk', eventId: event.event_id, eventName: event.name, userId, scheduleDate, firstName: own.first_name ?? '' });

    // One untimed pass: the first visit of a screen also loads its code paths and starts its
    // live queries; the timed rounds are the route changes a user makes all day.
    for (const s of screens) await timeRouteChange(page, s);

    const timed = screens.map((s) => ({ s, local: [] as number[], legacy: [] as number[], legacyBytes: 0 }));
    const failures = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of timed) {
        t.local.push(await timeRouteChange(page, t.s));
        const r = await timeLegacy(page, t.s.legacy);
        t.legacy.push(r.ms);
        t.legacyBytes = r.bytes;
        for (const f of r.failures) failures.add(f);
      }
    }

    const cpu = await env.cpuStats();
    if (cpu) console.log(`\nCPU throttle since login: ${cpu}`);
    console.log(`\nroute change from local data vs the same screen's legacy calls (${ROUNDS} rounds; median / worst)`);
    console.log(
      table([
        ['screen', 'local median', 'local worst', 'legacy median', 'legacy worst', 'legacy calls', 'legacy JSON', 'speed-up'],
        ...timed.map(({ s, local: l, legacy: g, legacyBytes }) => {
          return [
            s.name,
            ms(median(l)),
            ms(Math.max(...l)),
            ms(median(g)),
            ms(Math.max(...g)),
            s.legacy.length,
            kib(legacyBytes),
            `${(median(g) / median(l)).toFixed(1)}×`,
          ];
        }),
      ]),
    );
    const figures: Record<string, number> = {};
    for (const { s, local, legacy } of timed) {
      const key = s.name.replace(/\W+/g, '_');
      figures[`${key}.local`] = median(local);
      figures[`${key}.legacy`] = median(legacy);
      // "Faster than legacy in every run": the worst local time against the best legacy one.
      figures[`${key}.local_worst`] = Math.max(...local);
      figures[`${key}.legacy_best`] = Math.min(...legacy);
    }
    recordFigures('browser-routes', figures);
    if (failures.size) console.log(`\nlegacy calls that did not answer status 200:\n  ${[...failures].join('\n  ')}`);
    console.log(
      '\nlocal: client-side route change until the data is in the DOM and a frame is drawn; legacy: the calls only, fired together, to the last byte + JSON.parse (drawing not included).',
    );
  } catch (err) {
    reportBenchFailure(env, err);
  } finally {
    await env.close();
  }
}

await main();
