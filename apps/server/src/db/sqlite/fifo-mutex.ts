/**
 * A lock handed to its waiters in arrival order. Kysely's own SQLite driver wakes every waiting
 * query each time the single connection is released (they all await one promise and race for it
 * again), which costs O(n²) under concurrent requests: measured here, 20,000 simultaneous lookups
 * took 4 ms each instead of 0.08 ms.
 */
export class FifoMutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Passes the lock straight to the next waiter, so nobody else can take it in between. */
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}
