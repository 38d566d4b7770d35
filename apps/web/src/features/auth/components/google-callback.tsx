import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { checkGoogleCallback, GOOGLE_CALLBACK_MESSAGES, useCompleteGoogleSignIn } from '../api/complete-google-sign-in.ts';
import { AuthCard } from './auth-card.tsx';

/** After a failure the page returns to /login after 3 s. */
export const CALLBACK_ERROR_REDIRECT_MS = 3_000;

/**
 * /auth/google/callback: checks code and state (or the provider's `error`), posts them, and signs
 * in. `onSignedIn` and `onGiveUp` are where the route goes next (the dashboard, the login page
 * 3 s after a failure or a cancellation).
 */
export function GoogleCallback({
  code,
  state,
  providerError,
  onSignedIn,
  onGiveUp,
}: {
  code: string | null;
  state: string | null;
  providerError: string | null;
  onSignedIn: () => void;
  onGiveUp: () => void;
}) {
  // Checked once when the page opens: success removes the stored state, which must not turn
  // into a mismatch on the next render.
  const [checkError] = useState(() => checkGoogleCallback(code, state, providerError));
  const { mutate, error, isError } = useCompleteGoogleSignIn();
  const sentCode = useRef<string | null>(null);
  const signedIn = useEffectEvent(onSignedIn);
  const giveUp = useEffectEvent(onGiveUp);

  useEffect(() => {
    // The code is single use: a second request (React StrictMode runs effects twice in
    // development) would fail after the first one signed in.
    if (checkError || !code || !state || sentCode.current === code) return;
    sentCode.current = code;
    mutate({ code, state }, { onSuccess: () => signedIn() });
  }, [checkError, code, state, mutate]);

  const message = checkError ?? (isError ? error.message : null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => giveUp(), CALLBACK_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <AuthCard title="Googleでログイン">
      {message ? (
        <div className="space-y-4">
          {message === GOOGLE_CALLBACK_MESSAGES.cancelled ? (
            // The person's own choice, not an error.
            <p
              role="status"
              className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
            >
              {message}
            </p>
          ) : (
            <ErrorBanner message={message} />
          )}
          <p className="text-center text-sm text-gray-600 dark:text-gray-400">
            3秒後にログインページへ戻ります。{' '}
            <Link to={paths.login} replace className="inline-block font-medium text-blue-600 hover:underline dark:text-blue-400">
              今すぐ戻る
            </Link>
          </p>
        </div>
      ) : (
        <LoadingSpinner label="認証中..." className="py-6" />
      )}
    </AuthCard>
  );
}
