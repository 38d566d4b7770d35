import type { SignedInDevice } from '@inventory/contracts/account';
import Bowser from 'bowser';
import type { DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { MINUTE_MS, nowIso } from '../../lib/time.ts';

// The signed-in devices of アカウント設定: the user's live sessions with the browser and OS of
// their sign-in, when they began and when they were last used (to the minute).

export const deviceMessages = {
  notFound: 'ログイン中の端末が見つかりません',
  ended: '端末をログアウトさせました',
} as const;

/** The browser and OS a User-Agent names (bowser), or nulls when it names none. */
export function describeUserAgent(userAgent: string | null): Pick<SignedInDevice, 'browser' | 'os' | 'device_type'> {
  if (!userAgent?.trim()) return { browser: null, os: null, device_type: null };
  const parsed = Bowser.parse(userAgent);
  const browserVersion = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, browserVersion].filter(Boolean).join(' ') : null;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(' ') : null;
  return { browser, os, device_type: parsed.platform.type ?? null };
}

const toMinute = (ms: number) => new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS).toISOString();

/** The user's live sessions, the newest sign-in first; `currentSessionId` is marked as this one. */
export async function listSignedInDevices(db: DbOrTx, userId: number, currentSessionId: string): Promise<SignedInDevice[]> {
  const rows = await db
    .selectFrom('sessions')
    .leftJoin('session_activity', 'session_activity.session_id', 'sessions.id')
    .select(['sessions.id as id', 'sessions.user_agent as userAgent', 'sessions.created_at as createdAt', 'session_activity.last_seen_at as lastSeenAt'])
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    signed_in_at: row.createdAt,
    last_seen_at: row.lastSeenAt ?? toMinute(Date.parse(row.createdAt)),
    current: row.id === currentSessionId,
  }));
}

/** Ends one live session of the user; another user's session, or one already ended, is 404. */
export async function endSignedInDevice(db: DbOrTx, userId: number, sessionId: string) {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound(deviceMessages.notFound);
}

const REMEMBERED_SESSIONS = 10_000;

/**
 * Records that a session was used, at most once a minute per session and instance: the minute
 * last written is remembered here, and the write runs in the background (a request never waits
 * for it; a failure is only logged).
 */
export function sessionActivityRecorder(db: DbOrTx, log: { warn(details: object, message: string): void }) {
  const written = new Map<string, string>();
  return (sessionId: string) => {
    const minute = toMinute(Date.now());
    if (written.get(sessionId) === minute) return;
    if (!written.has(sessionId) && written.size >= REMEMBERED_SESSIONS) written.delete(written.keys().next().value!);
    written.set(sessionId, minute);
    db.insertInto('session_activity')
      .values({ session_id: sessionId, last_seen_at: minute })
      .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ last_seen_at: minute }))
      .execute()
      .catch((error: unknown) => log.warn({ err: error }, 'last use of a session could not be recorded'));
  };
}
