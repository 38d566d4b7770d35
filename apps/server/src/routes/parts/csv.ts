import { Readable } from 'node:stream';
import { errorResponse } from '@inventory/contracts/fields';
import { csvImportResult } from '@inventory/contracts/parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportFileName, exportPartsCsv } from '../../domains/parts/parts-csv-export.ts';
import { importPartsCsv } from '../../domains/parts/parts-csv-import.ts';
import { acceptCsvUploads } from '../csv-upload.ts';
import { busyResponse as busy, bearerSecurity as security, changeErrorResponses as errors, heavyCall } from '../shared-responses.ts';

/** /parts/export/csv and /parts/import/csv (the upload is read by routes/csv-upload.ts). */
export const partsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const readUpload = await acceptCsvUploads(app);

  app.get(
    '/export/csv',
    {
      config: heavyCall,
      schema: {
        tags: ['parts'],
        security,
        description: 'All parts as CSV (UTF-8 with BOM), file parts_{yyyy-MM-dd}.csv.',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text'), ...errors, ...busy },
      },
    },
    async (request, reply) => {
      // Streamed page by page (see parts-csv-export.ts); the cast only tells the type provider
      // that the stream is the documented CSV text.
      const csv = Readable.from(exportPartsCsv(app.db, request.auth.workspaceId)) as unknown as string;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvExportFileName()}"`)
        .send(csv);
    },
  );

  app.post(
    '/import/csv',
    {
      config: heavyCall,
      preValidation: readUpload,
      schema: {
        tags: ['parts'],
        security,
        description: 'Imports parts from a CSV file sent as multipart/form-data in the field csv (UTF-8 or Shift_JIS, at most 10 MB, one file).',
        consumes: ['multipart/form-data'],
        response: { 200: csvImportResult, ...errors, 413: errorResponse, ...busy },
      },
    },
    async (request) => importPartsCsv(app.db, request.auth, request.csvUpload.bytes),
  );
};
