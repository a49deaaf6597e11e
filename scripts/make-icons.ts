/**
 * Draws Foyer's icons into public/: an open doorway (the foyer) with a warm dot for the person
 * waiting in it, on the blue of the posters. Run `npm run icons` after changing the drawing and
 * commit the outputs; the build only copies them.
 *
 * The drawing is one SVG geometry: the favicon as it is, and each PNG rendered from it by sharp
 * (the server's picture library), so the tab and the home screen can never drift apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BLUE_DARK = '#0f4c81';
const BLUE_LIGHT = '#3fa7d6';
const WHITE = '#ffffff';
const GOLD = '#f2c14e';

/** The doorway: a half-disc on a rectangle, outlined, open at the floor. All in unit coordinates. */
const ARCH = { cx: 0.5, cy: 0.45, r: 0.22, bottom: 0.77, stroke: 0.065 };
const DOT = { cx: 0.5, cy: 0.625, r: 0.075 };
/** Corner radius of the rounded square on the plain icons. */
const CORNER = 0.22;
/**
 * Maskable icons fill the square and keep the mark inside the central 80% safe zone, so a circular
 * crop never cuts it: the mark shrinks toward the centre.
 */
const MASKABLE_MARK_SCALE = 0.82;

const fmt = (n: number) => Number((n * 100).toFixed(2)).toString();

/** The icon in a 100-unit viewBox: a rounded square, or a full square for a maskable icon. */
export function iconSvg({ maskable }: { maskable: boolean }): string {
  const { cx, cy, r, bottom, stroke } = ARCH;
  const ri = r - stroke;
  // Outer outline clockwise, then the opening, drawn as one path with the even-odd rule.
  const outer = `M${fmt(cx - r)} ${fmt(bottom)}V${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(cx + r)} ${fmt(cy)}V${fmt(bottom)}Z`;
  const inner = `M${fmt(cx - ri)} ${fmt(bottom)}V${fmt(cy)}A${fmt(ri)} ${fmt(ri)} 0 0 1 ${fmt(cx + ri)} ${fmt(cy)}V${fmt(bottom)}Z`;
  const scale = maskable ? MASKABLE_MARK_SCALE : 1;
  const mark = scale === 1 ? '' : ` transform="translate(50 50) scale(${scale}) translate(-50 -50)"`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BLUE_DARK}"/><stop offset="1" stop-color="${BLUE_LIGHT}"/></linearGradient></defs>`,
    `<rect width="100" height="100"${maskable ? '' : ` rx="${fmt(CORNER)}"`} fill="url(#g)"/>`,
    `<g${mark}>`,
    `<path fill="${WHITE}" fill-rule="evenodd" d="${outer}${inner}"/>`,
    `<circle cx="${fmt(DOT.cx)}" cy="${fmt(DOT.cy)}" r="${fmt(DOT.r)}" fill="${GOLD}"/>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

/** The browser tab's icon. */
export function faviconSvg(): string {
  return iconSvg({ maskable: false });
}

export interface IconSpec {
  file: string;
  size: number;
  maskable: boolean;
}

export const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores manifest icons and wants an opaque square for the home screen.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

/** One icon as PNG bytes. The SVG is rendered at the icon's own size, so edges stay crisp. */
export async function renderIcon({ size, maskable }: Omit<IconSpec, 'file'>): Promise<Buffer> {
  const svg = Buffer.from(iconSvg({ maskable }));
  return sharp(svg, { density: (72 * size) / 100 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main() {
  const outDir = path.resolve(import.meta.dirname, '..', 'public');
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of ICONS) {
    const png = await renderIcon(icon);
    fs.writeFileSync(path.join(outDir, icon.file), png);
    console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
  fs.writeFileSync(path.join(outDir, 'favicon.svg'), faviconSvg());
  console.log('favicon.svg');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
