import type { BadgeField, DesignRole, TicketDesignSettings } from '../../../contract/tickets.ts';

/**
 * The name badge printed with the ticket, built from the event's ticket design (events.md §3): the
 * badge picture, the holder's fields the organiser ticked under "Printed on the badge", the badge's
 * own lines, a band in the holder's role colour and, when ticked, the ticket's QR code.
 */

/**
 * Portrait 90 × 120 mm (255 × 340 pt). It takes a name in type readable across a hall and a QR
 * code a phone camera reads from arm's length, it slides into the common large lanyard pockets, and
 * it fits under the ticket on the same A4 sheet when the ticket has no long text, so a plain printer
 * and scissors make it.
 */
const MM = 72 / 25.4;
export const BADGE_WIDTH = 90 * MM;
export const BADGE_HEIGHT = 120 * MM;
const PAD = 14;
const BAND_HEIGHT = 42;
const QR_SIZE = 84;
const PICTURE_HEIGHT = 52;
const GAP = 8;
/** Role colours are typed by organisers; anything but #rgb or #rrggbb gets this (the ticket's blue). */
export const FALLBACK_ROLE_COLOR = '#0f4c81';

export interface BadgeRole {
  name: string;
  color: string;
}

export interface BadgeContent {
  image: Buffer | null;
  /** Ticked name parts, in print order, blanks dropped: one line each, in large type. */
  names: string[];
  company: string;
  position: string;
  lines: string[];
  qr: boolean;
  role: BadgeRole | null;
}

export interface BadgeHolder {
  firstName: string;
  lastName: string;
  /** The name the ticket itself carries (tickets.name); '' when it was issued in the account's name. */
  ticketName: string;
  company: string;
  position: string;
  ticketType: string;
  /** The holder's participant role in the event (user_events.role), null when they have none. */
  participantRole: string | null;
}

const norm = (s: string) => s.trim().toLocaleLowerCase();
/** Each printed entry is one line: a line break typed into a field must not break the layout. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Only #rgb and #rrggbb reach the PDF; other text from the settings could be any colour word or junk. */
export function badgeColor(color: string): string {
  const c = color.trim();
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c.toLowerCase() : FALLBACK_ROLE_COLOR;
}

/**
 * The role the badge shows, among the enabled roles only:
 * 1. the holder's participant role in the event when it is more than a visitor (the organiser made
 *    them a speaker, a sponsor…), matched to a role by name;
 * 2. else a role named like the ticket type (an organiser selling "Press" tickets adds a "Press"
 *    role to colour those badges);
 * 3. else the default role ("a default role is a badge role; visitor is the default badge role");
 * 4. else none, and the badge has no band: disabling every matching role means "no band".
 * Names match case-insensitively, ignoring surrounding spaces.
 */
export function chooseBadgeRole(roles: readonly DesignRole[], holder: Pick<BadgeHolder, 'ticketType' | 'participantRole'>): BadgeRole | null {
  const enabled = roles.filter((r) => r.enabled && r.name.trim());
  const named = (name: string | null) => (name && norm(name) ? enabled.find((r) => norm(r.name) === norm(name)) : undefined);
  const participant = holder.participantRole && norm(holder.participantRole) !== 'visitor' ? holder.participantRole : null;
  const role = named(participant) ?? named(holder.ticketType) ?? enabled.find((r) => r.is_default);
  return role ? { name: role.name.trim(), color: badgeColor(role.color) } : null;
}

/**
 * What the badge prints for this holder. Entries of `checked` the badge does not know are ignored.
 * A ticket issued in another name than the account's prints that name as one line in place of the
 * ticked name parts: splitting a full name into first and last cannot be done reliably.
 */
export function badgeContent(badge: TicketDesignSettings['badge'], roles: readonly DesignRole[], holder: BadgeHolder, image: Buffer | null): BadgeContent {
  const on = new Set(badge.checked);
  const has = (f: BadgeField) => on.has(f);
  const accountName = `${holder.firstName} ${holder.lastName}`.trim();
  const ticketName = oneLine(holder.ticketName);
  const parts =
    ticketName && norm(ticketName) !== norm(oneLine(accountName))
      ? has('first_name') || has('last_name')
        ? [ticketName]
        : []
      : [has('first_name') ? holder.firstName : '', has('last_name') ? holder.lastName : ''];
  return {
    image,
    names: parts.map(oneLine).filter(Boolean),
    company: has('company') ? oneLine(holder.company) : '',
    position: has('position') ? oneLine(holder.position) : '',
    lines: badge.items.map(oneLine).filter(Boolean),
    qr: has('qr'),
    role: chooseBadgeRole(roles, holder),
  };
}

/** Black or white, whichever reads better on the band (WCAG relative luminance). */
function textOn(hex: string): string {
  const h =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const lin = (i: number) => {
    const v = parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/**
 * One line of text that never leaves the card: the type shrinks from `max` towards `min` points until
 * the text fits, and what still does not fit ends in an ellipsis. Returns the height used.
 */
function fittedLine(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  max: number,
  min: number,
  x: number,
  y: number,
  width: number,
  color: string,
  align: 'center' | 'left' = 'center',
): number {
  doc.font(font);
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 1;
  doc.fontSize(size).fillColor(color);
  const height = doc.currentLineHeight(true);
  doc.text(text, x, y, { width, height, align, ellipsis: true, lineBreak: true });
  return height;
}

/** How the badge draws what pdf.ts already knows how to draw, so the two files do not import each other. */
export interface BadgePen {
  qr(x: number, y: number, size: number): void;
  picture(data: Buffer, x: number, y: number, fit: [number, number]): void;
}

/** The height the badge takes with its caption above it. */
export const BADGE_BLOCK_HEIGHT = BADGE_HEIGHT + 18;

/** Draws the caption and the cut-out card with its top-left corner of the block at (x, y). */
export function drawBadge(doc: PDFKit.PDFDocument, b: BadgeContent, label: (key: string) => string, x: number, y: number, pen: BadgePen) {
  doc
    .fillColor('#888888')
    .font('regular')
    .fontSize(8)
    .text(`✂ ${label('badge')} · ${label('cutOut')}`, x, y, { width: BADGE_WIDTH, lineBreak: false });
  const top = y + 18;
  const inner = BADGE_WIDTH - 2 * PAD;
  const left = x + PAD;

  // The band and the QR code have fixed places at the bottom; the text takes the room above them.
  // Drawn top to bottom all the same, so the PDF's text reads in the order the badge does.
  const bandTop = top + BADGE_HEIGHT - BAND_HEIGHT;
  const qrTop = bandTop - GAP - QR_SIZE;
  let bottom = b.qr ? qrTop - 4 : bandTop - GAP;

  let cy = top + PAD;
  if (b.image) {
    pen.picture(b.image, left, cy, [inner, PICTURE_HEIGHT]);
    cy += PICTURE_HEIGHT + 10;
  } else {
    cy += GAP;
  }
  const fits = (h: number) => cy + h <= bottom;
  for (const name of b.names) {
    if (!fits(30)) break;
    cy += fittedLine(doc, name, 'bold', 24, 14, left, cy, inner, '#111111');
  }
  cy += 6;
  if (b.company && fits(18)) cy += fittedLine(doc, b.company, 'bold', 13, 9, left, cy, inner, '#222222');
  if (b.position && fits(16)) cy += fittedLine(doc, b.position, 'regular', 11, 8, left, cy, inner, '#555555');
  cy += GAP;
  // The badge's own lines go above the QR code when they all fit there; else in a column beside it
  // (the code moves to the right edge). Lines that still do not fit are left out.
  const lineHeight = doc.font('regular').fontSize(10).currentLineHeight(true);
  const beside = b.qr && !fits(b.lines.length * lineHeight);
  if (beside) bottom = bandTop - GAP;
  const width = beside ? inner - QR_SIZE - GAP : inner;
  for (const line of b.lines) {
    if (!fits(lineHeight)) break;
    cy += fittedLine(doc, line, 'regular', 10, 7, left, cy, width, '#333333', beside ? 'left' : 'center');
  }
  if (b.qr) pen.qr(beside ? left + inner - QR_SIZE : x + (BADGE_WIDTH - QR_SIZE) / 2, qrTop, QR_SIZE);
  if (b.role) {
    doc.rect(x, bandTop, BADGE_WIDTH, BAND_HEIGHT).fill(b.role.color);
    fittedLine(doc, b.role.name.toLocaleUpperCase(), 'bold', 18, 9, left, bandTop + (BAND_HEIGHT - 22) / 2, inner, textOn(b.role.color));
  }
  // The cut line goes last, so it stays visible over the band.
  doc.save();
  doc.lineWidth(0.75).dash(4, { space: 3 }).strokeColor('#999999').rect(x, top, BADGE_WIDTH, BADGE_HEIGHT).stroke();
  doc.undash();
  doc.restore();
}
