/** A value read from the device: `loading` until the first answer of its live query. */
export interface Loaded<T> {
  loading: boolean;
  value: T;
}

/**
 * A value React reads with useSyncExternalStore. The getter must return the same object until the
 * value really changes, or React re-renders forever; `set` therefore skips equal values.
 */
export class ValueStore<T> {
  private listeners = new Set<() => void>();

  constructor(
    private value: T,
    private readonly equal: (a: T, b: T) => boolean = Object.is,
  ) {}

  readonly get = (): T => this.value;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(value: T): void {
    if (this.equal(this.value, value)) return;
    this.value = value;
    for (const l of [...this.listeners]) l();
  }
}
