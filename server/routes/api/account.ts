import type { FastifyInstance } from 'fastify';
import { CHAT_IMAGE_MAX_BYTES } from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import { AVATAR_URL_PREFIX, changeAvatar, squareAvatar } from '../../domain/accounts/avatar.ts';
import { citiesOf, countriesList } from '../../domain/accounts/repository.ts';
import { removeImageFile, uploadDir, writeImageFile } from '../../domain/images.ts';
import { ok } from '../envelope.ts';
import { needUser } from './events-shared.ts';
import { readUploadForm, type UploadLimits } from './forms.ts';

/** Cities of one country offered at once; a country with more is cut at this many, by name. */
const PLACES_MAX_CITIES = 2000;
const AVATAR_FORM: UploadLimits = { fileSize: CHAT_IMAGE_MAX_BYTES, fields: 2, fieldSize: 64 };

/**
 * The settings page's avatar (issue 15): POST /api/account/avatar (multipart `image`) stores the
 * picture cropped square and re-encoded, and makes it the person's; POST /api/account/avatar/remove
 * goes back to the drawn initials. Uploads need the network; they share the picture budget.
 */
export async function accountApi(app: FastifyInstance) {
  const dir = uploadDir(app.config.dataDir, 'avatars');
  const previousFile = (url: string) => (url.startsWith(AVATAR_URL_PREFIX) ? url.slice(AVATAR_URL_PREFIX.length) : null);
  const dropFile = (url: string) => {
    const name = previousFile(url);
    if (name) void removeImageFile(dir, name).catch((err: unknown) => app.log.warn({ err }, 'an old avatar could not be removed'));
  };

  app.post('/api/account/avatar', { onRequest: app.limits.throttle('image_upload') }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { image } = await readUploadForm(request, 'image', AVATAR_FORM);
    if (!image) throw new DomainError('invalid_image', 'image');
    const encoded = await squareAvatar(image);
    const name = await writeImageFile(dir, encoded);
    const url = `${AVATAR_URL_PREFIX}${name}`;
    let previous: string;
    try {
      ({ previous } = await app.writer.run((trx) => changeAvatar(trx, user.id, url)));
    } catch (err) {
      await removeImageFile(dir, name);
      throw err;
    }
    dropFile(previous);
    return ok({ avatar: url });
  });

  // The country and city choices of the settings page; the save itself is a profile.update.
  app.get<{ Querystring: { country?: string } }>('/api/account/places', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const code = String(request.query.country ?? '').toUpperCase();
    const cities = /^[A-Z]{2}$/.test(code) ? await citiesOf(app.db, code, PLACES_MAX_CITIES) : [];
    return ok({ countries: await countriesList(app.db), cities });
  });

  app.post('/api/account/avatar/remove', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { previous } = await app.writer.run((trx) => changeAvatar(trx, user.id, ''));
    dropFile(previous);
    return ok({ avatar: '' });
  });
}
