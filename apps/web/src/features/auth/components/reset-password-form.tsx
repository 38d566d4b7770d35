import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordBody } from '@inventory/contracts/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { SecondStepForm } from './second-step-form.tsx';

export const MISSING_RESET_TOKEN_MESSAGE = '再設定リンクが正しくありません。メールのリンクをもう一度開くか、パスワードの再設定をお申し込みください';

// The confirmation is the browser's own check; the server gets the token and the password.
const newPasswordForm = resetPasswordBody
  .pick({ password: true })
  .extend({ confirm_password: z.string() })
  .refine((values) => values.confirm_password === values.password, { path: ['confirm_password'], error: 'パスワードが一致しません' });

/** /reset-password?token=…: the new password; then signed in (after the second step when TOTP is on). */
export function ResetPasswordForm({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const reset = useResetPassword();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const form = useForm<z.input<typeof newPasswordForm>, unknown, z.output<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  if (mfaToken) return <SecondStepForm mfaToken={mfaToken} onSuccess={onSignedIn} onCancel={onSignedIn} />;

  const handleSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      { onSuccess: (answer) => ('token' in answer ? onSignedIn() : setMfaToken(answer.mfa_token)) },
    ),
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        新しいパスワードを入力してください。設定すると、ログイン中のすべての端末からログアウトされます。
      </p>
      {reset.error ? <ErrorBanner message={reset.error.message} onDismiss={() => reset.reset()} /> : null}
      <TextField
        label="新しいパスワード"
        type="password"
        autoComplete="new-password"
        placeholder="8文字以上"
        autoFocus
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="新しいパスワード（確認）"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...form.register('confirm_password')}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? '設定中...' : 'パスワードを設定してログイン'}
      </Button>
    </form>
  );
}
