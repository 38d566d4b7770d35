import { describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// POST /auth/forgot-password must not tell which addresses have an account: the same status and
// body, and the same time within noise. Measured as medians over many interleaved tries, each
// with an address of its own (the per-address limit allows one mail a minute); the work a mail
// needs happens after the answer and is waited for outside the measured time.

const app = await createTestApp();
const TRIES = 40;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timedForgot(email: string) {
  const started = process.hrtime.bigint();
  const response = await call(app, 'POST', '/api/auth/forgot-password', { body: { email } });
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  await app.mailer.whenIdle();
  return { status: response.statusCode, body: response.body, elapsedMs };
}

describe('forgot-password answers known and unknown addresses alike', () => {
  it(`same status, same body, and medians over ${TRIES} tries within noise`, { timeout: 120_000 }, async () => {
    const known = [];
    for (let i = 0; i < TRIES; i++) known.push((await registerUser(app)).email);
    const unknown = Array.from({ length: TRIES }, () => uniqueEmail('nobody'));
    // Warm up both paths (first calls compile code and prepare statements).
    await timedForgot((await registerUser(app)).email);
    await timedForgot(uniqueEmail('warm'));

    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    const answers = new Set<string>();
    for (let i = 0; i < TRIES; i++) {
      // Alternate which goes first, so neither always follows the other.
      const pair = i % 2 ? [['known', known[i]!], ['unknown', unknown[i]!]] : [['unknown', unknown[i]!], ['known', known[i]!]];
      for (const [kind, email] of pair) {
        const { status, body, elapsedMs } = await timedForgot(email!);
        answers.add(`${status} ${body}`);
        (kind === 'known' ? knownTimes : unknownTimes).push(elapsedMs);
      }
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^202 /);

    const knownMedian = median(knownTimes);
    const unknownMedian = median(unknownTimes);
    // Noise on a shared 2-core machine: a quarter of the slower median, at least 1.5 ms. An
    // account lookup, a token write and a mail hand-over before the answer would exceed it.
    const allowed = Math.max(1.5, 0.25 * Math.max(knownMedian, unknownMedian));
    expect(Math.abs(knownMedian - unknownMedian), `medians: known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms`).toBeLessThan(allowed);
  });
});
