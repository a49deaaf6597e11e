import { AbortedError, HttpError, NetworkError, joinUrl, parseRetryAfter, resolveHeaders, type HttpOptions } from './http.ts';

/**
 * A server-sent events reader over fetch. Node 20 has no EventSource, and a worker's EventSource
 * cannot send an Authorization header, so one small reader serves node, the page and the worker.
 * Reconnecting is left to the caller, which owns the backoff and must answer every (re)connect
 * with a full resync.
 */

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental parser for the text/event-stream format: feed it chunks as they arrive, it returns
 * the messages completed so far. Comments (keep-alives) are reported as activity without messages.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private sawCr = false;

  feed(chunk: string): SseMessage[] {
    const out: SseMessage[] = [];
    let text = chunk;
    // A CRLF split across two chunks: the LF belongs to the line the CR already ended.
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      if (match[0] === '\r' && match.index === this.buffer.length - 1) {
        this.sawCr = true;
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return undefined;
      }
      const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n'), ...(this.id !== undefined ? { id: this.id } : {}) };
      this.data = [];
      this.event = '';
      return message;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // 'retry' is ignored on purpose: the caller's backoff decides when to reconnect.
    return undefined;
  }
}

export interface SseOptions extends HttpOptions {
  path: string;
  signal: AbortSignal;
  onMessage(message: SseMessage): void;
  /**
   * If nothing at all (not even a keep-alive comment) arrives for this long, the connection is
   * taken for dead; proxies and sleeping radios can leave a socket open that no longer delivers.
   */
  idleTimeoutMs: number;
}

/**
 * Reads one connection until it ends. Resolves when the server closes the stream, rejects with
 * NetworkError (unreachable, cut, idle), HttpError (a non-2xx answer) or AbortedError.
 */
export async function readSse(opts: SseOptions): Promise<void> {
  if (opts.signal.aborted) throw new AbortedError();
  const controller = new AbortController();
  let idle = false;
  const onAbort = () => controller.abort();
  opts.signal.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      controller.abort();
    }, opts.idleTimeoutMs);
  };
  const failure = (err: unknown): Error => {
    if (opts.signal.aborted) return new AbortedError();
    if (idle) return new NetworkError('stream idle', err);
    return err instanceof HttpError || err instanceof NetworkError ? err : new NetworkError('stream failed', err);
  };
  try {
    arm();
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(joinUrl(opts.baseUrl, opts.path), {
        headers: { accept: 'text/event-stream', ...resolveHeaders(opts.headers) },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch (err) {
      throw failure(err);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new HttpError(res.status, `http_${res.status}`, parseRetryAfter(res.headers.get('retry-after')));
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          throw failure(err);
        }
        if (chunk.done) break;
        arm();
        for (const message of parser.feed(decoder.decode(chunk.value, { stream: true }))) opts.onMessage(message);
      }
    } finally {
      try {
        reader.releaseLock();
      } catch {
        // Already released by a failed read; nothing is left to free.
      }
    }
    if (opts.signal.aborted) throw new AbortedError();
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}
