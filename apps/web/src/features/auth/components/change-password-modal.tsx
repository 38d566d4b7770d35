import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@inventory/contracts/auth';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';

// The confirmation is the browser's own check; the server gets the contract's fields. The current
// password is asked for (and required) whenever the account has one, as the server requires it.
function passwordForm(hasPassword: boolean) {
  return changePasswordBody.extend({ confirm_password: z.string() }).superRefine((values, context) => {
    if (hasPassword && !values.current_password) {
      context.addIssue({ code: 'custom', path: ['current_password'], message: '現在のパスワードは必須です' });
    }
    if (values.confirm_password !== values.new_password) {
      context.addIssue({ code: 'custom', path: ['confirm_password'], message: '新しいパスワードが一致しません' });
    }
  });
}
const changePasswordForm = passwordForm(true);
const firstPasswordForm = passwordForm(false);

/**
 * パスワード変更 in アカウント設定: the current password is required; every other device is signed
 * out. An account without a password (made by Google sign-in) sets its first one, asked for no
 * current password it never had.
 */
export function ChangePasswordModal({ hasPassword = true, onClose }: { hasPassword?: boolean; onClose: () => void }) {
  const formId = useId();
  const change = useChangePassword();
  const form = useForm<z.input<typeof changePasswordForm>, unknown, z.output<typeof changePasswordForm>>({
    resolver: zodResolver(hasPassword ? changePasswordForm : firstPasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(({ current_password, new_password }) =>
    change.mutate(hasPassword && current_password ? { current_password, new_password } : { new_password }, {
      onSuccess: () => {
        notify.success(hasPassword ? 'パスワードを変更しました' : 'パスワードを設定しました', 'ほかの端末ではログアウトされました');
        onClose();
      },
    }),
  );

  return (
    <FormModal
      open
      onClose={onClose}
      title="パスワード変更"
      size="sm"
      formId={formId}
      pending={change.isPending}
      submitLabel="変更する"
      pendingLabel="変更中..."
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
        {change.error ? <ErrorBanner message={change.error.message} onDismiss={() => change.reset()} /> : null}
        {hasPassword ? (
          <TextField
            label="現在のパスワード"
            type="password"
            autoComplete="current-password"
            autoFocus
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
        ) : (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            このアカウントにはまだパスワードがありません。設定すると、メールアドレスとパスワードでもログインできます。
          </p>
        )}
        <TextField
          label="新しいパスワード"
          type="password"
          autoComplete="new-password"
          placeholder="8文字以上"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <TextField
          label="新しいパスワード（確認）"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
        <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-800 dark:bg-blue-950/40 dark:text-blue-200">
          変更すると、この端末以外のすべての端末でログアウトされます。
        </p>
      </form>
    </FormModal>
  );
}
