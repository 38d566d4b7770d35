import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { VerificationBadge } from '../../../components/ui/user-badges.tsx';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useAccountSecurity } from '../api/get-account-security.ts';
import { AccountSection } from './account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PreviousWorkspacesSection } from './previous-workspaces-section.tsx';
import { TotpSection } from './totp-section.tsx';

const ChangePasswordModal = lazyComponent(async () => (await import('./change-password-modal.tsx')).ChangePasswordModal);
const LogoutAllModal = lazyComponent(async () => (await import('./logout-all-modal.tsx')).LogoutAllModal);

/**
 * アカウント設定 (/account, from the user menu): the password, the second factor, passkeys, the
 * signed-in devices, and after a takeover the workspaces to review. `onSignedOutEverywhere` runs
 * once すべての端末からログアウト has ended this session too.
 */
export function AccountSettings({ name, onSignedOutEverywhere }: { name: string; onSignedOutEverywhere: () => void }) {
  const security = useAccountSecurity();
  const [dialog, setDialog] = useState<'password' | 'logout-all' | null>(null);
  const closeDialog = () => setDialog(null);

  return (
    <PageContainer>
      <PageHeader title="アカウント設定" subtitle="パスワード、二段階認証、パスキー、ログイン中の端末を管理します" />
      <div className="space-y-6">
        <PreviousWorkspacesSection />
        {security.isPending ? (
          <LoadingSpinner label="アカウント情報を読み込み中..." className="py-8" />
        ) : security.isError ? (
          <ErrorBanner message={security.error.message} onRetry={() => void security.refetch()} />
        ) : (
          <>
            <AccountSection
              title="ログイン情報"
              actions={
                <Button variant="secondary" onClick={() => setDialog('password')}>
                  <KeyRound className="h-4 w-4" aria-hidden="true" />
                  {security.data.has_password ? 'パスワード変更' : 'パスワードを設定'}
                </Button>
              }
            >
              <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-gray-600 dark:text-gray-400">名前</dt>
                <dd className="text-gray-900 dark:text-gray-100">{name}</dd>
                <dt className="text-gray-600 dark:text-gray-400">メールアドレス</dt>
                <dd className="flex flex-wrap items-center gap-2 break-all text-gray-900 dark:text-gray-100">
                  {security.data.email} <VerificationBadge verified={security.data.email_verified} />
                </dd>
                <dt className="text-gray-600 dark:text-gray-400">パスワード</dt>
                <dd className="text-gray-900 dark:text-gray-100">
                  {security.data.has_password ? '設定済み' : '未設定（Googleでログインしています）'}
                </dd>
                {security.data.google_linked ? (
                  <>
                    <dt className="text-gray-600 dark:text-gray-400">Googleログイン</dt>
                    <dd className="text-gray-900 dark:text-gray-100">連携済み</dd>
                  </>
                ) : null}
              </dl>
            </AccountSection>
            <TotpSection
              enabled={security.data.totp_enabled}
              hasPassword={security.data.has_password}
              recoveryCodesRemaining={security.data.recovery_codes_remaining}
              email={security.data.email}
            />
          </>
        )}
        <PasskeysSection />
        <DevicesSection onLogoutAll={() => setDialog('logout-all')} />
      </div>
      {dialog === 'password' && security.data ? <ChangePasswordModal hasPassword={security.data.has_password} onClose={closeDialog} /> : null}
      {dialog === 'logout-all' ? <LogoutAllModal onClose={closeDialog} onSignedOut={onSignedOutEverywhere} /> : null}
    </PageContainer>
  );
}
