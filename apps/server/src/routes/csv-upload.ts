import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSV_MAX_BYTES, csvFileMessages } from '../lib/csv-file.ts';
import { badRequest, HttpError } from '../lib/http-error.ts';

// The multipart upload of a CSV import (parts, shop orders), read whole in the route's
// preValidation hook: before the heavy-call slot (a preHandler), so an upload that arrives
// slowly, or never ends, holds no slot while it arrives, and config.httpDeadlines ends one that
// takes too long.

export interface CsvUpload {
  /** The file's bytes (multipart field csv). */
  bytes: Buffer;
  /** The file name the browser sent ('' without one). */
  fileName: string;
  /** The text fields sent with it, by name (the last value of a repeated name). */
  fields: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The uploaded CSV file of an import route, read whole by its preValidation hook. */
    csvUpload: CsvUpload;
  }
}

/**
 * The uploaded CSV file (multipart field csv) with the text fields, the whole body read. A body
 * the multipart reader cannot read (no boundary, cut off before its end) is the client's fault:
 * 400, not 500; so is a second file, which would otherwise be left unread without a word.
 */
async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw badRequest(csvFileMessages.fileMissing);
  let upload: CsvUpload | undefined;
  const fields: Record<string, string> = {};
  try {
    // A second file ends the iterator with FST_FILES_LIMIT.
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'csv') {
        part.file.resume();
        throw badRequest(csvFileMessages.fileMissing);
      }
      upload = { bytes: await part.toBuffer(), fileName: part.filename ?? '', fields };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, csvFileMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(csvFileMessages.oneFileOnly);
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw badRequest(csvFileMessages.unreadableUpload);
  }
  if (!upload) throw badRequest(csvFileMessages.fileMissing);
  return upload;
}

/**
 * Lets the routes of the calling plugin read CSV uploads: registers the multipart reader (in that
 * plugin's scope only) and answers the preValidation hook that fills request.csvUpload.
 */
export async function acceptCsvUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1000 } });
  app.decorateRequest('csvUpload', null as unknown as CsvUpload);
  return async (request: FastifyRequest) => {
    request.csvUpload = await readCsvUpload(request);
  };
}
