import { errorResponse } from '@inventory/contracts/fields';
import {
  salesImportAlias,
  salesImportAliasBody,
  salesImportFormat,
  salesImportFormatBody,
  salesImportHistoryEntry,
  salesImportResult,
  salesImportSample,
} from '@inventory/contracts/sales-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saveAlias } from '../../domains/sales-import/product-matching.ts';
import { createFormat, deleteFormat, formatMessages, listFormats, updateFormat } from '../../domains/sales-import/sales-import-formats.ts';
import { listHistory } from '../../domains/sales-import/sales-import-repository.ts';
import { importSales, previewSalesImport, sampleSalesImportFile } from '../../domains/sales-import/sales-import-service.ts';
import { acceptCsvUploads } from '../csv-upload.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  changeErrorResponses as changeErrors,
  heavyCall,
  idParams,
  messageResponse,
  readErrorResponses as errors,
} from '../shared-responses.ts';

// /sales/import (販売管理 → 注文を取り込む): a shop's order file read through Shopify's layout or
// a saved format, previewed, then imported as sales; the formats, the remembered product choices
// for lines that match no product, and the history.

const docs = { tags: ['sales import'], security: bearerSecurity };
const upload = 'multipart/form-data: the file in the field csv (UTF-8 or Shift_JIS, comma or tab separated, at most 10 MB and 10,000 lines)';
const sourceField = 'and the field source: shopify, or the id of a saved format';

export const salesImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readUpload = await acceptCsvUploads(app);
  const fileResponses = { ...changeErrors, 413: errorResponse, ...busy };

  app.post(
    '/sample',
    {
      config: heavyCall,
      preValidation: readUpload,
      schema: {
        ...docs,
        description: `The header row and the first rows of a file, as read, for mapping its columns. ${upload}.`,
        consumes: ['multipart/form-data'],
        response: { 200: salesImportSample, ...fileResponses },
      },
    },
    async (request) => sampleSalesImportFile(request.csvUpload),
  );

  app.post(
    '/preview',
    {
      config: heavyCall,
      preValidation: readUpload,
      schema: {
        ...docs,
        description: `What importing the file would do now; changes nothing. ${upload}, ${sourceField}.`,
        consumes: ['multipart/form-data'],
        response: { 200: salesImportResult, ...fileResponses },
      },
    },
    async (request) => previewSalesImport(app.db, request.auth.workspaceId, request.csvUpload),
  );

  app.post(
    '/',
    {
      config: heavyCall,
      preValidation: readUpload,
      schema: {
        ...docs,
        description: `Imports the file's order lines as sales (each line once), deletes the sales of orders cancelled since. ${upload}, ${sourceField}.`,
        consumes: ['multipart/form-data'],
        response: { 200: salesImportResult, ...fileResponses },
      },
    },
    async (request) => importSales(app.db, request.auth, request.csvUpload),
  );

  app.get(
    '/formats',
    { schema: { ...docs, description: 'The saved order formats of the workspace, by name.', response: { 200: z.array(salesImportFormat), ...errors } } },
    async (request) => listFormats(app.db, request.auth.workspaceId),
  );

  app.post(
    '/formats',
    { schema: { ...docs, body: salesImportFormatBody, response: { 201: salesImportFormat, ...changeErrors } } },
    async (request, reply) => reply.code(201).send(await createFormat(app.db, request.auth.workspaceId, request.body)),
  );

  app.put(
    '/formats/:id',
    { schema: { ...docs, params: idParams, body: salesImportFormatBody, response: { 200: salesImportFormat, ...changeErrors } } },
    async (request) => updateFormat(app.db, request.auth.workspaceId, request.params.id, request.body),
  );

  app.delete(
    '/formats/:id',
    {
      schema: {
        ...docs,
        description: 'Deletes the format and its remembered product choices; sales imported with it stay.',
        params: idParams,
        response: { 200: messageResponse, ...changeErrors },
      },
    },
    async (request) => {
      await deleteFormat(app.db, request.auth.workspaceId, request.params.id);
      return { message: formatMessages.deleted };
    },
  );

  app.post(
    '/aliases',
    {
      schema: {
        ...docs,
        description: 'Remembers which product lines of the source with this SKU and name are (product_id null: not imported), for every later import.',
        body: salesImportAliasBody,
        response: { 200: salesImportAlias, ...changeErrors },
      },
    },
    async (request) => saveAlias(app.db, request.auth, request.body),
  );

  app.get(
    '/history',
    { schema: { ...docs, description: 'The latest 50 imports, newest first.', response: { 200: z.array(salesImportHistoryEntry), ...errors } } },
    async (request) => listHistory(app.db, request.auth.workspaceId),
  );
};
