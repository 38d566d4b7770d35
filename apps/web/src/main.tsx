import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { lazyCode } from './lib/lazy-code.tsx';
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

// The service worker (and workbox-window with it) loads after the first paint.
const serviceWorker = lazyCode(() => import('./lib/service-worker.ts'));
window.addEventListener('load', () => void serviceWorker.load().then(({ registerServiceWorker }) => registerServiceWorker()));
