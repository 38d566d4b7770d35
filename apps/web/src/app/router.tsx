import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { LoadingSpinner } from '../components/ui/loading-spinner.tsx';
import { paths } from '../config/paths.ts';
import { ensureAuthenticated } from '../lib/auth-store.ts';
import { setSessionExpiryNavigator } from '../lib/session-expiry.ts';
import { readStoredToken } from '../lib/token-storage.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { loadSession, redirectSignedIn, requireSignedIn, requireSuperAdmin, requireWorkspaceAdmin } from './route-guards.ts';
import { NotFoundRoute } from './routes/not-found.tsx';

function RouteFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24">
      <LoadingSpinner label="読み込み中..." />
    </div>
  );
}

type Prefetch = (queryClient: QueryClient, url: URL) => void;

/**
 * A screen's first calls start as soon as their code is here, while the screen's own code is still
 * on its way, and when the page has just opened, beside the check of the stored token (after it,
 * they started a few hundred milliseconds later on a slow phone). They go out only with a token:
 * its check alone decides what their 401 or 403 means (lib/session-expiry.ts), and a session that
 * ends clears the cache they filled. The prefetching code is a small chunk of its own, so the first
 * page does not grow; a prefetch that cannot load changes nothing, the screen asks itself.
 */
function prefetching(queryClient: QueryClient, ...loads: Array<() => Promise<Prefetch>>) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const prefetchWithToken = async (load: () => Promise<Prefetch>) => {
      const prefetch = await load().catch(() => null);
      if (prefetch && readStoredToken()) prefetch(queryClient, url);
    };
    await Promise.all([ensureAuthenticated(), ...loads.map(prefetchWithToken)]);
    return null;
  };
}

// Every screen is loaded on demand, so the first page downloads only the frame and itself. The
// router's own `lazy` fetches a screen's code while its guard checks the session and keeps the
// current screen until the next one can draw; code inside a screen loads through lib/lazy-code.tsx.
// On the first page the frame (header, navigation) draws at once: the pathless route under it
// shows the spinner while the screen's code and the session check are on their way.
// Screens prefetch into `queryClient`, the app's one cache.
export function createRouter(queryClient: QueryClient) {
  const router = createBrowserRouter([
    {
      Component: RootLayout,
      children: [
        {
          HydrateFallback: RouteFallback,
          children: [
            { path: paths.login, lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }) },
            {
              path: paths.register,
              loader: redirectSignedIn,
              lazy: async () => ({ Component: (await import('./routes/register.tsx')).RegisterRoute }),
            },
            {
              path: paths.verifyEmail,
              loader: loadSession,
              lazy: async () => ({ Component: (await import('./routes/verify-email.tsx')).VerifyEmailRoute }),
            },
            {
              path: paths.forgotPassword,
              lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute }),
            },
            {
              path: paths.resetPassword,
              lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
            },
            {
              path: paths.googleCallback,
              lazy: async () => ({ Component: (await import('./routes/google-callback.tsx')).GoogleCallbackRoute }),
            },
            {
              loader: requireSignedIn,
              children: [
                {
                  index: true,
                  loader: prefetching(
                    queryClient,
                    async () => (await import('../features/dashboard/api/prefetch-dashboard.ts')).prefetchDashboard,
                  ),
                  lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardRoute }),
                },
                {
                  path: paths.parts,
                  loader: prefetching(
                    queryClient,
                    async () => (await import('../features/parts/api/prefetch-parts.ts')).prefetchParts,
                    async () => (await import('../features/tags/api/prefetch-tags.ts')).prefetchTags,
                  ),
                  lazy: async () => ({ Component: (await import('./routes/parts.tsx')).PartsRoute }),
                },
                { path: paths.stocktakes, lazy: async () => ({ Component: (await import('./routes/stocktakes.tsx')).StocktakesRoute }) },
                { path: paths.stocktake, lazy: async () => ({ Component: (await import('./routes/stocktake.tsx')).StocktakeRoute }) },
                { path: paths.valuation, lazy: async () => ({ Component: (await import('./routes/valuation.tsx')).ValuationRoute }) },
                {
                  path: paths.products,
                  loader: prefetching(
                    queryClient,
                    async () => (await import('../features/products/api/prefetch-products.ts')).prefetchProducts,
                  ),
                  lazy: async () => ({ Component: (await import('./routes/products.tsx')).ProductsRoute }),
                },
                {
                  path: paths.manufacturing,
                  loader: prefetching(
                    queryClient,
                    async () => (await import('../features/manufacturing/api/prefetch-manufacturing.ts')).prefetchManufacturing,
                  ),
                  lazy: async () => ({ Component: (await import('./routes/manufacturing.tsx')).ManufacturingRoute }),
                },
                {
                  path: paths.sales,
                  loader: prefetching(
                    queryClient,
                    async () => (await import('../features/sales/api/prefetch-sales.ts')).prefetchSales,
                  ),
                  lazy: async () => ({ Component: (await import('./routes/sales.tsx')).SalesRoute }),
                },
                { path: paths.salesImport, lazy: async () => ({ Component: (await import('./routes/sales-import.tsx')).SalesImportRoute }) },
                {
                  path: paths.orders,
                  loader: prefetching(
                    queryClient,
                    async () => (await import('../features/orders/api/prefetch-orders.ts')).prefetchOrders,
                  ),
                  lazy: async () => ({ Component: (await import('./routes/orders.tsx')).OrdersRoute }),
                },
                { path: paths.account, lazy: async () => ({ Component: (await import('./routes/account.tsx')).AccountRoute }) },
                { path: paths.scan, lazy: async () => ({ Component: (await import('./routes/scan.tsx')).ScanRoute }) },
                { path: paths.scannedItem, lazy: async () => ({ Component: (await import('./routes/scanned-item.tsx')).ScannedItemRoute }) },
                { path: paths.labels, lazy: async () => ({ Component: (await import('./routes/labels.tsx')).LabelsRoute }) },
                {
                  path: paths.workspaceSettings,
                  loader: requireWorkspaceAdmin,
                  lazy: async () => ({ Component: (await import('./routes/workspace-settings.tsx')).WorkspaceSettingsRoute }),
                },
                {
                  path: paths.managementConsole,
                  loader: requireSuperAdmin,
                  lazy: async () => ({ Component: (await import('./routes/management-console.tsx')).ManagementConsoleRoute }),
                },
              ],
            },
          ],
        },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
  setSessionExpiryNavigator((path) => void router.navigate(path));
  return router;
}
