import { scanMessages, type ItemKind } from '@inventory/contracts/scan';
import type { DbOrTx } from '../../db/database.ts';
import { chunks } from '../../db/sql-helpers.ts';
import { conflict } from '../../lib/http-error.ts';
import { lockWorkspace } from '../workspaces/workspaces-repository.ts';

// A barcode names one item of the workspace, part or product, so a scan never has two answers.
// Each table has its own unique index; across the two tables the rule holds because everything
// that sets a barcode checks the other holders under the workspace row's lock (taken first, as
// every create takes it), so two simultaneous requests cannot both see the barcode free.

export interface BarcodeHolder {
  kind: ItemKind;
  id: number;
  name: string;
}

const KIND_LABELS: Record<ItemKind, string> = { part: '部品', product: '商品' };

/** The items holding any of the given barcodes in the workspace, by barcode. */
export async function findBarcodeHolders(db: DbOrTx, workspaceId: number, barcodes: string[]): Promise<Map<string, BarcodeHolder>> {
  const holders = new Map<string, BarcodeHolder>();
  for (const codes of chunks([...new Set(barcodes)])) {
    const parts = await db.selectFrom('parts').select(['id', 'name', 'barcode']).where('workspace_id', '=', workspaceId).where('barcode', 'in', codes).execute();
    const products = await db.selectFrom('products').select(['id', 'name', 'barcode']).where('workspace_id', '=', workspaceId).where('barcode', 'in', codes).execute();
    for (const row of parts) holders.set(row.barcode!, { kind: 'part', id: row.id, name: row.name });
    for (const row of products) holders.set(row.barcode!, { kind: 'product', id: row.id, name: row.name });
  }
  return holders;
}

/** The 409 message naming the item that holds a barcode. */
export const barcodeTakenMessage = (holder: BarcodeHolder) => scanMessages.barcodeTaken(KIND_LABELS[holder.kind], holder.name);

/**
 * Locks the workspace and answers 409 naming the holder when another item than `self` (null for
 * a new item) has the barcode. Call it first in the transaction that sets the barcode.
 */
export async function ensureBarcodeFree(trx: DbOrTx, workspaceId: number, barcode: string, self: { kind: ItemKind; id: number } | null) {
  await lockWorkspace(trx, workspaceId);
  const holder = (await findBarcodeHolders(trx, workspaceId, [barcode])).get(barcode);
  if (holder && !(self && holder.kind === self.kind && holder.id === self.id)) throw conflict(barcodeTakenMessage(holder));
}
