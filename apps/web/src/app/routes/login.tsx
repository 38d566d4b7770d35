import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { PasskeySignInButton } from '../../features/auth/components/passkey-sign-in-button.tsx';
import { SecondStepForm } from '../../features/auth/components/second-step-form.tsx';
import { clearSessionExpiredMessage, readSessionExpiredMessage } from '../../lib/session-expiry.ts';

const linkClass = 'font-medium text-blue-600 hover:underline dark:text-blue-400';

export function LoginRoute() {
  const navigate = useNavigate();
  // The session-expired message is shown once: read on first render, then cleared.
  const [expiredMessage] = useState(readSessionExpiredMessage);
  useEffect(() => clearSessionExpiredMessage(), []);
  // One error banner at a time: the attempt made last (password, passkey or Google) shows its error.
  const [lastAttempt, setLastAttempt] = useState<'password' | 'passkey' | 'google'>('password');
  // The password was right and 二段階認証 is on: the code comes next.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const goToDashboard = () => void navigate(paths.dashboard, { replace: true });

  if (mfaToken) {
    return (
      <AuthCard title="ログイン" subtitle="確認コードを入力してください">
        <SecondStepForm mfaToken={mfaToken} onSuccess={goToDashboard} onCancel={() => setMfaToken(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="ログイン" subtitle="アカウントにログインしてください">
      {expiredMessage ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {expiredMessage}
        </div>
      ) : null}
      <LoginForm
        onSuccess={goToDashboard}
        onSecondStep={setMfaToken}
        onAttempt={() => setLastAttempt('password')}
        showError={lastAttempt === 'password'}
      />
      <p className="mt-3 text-right text-sm">
        <Link to={paths.forgotPassword} className={linkClass}>
          パスワードをお忘れの方
        </Link>
      </p>
      <div className="my-5 flex items-center gap-3 text-xs text-gray-500 dark:text-gray-400">
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
        または
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
      </div>
      <div className="space-y-3">
        <PasskeySignInButton onSuccess={goToDashboard} onAttempt={() => setLastAttempt('passkey')} showError={lastAttempt === 'passkey'} />
        <GoogleSignInButton onAttempt={() => setLastAttempt('google')} showError={lastAttempt === 'google'} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        アカウントをお持ちでない方は{' '}
        <Link to={paths.register} className={linkClass}>
          新規登録
        </Link>
      </p>
    </AuthCard>
  );
}
