import multipart from '@fastify/multipart';
import { Readable } from 'node:stream';
import { errorResponse } from '@inventory/contracts/fields';
import { csvImportResult } from '@inventory/contracts/parts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportFileName, exportPartsCsv } from '../../domains/parts/parts-csv-export.ts';
import { importPartsCsv } from '../../domains/parts/parts-csv-import.ts';
import { CSV_MAX_BYTES, csvImportMessages } from '../../domains/parts/parts-csv-parse.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { busyResponse as busy, bearerSecurity as security, changeErrorResponses as errors, heavyCall } from '../shared-responses.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The uploaded CSV file of POST /parts/import/csv, read whole by its preValidation hook. */
    csvUpload: Buffer;
  }
}

/**
 * The uploaded CSV file (multipart field csv) as bytes, the whole body read. A body the
 * multipart reader cannot read (no boundary, cut off before its end) is the client's fault: 400,
 * not 500; so is a second file, which would otherwise be left unread without a word.
 */
async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(csvImportMessages.fileMissing);
  let csv: Buffer | undefined;
  try {
    // Fields are read (and ignored) by the iterator; a second file ends it with FST_FILES_LIMIT.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'csv') {
        part.file.resume();
        throw badRequest(csvImportMessages.fileMissing);
      }
      csv = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, csvImportMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(csvImportMessages.oneFileOnly);
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw badRequest(csvImportMessages.unreadableUpload);
  }
  if (!csv) throw badRequest(csvImportMessages.fileMissing);
  return csv;
}

/** /parts/export/csv and /parts/import/csv. Only this plugin reads multipart bodies. */
export const partsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
  app.decorateRequest('csvUpload', null as unknown as Buffer);

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
      // Before the heavy-call slot (a preHandler): an upload that arrives slowly, or never ends,
      // holds no slot while it arrives, and config.httpDeadlines ends one that takes too long.
      preValidation: async (request) => {
        request.csvUpload = await readCsvUpload(request);
      },
      schema: {
        tags: ['parts'],
        security,
        description: 'Imports parts from a CSV file sent as multipart/form-data in the field csv (UTF-8 or Shift_JIS, at most 10 MB, one file).',
        consumes: ['multipart/form-data'],
        response: { 200: csvImportResult, ...errors, 413: errorResponse, ...busy },
      },
    },
    async (request) => importPartsCsv(app.db, request.auth, request.csvUpload),
  );
};
