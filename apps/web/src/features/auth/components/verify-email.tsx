import { zodResolver } from '@hookform/resolvers/zod';
import { sendVerificationBody } from '@inventory/contracts/auth';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { RESEND_VERIFICATION_MESSAGES, useSendVerification } from '../api/send-verification.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from './auth-card.tsx';

export const MISSING_TOKEN_MESSAGE = '認証トークンが指定されていません';

const linkClass = 'font-medium text-blue-600 hover:underline dark:text-blue-400';

/** /verify-email: processing, success, failure and no token. */
export function VerifyEmail({ token }: { token: string | null }) {
  const trimmed = token?.trim() ?? '';
  const { mutate, data, error, isSuccess, isError } = useVerifyEmail();
  const verifiedToken = useRef<string | null>(null);

  useEffect(() => {
    // The token is single use: a second request (React StrictMode runs effects twice in
    // development) would be refused and turn a success into a failure.
    if (!trimmed || verifiedToken.current === trimmed) return;
    verifiedToken.current = trimmed;
    mutate(trimmed);
  }, [trimmed, mutate]);

  return (
    <AuthCard title="メール認証">
      {!trimmed ? (
        <VerificationFailed message={MISSING_TOKEN_MESSAGE} />
      ) : isSuccess ? (
        <div className="space-y-6 text-center">
          <div role="status" className="space-y-3">
            <CircleCheck className="mx-auto h-12 w-12 text-green-600 dark:text-green-400" aria-hidden="true" />
            <p className="text-lg font-semibold text-gray-900 dark:text-gray-50">メール認証が完了しました</p>
            {data.message ? <p className="text-sm text-gray-600 dark:text-gray-400">{data.message}</p> : null}
          </div>
          <Link to={paths.dashboard} className="inline-flex rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
            ダッシュボードへ戻る
          </Link>
        </div>
      ) : isError ? (
        <VerificationFailed message={error.message} />
      ) : (
        <LoadingSpinner label="メールアドレスを認証しています..." className="py-6" />
      )}
    </AuthCard>
  );
}

function VerificationFailed({ message }: { message: string }) {
  const email = useAuthStore((state) => (state.status === 'authenticated' ? state.user?.email : undefined));

  return (
    <div className="space-y-5">
      <ErrorBanner message={message} />
      {email === undefined ? <ResendToTypedAddress /> : <ResendToSignedInUser email={email} />}
      <p className="text-center text-sm">
        <Link to={paths.login} className={linkClass}>
          ログインページへ
        </Link>
      </p>
    </div>
  );
}

const VALIDITY_NOTE = '認証リンクの有効期限は24時間で、一度しか使えません。';

function ResendToSignedInUser({ email }: { email: string }) {
  const resend = useSendVerification();
  return (
    <>
      <p className="text-sm text-gray-600 dark:text-gray-400">{VALIDITY_NOTE}ログイン中のアカウントに新しい認証メールを送信できます。</p>
      <ResendOutcome resend={resend} success={RESEND_VERIFICATION_MESSAGES.success} />
      <Button className="w-full" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? '送信中...' : '認証メールを再送信'}
      </Button>
    </>
  );
}

/** Signed out (a link opened on another device, or after the session ended): the address is typed in. */
function ResendToTypedAddress() {
  const resend = useSendVerification();
  const form = useForm<z.input<typeof sendVerificationBody>, unknown, z.output<typeof sendVerificationBody>>({
    resolver: zodResolver(sendVerificationBody),
    defaultValues: { email: '' },
  });
  const handleSubmit = form.handleSubmit(({ email }) => resend.mutate(email));

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-sm text-gray-600 dark:text-gray-400">{VALIDITY_NOTE}登録したメールアドレスを入力すると、新しい認証メールを送信できます。</p>
      <TextField
        label="メールアドレス"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <ResendOutcome resend={resend} success={RESEND_VERIFICATION_MESSAGES.sentIfRegistered} />
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? '送信中...' : '認証メールを再送信'}
      </Button>
    </form>
  );
}

function ResendOutcome({ resend, success }: { resend: ReturnType<typeof useSendVerification>; success: string }) {
  if (resend.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800 dark:bg-green-950/50 dark:text-green-200">
        {success}
      </p>
    );
  }
  if (resend.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {resend.error.message}
      </p>
    );
  }
  return null;
}
