import { TICKET_EMAIL_LOCK_MS } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import { checkDesignRoles, defaultTicketDesign, numberDesignRoles, type TicketDesignSettings, type TicketPeriod } from '../../../contract/tickets.ts';
import type { Config } from '../../config.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { findUserEvent, isEventOwner } from '../events/repository.ts';
import { requireEvent } from '../events/service.ts';
import type { Writer } from '../write.ts';
import { badgeContent } from './badge-pdf.ts';
import { attachDesignImages, checkDesignImages, designImageForPdf, recordDesignImage, removeDesignImageFiles, writeDesignImage } from './design-images.ts';
import { sendMail } from '../../mail/transport.ts';
import { letter, type MailLocale } from '../../mail/texts.ts';
import { formatPrice, formatWhen, renderTicketPdf } from './pdf.ts';
import {
  claimEmailLock,
  countUserTickets,
  designSettings,
  emailLockedAt,
  findTicketRow,
  latestUserTickets,
  listUserTickets,
  lockDesign,
  releaseEmailLock,
  toLegacyTicket,
  toTicketDoc,
  upsertDesign,
  validEventTickets,
  type TicketRow,
} from './repository.ts';
import { ticketSigner } from '../signing/keys.ts';

/** Rules of the tickets area; the routes only translate between HTTP and these. */

async function requireOwner(db: Q, eventId: number, userId: number) {
  await requireEvent(db, eventId);
  if (!(await isEventOwner(db, eventId, userId))) throw new DomainError('forbidden');
}

/**
 * A ticket with its event and order, as the mails after a transfer or a cancel decision word it;
 * undefined when it is gone. Those mails run after the commit, outside any viewer's rights.
 */
export async function ticketForMail(db: Q, ticketId: number): Promise<TicketRow | undefined> {
  return findTicketRow(db, ticketId);
}

/** A ticket is the holder's and its event owners' to see, print and send; nobody else's. */
export async function ticketForViewer(db: Q, ticketId: number, viewerId: number): Promise<TicketRow> {
  const row = await findTicketRow(db, ticketId);
  if (!row || row.deleted || row.event_deleted) throw new DomainError('ticket_not_found');
  if (row.user_id !== viewerId && !(await isEventOwner(db, row.event_id, viewerId))) throw new DomainError('forbidden');
  return row;
}

export async function myTickets(db: Q, userId: number, period: TicketPeriod, limit: number, offset: number) {
  const sign = await ticketSigner(db);
  const [rows, counts] = await Promise.all([listUserTickets(db, userId, period, limit, offset), countUserTickets(db, userId)]);
  return { tickets: rows.map((r) => toLegacyTicket(toTicketDoc(r, sign))), total: counts[period === 'all_time' ? 'all' : period], counts };
}

/** The user's most recent purchases (the profile aside), newest first. */
export async function lastTickets(db: Q, userId: number, limit: number) {
  const sign = await ticketSigner(db);
  const rows = await latestUserTickets(db, userId, limit);
  return rows.map((r) => toLegacyTicket(toTicketDoc(r, sign)));
}

/**
 * events/get-user-tickets: the valid tickets one user holds for one event ("a non-empty data.items
 * means the user has a ticket"). Asked about oneself, or by an owner of the event.
 */
export async function userEventTickets(db: Q, eventId: number, userId: number, viewerId: number) {
  await requireEvent(db, eventId);
  if (userId !== viewerId && !(await isEventOwner(db, eventId, viewerId))) throw new DomainError('forbidden');
  const sign = await ticketSigner(db);
  const rows = await validEventTickets(db, eventId, userId);
  return rows.map((r) => toLegacyTicket(toTicketDoc(r, sign)));
}

// ---------------------------------------------------------------------------------------------
// PDF and email

/**
 * The ticket's PDF. The event's design decides what is printed beside the ticket itself: its
 * instructions (with their picture), its sponsors (logo and name), the badge picture as the
 * ticket's emblem, and the name badge (badge-pdf.ts), from the default design when none is saved so
 * every ticket comes with a badge; `dataDir` is where those pictures are stored.
 */
export async function ticketPdf(
  db: Q,
  dataDir: string,
  ticketId: number,
  viewerId: number,
  lang: MailLocale,
): Promise<{ filename: string; pdf: Buffer; row: TicketRow }> {
  const row = await ticketForViewer(db, ticketId, viewerId);
  const event = await requireEvent(db, row.event_id);
  const design = await storedDesign(db, row.event_id);
  const badgeDesign = design ?? defaultTicketDesign();
  const participant = await findUserEvent(db, row.event_id, row.user_id);
  // The same reading of a participant's role as the visitors list: an owner left as a visitor organises.
  const participantRole = !participant || participant.deleted ? null : participant.is_owner && participant.role === 'visitor' ? 'organizer' : participant.role;
  const sign = await ticketSigner(db);
  const picture = (url: string | undefined) => designImageForPdf(db, dataDir, row.event_id, url ?? '');
  const sponsors = await Promise.all(
    (design?.sponsors.items ?? [])
      .filter((sp) => sp.name.trim() || sp.image || sp.image_thumb)
      .map(async (sp) => ({ name: sp.name.trim(), image: await picture(sp.image || sp.image_thumb) })),
  );
  const holder = row.name || `${row.first_name} ${row.last_name}`.trim();
  const badgeImage = await picture(design?.badge.image);
  const badge = badgeContent(
    badgeDesign.badge,
    badgeDesign.roles,
    {
      firstName: row.first_name,
      lastName: row.last_name,
      ticketName: row.name,
      company: row.company,
      position: row.position,
      ticketType: row.type,
      participantRole,
    },
    badgeImage,
  );
  const pdf = await renderTicketPdf({
    ticketId: row.id,
    code: row.code,
    qrPayload: sign(row.event_id, row.id, row.code),
    eventName: row.event_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timezone: row.timezone,
    placeName: row.place_name,
    placeAddress: row.place_address,
    isWebinar: event.is_webinar,
    holder,
    company: row.company,
    position: row.position,
    type: row.type,
    price: Number(row.price),
    currency: row.currency,
    description: row.description,
    status: row.status,
    invalid: row.invalid,
    instructions: (design?.instructions.items ?? [])
      .slice()
      .sort((a, b) => a.sort - b.sort)
      .map((i) => i.text)
      .filter(Boolean),
    instructionsImage: await picture(design?.instructions.cropImage || design?.instructions.image),
    sponsors,
    badgeImage,
    badge,
    lang,
  });
  return { filename: `ticket-${row.id}.pdf`, pdf, row };
}

/** Refused while the ticket's email lock runs; `lockedUntil` is unix seconds. */
export class TicketEmailLocked extends DomainError {
  constructor(readonly lockedUntil: number) {
    super('ticket_email_locked');
  }
}

/**
 * Sends the ticket PDF to the holder's own address (never to an address given in the request).
 * The 60 s lock is claimed first with one conditional upsert, so concurrent requests on any
 * instance send once; a failed send gives the lock back so the user can retry at once.
 */
export async function sendTicketEmail(db: Q, config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, ticketId: number, viewerId: number, lang: MailLocale) {
  const row = await ticketForViewer(db, ticketId, viewerId);
  const lockSeconds = TICKET_EMAIL_LOCK_MS / 1000;
  // The lock is bookkeeping no device replicates, claimed and given back outside any transaction:
  // the mail is sent in between, and a transaction must not wait on an SMTP server.
  const claim = await claimEmailLock(db, ticketId, viewerId, lockSeconds);
  if (!claim) throw new TicketEmailLocked(toUnix((await emailLockedAt(db, ticketId)) ?? new Date()) + lockSeconds);
  const { sent_at: sentAt, stamp } = claim;
  try {
    const { pdf, filename } = await ticketPdf(db, config.dataDir, ticketId, viewerId, lang);
    const words = letter(lang, 'mail.ticket', {
      name: row.name || `${row.first_name} ${row.last_name}`.trim(),
      event: row.event_name,
      when: formatWhen(row.starts_at, row.ends_at, row.timezone),
      price: formatPrice(Number(row.price), row.currency, lang),
    });
    const result = await sendMail(config, {
      to: row.email,
      ...words,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
    return { result, lockedUntil: toUnix(sentAt) + lockSeconds, to: row.email };
  } catch (err) {
    await releaseEmailLock(db, ticketId, stamp);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Ticket design

async function storedDesign(db: Q, eventId: number): Promise<TicketDesignSettings | null> {
  const s = await designSettings(db, eventId);
  if (!s) return null;
  const d = defaultTicketDesign();
  // Older rows may lack a part; the defaults fill it so the screen always gets the four parts.
  return {
    instructions: { ...d.instructions, ...s.instructions },
    sponsors: { ...d.sponsors, ...s.sponsors },
    roles: Array.isArray(s.roles) && s.roles.length ? s.roles : d.roles,
    badge: { ...d.badge, ...s.badge },
  };
}

export async function getTicketDesign(db: Q, eventId: number, viewerId: number): Promise<TicketDesignSettings> {
  await requireOwner(db, eventId, viewerId);
  return (await storedDesign(db, eventId)) ?? defaultTicketDesign();
}

/**
 * Saves the design under the role rules (contract/tickets.ts checkDesignRoles); its pictures must be
 * ones uploaded for this event (design-images.ts). The saved row is locked while checking, so two
 * organisers saving at once cannot together remove a blocked role. Designs are not replicated.
 */
export async function saveTicketDesign(
  trx: Tx,
  eventId: number,
  viewerId: number,
  next: TicketDesignSettings,
): Promise<{ settings: TicketDesignSettings; effect: Effect }> {
  await requireOwner(trx, eventId, viewerId);
  await lockDesign(trx, eventId);
  const saved = (await storedDesign(trx, eventId)) ?? defaultTicketDesign();
  const problem = checkDesignRoles(saved.roles, next);
  if (problem) throw new DomainError(problem);
  const images = await checkDesignImages(trx, eventId, next);
  await attachDesignImages(trx, eventId, images);
  const settings: TicketDesignSettings = { ...next, roles: numberDesignRoles(next.roles, saved.roles) };
  await upsertDesign(trx, eventId, settings);
  return { settings, effect: quiet([eventId]) };
}

/**
 * Stores a picture for the event's design (owners only, checked before the bytes are decoded). It
 * shows once a saved design points at it; until then only its uploader and the owners see it.
 */
export async function uploadDesignImage(writer: Writer, db: Q, dataDir: string, eventId: number, viewerId: number, image: Buffer | undefined) {
  await requireOwner(db, eventId, viewerId);
  if (!image) throw new DomainError('invalid_image', 'image is missing');
  const stored = await writeDesignImage(dataDir, image);
  try {
    await writer.run((trx) => recordDesignImage(trx, eventId, viewerId, stored));
  } catch (err) {
    await removeDesignImageFiles(dataDir, stored);
    throw err;
  }
  return stored;
}

/** For ticket-design?ticket_id=: the ticket must be of that event. */
export async function designTicket(db: Q, eventId: number, ticketId: number) {
  const row = await findTicketRow(db, ticketId);
  if (!row || row.deleted || row.event_id !== eventId) throw new DomainError('ticket_not_found');
  return toLegacyTicket(toTicketDoc(row, await ticketSigner(db)));
}
