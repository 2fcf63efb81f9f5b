import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@revlane/contracts';
import { badRequest } from '../../../platform/errors/http-error.js';

/** The form field the file travels in (CONTENT_API: "Upload: multipart field `file`"). */
export const FILE_FIELD = 'file';

/**
 * Parser limits. The upload limit itself is enforced by the service on the file stream,
 * which stops reading the request at the first byte too many. busboy's own file limit is
 * only a backstop above it: when busboy hits it, it truncates quietly and then reads (and
 * discards) the rest of the body before anyone could answer.
 */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES + 1024 * 1024,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 20,
  headerPairs: 100,
};

const missingFile = () =>
  badRequest(`Choose a file to upload (form field "${FILE_FIELD}")`, [
    { path: `body.${FILE_FIELD}`, message: 'A file is required' },
  ]);

const hasClientStatus = (error: unknown) => {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * The stream of the one uploaded file. Anything that is not a multipart form with a file in
 * the `file` field is a 400 naming that field; an unparsable form is a 400 too, not a 500.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Readable> {
  if (!request.isMultipart()) throw missingFile();
  let part;
  try {
    part = await request.file({ limits: MULTIPART_LIMITS });
  } catch (error) {
    if (hasClientStatus(error)) throw error;
    // busboy throws plain errors for a broken form (no boundary, bad headers).
    request.log.debug({ err: error }, 'unreadable multipart body');
    throw badRequest('The upload is not a valid multipart/form-data body');
  }
  if (!part || part.fieldname !== FILE_FIELD) throw missingFile();
  return part.file;
}
