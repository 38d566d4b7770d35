import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDisableTotp } from '../api/disable-totp.ts';

/** Turns 二段階認証 off: the password proves it is the owner (a code, for an account without one). */
export function DisableTotpModal({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const formId = useId();
  const disable = useDisableTotp();
  const [value, setValue] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(hasPassword ? { password: value } : { code: value }, {
      onSuccess: () => {
        notify.success('二段階認証を無効にしました');
        onClose();
      },
    });
  };

  return (
    <FormModal
      open
      onClose={onClose}
      title="二段階認証を無効にする"
      size="sm"
      formId={formId}
      pending={disable.isPending}
      submitLabel="無効にする"
      pendingLabel="処理中..."
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          無効にすると、ログインにはパスワードだけが使われます。リカバリーコードも使えなくなります。
        </p>
        {disable.error ? <ErrorBanner message={disable.error.message} onDismiss={() => disable.reset()} /> : null}
        {hasPassword ? (
          <TextField label="パスワード" type="password" autoComplete="current-password" autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
        ) : (
          <TextField label="確認コード" autoComplete="one-time-code" autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
        )}
      </form>
    </FormModal>
  );
}
