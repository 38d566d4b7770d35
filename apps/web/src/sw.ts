/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME } from './lib/offline-cache-name.ts';

// The service worker (vite-plugin-pwa injects the build's file list into __WB_MANIFEST):
// - the app shell (index.html, scripts, styles, icons) is precached, so the app opens at once and
//   offline; every page path answers index.html, as the server does;
// - signed-in API reads go to the network first; the last answer is kept for reading offline,
//   under a key that includes a hash of the session's token, so another user or another workspace
//   of this browser (a new token) never gets it, and the app deletes the whole cache at sign-out
//   and at a workspace switch;
// - a new version waits until the user accepts 新しいバージョンがあります (SKIP_WAITING).

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

async function sessionKey(request: Request): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(request.headers.get('authorization') ?? ''));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  url.searchParams.set('__session', hex);
  return url.href;
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/api/docs') &&
    !url.pathname.includes('/export/') &&
    request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => sessionKey(request),
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
    ],
  }),
  'GET',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
