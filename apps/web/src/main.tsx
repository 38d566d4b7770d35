import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { lazyCode, whenIdle } from './lib/lazy-code.tsx';
import './index.css';

const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

// The service worker (and workbox-window with it) loads once the page is idle after its load: on
// a phone its code and its first install (every file of the app) took the main thread and the
// network from the screen's own calls and code.
const serviceWorker = lazyCode(() => import('./lib/service-worker.ts'));
window.addEventListener('load', () => whenIdle(() => void serviceWorker.load().then(({ registerServiceWorker }) => registerServiceWorker())));
