/**
 * A DevTools trace of one visit and what the page's main thread did in it, shared by
 * bench:first-visit-profile (whose code ran) and bench:first-visit-ratio (how much, against a bare
 * page). The trace records with the V8 sampling profiler on, the page's CPU CPU_RATE× slower.
 */
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { TestBrowser } from '../../tests/e2e/fixtures/browser.ts';

/** How much slower the page's CPU runs (CDP, the page only), as Lighthouse's mobile run. */
export const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const QUIET_MS = 3000;
export const LONG_TASK_MS = 50;
/** Profiler nodes that are no JavaScript of anybody's. */
const IDLE = new Set(['(idle)', '(program)', '(root)']);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  'v8',
].join(',');

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  parent?: number;
}

/** Records a trace of `visit` on `b`'s page at CPU_RATE× slower. */
export async function traced(b: TestBrowser, visit: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await b.page.context().newCDPSession(b.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await visit();
  await cdp.send('Tracing.end');
  await done;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return events;
}

/** Waits until no request has started or ended for QUIET_MS. */
export async function quiet(b: TestBrowser): Promise<void> {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  b.page.on('request', touch);
  b.page.on('requestfinished', touch);
  b.page.on('requestfailed', touch);
  try {
    while (Date.now() - last < QUIET_MS) await new Promise((r) => setTimeout(r, 200));
  } finally {
    b.page.off('request', touch);
    b.page.off('requestfinished', touch);
    b.page.off('requestfailed', touch);
  }
}

const short = (url: string) => (url ? (url.split('/').pop() ?? url).replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') : '');

/**
 * The page's renderer main thread: the CrRendererMain of the process that loaded the visited origin.
 * The trace also holds other renderers (the tab's first blank page, the browser's own pages), and a
 * run that read one of them reported a visit of 281 ms: so the process is found by any event that
 * names a URL of the origin, and among its main threads (or, failing that, all of them) the one
 * that did the most work is the page's.
 */
function mainThread(events: TraceEvent[], origin: string): { pid: number; tid: number } {
  const urlOf = (e: TraceEvent) => String(e.args?.data?.url ?? e.args?.beginData?.url ?? '');
  const pids = new Set(events.filter((e) => urlOf(e).startsWith(origin)).map((e) => e.pid));
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const candidates = names.some((e) => pids.has(e.pid)) ? names.filter((e) => pids.has(e.pid)) : names;
  const busy = (pid: number, tid: number) =>
    events.reduce((sum, e) => (e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number' ? sum + e.dur : sum), 0);
  const pick = candidates.map((e) => ({ e, busy: busy(e.pid, e.tid) })).sort((a, b) => b.busy - a.busy)[0]?.e;
  if (!pick) throw new Error('no renderer main thread in the trace');
  return { pid: pick.pid, tid: pick.tid };
}

/** Samples of the V8 profiler on the thread: [timestamp µs, node] pairs, and the nodes. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { at: number[]; node: number[]; nodes: Map<number, CpuNode> } {
  const nodes = new Map<number, CpuNode>();
  const at: number[] = [];
  const node: number[] = [];
  const starts = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.name === 'Profile') starts.set(e.id ?? '', Number(e.args?.data?.startTime ?? e.ts));
  }
  const clock = new Map(starts);
  for (const e of events) {
    // A dedicated worker runs in the same renderer process: only the main thread's profile counts.
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !starts.has(e.id ?? '')) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: CpuNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    let t = clock.get(e.id ?? '') ?? e.ts;
    samples.forEach((s, i) => {
      t += deltas[i] ?? 0;
      at.push(t);
      node.push(s);
    });
    clock.set(e.id ?? '', t);
  }
  return { at, node, nodes };
}

/** Names a profiler frame by the source it came from, through the built app's source maps. */
export class Sources {
  private readonly maps = new Map<string, TraceMap | null>();

  constructor(
    private readonly distDir: string,
    private readonly origin: string,
  ) {}

  of(frame: CpuNode['callFrame']): string {
    if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(browser)';
    if (!frame.url.startsWith(this.origin)) return '(no source map)';
    const file = path.join(this.distDir, new URL(frame.url).pathname);
    let map = this.maps.get(file);
    if (map === undefined) {
      map = fs.existsSync(`${file}.map`) ? new TraceMap(fs.readFileSync(`${file}.map`, 'utf8')) : null;
      this.maps.set(file, map);
    }
    if (!map || !Number.isFinite(frame.lineNumber)) return short(frame.url);
    const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    if (!pos.source) return short(frame.url);
    // A package by its name, the app's own code by its path from the repository's root.
    const source = path.relative(process.cwd(), path.resolve(path.dirname(file), pos.source));
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return pkg ? (pkg[1] as string) : source;
  }

  /** A frame as a function: its original name where the source map has one, and its file and line. */
  fn(frame: CpuNode['callFrame']): string {
    const where = this.of(frame);
    if (!frame.url?.startsWith(this.origin)) return `${frame.functionName || '(anonymous)'} ${where}`;
    const file = path.join(this.distDir, new URL(frame.url).pathname);
    const map = this.maps.get(file);
    if (!map || !Number.isFinite(frame.lineNumber)) return `${frame.functionName || '(anonymous)'} ${where}`;
    const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    return `${pos.name ?? (frame.functionName || '(anonymous)')} ${where}:${pos.line ?? '?'}`;
  }
}

/** What a trace event inside a task was, for the breakdown. */
function kindOf(e: TraceEvent): string | null {
  const data = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
      return `evaluate ${short(String(data.url ?? ''))}`;
    case 'v8.compileModule':
    case 'v8.compile':
    case 'V8.CompileCode':
      return 'compile';
    case 'FunctionCall':
      return `call ${short(String(data.url ?? ''))}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return 'paint';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GCScavenger':
    case 'V8.GC_MC_BACKGROUND_EVACUATE_COPY':
      return 'gc';
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return `event ${String(data.type ?? '')}`;
    default:
      return null;
  }
}

export interface VisitFigures {
  /** Main-thread samples by source, over the whole visit. */
  bySource: [string, number][];
  /** Milliseconds by function: its own samples (self) and those with it anywhere on the stack (total). */
  byFunction: { name: string; selfMs: number; totalMs: number }[];
  /** Milliseconds of every task by what was inside it (kindOf), over the whole visit. */
  byKind: [string, number][];
  busyMs: number;
  longTasks: number;
  longMs: number;
  blockingMs: number;
  rows: string[][];
}

export function analyse(events: TraceEvent[], origin: string, sources: Sources): VisitFigures {
  const { pid, tid } = mainThread(events, origin);
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  // Nested RunTasks (a task run inside another) are counted once, by the outer one.
  const top: TraceEvent[] = [];
  for (const t of tasks) {
    const last = top.at(-1);
    if (last && t.ts < last.ts + (last.dur ?? 0)) continue;
    top.push(t);
  }
  const { at, node, nodes } = samplesOf(events, pid, tid);
  const rows: string[][] = [];
  let longMs = 0;
  let blockingMs = 0;
  const start = top[0]?.ts ?? 0;
  for (const task of top) {
    const ms = (task.dur ?? 0) / 1000;
    if (ms <= LONG_TASK_MS) continue;
    longMs += ms;
    blockingMs += ms - LONG_TASK_MS;
    const end = task.ts + (task.dur ?? 0);
    const inside = insideOf(task, own);
    const fns = new Map<string, number>();
    let sampled = 0;
    for (let i = 0; i < at.length; i++) {
      const t = at[i] as number;
      if (t < task.ts || t >= end) continue;
      const n = nodes.get(node[i] as number);
      if (!n || IDLE.has(n.callFrame.functionName)) continue;
      const name = sources.of(n.callFrame);
      fns.set(name, (fns.get(name) ?? 0) + 1);
      sampled++;
    }
    const topKinds = [...inside]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join('; ');
    const topFns = [...fns]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${((v / Math.max(1, sampled)) * 100).toFixed(0)}%`)
      .join('; ');
    rows.push([`${((task.ts - start) / 1000).toFixed(0)}`, ms.toFixed(0), topKinds, topFns]);
  }
  const busyMs = top.reduce((sum, t) => sum + (t.dur ?? 0) / 1000, 0);
  // Every task's time by what it was, long or not: most of a visit's busy time is in short tasks.
  const kinds = new Map<string, number>();
  for (const task of top) {
    const inside = insideOf(task, own);
    const named = [...inside.values()].reduce((a, b) => a + b, 0);
    for (const [k, v] of inside) kinds.set(k, (kinds.get(k) ?? 0) + v);
    // The task's own time outside any traced event (the scheduler, IPC) stays visible as such.
    kinds.set('(task itself)', (kinds.get('(task itself)') ?? 0) + Math.max(0, (task.dur ?? 0) / 1000 - named));
  }
  const byKind = [...kinds].sort((a, b) => b[1] - a[1]);
  const all = new Map<string, number>();
  for (const id of node) {
    const n = nodes.get(id);
    if (!n || IDLE.has(n.callFrame.functionName)) continue;
    const name = sources.of(n.callFrame);
    all.set(name, (all.get(name) ?? 0) + 1);
  }
  const total = [...all.values()].reduce((a, b) => a + b, 0);
  const bySource = [...all].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, (v / Math.max(1, total)) * 100] as [string, number]);
  return { bySource, byFunction: functionsOf(at, node, nodes, sources), byKind, busyMs, longTasks: rows.length, longMs, blockingMs, rows };
}

/**
 * Time by function over the visit, from the samples' spacing: self where the function was on top of
 * the stack, total where it was anywhere on it (counted once per sample, however deep it recursed).
 * Total is what names the costly component or call behind a library's self time.
 */
function functionsOf(at: number[], node: number[], nodes: Map<number, CpuNode>, sources: Sources): VisitFigures['byFunction'] {
  const parent = new Map<number, number>();
  for (const n of nodes.values()) if (n.parent !== undefined) parent.set(n.id, n.parent);
  const self = new Map<string, number>();
  const whole = new Map<string, number>();
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let name = names.get(id);
    if (name === undefined) {
      const n = nodes.get(id);
      name = n ? sources.fn(n.callFrame) : '?';
      names.set(id, name);
    }
    return name;
  };
  for (let i = 0; i < node.length; i++) {
    const id = node[i] as number;
    const n = nodes.get(id);
    if (!n || IDLE.has(n.callFrame.functionName)) continue;
    // A sample stands for the time until the next one (the last one for the median spacing).
    const ms = ((at[i + 1] ?? (at[i] as number) + 500) - (at[i] as number)) / 1000;
    if (ms <= 0 || ms > 50) continue;
    const top = nameOf(id);
    self.set(top, (self.get(top) ?? 0) + ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const name = nameOf(cur);
      if (seen.has(name)) continue;
      seen.add(name);
      whole.set(name, (whole.get(name) ?? 0) + ms);
    }
  }
  return [...whole].map(([name, totalMs]) => ({ name, selfMs: self.get(name) ?? 0, totalMs })).filter((f) => !f.name.startsWith('(root)'));
}

/**
 * What happened inside a task: its direct children (events inside it that no other event inside
 * it contains), named by kindOf or by their own name, so every millisecond is counted once.
 * `own` is the thread's complete events sorted by start.
 */
function insideOf(task: TraceEvent, own: TraceEvent[]): Map<string, number> {
  const end = task.ts + (task.dur ?? 0);
  const inside = new Map<string, number>();
  let lo = 0;
  let hi = own.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((own[mid] as TraceEvent).ts < task.ts) lo = mid + 1;
    else hi = mid;
  }
  let covered = 0;
  for (let i = lo; i < own.length; i++) {
    const e = own[i] as TraceEvent;
    if (e.ts >= end) break;
    if (e === task || e.ts < covered || e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
    const kind = kindOf(e) ?? e.name;
    inside.set(kind, (inside.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
    covered = e.ts + (e.dur ?? 0);
  }
  return inside;
}
