import sharp from 'sharp';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../effects.ts';
import { touchEventsOf } from '../events/repository.ts';
import { reencodeImage, type EncodedImage } from '../images.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import { accountById } from './repository.ts';
import { setAvatar } from './repository.ts';

/** The side of a stored avatar: enough for a retina profile header, small for lists. */
export const AVATAR_SIDE_PX = 512;
export const AVATAR_URL_PREFIX = '/files/uploads/avatars/';

/**
 * A person's picture: sanitised like every upload (domain/images.ts: format from the bytes,
 * decoded and encoded again, metadata gone), then cropped to the centre square and encoded again.
 */
export async function squareAvatar(input: Buffer): Promise<EncodedImage> {
  const clean = await reencodeImage(input);
  try {
    let pipeline = sharp(clean.data).resize(AVATAR_SIDE_PX, AVATAR_SIDE_PX, { fit: 'cover', position: 'attention', withoutEnlargement: false });
    if (clean.ext === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
    else if (clean.ext === 'jpg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else pipeline = pipeline.webp({ quality: 85 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ext: clean.ext, width: info.width, height: info.height };
  } catch {
    throw new DomainError('invalid_image');
  }
}

/**
 * Points the account at a stored avatar (or none, ''): the person's visitor documents change, so
 * every device that shows them pulls the new picture. Answers the previous one, for the caller to
 * delete once this has committed.
 */
export async function changeAvatar(trx: Tx, userId: number, url: string): Promise<{ effect: Effect; previous: string }> {
  const user = await accountById(trx, userId);
  if (!user || user.deleted || user.disabled) throw new DomainError('not_found', 'user');
  const previous = await setAvatar(trx, userId, url);
  const collections = ['visitors'];
  if ((await touchEventsOf(trx, userId)) > 0) collections.push('events');
  return { effect: { ids: await visitorDocIdsOf(trx, userId), collections, userIds: [userId] }, previous };
}
