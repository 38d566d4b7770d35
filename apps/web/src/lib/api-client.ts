import { API_BASE } from '@inventory/contracts/api-paths';
import { isOffline, OFFLINE_MESSAGES } from './offline.ts';
import { expireSession, isStoredTokenCheckRunning, reportAccessRefused } from './session-expiry.ts';
import { readStoredToken } from './token-storage.ts';

export const API_TIMEOUT_MS = 10_000;

/** A failed call. message is the server's error field when present, otherwise the caller's fallback. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Shown to the user when the server gives no error text. */
  fallbackMessage: string;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
}

// The current-user call decides on its own what a failure means (the token is dropped quietly);
// sign-in calls have no session to expire.
const callsWithoutSessionExpiry = [
  '/auth/me',
  '/auth/login',
  '/auth/register',
  '/auth/login/totp',
  '/auth/reset-password',
  '/auth/passkeys/login/verify',
];

export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  return (await request<T>(path, options)).data;
}

/** apiRequest, with the answer's headers too (a first page's X-Total-Count). */
export function apiRequestWithHeaders<T>(path: string, options: RequestOptions): Promise<{ data: T; headers: Headers }> {
  return request<T>(path, options);
}

async function request<T>(path: string, options: RequestOptions): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, fallbackMessage, signal, responseType = 'json' } = options;
  // Offline the app shows the last loaded data for reading only.
  if (method !== 'GET' && isOffline()) throw new ApiError(0, OFFLINE_MESSAGES.refusedChange);
  const token = readStoredToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  // The 10 s limit covers the whole call, body included.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('API timeout', 'TimeoutError')), API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort);
  try {
    return await send<T>(path, method, { headers, body, isForm, responseType, fallbackMessage, token, signal: controller.signal });
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    console.warn(`API ${method} ${path} failed`, error);
    throw new ApiError(0, fallbackMessage);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

async function send<T>(
  path: string,
  method: string,
  options: {
    headers: Record<string, string>;
    body: unknown;
    isForm: boolean;
    responseType: 'json' | 'blob';
    fallbackMessage: string;
    token: string | null;
    signal: AbortSignal;
  },
): Promise<{ data: T; headers: Headers }> {
  const { headers, body, isForm, responseType, fallbackMessage, token, signal } = options;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    signal,
  });

  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: unknown; details?: ApiError['details'] } | null;
    const message = typeof payload?.error === 'string' && payload.error ? payload.error : fallbackMessage;
    // A call made with a token that is no longer the stored one (the session ended or changed
    // while it ran) says nothing about the session now.
    const withSession = token && token === readStoredToken() && !callsWithoutSessionExpiry.includes(path) && !isStoredTokenCheckRunning();
    if (withSession && response.status === 401) {
      expireSession();
    } else if (withSession && response.status === 403) {
      // A role or a membership may have changed while the session goes on: checked before it ends.
      reportAccessRefused();
    } else if (response.status === 429) {
      console.warn(`API ${method} ${path}: 呼び出しが制限されています (429)`);
    } else {
      console.warn(`API ${method} ${path}: ${response.status} ${message}`);
    }
    throw new ApiError(response.status, message, payload?.details);
  }

  const data = responseType === 'blob' ? await response.blob() : response.status === 204 ? undefined : await response.json();
  return { data: data as T, headers: response.headers };
}
