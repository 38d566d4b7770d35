import { zodResolver } from '@hookform/resolvers/zod';
import { loginTotpBody } from '@inventory/contracts/account';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { useLoginTotp } from '../api/login-totp.ts';

const codeForm = loginTotpBody.pick({ code: true });

/**
 * The second step of a sign-in with 二段階認証 on: a code of the authenticator app, or a
 * recovery code when the phone is not at hand.
 */
export function SecondStepForm({ mfaToken, onSuccess, onCancel }: { mfaToken: string; onSuccess: () => void; onCancel: () => void }) {
  const confirm = useLoginTotp();
  const form = useForm<z.input<typeof codeForm>, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });

  const handleSubmit = form.handleSubmit(({ code }) => confirm.mutate({ mfa_token: mfaToken, code }, { onSuccess }));

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        二段階認証が有効です。認証アプリに表示されている6桁の確認コードを入力してください。認証アプリを使えないときは、リカバリーコードを入力できます。
      </p>
      {confirm.error ? <ErrorBanner message={confirm.error.message} onDismiss={() => confirm.reset()} /> : null}
      <TextField
        label="確認コード"
        autoComplete="one-time-code"
        autoFocus
        autoCapitalize="off"
        spellCheck={false}
        placeholder="123456"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? '確認中...' : '確認してログイン'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onCancel}>
        最初からやり直す
      </Button>
    </form>
  );
}
