import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../contract/errors.ts';

/**
 * Reads a legacy form that may carry one picture: multipart (the specs' uploads), JSON or
 * url-encoded. Only `fileField` may be a file; a picture can only arrive as a real multipart file,
 * never as a string field, so the bytes are always what the client sent.
 */
export async function readUploadForm(
  request: FastifyRequest,
  fileField: string,
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
  for await (const part of request.parts()) {
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
