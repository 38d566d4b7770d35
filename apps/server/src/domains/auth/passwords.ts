import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes), the OWASP recommendation.
export const hashPassword = (password: string) => hash(password);

// Verifying against a real hash when the account does not exist keeps the answer time the
// same, so response times do not reveal which e-mail addresses are registered.
const dummyHashPromise = hash('dummy-password-for-timing');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHashPromise, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
