/**
 * Preloaded into a benchmarked server (NODE_OPTIONS=--import) to report what only the server process
 * knows: its event-loop delay, its peak RSS and how many connections and requests it saw each
 * second. Plain JavaScript because NODE_OPTIONS imports may run before tsx is registered.
 *
 * It writes JSON to FOYER_BENCH_PROBE_FILE: once at start (the pid, so the bench can signal and kill
 * the server it started through the e2e fixture), and on every SIGUSR2 (the figures since the
 * previous SIGUSR2, then a reset). Writes go to a temp name and are renamed, so a reader never sees
 * half a file.
 */
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.FOYER_BENCH_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let maxRss = process.memoryUsage.rss();
  let seq = 0;
  /** Counts per whole second since the epoch: TCP connections, HTTP requests, websocket upgrades. */
  const perSecond = new Map();
  const bump = (kind) => {
    const s = Math.floor(Date.now() / 1000);
    let row = perSecond.get(s);
    if (!row) {
      row = { connection: 0, request: 0, upgrade: 0 };
      perSecond.set(s, row);
    }
    row[kind]++;
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'connection' || event === 'request' || event === 'upgrade') bump(event);
    return emit.call(this, event, ...args);
  };
  setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage.rss());
  }, 250).unref();

  const write = (body) => {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ pid: process.pid, seq: seq++, ...body }));
    fs.renameSync(tmp, file);
  };
  write({ started: Date.now() });
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    write({
      at: Date.now(),
      rss: process.memoryUsage.rss(),
      maxRss: Math.max(maxRss, process.memoryUsage.rss()),
      heapUsed: process.memoryUsage().heapUsed,
      loopDelay: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), mean: ms(loop.mean) },
      perSecond: [...perSecond.entries()].map(([second, counts]) => ({ second, ...counts })),
    });
    loop.reset();
    perSecond.clear();
    maxRss = process.memoryUsage.rss();
  });
}
