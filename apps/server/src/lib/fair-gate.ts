/** How many calls a FairGate lets run, and how long the others may wait. */
export interface FairGateLimits {
  /** Calls running at once. */
  maxActive: number;
  /** Of those, at most this many for one key, so one key cannot take every slot. */
  maxActivePerKey: number;
  /** Calls of one key waiting for a slot; one more is refused at once. */
  maxQueuedPerKey: number;
  /** The longest a call waits for its slot before it is refused. */
  maxWaitMs: number;
}

/** Why a call got no slot: its key's queue was full, or its wait ran out. */
export class GateRefusedError extends Error {
  constructor(readonly reason: 'queue-full' | 'wait-too-long') {
    super(reason === 'queue-full' ? 'too many calls waiting' : 'waited too long for a slot');
    this.name = 'GateRefusedError';
  }
}

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void;

/**
 * The keys a call is counted under: the first is its queue (the key it takes turns as), the
 * others only share its count (e.g. its workspace, then its user and its client address).
 */
export type GateKeys<Key> = readonly [queue: Key, ...sharing: Key[]];

interface Waiter<Key> {
  keys: GateKeys<Key>;
  grant: () => void;
  refuse: (error: unknown) => void;
}

/**
 * A counting semaphore shared fairly between keys (workspaces): at most maxActive holders, at
 * most maxActivePerKey of one key. A call names several keys and runs only while each of them
 * has its share left, so neither its workspace nor its user nor its address can take every slot.
 * Waiting calls queue under their first key, in arrival order; a freed slot goes to the next
 * queue in turn (round robin) whose first call has room, so a key with many calls waiting cannot
 * keep another key's single call waiting behind all of them.
 */
export class FairGate<Key> {
  readonly #limits: FairGateLimits;
  #active = 0;
  readonly #activeByKey = new Map<Key, number>();
  /** Keys with calls waiting; the Map's order is the turn order. */
  readonly #queues = new Map<Key, Array<Waiter<Key>>>();

  constructor(limits: FairGateLimits) {
    this.#limits = limits;
  }

  /** Calls running and calls waiting, in all and for one key (waiting: queued under it). */
  counts(key?: Key): { active: number; waiting: number } {
    if (key !== undefined) return { active: this.#activeByKey.get(key) ?? 0, waiting: this.#queues.get(key)?.length ?? 0 };
    let waiting = 0;
    for (const queue of this.#queues.values()) waiting += queue.length;
    return { active: this.#active, waiting };
  }

  /**
   * A slot for the keys: at once when one is free, every key has its share left and no call
   * waits in the first key's queue, otherwise after the calls ahead. Rejects with
   * GateRefusedError when that queue is full or the wait runs out, and with the signal's reason
   * when the signal aborts the wait.
   */
  acquire(keys: GateKeys<Key>, signal?: AbortSignal): Promise<Release> {
    const [key] = keys;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!this.#queues.has(key) && this.#hasRoomFor(keys)) return Promise.resolve(this.#take(keys));
    const queue = this.#queues.get(key) ?? [];
    if (queue.length >= this.#limits.maxQueuedPerKey) return Promise.reject(new GateRefusedError('queue-full'));

    return new Promise<Release>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const waiting = this.#queues.get(key);
        const index = waiting?.indexOf(waiter) ?? -1;
        if (index < 0) return;
        waiting!.splice(index, 1);
        if (waiting!.length === 0) this.#queues.delete(key);
      };
      const waiter: Waiter<Key> = {
        keys,
        grant: () => {
          leave();
          resolve(this.#take(keys));
        },
        refuse: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => waiter.refuse(signal!.reason);
      const timer = setTimeout(() => waiter.refuse(new GateRefusedError('wait-too-long')), this.#limits.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      this.#queues.set(key, queue);
    });
  }

  #hasRoomFor(keys: GateKeys<Key>): boolean {
    return this.#active < this.#limits.maxActive && keys.every((key) => (this.#activeByKey.get(key) ?? 0) < this.#limits.maxActivePerKey);
  }

  #take(keys: GateKeys<Key>): Release {
    this.#active += 1;
    for (const key of keys) this.#activeByKey.set(key, (this.#activeByKey.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      for (const key of keys) {
        const left = this.#activeByKey.get(key)! - 1;
        if (left === 0) this.#activeByKey.delete(key);
        else this.#activeByKey.set(key, left);
      }
      this.#handOn();
    };
  }

  /** Gives free slots to the waiting calls, one queue at a time in turn. */
  #handOn() {
    while (this.#active < this.#limits.maxActive) {
      let next: Key | undefined;
      for (const [key, queue] of this.#queues) {
        if (this.#hasRoomFor(queue[0]!.keys)) {
          next = key;
          break;
        }
      }
      if (next === undefined) return;
      const queue = this.#queues.get(next)!;
      const waiter = queue[0]!;
      // The key goes to the back of the turn order (grant removes the key once its queue is empty).
      this.#queues.delete(next);
      this.#queues.set(next, queue);
      waiter.grant();
    }
  }
}
