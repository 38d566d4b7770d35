import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FairGate, GateRefusedError, type Release } from '../../src/lib/fair-gate.ts';

// The heavy-call gate's semaphore alone (lib/fair-gate.ts): limits, the order slots are handed
// on in, refusals, and that a slot always comes back once.

const limits = { maxActive: 3, maxActivePerKey: 2, maxQueuedPerKey: 3, maxWaitMs: 10_000 };

/** A slot request whose outcome the test can look at without awaiting it. */
function track(promise: Promise<Release>) {
  const state: { release?: Release; error?: unknown } = {};
  promise.then(
    (release) => (state.release = release),
    (error: unknown) => (state.error = error),
  );
  return state;
}

/** Lets settled promises run their callbacks. */
const settle = () => sleep(0);

describe('FairGate', () => {
  it('gives slots at once up to the per-key share and the total, then queues', async () => {
    const gate = new FairGate<string>(limits);
    const a1 = track(gate.acquire(['a']));
    const a2 = track(gate.acquire(['a']));
    const a3 = track(gate.acquire(['a']));
    const b1 = track(gate.acquire(['b']));
    const b2 = track(gate.acquire(['b']));
    await settle();
    expect([a1, a2, a3, b1, b2].map((state) => Boolean(state.release))).toEqual([true, true, false, true, false]);
    expect(gate.counts()).toEqual({ active: 3, waiting: 2 });
    expect(gate.counts('a')).toEqual({ active: 2, waiting: 1 });
    expect(gate.counts('b')).toEqual({ active: 1, waiting: 1 });
  });

  it('hands a freed slot to the keys in turn, not to the key with the longest queue', async () => {
    const gate = new FairGate<string>({ ...limits, maxActive: 1, maxActivePerKey: 1, maxQueuedPerKey: 10 });
    const order: string[] = [];
    const run = (key: string, name: string) =>
      gate.acquire([key]).then(async (release) => {
        order.push(name);
        await settle();
        release();
      });
    const first = await gate.acquire(['a']);
    const calls = [run('a', 'a2'), run('a', 'a3'), run('a', 'a4'), run('a', 'a5'), run('b', 'b1'), run('c', 'c1'), run('b', 'b2')];
    first();
    await Promise.all(calls);
    // After each of a's calls, b and c have their turn; a's four calls keep their order.
    expect(order).toEqual(['a2', 'b1', 'c1', 'a3', 'b2', 'a4', 'a5']);
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it('keeps one key to its share even when slots are free, so another key still finds one', async () => {
    const gate = new FairGate<string>({ ...limits, maxActive: 4, maxActivePerKey: 2 });
    const a = await Promise.all([gate.acquire(['a']), gate.acquire(['a'])]);
    const a3 = track(gate.acquire(['a']));
    await settle();
    expect(a3.release).toBeUndefined();
    const b = await gate.acquire(['b']);
    expect(gate.counts()).toEqual({ active: 3, waiting: 1 });
    a[0]!();
    await settle();
    expect(a3.release).toBeDefined();
    for (const release of [a[1]!, a3.release!, b]) release();
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it('counts a call under every key it names: a key shared by two queues holds no more than its share, and the turn passes over the call waiting for it', async () => {
    // Keys as the heavy calls name them: a workspace, then its user.
    const gate = new FairGate<string>({ ...limits, maxActive: 3, maxActivePerKey: 1 });
    const first = await gate.acquire(['workspace a', 'user x']);
    const sameUser = track(gate.acquire(['workspace b', 'user x']));
    const otherUser = track(gate.acquire(['workspace c', 'user y']));
    await settle();
    expect(sameUser.release).toBeUndefined();
    expect(otherUser.release).toBeDefined();
    expect(gate.counts('user x')).toEqual({ active: 1, waiting: 0 });
    expect(gate.counts('workspace b')).toEqual({ active: 0, waiting: 1 });
    expect(gate.counts()).toEqual({ active: 2, waiting: 1 });
    first();
    await settle();
    expect(sameUser.release).toBeDefined();
    expect(gate.counts('user x')).toEqual({ active: 1, waiting: 0 });
    sameUser.release!();
    otherUser.release!();
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
    expect(gate.counts('user x')).toEqual({ active: 0, waiting: 0 });
  });

  it("refuses at once when the key's queue is full, and other keys still queue", async () => {
    const gate = new FairGate<string>({ ...limits, maxActive: 1, maxActivePerKey: 1, maxQueuedPerKey: 2 });
    const held = await gate.acquire(['a']);
    const queued = [track(gate.acquire(['a'])), track(gate.acquire(['a']))];
    await expect(gate.acquire(['a'])).rejects.toEqual(new GateRefusedError('queue-full'));
    const b = track(gate.acquire(['b']));
    await settle();
    expect(gate.counts()).toEqual({ active: 1, waiting: 3 });
    held();
    await settle();
    expect(queued[0]!.release).toBeDefined();
    // One waits again: the queue has room for one more.
    const third = track(gate.acquire(['a']));
    queued[0]!.release!();
    await settle();
    expect(b.release).toBeDefined();
    expect(gate.counts('a')).toEqual({ active: 0, waiting: 2 });
    b.release!();
    await settle();
    queued[1]!.release!();
    await settle();
    third.release!();
    expect(third.error).toBeUndefined();
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a call that waited longer than maxWaitMs and takes it out of the queue', async () => {
    const gate = new FairGate<string>({ ...limits, maxActive: 1, maxActivePerKey: 1, maxWaitMs: 50 });
    const held = await gate.acquire(['a']);
    const started = performance.now();
    const refused = await gate.acquire(['b']).catch((error: unknown) => error);
    expect(refused).toEqual(new GateRefusedError('wait-too-long'));
    expect(refused).toHaveProperty('reason', 'wait-too-long');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(gate.counts()).toEqual({ active: 1, waiting: 0 });
    held();
    // The slot was not given to the call that left.
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it('takes an aborted wait out of the queue with the signal reason; an aborted signal gets no slot at all', async () => {
    const gate = new FairGate<string>({ ...limits, maxActive: 1, maxActivePerKey: 1 });
    const held = await gate.acquire(['a']);
    const leaving = new AbortController();
    const left = gate.acquire(['a'], leaving.signal).catch((error: unknown) => error);
    const stays = track(gate.acquire(['a']));
    leaving.abort(new Error('client left'));
    expect(await left).toEqual(new Error('client left'));
    expect(gate.counts()).toEqual({ active: 1, waiting: 1 });
    held();
    await settle();
    expect(stays.release).toBeDefined();
    stays.release!();
    await expect(gate.acquire(['a'], AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it('counts a release once however often it is called (an error path and a close both releasing)', async () => {
    const gate = new FairGate<string>({ ...limits, maxActive: 2, maxActivePerKey: 2 });
    const first = await gate.acquire(['a']);
    const second = await gate.acquire(['a']);
    first();
    first();
    first();
    expect(gate.counts()).toEqual({ active: 1, waiting: 0 });
    const third = await gate.acquire(['a']);
    expect(gate.counts()).toEqual({ active: 2, waiting: 0 });
    second();
    third();
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it('ends with every slot free after many random calls, releases and aborts', async () => {
    const gate = new FairGate<number>({ maxActive: 4, maxActivePerKey: 2, maxQueuedPerKey: 5, maxWaitMs: 30 });
    let running = 0;
    let most = 0;
    const mostPerKey = new Map<number, number>();
    const runningPerKey = new Map<number, number>();
    const countUp = (key: number, step: number) => {
      runningPerKey.set(key, (runningPerKey.get(key) ?? 0) + step);
      mostPerKey.set(key, Math.max(mostPerKey.get(key) ?? 0, runningPerKey.get(key)!));
    };
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const outcomes = { ran: 0, refused: 0, aborted: 0 };
    await Promise.all(
      Array.from({ length: 300 }, async (_, n) => {
        await sleep(random() * 40);
        // Five queues; each call also shares one of three other keys (its user, say).
        const keys = [n % 5, 10 + (n % 3)] as const;
        const controller = new AbortController();
        if (random() < 0.1) setTimeout(() => controller.abort(new Error('left')), random() * 20);
        let release: Release;
        try {
          release = await gate.acquire(keys, controller.signal);
        } catch (error) {
          if (error instanceof GateRefusedError) outcomes.refused += 1;
          else outcomes.aborted += 1;
          return;
        }
        running += 1;
        most = Math.max(most, running);
        for (const key of keys) countUp(key, 1);
        await sleep(random() * 10);
        running -= 1;
        for (const key of keys) countUp(key, -1);
        outcomes.ran += 1;
        release();
        if (random() < 0.3) release();
      }),
    );
    expect(outcomes.ran + outcomes.refused + outcomes.aborted).toBe(300);
    expect(Object.values(outcomes).every((count) => count > 0), JSON.stringify(outcomes)).toBe(true);
    expect(most).toBeLessThanOrEqual(4);
    expect(mostPerKey.size).toBe(8);
    expect(Math.max(...mostPerKey.values())).toBeLessThanOrEqual(2);
    expect(gate.counts()).toEqual({ active: 0, waiting: 0 });
  });
});
