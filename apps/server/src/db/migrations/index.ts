import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-22-0001-initial-schema.ts';
import * as loginFailuresByClient from './2026-11-22-0002-login-failures-by-client.ts';
import * as orderPlan from './2026-11-22-0003-order-plan.ts';
import * as salesProductIndex from './2026-11-22-0004-sales-product-index.ts';
import * as salesTotalsIndexes from './2026-11-22-0005-sales-totals-indexes.ts';
import * as recipeLinesCoveringIndex from './2026-11-22-0006-recipe-lines-covering-index.ts';
import * as productRecipeTotals from './2026-11-26-0007-product-recipe-totals.ts';
import * as usersLastWorkspace from './2026-11-27-0008-users-last-workspace.ts';
import * as recipeTotalsOfEveryProduct from './2026-11-27-0009-recipe-totals-of-every-product.ts';
import * as accountRecovery from './2026-11-27-0021-account-recovery.ts';
import * as salesImport from './2026-11-27-0023-sales-import.ts';
import * as stocktakesAndValuation from './2026-11-27-0024-stocktakes-and-valuation.ts';
import * as barcodes from './2026-11-27-0025-barcodes.ts';

// Listed statically (not read from the folder) so the order is explicit and bundlers keep them.
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial-schema': initialSchema,
  '2026-11-22-0002-login-failures-by-client': loginFailuresByClient,
  '2026-11-22-0003-order-plan': orderPlan,
  '2026-11-22-0004-sales-product-index': salesProductIndex,
  '2026-11-22-0005-sales-totals-indexes': salesTotalsIndexes,
  '2026-11-22-0006-recipe-lines-covering-index': recipeLinesCoveringIndex,
  '2026-11-26-0007-product-recipe-totals': productRecipeTotals,
  '2026-11-27-0008-users-last-workspace': usersLastWorkspace,
  '2026-11-27-0009-recipe-totals-of-every-product': recipeTotalsOfEveryProduct,
  '2026-11-27-0021-account-recovery': accountRecovery,
  '2026-11-27-0023-sales-import': salesImport,
  '2026-11-27-0024-stocktakes-and-valuation': stocktakesAndValuation,
  '2026-11-27-0025-barcodes': barcodes,
};
