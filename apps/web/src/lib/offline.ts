import { useSyncExternalStore } from 'react';
import { API_CACHE_NAME } from './offline-cache-name.ts';

// Whether the browser is offline, and the offline copy of API answers that the service worker
// keeps (src/sw.ts).

export const OFFLINE_MESSAGES = {
  banner: 'オフラインです',
  detail: '最後に読み込んだデータを表示しています。接続が戻るまで閲覧のみできます。',
  refusedChange: 'オフラインのため保存できません。接続が戻ってからもう一度お試しください',
} as const;

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/** Deletes the offline copy of API answers (at sign-out and at a workspace switch). */
export async function dropOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE_NAME).catch(() => false);
}
