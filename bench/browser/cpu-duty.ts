/**
 * Child process of bench/browser/cpu.ts: slows Chromium's renderer processes (the page's main
 * thread, its dedicated workers and the service worker all run in renderers) by letting them run
 * 1/rate of the time and stopping them for the rest (SIGSTOP/SIGCONT), which is how
 * DevTools' own CPU throttling works on the one thread it reaches. Every thread of a renderer gets
 * the same slowdown. It runs apart from the bench so the bench's own timers cannot stretch a cycle.
 *
 * argv: <root pid> <rate>; stdin lines "rate <n>" change the rate (1 stops throttling), "stats"
 * answers the share of time the renderers ran since the rate was set and how many there are. The
 * renderers descending from the root pid are looked up again every half second, so renderers that
 * start later are throttled too. On SIGTERM or when stdin closes, every renderer is continued.
 */
import fs from 'node:fs';
import readline from 'node:readline';

/**
 * One run window; the stop after it is sized to keep the overall ratio at the rate. 5 ms, where it
 * was 25: a piece of work shorter than a window either fits in the window it starts in or waits out
 * a whole stop, so with 25 ms windows a 20 ms route change measured 20 ms or 95 ms depending on where
 * in the cycle it began, and the same screen read 7 ms in one round and 83 ms in the next. With 5 ms
 * windows a piece of work of W ms takes about rate × W, give or take one 15 ms stop, which is what a
 * CPU `rate` times slower would do (QUALITY.md, "The CPU slowdown's window"). BENCH_CPU_SLICE_MS sets
 * another window, to compare.
 */
const RUN_MS = Number(process.env.BENCH_CPU_SLICE_MS ?? 5);
const RESCAN_MS = 500;

const rootPid = Number(process.argv[2]);
let rate = Number(process.argv[3] ?? 4);
let pids: number[] = [];
let lastScan = 0;
let stopped = false;

function parentOf(pid: number): number | null {
  try {
    // "pid (comm) state ppid ..."; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function renderers(): number[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const parents = new Map(all.map((p) => [p, parentOf(p)]));
  const descends = (pid: number): boolean => {
    for (let p: number | null | undefined = parents.get(pid), hops = 0; p && hops < 10; p = parents.get(p), hops++) if (p === rootPid) return true;
    return false;
  };
  return all.filter((pid) => {
    if (!descends(pid)) return false;
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(sig: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Gone already.
    }
  }
}

/**
 * Timers on a busy machine fire late, which would shrink the slowdown (a late end of a stop is
 * harmless, a late end of a run is not). So the windows are measured, and each stop lasts what
 * keeps the total stopped time at (rate - 1) × the total run time so far.
 */
let ran = 0;
let held = 0;
let phaseStart = performance.now();

function cycle() {
  const now = performance.now();
  ran += now - phaseStart;
  if (now - lastScan > RESCAN_MS) {
    // The bench died without stopping us: continue whatever is left and go.
    if (!alive(rootPid)) finish();
    const found = renderers();
    if (process.env.BENCH_CPU_DEBUG && found.join() !== pids.join()) process.stderr.write(`cpu-duty: renderers ${found.join(' ')}\n`);
    pids = found;
    lastScan = performance.now();
  }
  if (rate <= 1) {
    ran = held = 0;
    phaseStart = performance.now();
    setTimeout(cycle, RUN_MS);
    return;
  }
  signal('SIGSTOP');
  stopped = true;
  const stopStart = performance.now();
  const wanted = Math.max(0, (rate - 1) * ran - held);
  setTimeout(() => {
    signal('SIGCONT');
    stopped = false;
    phaseStart = performance.now();
    held += phaseStart - stopStart;
    setTimeout(cycle, RUN_MS);
  }, wanted);
}

function finish() {
  signal('SIGCONT');
  process.exit(0);
}

process.on('SIGTERM', finish);
process.on('SIGINT', finish);
readline
  .createInterface({ input: process.stdin })
  .on('line', (line) => {
    if (line.trim() === 'stats') {
      // Share of the time since the rate was last set that the renderers were allowed to run.
      const total = ran + held;
      process.stdout.write(`stats ${total > 0 ? (ran / total).toFixed(4) : '1'} ${pids.length}\n`);
      return;
    }
    const m = /^rate (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (m) {
      rate = Number(m[1]);
      ran = held = 0;
      phaseStart = performance.now();
      if (rate <= 1 && stopped) {
        signal('SIGCONT');
        stopped = false;
      }
      process.stdout.write(`ok ${rate}\n`);
    }
  })
  .on('close', finish);
cycle();
