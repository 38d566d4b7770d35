import type { SignedInDevice } from '@inventory/contracts/account';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatJapaneseDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useEndSignedInDevice } from '../api/end-signed-in-device.ts';
import { useSignedInDevices } from '../api/get-signed-in-devices.ts';
import { AccountSection } from './account-section.tsx';

const iconClass = 'h-5 w-5 shrink-0 text-gray-500 dark:text-gray-400';

function DeviceIcon({ type }: { type: string | null }) {
  if (type === 'mobile') return <Smartphone className={iconClass} aria-hidden="true" />;
  if (type === 'tablet') return <Tablet className={iconClass} aria-hidden="true" />;
  return <Monitor className={iconClass} aria-hidden="true" />;
}

export const deviceLabel = (device: Pick<SignedInDevice, 'browser' | 'os'>) =>
  [device.browser, device.os].filter(Boolean).join(' / ') || '不明な端末';

/** ログイン中の端末: each live session with its browser and OS; another one can be signed out here. */
export function DevicesSection({ onLogoutAll }: { onLogoutAll: () => void }) {
  const devices = useSignedInDevices();
  const end = useEndSignedInDevice();

  return (
    <AccountSection
      title="ログイン中の端末"
      description="このアカウントでログインしている端末です。心当たりのない端末があれば、ログアウトさせてパスワードを変更してください。"
      actions={
        <Button variant="secondary" onClick={onLogoutAll}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          すべての端末からログアウト
        </Button>
      }
    >
      {end.error ? <ErrorBanner message={end.error.message} onDismiss={() => end.reset()} /> : null}
      {devices.isPending ? (
        <LoadingSpinner label="端末を読み込み中..." className="py-4" />
      ) : devices.isError ? (
        <ErrorBanner message={devices.error.message} onRetry={() => void devices.refetch()} />
      ) : (
        <ul aria-label="ログイン中の端末" className="divide-y divide-gray-200 dark:divide-gray-800">
          {devices.data.map((device) => (
            <li key={device.id} className="flex items-center gap-3 py-3">
              <DeviceIcon type={device.device_type} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900 dark:text-gray-100">
                  <span className="truncate">{deviceLabel(device)}</span>
                  {device.current ? (
                    <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800 dark:bg-blue-900/50 dark:text-blue-200">この端末</span>
                  ) : null}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  ログイン: {formatJapaneseDateTime(device.signed_in_at)}
                  {' ・ '}
                  最終アクセス: {formatJapaneseDateTime(device.last_seen_at)}
                </p>
              </div>
              {device.current ? null : (
                <Button
                  variant="secondary"
                  className="shrink-0"
                  aria-label={`${deviceLabel(device)}をログアウトさせる`}
                  disabled={end.isPending}
                  onClick={() => end.mutate(device.id, { onSuccess: () => notify.success('端末をログアウトさせました') })}
                >
                  ログアウト
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
