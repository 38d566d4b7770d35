import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@inventory/contracts/account';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';

/** /forgot-password: the address; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm() {
  const request = useForgotPassword();
  const form = useForm<z.input<typeof forgotPasswordBody>, unknown, z.output<typeof forgotPasswordBody>>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      <div role="status" className="space-y-3 text-center">
        <MailCheck className="mx-auto h-12 w-12 text-green-600 dark:text-green-400" aria-hidden="true" />
        <p className="text-sm text-gray-700 dark:text-gray-300">{request.data.message}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">リンクの有効期限は1時間です。メールが届かないときは、迷惑メールのフォルダもご確認ください。</p>
      </div>
    );
  }

  return (
    <form onSubmit={form.handleSubmit((values) => request.mutate(values))} noValidate className="space-y-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        登録したメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。
      </p>
      {request.error ? <ErrorBanner message={request.error.message} onDismiss={() => request.reset()} /> : null}
      <TextField
        label="メールアドレス"
        type="email"
        autoComplete="email"
        autoFocus
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? '送信中...' : '再設定メールを送信'}
      </Button>
    </form>
  );
}
