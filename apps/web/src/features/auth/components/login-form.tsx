import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@inventory/contracts/auth';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { useLogin } from '../api/login.ts';

/**
 * `onAttempt` and `showError` let the page keep one error banner for this form and the other
 * buttons. With 二段階認証 on, the password answers the second step: `onSecondStep` gets its token.
 */
export function LoginForm({
  onSuccess,
  onSecondStep,
  onAttempt,
  showError,
}: {
  onSuccess: () => void;
  onSecondStep: (mfaToken: string) => void;
  onAttempt: () => void;
  showError: boolean;
}) {
  const signIn = useLogin();
  const form = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) => {
    onAttempt();
    signIn.mutate(values, { onSuccess: (answer) => ('token' in answer ? onSuccess() : onSecondStep(answer.mfa_token)) });
  });

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {signIn.error && showError ? <ErrorBanner message={signIn.error.message} onDismiss={() => signIn.reset()} /> : null}
      <TextField
        label="メールアドレス"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="パスワード"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'ログイン中...' : 'ログイン'}
      </Button>
    </form>
  );
}
