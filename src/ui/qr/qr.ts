import { create } from 'qrcode';

/**
 * The ticket's QR code as one SVG path, drawn on the device from the signed payload the ticket
 * document carries, so it shows offline. The same encoder draws the code on the PDF (server), and
 * the door decodes either.
 */
export interface QrDrawing {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One `M x y h1 v1 h-1 z` square per dark module. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size: modules.size, path };
}
