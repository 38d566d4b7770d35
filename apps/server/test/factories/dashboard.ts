import type { FastifyInstance } from 'fastify';
import { addDays, localDateString } from '../../src/lib/time.ts';

// Dates for the dashboard tests, relative to the server's today (its local date).

export const today = () => localDateString();
/** The date `days` days from today (before it when negative). */
export const fromToday = (days: number) => addDays(today(), days);

/** Sets a part's minimum straight in the database (its stock goes through the API like any other). */
export async function setMinimum(app: FastifyInstance, partId: number, minimum: number) {
  await app.db.updateTable('parts').set({ min_stock_alert: minimum }).where('id', '=', partId).execute();
}
