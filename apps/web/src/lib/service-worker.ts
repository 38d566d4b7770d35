import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';

// Registers the service worker (src/sw.ts) once the page has drawn. A new version is never
// swapped in under the user's hands: it waits, and the prompt reloads into it when accepted.

export const UPDATE_MESSAGES = { available: '新しいバージョンがあります', reload: '再読み込み' } as const;

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.info(UPDATE_MESSAGES.available, {
        duration: Number.POSITIVE_INFINITY,
        action: { label: UPDATE_MESSAGES.reload, onClick: () => void updateServiceWorker(true) },
      });
    },
  });
}
