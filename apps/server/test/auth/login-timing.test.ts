import { describe, expect, it, vi } from 'vitest';

// Counts the real argon2 verifications: the expensive step must run exactly once per login,
// whether the e-mail exists or not, so the answer time does not reveal registered e-mails.
const argon = vi.hoisted(() => ({ verifyCalls: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon.verifyCalls++;
      return original.verify(...args);
    },
  };
});

// The server tests share their module cache (isolate: false in vitest.config.ts), so another file
// may have loaded the app with the real argon2 already: load it afresh, with the counting one.
vi.resetModules();
const { registerUser, uniqueEmail } = await import('../factories/users.ts');
const { call, createTestApp } = await import('../helpers/test-app.ts');
const app = await createTestApp();

async function verificationsDuringLogin(email: string, password: string) {
  argon.verifyCalls = 0;
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password } });
  return { status: response.statusCode, verifications: argon.verifyCalls };
}

describe('login does equal work for known and unknown e-mails', () => {
  it('verifies one password hash for a wrong password, an unknown e-mail and a right password', async () => {
    const user = await registerUser(app);
    expect(await verificationsDuringLogin(user.email, 'wrong-password')).toEqual({ status: 401, verifications: 1 });
    expect(await verificationsDuringLogin(uniqueEmail('nobody'), 'wrong-password')).toEqual({ status: 401, verifications: 1 });
    expect(await verificationsDuringLogin(user.email, user.password)).toEqual({ status: 200, verifications: 1 });
  });
});
