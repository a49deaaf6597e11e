import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import type { AttachedTarget, CdpClient, TargetEmulation } from './cdp.ts';

/**
 * Optional sampling CPU profiles of the app's page and workers during a measured window
 * (BENCH_PROFILE_DIR=dir). The sync runs in a dedicated worker that Playwright cannot reach, so
 * the profiler is driven through the bench's own DevTools sessions. The files open in DevTools'
 * Performance panel or any .cpuprofile viewer; `summary` prints the heaviest functions by self time,
 * named from the build's source maps when it has them (`npx vite build --sourcemap`).
 */
export const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ?? '';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Profiling {
  /** Stops every profiler, writes the files and returns a printable summary per target. */
  stop(): Promise<string>;
}

export async function startProfiling(cdp: CdpClient, emulation: TargetEmulation, distDir: string, dir = PROFILE_DIR): Promise<Profiling> {
  const targets = emulation.targets.filter((t) => t.type === 'page' || t.type === 'worker');
  const started: AttachedTarget[] = [];
  for (const t of targets) {
    try {
      await cdp.send('Profiler.enable', {}, t.sessionId);
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 }, t.sessionId);
      await cdp.send('Profiler.start', {}, t.sessionId);
      started.push(t);
    } catch {
      // A target that went away between the listing and the call has nothing to profile.
    }
  }
  return {
    async stop() {
      mkdirSync(dir, { recursive: true });
      const out: string[] = [];
      for (const [i, t] of started.entries()) {
        const res = await cdp.send<{ profile: CpuProfile }>('Profiler.stop', {}, t.sessionId).catch(() => null);
        if (!res) continue;
        const name = `${i}-${t.type}-${(t.url.split('/').pop() ?? '').replace(/[^\w.-]/g, '_') || 'page'}.cpuprofile`;
        writeFileSync(join(dir, name), JSON.stringify(res.profile));
        out.push(`${name}\n${summary(res.profile, sourceNames(distDir))}`);
      }
      return out.join('\n\n');
    },
  };
}

type Namer = (frame: ProfileNode['callFrame']) => string | null;

/** Where a frame of the built app came from, through the asset's source map; null without one. */
function sourceNames(distDir: string): Namer {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    const file = basename(new URL(frame.url || 'about:blank').pathname);
    if (!file.endsWith('.js')) return null;
    if (!maps.has(file)) {
      const mapFile = join(distDir, 'assets', `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    }
    const map = maps.get(file);
    if (!map) return null;
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!at.source) return null;
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${at.name ?? frame.functionName ?? '(anonymous)'} ${source}:${at.line}`;
  };
}

/** Self and total time of the heaviest functions, with the share of the profile's wall time. */
export function summary(profile: CpuProfile, nameOf: Namer = () => null, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const keys = new Map<number, string>();
  const keyOf = (n: ProfileNode) => {
    let k = keys.get(n.id);
    if (k === undefined) {
      k = nameOf(n.callFrame) ?? `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
      keys.set(n.id, k);
    }
    return k;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id);
    if (!n) continue;
    selfBy.set(keyOf(n), (selfBy.get(keyOf(n)) ?? 0) + t);
    // Total time counts a function once per sample, however deep its recursion.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = keyOf(byId.get(cur) as ProfileNode);
      if (seen.has(k)) continue;
      seen.add(k);
      totalBy.set(k, (totalBy.get(k) ?? 0) + t);
    }
  }
  const wall = profile.endTime - profile.startTime;
  const idle = selfBy.get('(idle) :0') ?? 0;
  const lines = [`wall ${(wall / 1000).toFixed(0)} ms, busy ${((wall - idle) / 1000).toFixed(0)} ms`, 'self ms  total ms  function'];
  const rows = [...selfBy.entries()]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  for (const [k, t] of rows) lines.push(`${(t / 1000).toFixed(0).padStart(7)}  ${((totalBy.get(k) ?? 0) / 1000).toFixed(0).padStart(8)}  ${k}`);
  return lines.join('\n');
}
