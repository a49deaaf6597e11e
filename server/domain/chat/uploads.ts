import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { removeImageFile, uploadDir, type EncodedImage } from '../images.ts';
import { attachUpload, countUnattachedUploads, deleteStaleUploads, insertUploadRow, uploadVisibleTo } from './upload-repository.ts';

/**
 * Pictures uploaded for chat comments (the pictures themselves: domain/images.ts). An upload is
 * recorded for its uploader and event, shown once a comment claims it, and swept when nobody did.
 */

/** Unattached uploads older than this are removed (with their files) as new uploads arrive. */
const UNATTACHED_TTL_MS = 24 * 3600 * 1000;
/** Uploads a user may hold unattached at once: enough for a few retries, not a file store. */
const UNATTACHED_MAX = 20;

/** Records an upload of `userId` for `eventId`; rate_limited when they hold too many unattached. */
export async function insertUpload(q: Q, userId: number, eventId: number, name: string, image: EncodedImage): Promise<void> {
  if ((await countUnattachedUploads(q, userId, new Date(Date.now() - UNATTACHED_TTL_MS))) >= UNATTACHED_MAX) throw new DomainError('rate_limited');
  await insertUploadRow(q, { name, user_id: userId, event_id: eventId, bytes: image.data.length, width: image.width, height: image.height });
}

/**
 * Claims an upload for a new comment: it must be the actor's, made for this event and not shown
 * by another comment. The update locks the row, so two comments cannot claim it at once.
 */
export async function claimUpload(trx: Tx, userId: number, eventId: number, name: string, commentId: number): Promise<void> {
  if (!(await attachUpload(trx, userId, eventId, name, commentId))) {
    throw new DomainError('invalid_image', 'image is not an unused upload of yours for this event');
  }
}

/** Deletes a few stale unattached uploads and their files; called as new uploads arrive. */
export async function sweepUploads(q: Q, dataDir: string): Promise<void> {
  for (const name of await deleteStaleUploads(q, new Date(Date.now() - UNATTACHED_TTL_MS))) await removeImageFile(uploadDir(dataDir, 'chat'), name);
}

/**
 * May this viewer download the picture? A posted one: anybody who may read that event's chat,
 * while the comment is not deleted. An unposted one: only its uploader.
 */
export async function visibleUpload(q: Q, name: string, viewerId: number | null): Promise<boolean> {
  return viewerId !== null && uploadVisibleTo(q, name, viewerId);
}
