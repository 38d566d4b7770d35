import { zodResolver } from '@hookform/resolvers/zod';
import { type TotpSetupResponse, totpEnableBody } from '@inventory/contracts/account';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useEnableTotp } from '../api/enable-totp.ts';
import { useSetUpTotp } from '../api/set-up-totp.ts';
import { AccountSection, statusBadgeClass } from './account-section.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

// The QR code library loads when a setup starts; the dialog when it is first opened.
const TotpQrCode = lazyComponent(async () => (await import('./totp-qr-code.tsx')).TotpQrCode);
const DisableTotpModal = lazyComponent(async () => (await import('./disable-totp-modal.tsx')).DisableTotpModal);

/** 二段階認証: set up with an authenticator app (QR code), confirm with a code, keep the recovery codes; or turn off. */
export function TotpSection({
  enabled,
  hasPassword,
  recoveryCodesRemaining,
  email,
}: {
  enabled: boolean;
  hasPassword: boolean;
  recoveryCodesRemaining: number;
  email: string;
}) {
  const setUp = useSetUpTotp();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);

  const status = (
    <span className={enabled ? statusBadgeClass.on : statusBadgeClass.off}>{enabled ? '有効' : '無効'}</span>
  );

  return (
    <AccountSection
      title="二段階認証（認証アプリ）"
      description="ログインのたびに、パスワードに加えて認証アプリ（Google Authenticator、Microsoft Authenticator など）の6桁の確認コードを求めます。"
      actions={
        recoveryCodes ? null : enabled ? (
          <Button variant="secondary" onClick={() => setDisabling(true)}>
            無効にする
          </Button>
        ) : setUp.data ? null : (
          <Button onClick={() => setUp.mutate()} disabled={setUp.isPending}>
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            {setUp.isPending ? '準備中...' : '二段階認証を設定する'}
          </Button>
        )
      }
    >
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          状態: {status}
          {enabled && !recoveryCodes ? <span>リカバリーコード残り {recoveryCodesRemaining} 件</span> : null}
        </p>
        {setUp.error ? <ErrorBanner message={setUp.error.message} onDismiss={() => setUp.reset()} /> : null}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} email={email} onDone={() => setRecoveryCodes(null)} />
        ) : !enabled && setUp.data ? (
          <TotpSetup
            setup={setUp.data}
            onEnabled={(codes) => {
              setUp.reset();
              setRecoveryCodes(codes);
            }}
            onCancel={() => setUp.reset()}
          />
        ) : null}
      </div>
      {disabling ? <DisableTotpModal hasPassword={hasPassword} onClose={() => setDisabling(false)} /> : null}
    </AccountSection>
  );
}

function TotpSetup({ setup, onEnabled, onCancel }: { setup: TotpSetupResponse; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTotp();
  const form = useForm<z.input<typeof totpEnableBody>, unknown, z.output<typeof totpEnableBody>>({
    resolver: zodResolver(totpEnableBody),
    defaultValues: { code: '' },
  });

  const handleSubmit = form.handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: ({ recovery_codes }) => {
        notify.success('二段階認証を有効にしました');
        onEnabled(recovery_codes);
      },
    }),
  );

  return (
    <div className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
        <li>スマートフォンの認証アプリで、下のQRコードを読み取ってください。</li>
        <li>読み取れないときは、セットアップキーを手で入力してください。</li>
        <li>認証アプリに表示された6桁の確認コードを入力して「有効にする」を押してください。</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <TotpQrCode otpauthUrl={setup.otpauth_url} />
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <p className="text-sm font-medium text-gray-700 dark:text-gray-300">セットアップキー</p>
            <p data-testid="totp-secret" className="mt-1 font-mono text-sm break-all text-gray-900 dark:text-gray-100">
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </p>
          </div>
          <form onSubmit={handleSubmit} noValidate className="space-y-3">
            {enable.error ? <ErrorBanner message={enable.error.message} onDismiss={() => enable.reset()} /> : null}
            <TextField
              label="確認コード"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              error={form.formState.errors.code?.message}
              {...form.register('code')}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={enable.isPending}>
                {enable.isPending ? '確認中...' : '有効にする'}
              </Button>
              <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
                キャンセル
              </Button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}
