import { MailExclamationPoint, X } from 'lucide-react';
import { useState } from 'react';
import { keepToastsBelow } from '../../../components/ui/toaster.tsx';
import { notify } from '../../../lib/notify.ts';
import { RESEND_VERIFICATION_MESSAGES, useSendVerification } from '../api/send-verification.ts';

/** Session storage: the id of the user who closed the banner in this tab (another user still sees it). */
export const VERIFICATION_BANNER_DISMISSED_KEY = 'verification_banner_dismissed';

/**
 * Unverified users can use the app, and a banner offers a resend. Closing it
 * hides it for the rest of the browser session; the user menu's 未認証 badge stays.
 */
export function VerificationBanner({ userId, email }: { userId: number; email: string }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(VERIFICATION_BANNER_DISMISSED_KEY) === String(userId));
  const resend = useSendVerification();

  if (dismissed) return null;

  const handleDismiss = () => {
    sessionStorage.setItem(VERIFICATION_BANNER_DISMISSED_KEY, String(userId));
    setDismissed(true);
  };
  const handleResend = () =>
    resend.mutate(email, {
      onSuccess: () => notify.success(RESEND_VERIFICATION_MESSAGES.success),
      onError: (error) => notify.error(error.message),
    });

  return (
    <div
      ref={keepToastsBelow}
      role="region"
      aria-label="メールアドレスの認証"
      className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <MailExclamationPoint className="hidden h-4 w-4 shrink-0 sm:block" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          {/* Narrow screens break between the phrases, not inside 未認証. */}
          <span className="inline-block">メールアドレスが</span>
          <span className="inline-block">未認証です。</span>
          <span className="hidden sm:inline">届いたメールのリンクから認証してください。</span>
        </p>
        <button
          type="button"
          onClick={handleResend}
          disabled={resend.isPending}
          className="shrink-0 rounded-md px-2 py-1 font-medium text-amber-900 underline underline-offset-2 hover:bg-amber-100 disabled:opacity-60 dark:text-amber-100 dark:hover:bg-amber-900/50"
        >
          {resend.isPending ? '送信中...' : '認証メールを再送信'}
        </button>
        <button
          type="button"
          aria-label="閉じる"
          onClick={handleDismiss}
          className="shrink-0 rounded-md p-1 hover:bg-amber-100 dark:hover:bg-amber-900/50"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
