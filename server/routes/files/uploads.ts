import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMAGE_TYPES, UPLOAD_NAME, uploadDir, visibleUpload, type ImageExt } from '../../domain/chat/images.ts';

/**
 * GET /files/uploads/chat/:name — pictures of chat comments, to whoever may read that chat (an
 * unposted upload: its uploader only; a deleted comment's: nobody).
 *
 * They are only ever served as what they are: the type of the format the server itself wrote,
 * nosniff so no browser guesses otherwise, a CSP that forbids every script, style and frame (a
 * picture opened on its own is a document too), and the download name of a picture. The bytes
 * were re-encoded on upload (domain/chat/images.ts), so nothing but pixels is in them.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const dir = uploadDir(app.config.dataDir);

  app.get<{ Params: { name: string } }>('/files/uploads/chat/:name', async (request, reply) => {
    const notFound = () => reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'not_found' });
    const name = request.params.name;
    if (!UPLOAD_NAME.test(name)) return notFound();
    if (!(await visibleUpload(app.db, name, request.user?.id ?? null))) return notFound();
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(dir, name));
    } catch {
      return notFound();
    }
    return sendUploadedImage(reply, name, data);
  });
}

/**
 * Sends a stored upload (named by UPLOAD_NAME) only as the picture it is; shared by every route
 * that serves user pictures (chat, ticket design).
 */
export function sendUploadedImage(reply: FastifyReply, name: string, data: Buffer): FastifyReply {
  const ext = name.slice(name.lastIndexOf('.') + 1) as ImageExt;
  return reply
    .header('content-type', IMAGE_TYPES[ext])
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `inline; filename="image.${ext}"`)
    .header('cross-origin-resource-policy', 'same-origin')
    // Visibility can change (a comment deleted, a ticket cancelled): private and briefly cached.
    .header('cache-control', 'private, max-age=300')
    .send(data);
}
