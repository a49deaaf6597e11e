import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICONS, faviconSvg, renderIcon } from '../../../scripts/make-icons.ts';

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  return { info, at };
}

describe('the app icons, rendered by sharp from the favicon geometry', () => {
  it('renders every icon at its own size as an RGBA PNG', async () => {
    for (const icon of ICONS) {
      const meta = await sharp(await renderIcon(icon)).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', icon.size, icon.size, 4]);
    }
  });

  it('draws a maskable icon that is opaque to the corners and a plain one with transparent corners', async () => {
    const maskable = await pixels(await renderIcon({ size: 64, maskable: true }));
    const plain = await pixels(await renderIcon({ size: 64, maskable: false }));
    expect(maskable.at(0, 0)[3]).toBe(255);
    expect(plain.at(0, 0)[3]).toBe(0);
    expect(plain.at(32, 32)[3]).toBe(255);
  });

  it('puts the gold dot in the doorway and the blue around it', async () => {
    const icon = await pixels(await renderIcon({ size: 100, maskable: false }));
    const [r, g, b] = icon.at(50, 62);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(150);
    expect(b).toBeLessThan(120);
    const [r2, , b2] = icon.at(12, 50);
    expect(b2).toBeGreaterThan(r2!);
  });

  it('keeps the favicon the plain icon', () => {
    expect(faviconSvg()).toContain('rx="22"');
    expect(faviconSvg()).toContain('fill="#f2c14e"');
  });
});
