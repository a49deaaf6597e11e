import zlib from 'node:zlib';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib';

/**
 * Reading a ticket PDF back for the ticket tests (tickets-api, tickets-badge-pdf): the text of every
 * page through the fonts' ToUnicode maps, and every QR code decoded from the drawing itself.
 */

function inflate(stream: PDFRawStream): string {
  return zlib.inflateSync(Buffer.from(stream.contents)).toString('latin1');
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => parseInt(h, 16);
  const uni = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map(hex));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = hex(m[1]!);
      const end = hex(m[2]!);
      if (m[3]!.startsWith('['))
        [...m[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((u, i) => {
          map.set(start + i, uni(u[1]!));
        });
      else for (let c = start, u = hex(m[3]!.slice(1, -1)); c <= end; c++, u++) map.set(c, String.fromCodePoint(u));
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(hex(m[1]!), uni(m[2]!));
  }
  return map;
}

type Rect = [number, number, number, number];

/** Rasterises black squares (page points, y down after pdfkit's flip) and lets a QR reader look. */
function decodeQr(dark: Rect[]): string | null {
  const minX = Math.min(...dark.map((r) => r[0]));
  const minY = Math.min(...dark.map((r) => r[1]));
  const maxX = Math.max(...dark.map((r) => r[0] + r[2]));
  const maxY = Math.max(...dark.map((r) => r[1] + r[3]));
  const scale = 3;
  const margin = 40;
  const w = Math.ceil((maxX - minX) * scale) + 2 * margin;
  const h = Math.ceil((maxY - minY) * scale) + 2 * margin;
  const rgba = new Uint8ClampedArray(w * h * 4).fill(255);
  for (const [x, y, rw, rh] of dark) {
    const x0 = Math.round((x - minX) * scale) + margin;
    const y0 = Math.round((y - minY) * scale) + margin;
    const x1 = Math.round((x + rw - minX) * scale) + margin;
    const y1 = Math.round((y + rh - minY) * scale) + margin;
    for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) rgba.fill(0, (py * w + px) * 4, (py * w + px) * 4 + 3);
  }
  return jsQR(rgba, w, h)?.data ?? null;
}

/**
 * A QR code is drawn as one black fill of many rectangles (pdf.ts drawQr); a black role band or any
 * other single black shape is one or two. Fewer than this many rectangles is not a QR code.
 */
const QR_MIN_RECTS = 20;

export interface ReadPdf {
  pages: number;
  /** Every text run, all pages in order. */
  text: string[];
  /** The text runs page by page. */
  pageText: string[][];
  /** Every QR code drawn, in drawing order, decoded (null for one that does not decode). */
  qrs: (string | null)[];
  /** The first QR code: the ticket's own. */
  qr: string | null;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await PDFDocument.load(bytes);
  const pageText: string[][] = [];
  const qrs: (string | null)[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, Map<number, string>>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      fonts.set(name.asString(), parseToUnicode(inflate(doc.context.lookup(font.get(PDFName.of('ToUnicode')) as PDFRef) as PDFRawStream)));
    }
    const contents = page.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r) as PDFRawStream) : [contents as PDFRawStream];
    const text: string[] = [];
    let font = new Map<number, string>();
    let pending: Rect[] = [];
    let black = false;
    for (const line of streams.map(inflate).join('\n').split('\n')) {
      const re = line.match(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/);
      if (re) pending.push([Number(re[1]), Number(re[2]), Number(re[3]), Number(re[4])]);
      else if (/ (scn|rg)$/.test(line))
        black = line
          .split(' ')
          .slice(0, -1)
          .every((v) => Number(v) === 0);
      else if (line === 'f') {
        if (black && pending.length >= QR_MIN_RECTS) qrs.push(decodeQr(pending));
        pending = [];
      } else if (line === 'S' || line === 'n' || line === 'W n') pending = [];
      else if (/ Tf$/.test(line)) font = fonts.get(line.split(' ')[0]!) ?? new Map();
      else if (/TJ$/.test(line)) {
        const codes = [...line.matchAll(/<([0-9a-fA-F]+)>/g)].flatMap((m) => m[1]!.match(/.{4}/g)!.map((h) => parseInt(h, 16)));
        text.push(codes.map((c) => font.get(c) ?? '?').join(''));
      }
    }
    pageText.push(text);
  }
  return { pages: doc.getPageCount(), text: pageText.flat(), pageText, qrs, qr: qrs[0] ?? null };
}
