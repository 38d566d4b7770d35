import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { healthRoutes } from './health.ts';
import { labelsRoutes } from './labels/index.ts';
import { inventoryRoutes } from './inventory/index.ts';
import { managementConsoleRoutes } from './management-console/index.ts';
import { manufacturingRoutes } from './manufacturing/index.ts';
import { partsRoutes } from './parts/index.ts';
import { productRoutes } from './products/index.ts';
import { salesRoutes } from './sales/index.ts';
import { scanRoutes } from './scan/index.ts';
import { stockEntriesRoutes } from './stock-entries/index.ts';
import { stocktakeRoutes } from './stocktakes/index.ts';
import { tagsRoutes } from './tags/index.ts';
import { orderRoutes } from './orders/index.ts';
import { workspaceRoutes } from './workspace/index.ts';

/** Every API route, mounted under /api. The folder is the URL prefix. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  // Signed in too, with its own hooks: the user's workspace list and the switch need only a session.
  await app.register(workspaceRoutes, { prefix: '/workspace' });

  // Everything below needs a signed-in member of the token's workspace.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(dashboardRoutes, { prefix: '/dashboard' });
    await signedIn.register(partsRoutes, { prefix: '/parts' });
    await signedIn.register(tagsRoutes, { prefix: '/tags' });
    await signedIn.register(stockEntriesRoutes, { prefix: '/stock-entries' });
    await signedIn.register(orderRoutes, { prefix: '/orders' });
    await signedIn.register(productRoutes, { prefix: '/products' });
    await signedIn.register(manufacturingRoutes, { prefix: '/manufacturing' });
    await signedIn.register(salesRoutes, { prefix: '/sales' });
    await signedIn.register(scanRoutes, { prefix: '/scan' });
    await signedIn.register(labelsRoutes, { prefix: '/labels' });
    await signedIn.register(stocktakeRoutes, { prefix: '/stocktakes' });
    await signedIn.register(inventoryRoutes, { prefix: '/inventory' });
    await signedIn.register(managementConsoleRoutes, { prefix: '/management-console' });
  });
}
