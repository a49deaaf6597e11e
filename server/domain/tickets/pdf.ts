import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { BADGE_BLOCK_HEIGHT, BADGE_WIDTH, drawBadge, type BadgeContent } from './badge-pdf.ts';
import { mailText, type MailLocale } from '../../mail/texts.ts';
import { REGISTRATION_TICKET_TYPE } from '../../../contract/tickets.ts';
import { localDateOf, localTimeOf } from '../../../contract/appointment-time.ts';
import { formatMoney } from '../../../contract/money.ts';

/**
 * The printable ticket: event, date and time in the event's timezone, place, holder, type, price
 * and a QR code of the signed ticket code (contract/checkin.ts), drawn as vector squares so it
 * stays sharp at any print size; then the name badge to cut out (badge-pdf.ts), under the ticket
 * when there is room, else on a page of its own.
 *
 * Names are in Ukrainian, Russian and Polish as often as in English, which the 14 standard PDF
 * fonts cannot show; DejaVu Sans (from the dejavu-fonts-ttf package, so no system font is needed)
 * is embedded, subset to the glyphs used.
 */

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface TicketPdfData {
  ticketId: number;
  code: string;
  /** The signed payload the QR code carries. */
  qrPayload: string;
  eventName: string;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  placeName: string;
  placeAddress: string;
  isWebinar: boolean;
  holder: string;
  company: string;
  position: string;
  type: string;
  price: number;
  currency: string;
  description: string;
  status: string;
  invalid: boolean;
  /** The organiser's instructions from the ticket design, in their order. */
  instructions: string[];
  /** Pictures of the design, PNG or JPEG bytes (design-images.ts designImageForPdf); null when none. */
  instructionsImage?: Buffer | null;
  /** The design's sponsors: a logo, a name or both. */
  sponsors?: { name: string; image: Buffer | null }[];
  /** The badge picture, printed as the ticket's emblem in its header. */
  badgeImage?: Buffer | null;
  /** The name badge from the event's design (badge-pdf.ts badgeContent); none when absent. */
  badge?: BadgeContent | null;
  lang: MailLocale;
}

const BOTTOM_MARGIN = 96;
/**
 * The badge may come closer to the footer line (drawn at 72 pt from the bottom) than text does: it
 * is one fixed block, and with this it fits under a ticket that has no long text.
 */
const BADGE_BOTTOM_MARGIN = 80;

/** Starts a new page when `height` more points would run into the footer; returns the y to draw at. */
function room(doc: PDFKit.PDFDocument, y: number, height: number, bottomMargin = BOTTOM_MARGIN): number {
  if (y + height <= doc.page.height - bottomMargin) return y;
  doc.addPage();
  return doc.page.margins.top;
}

type DrawPicture = (data: Buffer, x: number, y: number, fit: [number, number], align?: 'center' | 'right') => void;

/**
 * Draws pictures fitted into their box; a picture PDFKit cannot read is left out, never fatal. Each
 * picture is read once per document, so one drawn twice (the badge picture: the ticket's emblem and
 * the badge's top) is embedded in the file once.
 */
function pictureDrawer(doc: PDFKit.PDFDocument): DrawPicture {
  // PDFKit draws an image it has opened without embedding it again; its typings omit openImage.
  const pdfkit = doc as unknown as { openImage(data: Buffer): object; image(img: object, x: number, y: number, o: PDFKit.Mixins.ImageOption): void };
  const opened = new Map<Buffer, object | null>();
  return (data, x, y, fit, align) => {
    try {
      if (!opened.has(data)) {
        opened.set(data, null); // an unreadable picture is tried once
        opened.set(data, pdfkit.openImage(data));
      }
      const image = opened.get(data);
      if (image) pdfkit.image(image, x, y, { fit, ...(align ? { align } : {}), valign: 'center' });
    } catch (err) {
      console.error('foyer: a ticket-design picture could not be drawn', err);
    }
  };
}

/**
 * DD.MM.YYYY and HH:mm (events.md §9) in the event's own timezone, through the same zone
 * arithmetic the appointments use; an unknown timezone prints UTC.
 */
export function eventDateTime(d: Date, timezone: string): { date: string; time: string } {
  const unix = Math.floor(d.getTime() / 1000);
  let day: string;
  let time: string;
  try {
    day = localDateOf(unix, timezone);
    time = localTimeOf(unix, timezone);
  } catch {
    return eventDateTime(d, 'UTC');
  }
  const [year, month, date] = day.split('-');
  return { date: `${date}.${month}.${year}`, time };
}

export function formatWhen(start: Date, end: Date, timezone: string): string {
  const a = eventDateTime(start, timezone);
  const b = eventDateTime(end, timezone);
  const range = a.date === b.date ? `${a.date} ${a.time}–${b.time}` : `${a.date} ${a.time} – ${b.date} ${b.time}`;
  return `${range} (${timezone})`;
}

export function formatPrice(price: number, currency: string, lang: MailLocale): string {
  if (!price) return mailText(lang)('mail.ticketPdf.free');
  // DejaVu Sans has no narrow no-break space, which some locales put between digits and sign.
  return formatMoney(price, currency, lang).replace(/\u202f/g, '\u00a0');
}

/** The QR code's modules as a matrix (true = dark), with error correction M as printed tickets use. */
export function qrMatrix(payload: string): boolean[][] {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  return Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => qr.modules.get(x, y) === 1));
}

const QUIET_MODULES = 4;

function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, size: number) {
  const m = qrMatrix(payload);
  const n = m.length + 2 * QUIET_MODULES;
  const unit = size / n;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  // One rectangle per horizontal run of dark modules keeps the page small.
  m.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      doc.rect(x + (start + QUIET_MODULES) * unit, y + (r + QUIET_MODULES) * unit, (c - start) * unit, unit);
    }
  });
  doc.fill('#000000');
  doc.restore();
}

/** What every section of the page draws with. */
interface Page {
  doc: PDFKit.PDFDocument;
  t: TicketPdfData;
  label: (key: string) => string;
  drawPicture: DrawPicture;
  left: number;
  width: number;
}

export async function renderTicketPdf(t: TicketPdfData): Promise<Buffer> {
  const words = mailText(t.lang);
  const label = (key: string) => words(`mail.ticketPdf.${key}`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${label('ticket')} #${t.ticketId} — ${t.eventName}`, Author: 'Foyer', Subject: t.eventName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const p: Page = { doc, t, label, drawPicture: pictureDrawer(doc), left: 48, width: doc.page.width - 96 };

  drawHeader(p);
  let y = drawFacts(p);
  y = drawNotes(p, y);
  y = drawSponsors(p, y);
  if (t.badge) {
    y = room(doc, y, BADGE_BLOCK_HEIGHT, BADGE_BOTTOM_MARGIN);
    drawBadge(doc, t.badge, label, (doc.page.width - BADGE_WIDTH) / 2, y, {
      qr: (x, qy, size) => drawQr(doc, t.qrPayload, x, qy, size),
      picture: (data, x, py, fit) => p.drawPicture(data, x, py, fit, 'center'),
    });
  }
  doc
    .fillColor('#888888')
    .font('regular')
    .fontSize(8)
    .text(`${label('ticket')} #${t.ticketId} · ${t.code}`, p.left, doc.page.height - 72, { width: p.width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}

/** The coloured band: the word "ticket", the event's name and its badge picture, if any. */
function drawHeader({ doc, t, label, drawPicture, left, width }: Page) {
  doc.rect(0, 0, doc.page.width, 120).fill('#0f4c81');
  doc.fillColor('#ffffff').font('regular').fontSize(11).text(label('ticket').toUpperCase(), left, 34, { width, characterSpacing: 2 });
  const emblem = t.badgeImage ? 150 : 0;
  if (t.badgeImage) drawPicture(t.badgeImage, doc.page.width - 48 - emblem, 16, [emblem, 88], 'right');
  doc
    .font('bold')
    .fontSize(22)
    .text(t.eventName, left, 54, { width: width - emblem - (emblem ? 16 : 0), height: 60, ellipsis: true });
}

/** The QR code with its code under it, and the ticket's facts beside it; returns where the page goes on below both. */
function drawFacts({ doc, t, label, left }: Page): number {
  const qrSize = 190;
  const qrX = doc.page.width - 48 - qrSize;
  const top = 150;
  drawQr(doc, t.qrPayload, qrX, top, qrSize);
  doc
    .fillColor('#333333')
    .font('regular')
    .fontSize(10)
    .text(t.code, qrX, top + qrSize + 6, { width: qrSize, align: 'center' });

  const colWidth = qrX - left - 24;
  let y = top;
  const field = (label: string, value: string) => {
    if (!value) return;
    doc.fillColor('#666666').font('regular').fontSize(9).text(label.toUpperCase(), left, y, { width: colWidth, characterSpacing: 1 });
    y = doc.y + 2;
    doc.fillColor('#111111').font('bold').fontSize(13).text(value, left, y, { width: colWidth });
    y = doc.y + 12;
  };
  field(label('when'), formatWhen(t.startsAt, t.endsAt, t.timezone));
  field(label('where'), t.isWebinar ? label('online') : [t.placeName, t.placeAddress].filter(Boolean).join(', '));
  field(label('holder'), t.holder);
  field(label('company'), [t.company, t.position].filter(Boolean).join(', '));
  field(label('type'), t.type === REGISTRATION_TICKET_TYPE ? label('registration') : t.type);
  field(label('price'), formatPrice(t.price, t.currency, t.lang));
  if (t.status !== 'valid' || t.invalid) field(label('status'), t.status !== 'valid' ? label('cancelled') : label('invalid'));

  return Math.max(y, top + qrSize + 40);
}

/** The ticket type's description and the organiser's instructions, with their picture. */
function drawNotes({ doc, t, label, drawPicture, left, width }: Page, y: number): number {
  if (t.description) {
    doc.fillColor('#333333').font('regular').fontSize(11).text(t.description, left, y, { width });
    y = doc.y + 16;
  }
  if (t.instructions.length || t.instructionsImage) {
    doc.fillColor('#0f4c81').font('bold').fontSize(12).text(label('instructions'), left, y, { width });
    doc.moveDown(0.4);
    if (t.instructions.length) doc.fillColor('#222222').font('regular').fontSize(11).list(t.instructions, left, doc.y, { width, bulletRadius: 2 });
    y = doc.y + 12;
    if (t.instructionsImage) {
      const h = 160;
      y = room(doc, y, h);
      drawPicture(t.instructionsImage, left, y, [width, h]);
      y += h + 16;
    }
  }
  return y;
}

/** The sponsors' logos and names in rows. */
function drawSponsors({ doc, t, label, drawPicture, left, width }: Page, y: number): number {
  const sponsors = t.sponsors ?? [];
  if (!sponsors.length) return y;
  const cell = 110;
  const gap = 12;
  const perRow = Math.max(1, Math.floor((width + gap) / (cell + gap)));
  y = room(doc, y, 20 + 70);
  doc.fillColor('#0f4c81').font('bold').fontSize(12).text(label('sponsors'), left, y, { width });
  y = doc.y + 8;
  for (let i = 0; i < sponsors.length; i += perRow) {
    y = room(doc, y, 70);
    sponsors.slice(i, i + perRow).forEach((sp, j) => {
      const x = left + j * (cell + gap);
      if (sp.image) drawPicture(sp.image, x, y, [cell, 48], 'center');
      if (sp.name)
        doc
          .fillColor('#333333')
          .font('regular')
          .fontSize(9)
          .text(sp.name, x, y + (sp.image ? 52 : 16), { width: cell, align: 'center', height: 14, ellipsis: true });
    });
    y += 70;
  }
  return y;
}
