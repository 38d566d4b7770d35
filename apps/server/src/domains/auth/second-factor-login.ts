import type { loginTotpBody } from '@inventory/contracts/account';
import type { z } from 'zod';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { type AuthDeps, authMessages, type SignInClient, signInWorkspaceId, startSession } from './auth-service.ts';
import { consumeSecondStep, findSecondStepUser } from './mfa-challenges-repository.ts';
import { clearLoginFailures, recordLoginFailure, secondsUntilLoginAllowed } from './login-failures.ts';
import { totpMessages, verifySecondFactor } from './totp.ts';
import { findUserById, recordLogin } from './users-repository.ts';

// The second step of a sign-in with TOTP on: the password (or a reset link) was right, and a
// short-lived mfa_token stands for it until a code of the app or a recovery code comes.

export const secondStepMessages = {
  expired: 'ログインの手続きの有効期限が切れました。もう一度ログインしてください',
} as const;

type LoginTotpInput = z.output<typeof loginTotpBody>;

/**
 * POST /auth/login/totp: a code of the app or a recovery code finishes the sign-in. A wrong code
 * counts as a failed login of the account from this address (the limits of login apply, and the
 * mfa_token stays valid until it expires); the right one uses the mfa_token up.
 */
export async function finishSecondStep(deps: AuthDeps, input: LoginTotpInput, client: SignInClient) {
  const userId = await findSecondStepUser(deps.db, input.mfa_token);
  const user = userId === undefined ? undefined : await findUserById(deps.db, userId);
  if (!user) throw badRequest(secondStepMessages.expired);

  const attempt = { email: user.email, clientAddress: client.clientAddress };
  const retryAfter = await secondsUntilLoginAllowed(deps.db, attempt);
  if (retryAfter > 0) throw Object.assign(tooManyRequests(authMessages.tooManyFailures), { retryAfter });
  if (!(await verifySecondFactor(deps.db, user, input.code))) {
    await recordLoginFailure(deps.db, attempt);
    throw unauthorized(totpMessages.wrongCode);
  }

  const workspaceId = await signInWorkspaceId(deps.db, user);
  return deps.db.transaction().execute(async (trx) => {
    // One sign-in per step: of two requests with the same token, one finds it gone.
    if (!(await consumeSecondStep(trx, input.mfa_token))) throw badRequest(secondStepMessages.expired);
    await clearLoginFailures(trx, attempt);
    await recordLogin(trx, user.id, workspaceId);
    return startSession(deps, trx, user.id, workspaceId, client.userAgent);
  });
}
