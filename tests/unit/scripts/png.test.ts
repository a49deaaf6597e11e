import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../../scripts/png.ts';
import { drawIcon } from '../../../scripts/make-icons.ts';

/** Decodes what encodePng writes (RGBA, Sub or None filters), checking every chunk's CRC on the way. */
function decode(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = filter === 1 && x >= 4 ? pixels[y * stride + x - 4]! : 0;
      pixels[y * stride + x] = (value + left) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('the PNG encoder behind the app icons', () => {
  it('matches the CRC-32 check value of the PNG spec', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips arbitrary pixels', () => {
    const rgba = new Uint8Array(5 * 3 * 4).map((_, i) => (i * 37 + 11) & 0xff);
    const { width, height, pixels } = decode(encodePng(5, 3, rgba));
    expect([width, height]).toEqual([5, 3]);
    expect([...pixels]).toEqual([...rgba]);
  });

  it('refuses a buffer that does not match the size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(/16 bytes/);
  });

  it('draws a maskable icon that is opaque to the corners and a plain one with transparent corners', () => {
    const maskable = decode(encodePng(64, 64, drawIcon({ size: 64, maskable: true })));
    const plain = decode(encodePng(64, 64, drawIcon({ size: 64, maskable: false })));
    const alphaAt = (p: Uint8Array, x: number, y: number) => p[(y * 64 + x) * 4 + 3];
    expect(alphaAt(maskable.pixels, 0, 0)).toBe(255);
    expect(alphaAt(plain.pixels, 0, 0)).toBe(0);
    expect(alphaAt(plain.pixels, 32, 32)).toBe(255);
  });
});
