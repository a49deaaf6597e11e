import { beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { formatTicketPayload, importTicketPublicKey, ticketSigningMessage, toBase64Url, validateScan } from '../../contract/checkin.ts';
import { qrDrawing } from '../../src/ui/qr/qr.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';

/**
 * The QR code a ticket card draws on the holder's phone decodes, with the door's own fallback
 * decoder (jsQR), to the signed payload, and the door admits it.
 */

let keys: CryptoKeyPair;
beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
});

/** The drawing as a camera frame would carry it: RGBA, each module `scale` pixels, a white quiet zone. */
function rasterize(text: string, scale = 6, quiet = 4): { data: Uint8ClampedArray; side: number } {
  const { size, path } = qrDrawing(text);
  const dark = new Set([...path.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`));
  const side = (size + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - quiet;
      const row = Math.floor(y / scale) - quiet;
      if (!dark.has(`${col},${row}`)) continue;
      const i = (y * side + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { data, side };
}

describe("the ticket card's QR code", () => {
  it('decodes to the signed payload, which the door admits', async () => {
    const sig = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, ticketSigningMessage(41, 7, 'FY-ABCDEFGHJK') as BufferSource);
    const payload = formatTicketPayload(41, 7, 'FY-ABCDEFGHJK', new Uint8Array(sig));
    const { data, side } = rasterize(payload);
    const read = jsQR(data, side, side);
    expect(read?.data).toBe(payload);

    const publicKey = await importTicketPublicKey(toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))));
    const door = doorTicket(41, { type: 'VIP' });
    const verdict = await validateScan({ raw: read!.data, eventId: 41, publicKey, lookup: () => door });
    expect(verdict).toMatchObject({ result: 'admitted', ticketId: 7 });
  });

  it('draws nothing but dark modules, inside the symbol', () => {
    const { size, path } = qrDrawing('FY-ABCDEFGHJK');
    const coords = [...path.matchAll(/M(\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(coords.length).toBeGreaterThan(size);
    expect(coords.every(([x, y]) => x! >= 0 && y! >= 0 && x! < size && y! < size)).toBe(true);
  });
});
