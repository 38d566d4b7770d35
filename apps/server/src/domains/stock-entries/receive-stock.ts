import type { StockEntryResponse, stockEntryBody } from '@inventory/contracts/parts';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { optionalYenToSen } from '../../lib/money.ts';
import { findPartName } from '../parts/parts-repository.ts';
import { getPart } from '../parts/parts-service.ts';
import { changePartStock, PART_NOT_FOUND, type StockActor } from '../stock/part-stock.ts';
import { findStockEntry, insertStockEntry } from './stock-entries-repository.ts';

type StockEntryInput = z.output<typeof stockEntryBody>;

/**
 * A stock receipt (入荷): the entry row and the stock it adds (ledger kind 'receipt', pointing
 * at the entry) commit together or not at all.
 */
export async function receiveStock(db: Db, actor: StockActor, partId: number, input: StockEntryInput): Promise<StockEntryResponse> {
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await findPartName(trx, actor.workspaceId, partId)) === undefined) throw notFound(PART_NOT_FOUND);
      const id = await insertStockEntry(trx, {
        workspace_id: actor.workspaceId,
        part_id: partId,
        quantity: input.quantity,
        unit_price_sen: optionalYenToSen(input.unit_price),
        entry_date: input.entry_date,
        notes: input.notes,
        order_id: null,
        created_by: actor.userId,
      });
      await changePartStock(trx, actor, { partId, delta: input.quantity, kind: 'receipt', referenceId: id, effectiveDate: input.entry_date });
      const entry = await findStockEntry(trx, actor.workspaceId, id);
      if (!entry) throw notFound(PART_NOT_FOUND);
      return { entry, part: await getPart(trx, actor.workspaceId, partId) };
    });
  } catch (error) {
    // The part was deleted between our check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(PART_NOT_FOUND);
    throw error;
  }
}
