import { zodResolver } from '@hookform/resolvers/zod';
import { registerBody } from '@inventory/contracts/auth';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { useRegister } from '../api/register.ts';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useRegister();
  const form = useForm<z.input<typeof registerBody>, unknown, z.output<typeof registerBody>>({
    resolver: zodResolver(registerBody),
    defaultValues: { name: '', email: '', password: '', invitation_code: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) => signUp.mutate(values, { onSuccess }));

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {signUp.error ? <ErrorBanner message={signUp.error.message} onDismiss={() => signUp.reset()} /> : null}
      <TextField label="名前" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
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
        autoComplete="new-password"
        placeholder="8文字以上"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="招待コード（任意）"
        autoComplete="off"
        hint="招待された場合のみ入力してください"
        error={errors.invitation_code?.message}
        {...form.register('invitation_code')}
      />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? '登録中...' : '登録'}
      </Button>
    </form>
  );
}
