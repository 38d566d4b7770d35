import multipart from '@fastify/multipart';
import { errorResponse, idParam } from '@inventory/contracts/fields';
import { createOrderBody, order } from '@inventory/contracts/orders';
import {
  createPartBody,
  csvImportResult,
  movementsQuery,
  part,
  type Part,
  stockEntryBody,
  stockEntryResponse,
  stockMovement,
  updatePartBody,
} from '@inventory/contracts/parts';
import { addPartTagBody, partTagsMap, tag, tagIdsQuery } from '@inventory/contracts/tags';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportFileName, exportPartsCsv } from '../../domains/parts/parts-csv-export.ts';
import { CSV_MAX_BYTES, csvImportMessages, importPartsCsv } from '../../domains/parts/parts-csv-import.ts';
import { listPartMovements } from '../../domains/parts/part-movements.ts';
import { createOrder } from '../../domains/orders/order-service.ts';
import { listPartsJson } from '../../domains/parts/parts-list-json.ts';
import { listParts } from '../../domains/parts/parts-repository.ts';
import { createPart, deletePart, getPart, partMessages, updatePart } from '../../domains/parts/parts-service.ts';
import { receiveStock } from '../../domains/stock-entries/receive-stock.ts';
import type { StockActor } from '../../domains/stock/part-stock.ts';
import { addTagToPart, getPartTagsMap, getTagsOfPart, removeTagFromPart, searchPartsByTags } from '../../domains/parts/part-tags.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const partParams = z.object({ id: idParam });
const messageResponse = z.object({ message: z.string() });

const actorOf = (request: FastifyRequest): StockActor => ({ workspaceId: request.auth.workspaceId, userId: request.auth.userId });

/** The uploaded CSV file (multipart field csv) as bytes. */
async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(csvImportMessages.fileMissing);
  const file = await request.file();
  if (!file || file.fieldname !== 'csv') {
    file?.file.resume();
    throw badRequest(csvImportMessages.fileMissing);
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, csvImportMessages.tooLarge);
    throw error;
  }
}

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin reads multipart bodies (the CSV upload); registered here, it stays here.
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, parts: 20 } });

  app.get(
    '/',
    { schema: { tags: ['parts'], security, response: { 200: z.array(part), ...errors } } },
    // The database writes the JSON itself (see parts-list-json.ts); a string sent as
    // application/json goes out as it is, so the cast only tells the type provider so.
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send((await listPartsJson(app.db, request.auth.workspaceId)) as unknown as Part[]),
  );

  app.get(
    '/low-stock',
    {
      schema: {
        tags: ['parts'],
        security,
        description: 'Parts whose current stock is at or below their minimum (current_stock <= min_stock_alert).',
        response: { 200: z.array(part), ...errors },
      },
    },
    async (request) => listParts(app.db, request.auth.workspaceId, { lowStockOnly: true }),
  );

  app.get(
    '/export/csv',
    {
      schema: {
        tags: ['parts'],
        security,
        description: 'All parts as CSV (UTF-8 with BOM), file parts_{yyyy-MM-dd}.csv.',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportPartsCsv(app.db, request.auth.workspaceId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvExportFileName()}"`)
        .send(csv);
    },
  );

  app.post(
    '/import/csv',
    {
      schema: {
        tags: ['parts'],
        security,
        description: 'Imports parts from a CSV file sent as multipart/form-data in the field csv (UTF-8 or Shift_JIS, at most 10 MB).',
        consumes: ['multipart/form-data'],
        response: { 200: csvImportResult, ...errors, 413: errorResponse },
      },
    },
    async (request) => importPartsCsv(app.db, actorOf(request), await readCsvUpload(request)),
  );

  app.get(
    '/tags/bulk',
    { schema: { tags: ['parts'], security, response: { 200: partTagsMap, ...errors } } },
    async (request) => getPartTagsMap(app.db, request.auth.workspaceId),
  );

  app.get(
    '/search/by-tags',
    {
      schema: {
        tags: ['parts'],
        security,
        description: 'Parts carrying ALL the given tags.',
        querystring: tagIdsQuery,
        response: { 200: z.array(part), ...errors },
      },
    },
    async (request) => searchPartsByTags(app.db, request.auth.workspaceId, request.query.tag_ids),
  );

  app.get(
    '/:id',
    { schema: { tags: ['parts'], security, params: partParams, response: { 200: part, ...errors } } },
    async (request) => getPart(app.db, request.auth.workspaceId, request.params.id),
  );

  app.post(
    '/',
    { schema: { tags: ['parts'], security, body: createPartBody, response: { 201: part, ...errors } } },
    async (request, reply) => reply.code(201).send(await createPart(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/:id',
    { schema: { tags: ['parts'], security, params: partParams, body: updatePartBody, response: { 200: part, ...errors } } },
    async (request) => updatePart(app.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['parts'], security, params: partParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await deletePart(app.db, request.auth.workspaceId, request.params.id);
      return { message: partMessages.deleted };
    },
  );

  app.post(
    '/:id/stock-entry',
    {
      schema: { tags: ['parts'], security, params: partParams, body: stockEntryBody, response: { 201: stockEntryResponse, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await receiveStock(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/:id/order',
    { schema: { tags: ['parts'], security, params: partParams, body: createOrderBody, response: { 201: order, ...errors } } },
    async (request, reply) => reply.code(201).send(await createOrder(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/:id/movements',
    {
      schema: {
        tags: ['parts'],
        security,
        params: partParams,
        querystring: movementsQuery,
        response: { 200: z.array(stockMovement), ...errors },
      },
    },
    async (request) => listPartMovements(app.db, request.auth.workspaceId, request.params.id, request.query.limit),
  );

  app.get(
    '/:id/tags',
    { schema: { tags: ['parts'], security, params: partParams, response: { 200: z.array(tag), ...errors } } },
    async (request) => getTagsOfPart(app.db, request.auth.workspaceId, request.params.id),
  );

  app.post(
    '/:id/tags',
    {
      schema: { tags: ['parts'], security, params: partParams, body: addPartTagBody, response: { 201: z.array(tag), ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await addTagToPart(app.db, request.auth.workspaceId, request.params.id, request.body.tag_id)),
  );

  app.delete(
    '/:id/tags/:tagId',
    {
      schema: {
        tags: ['parts'],
        security,
        params: z.object({ id: idParam, tagId: idParam }),
        response: { 200: z.array(tag), ...errors },
      },
    },
    async (request) => removeTagFromPart(app.db, request.auth.workspaceId, request.params.id, request.params.tagId),
  );
};
