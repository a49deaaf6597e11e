import type { FastifyRequest } from 'fastify';
import { CHAT_IMAGE_MAX_BYTES } from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';

/** What one upload form may hold: one picture, a few text fields. */
export interface UploadLimits {
  fileSize: number;
  fields: number;
  fieldSize: number;
}

/** Busboy's limits for an upload form: one file, the fields, and room for the two of them. */
function busboyLimits(l: UploadLimits) {
  return { fileSize: l.fileSize, files: 1, fields: l.fields, parts: l.fields + 2, fieldSize: l.fieldSize, fieldNameSize: 64 };
}

/** The multipart plugin's limits (routes/api/index.ts), for a form read without its own. */
export const UPLOAD_DEFAULTS = busboyLimits({ fileSize: CHAT_IMAGE_MAX_BYTES, fields: 10, fieldSize: 1024 });

/**
 * Reads a legacy form that may carry one picture: multipart (the specs' uploads), JSON or
 * url-encoded (@fastify/formbody). Only `fileField` may be a file; a picture can only arrive as a
 * real multipart file, never as a string field, so the bytes are always what the client sent.
 * Limits beyond `limits` answer invalid_input or payload_too_large (routes/envelope.ts).
 */
export async function readUploadForm(
  request: FastifyRequest,
  fileField: string,
  limits: UploadLimits,
): Promise<{ fields: Record<string, unknown>; image?: Buffer }> {
  // No prototype: a field named __proto__ must stay a plain key.
  const fields: Record<string, unknown> = Object.create(null);
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields };
    if (typeof body !== 'object' || Array.isArray(body)) throw new DomainError('invalid_input', 'body');
    for (const [k, v] of Object.entries(body)) fields[k] = v;
    if (fileField in fields && fields[fileField] !== '' && fields[fileField] !== null) {
      throw new DomainError('invalid_input', `${fileField} must be sent as a multipart file`);
    }
    return { fields };
  }
  let image: Buffer | undefined;
  for await (const part of request.parts({ limits: busboyLimits(limits) })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw new DomainError('invalid_input', `unexpected file ${part.fieldname}`);
      }
      const data = await part.toBuffer();
      // A browser sends an empty file part when no file was chosen.
      if (data.length > 0) image = data;
    } else {
      if (part.valueTruncated || part.fieldnameTruncated) throw new DomainError('invalid_input', part.fieldname);
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
}
