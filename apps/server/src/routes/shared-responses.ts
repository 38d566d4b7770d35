import { messageResponse } from '@inventory/contracts/auth';
import { errorResponse, idParam } from '@inventory/contracts/fields';
import { z } from 'zod';

// What every signed-in route of parts, tags, stock entries and orders (and the screens after
// them) declares the same way: the bearer security, the error answers, the id parameter and the
// plain message answer. Not-found texts live in lib/messages.ts, shared with the domains.

export { messageResponse };
export { notFoundMessages } from '../lib/messages.ts';

export const bearerSecurity = [{ bearer: [] }];

/** Error answers of a read: bad input, not signed in, not a member, not found. */
export const readErrorResponses = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Error answers of a change: a read's, plus 409 (duplicate, in use, stock rule, status rule). */
export const changeErrorResponses = { ...readErrorResponses, 409: errorResponse };

/**
 * Route config of a heavy call (CSV import and export, the lists and reports whose cost grows with
 * the workspace): it runs only with a slot of the heavy-call gate (plugins/heavy-calls.ts).
 */
export const heavyCall = { heavy: true };

/** The answer of a heavy call that got no slot: 503 サーバーが混み合っています with Retry-After. */
export const busyResponse = { 503: errorResponse };

/** `/:id` with a positive integer id (400 `IDが正しくありません` otherwise). */
export const idParams = z.object({ id: idParam });
