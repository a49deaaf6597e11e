/** One answer of a live query: its value, or why it failed (the page then keeps what it had). */
export type QueryAnswer = { value: unknown; error?: undefined } | { error: string; value?: undefined };

/** One message of the answers line: each live query's answer by the page's id for it. */
export type AnswerBatch = [id: number, answer: QueryAnswer][];

/** Where the host posts answers: the worker's end of a MessagePort the page handed over. */
export interface AnswerSink {
  postMessage(batch: AnswerBatch): void;
  close?(): void;
}

/**
 * The live queries' answers, sent to the page on one line and gathered per turn of the worker's
 * event loop. A change in the database wakes several queries at once (the first sync's pages wake
 * most of them); each answer used to be a call over a MessageChannel of its own that the page had
 * to answer back, and every subscription made that channel first. Now a turn's answers cross in
 * one message, and nothing comes back.
 */
export class AnswerLine {
  private sink: AnswerSink | null = null;
  private pending: AnswerBatch = [];

  /** A page attached (again): answers go to its line from now on. */
  open(sink: AnswerSink): void {
    if (this.sink !== sink) this.sink?.close?.();
    this.sink = sink;
  }

  close(): void {
    this.sink?.close?.();
    this.sink = null;
    this.pending = [];
  }

  send(id: number, answer: QueryAnswer): void {
    this.pending.push([id, answer]);
    if (this.pending.length === 1) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (!this.sink || batch.length === 0) return;
    try {
      this.sink.postMessage(batch);
    } catch {
      // One answer the structured clone refuses must not cost the others theirs.
      for (const entry of batch) this.postOne(entry);
    }
  }

  private postOne([id, answer]: AnswerBatch[number]): void {
    try {
      this.sink?.postMessage([[id, answer]]);
    } catch (err) {
      this.sink?.postMessage([[id, { error: err instanceof Error ? err.message : String(err) }]]);
    }
  }
}
