import { WifiOff } from 'lucide-react';
import { OFFLINE_MESSAGES, useOffline } from '../../lib/offline.ts';

/** オフラインです: shown while the browser has no network; the screens show their last loaded data. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-gray-800 px-4 py-2 text-sm text-white dark:bg-gray-700">
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="font-semibold">{OFFLINE_MESSAGES.banner}</span>
      <span className="hidden sm:inline">{OFFLINE_MESSAGES.detail}</span>
    </div>
  );
}
