import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { PASSKEY_LOGIN_FAILED, usePasskeyLogin } from '../api/passkey-login.ts';
import { passkeyErrorMessage } from '../utils/web-authn.ts';

/**
 * パスキーでログイン: the browser offers the passkeys it holds for this site (fingerprint, face,
 * PIN), so no e-mail needs typing. `onAttempt` and `showError` keep one error banner on the page.
 */
export function PasskeySignInButton({ onSuccess, onAttempt, showError }: { onSuccess: () => void; onAttempt: () => void; showError: boolean }) {
  const signIn = usePasskeyLogin();
  const [message, setMessage] = useState<string | null>(null);

  const handleClick = () => {
    onAttempt();
    setMessage(null);
    signIn.mutate(undefined, {
      onSuccess,
      onError: (error) => setMessage(passkeyErrorMessage(error, PASSKEY_LOGIN_FAILED)),
    });
  };

  return (
    <div className="space-y-3">
      {message && showError ? <ErrorBanner message={message} onDismiss={() => setMessage(null)} /> : null}
      <Button variant="secondary" className="w-full" onClick={handleClick} disabled={signIn.isPending}>
        <Fingerprint className="h-4 w-4" aria-hidden="true" />
        {signIn.isPending ? 'パスキーを確認中...' : 'パスキーでログイン'}
      </Button>
    </div>
  );
}
