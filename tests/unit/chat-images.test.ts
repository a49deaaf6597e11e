import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { reencodeImage, sniffImage } from '../../server/domain/images.ts';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_MAX_SIDE_PX } from '../../contract/chat.ts';

const make = (format: 'png' | 'jpeg' | 'webp', width = 10, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer();

describe('chat pictures by their bytes', () => {
  it('knows PNG, JPEG and WebP by their signatures and nothing else', async () => {
    expect(sniffImage(await make('png'))).toBe('png');
    expect(sniffImage(await make('jpeg'))).toBe('jpg');
    expect(sniffImage(await make('webp'))).toBe('webp');
    expect(sniffImage(Buffer.from('<html></html>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
    expect(sniffImage(new Uint8Array([0x89, 0x50]))).toBeUndefined();
  });

  it('re-encodes into the same format, drops metadata and fits the longer side', async () => {
    const tagged = await sharp({ create: { width: 3200, height: 800, channels: 3, background: '#abcdef' } })
      .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage(tagged);
    expect(out.ext).toBe('jpg');
    expect([out.width, out.height]).toEqual([CHAT_IMAGE_MAX_SIDE_PX, CHAT_IMAGE_MAX_SIDE_PX / 4]);
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(out.data.includes(Buffer.from('<script'))).toBe(false);

    const small = await reencodeImage(await make('png', 20, 10));
    expect([small.ext, small.width, small.height]).toEqual(['png', 20, 10]);
  });

  it('refuses a signature without a picture behind it, and what is too big', async () => {
    const png = await make('png');
    await expect(reencodeImage(Buffer.concat([png.subarray(0, 16), Buffer.from('<html>')]))).rejects.toMatchObject({ code: 'invalid_image' });
    // A JPEG signature in front of a PNG: the decoder disagrees with the signature.
    await expect(reencodeImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]))).rejects.toMatchObject({ code: 'invalid_image' });
    await expect(reencodeImage(Buffer.alloc(0))).rejects.toMatchObject({ code: 'invalid_image' });
    await expect(reencodeImage(Buffer.concat([png, Buffer.alloc(CHAT_IMAGE_MAX_BYTES)]))).rejects.toMatchObject({ code: 'payload_too_large' });
  });
});
