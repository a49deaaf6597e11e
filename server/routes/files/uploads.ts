import type { FastifyInstance, FastifyReply } from 'fastify';
import { readEventPicture } from '../../domain/organisers/pictures.ts';
import { visibleUpload } from '../../domain/chat/uploads.ts';
import { IMAGE_TYPES, readImageFile, UPLOAD_NAME, uploadDir, type ImageExt } from '../../domain/images.ts';

/**
 * GET /files/uploads/chat/:name — pictures of chat comments, to whoever may read that chat (an
 * unposted upload: its uploader only; a deleted comment's: nobody).
 *
 * They are only ever served as what they are: the type of the format the server itself wrote,
 * nosniff so no browser guesses otherwise, a CSP that forbids every script, style and frame (a
 * picture opened on its own is a document too), and the download name of a picture. The bytes
 * were re-encoded on upload (domain/images.ts), so nothing but pixels is in them.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const dir = uploadDir(app.config.dataDir, 'chat');
  const avatars = uploadDir(app.config.dataDir, 'avatars');

  // Avatars go wherever the person's card goes (lists, chats, badges), like the drawn ones; the
  // name is 128 random bits, so only the documents that carry it lead to it.
  app.get<{ Params: { name: string } }>('/files/uploads/avatars/:name', async (request, reply) => {
    const data = UPLOAD_NAME.test(request.params.name) ? await readImageFile(avatars, request.params.name) : null;
    if (!data) return reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'not_found' });
    return sendUploadedImage(reply, request.params.name, data);
  });

  // Posters, stand logos and pictures, guest speakers' pictures: public like the records that show
  // them; `size` (small, middle, big) picks one of the sizes made on upload (domain/organisers/pictures.ts).
  app.get<{ Params: { name: string }; Querystring: { size?: string } }>('/files/uploads/event-pictures/:name', async (request, reply) => {
    const name = request.params.name;
    const found = UPLOAD_NAME.test(name) ? await readEventPicture(app.db, app.config.dataDir, name, String(request.query.size ?? '')) : null;
    if (!found) return reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'not_found' });
    return sendUploadedImage(reply, found.name, found.data);
  });

  app.get<{ Params: { name: string } }>('/files/uploads/chat/:name', async (request, reply) => {
    const notFound = () => reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'not_found' });
    const name = request.params.name;
    if (!UPLOAD_NAME.test(name)) return notFound();
    if (!(await visibleUpload(app.db, name, request.user?.id ?? null))) return notFound();
    const data = await readImageFile(dir, name);
    return data ? sendUploadedImage(reply, name, data) : notFound();
  });
}

/**
 * Sends a stored upload (named by UPLOAD_NAME) only as the picture it is; shared by every route
 * that serves user pictures (chat, trip plans, ticket design).
 */
export function sendUploadedImage(reply: FastifyReply, name: string, data: Buffer): FastifyReply {
  const ext = name.slice(name.lastIndexOf('.') + 1) as ImageExt;
  return (
    reply
      .header('content-type', IMAGE_TYPES[ext])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `inline; filename="image.${ext}"`)
      .header('cross-origin-resource-policy', 'same-origin')
      // Visibility can change (a comment deleted, a ticket cancelled): private and briefly cached.
      .header('cache-control', 'private, max-age=300')
      .send(data)
  );
}
