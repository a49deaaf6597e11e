import WebSocket from 'ws';

/**
 * A bare Chrome DevTools Protocol client on the browser's own endpoint (--remote-debugging-port),
 * beside Playwright's pipe. Playwright's CDPSession only reaches pages; the sync runs in a dedicated
 * worker and the app has a service worker, and DevTools settings made on a page reach neither.
 * This client auto-attaches to every page, worker and service worker (flattened sessions).
 */

type Handler = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export class CdpClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; method: string }>();
  private readonly handlers = new Map<string, Set<Handler>>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
      };
      if (msg.id !== undefined) {
        const call = this.pending.get(msg.id);
        if (!call) return;
        this.pending.delete(msg.id);
        if (msg.error) call.reject(new Error(`${call.method}: ${msg.error.message}`));
        else call.resolve(msg.result);
        return;
      }
      if (msg.method) for (const h of this.handlers.get(msg.method) ?? []) h(msg.params ?? {}, msg.sessionId);
    });
    ws.on('close', () => {
      for (const call of this.pending.values()) call.reject(new Error(`${call.method}: CDP connection closed`));
      this.pending.clear();
    });
  }

  static async connect(port: number): Promise<CdpClient> {
    // The endpoint appears a moment after the browser starts listening.
    let url: string | null = null;
    for (let i = 0; i < 50 && !url; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/version`);
        url = ((await res.json()) as { webSocketDebuggerUrl: string }).webSocketDebuggerUrl;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    if (!url) throw new Error(`no DevTools endpoint on port ${port}`);
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new CdpClient(ws);
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(event: string, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  close(): void {
    this.ws.close();
  }
}

export interface AttachedTarget {
  sessionId: string;
  type: string;
  url: string;
  /** What the emulation calls answered: 'ok', or the protocol's error (a domain the target lacks). */
  cpu: string;
  network: string;
}

export interface NetworkConditions {
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

export interface EmulationOptions {
  /** Emulation.setCPUThrottlingRate on every target; 1 means none. */
  cpuRate: number;
  /**
   * DevTools network throttling on every target. The benches shape the network with a proxy
   * instead (bench/browser/link.ts); this is here so a run can compare the two.
   */
  network?: NetworkConditions;
  /** Records every response each target receives (see TargetEmulation.responses). */
  recordNetwork?: boolean;
}

/** One response as a target saw it: what crossed the wire for it, headers included. */
export interface SeenResponse {
  targetType: string;
  url: string;
  status: number;
  mimeType: string;
  contentEncoding: string;
  /** Served by a service worker or the HTTP cache: nothing crossed the network for this target. */
  fromCache: boolean;
  encodedBytes: number;
  finished: boolean;
  /** performance.now() in the bench when the request was sent, its headers came, its body ended. */
  sentAt: number | null;
  at: number;
  endAt: number | null;
}

/**
 * Attaches to every page, dedicated worker, shared worker and service worker, now and later, sets
 * the emulation on each and records what each fetches. Targets start paused
 * (waitForDebuggerOnStart) and are released right after the commands, so a worker's first request
 * is already seen. What each target answered is kept in `targets`: Chromium 156 refuses
 * Emulation.setCPUThrottlingRate on workers ("Operation is only supported for pages, not
 * workers"), which is why bench/browser/cpu.ts exists.
 */
export class TargetEmulation {
  readonly targets: AttachedTarget[] = [];
  /** Keyed by session and request id; filled while options.recordNetwork was set. */
  readonly responses = new Map<string, SeenResponse>();
  private readonly sent = new Map<string, number>();
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly cdp: CdpClient,
    private options: EmulationOptions,
  ) {}

  async start(): Promise<void> {
    this.off.push(
      this.cdp.on('Target.attachedToTarget', (params) => {
        void this.attached(params as { sessionId: string; targetInfo: { type: string; url: string }; waitingForDebugger: boolean });
      }),
    );
    this.off.push(
      this.cdp.on('Target.detachedFromTarget', (params) => {
        const i = this.targets.findIndex((t) => t.sessionId === params.sessionId);
        if (i >= 0) this.targets.splice(i, 1);
      }),
    );
    this.off.push(
      this.cdp.on('Network.requestWillBeSent', (params, sessionId) => {
        this.sent.set(`${sessionId}:${params.requestId as string}`, performance.now());
      }),
    );
    this.off.push(
      this.cdp.on('Network.responseReceived', (params, sessionId) => {
        const p = params as {
          requestId: string;
          response: {
            url: string;
            status: number;
            mimeType: string;
            headers: Record<string, string>;
            fromServiceWorker?: boolean;
            fromDiskCache?: boolean;
            fromPrefetchCache?: boolean;
            encodedDataLength: number;
          };
        };
        const target = this.targets.find((t) => t.sessionId === sessionId);
        const r = p.response;
        const encoding = Object.entries(r.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
        this.responses.set(`${sessionId}:${p.requestId}`, {
          targetType: target?.type ?? '?',
          url: r.url,
          status: r.status,
          mimeType: r.mimeType,
          contentEncoding: encoding,
          fromCache: !!(r.fromServiceWorker || r.fromDiskCache || r.fromPrefetchCache),
          encodedBytes: r.encodedDataLength,
          finished: false,
          sentAt: this.sent.get(`${sessionId}:${p.requestId}`) ?? null,
          at: performance.now(),
          endAt: null,
        });
      }),
    );
    this.off.push(
      this.cdp.on('Network.dataReceived', (params, sessionId) => {
        const r = this.responses.get(`${sessionId}:${params.requestId as string}`);
        if (r && !r.finished) r.encodedBytes += Number(params.encodedDataLength ?? 0);
      }),
    );
    this.off.push(
      this.cdp.on('Network.loadingFinished', (params, sessionId) => {
        const r = this.responses.get(`${sessionId}:${params.requestId as string}`);
        if (!r) return;
        // The total, headers included, replaces the running sum of the chunks.
        r.encodedBytes = Number(params.encodedDataLength ?? r.encodedBytes);
        r.finished = true;
        r.endAt = performance.now();
      }),
    );
    await this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  }

  /** Responses that crossed the network (not served by a service worker or a cache). */
  networkResponses(): SeenResponse[] {
    return [...this.responses.values()].filter((r) => !r.fromCache);
  }

  /** Changes the emulation on every attached target (and on those that attach later). */
  async set(options: EmulationOptions): Promise<void> {
    this.options = options;
    await Promise.all(this.targets.map((t) => this.apply(t)));
  }

  stop(): void {
    for (const off of this.off) off();
  }

  private async attached(params: { sessionId: string; targetInfo: { type: string; url: string }; waitingForDebugger: boolean }) {
    const { sessionId, targetInfo } = params;
    const interesting = ['page', 'worker', 'shared_worker', 'service_worker', 'iframe'].includes(targetInfo.type);
    const work: Promise<unknown>[] = [];
    if (interesting) {
      const target: AttachedTarget = { sessionId, type: targetInfo.type, url: targetInfo.url, cpu: 'unset', network: 'unset' };
      this.targets.push(target);
      work.push(this.apply(target));
      // Dedicated workers are children of their page (or of another worker), not of the browser.
      work.push(this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId).catch(() => undefined));
    }
    // A paused service worker answers nothing until it runs, so the emulation commands are sent
    // first and the resume after them: a session handles its messages in order.
    if (params.waitingForDebugger) work.push(this.cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined));
    await Promise.all(work);
  }

  private async apply(target: AttachedTarget): Promise<void> {
    const { sessionId } = target;
    // Sent together, answered in order; awaiting each would hold a paused target's resume back.
    const cpu = this.cdp
      .send('Emulation.setCPUThrottlingRate', { rate: this.options.cpuRate }, sessionId)
      .then(() => 'ok')
      .catch((e: Error) => e.message);
    const record = this.options.recordNetwork ? this.cdp.send('Network.enable', {}, sessionId).catch(() => undefined) : Promise.resolve();
    const net = this.options.network;
    const network = net
      ? this.cdp
          .send('Network.enable', {}, sessionId)
          .then(() =>
            this.cdp.send(
              'Network.emulateNetworkConditions',
              { offline: false, latency: net.latencyMs, downloadThroughput: net.downloadBytesPerSecond, uploadThroughput: net.uploadBytesPerSecond },
              sessionId,
            ),
          )
          .then(() => 'ok')
          .catch((e: Error) => e.message)
      : Promise.resolve('unset');
    [target.cpu, , target.network] = await Promise.all([cpu, record, network]);
  }
}
