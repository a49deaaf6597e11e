/**
 * Draws Foyer's icons into public/: an open doorway (the foyer) with a warm dot for the person
 * waiting in it, on the blue of the posters. Run `npm run icons` after changing the drawing and commit
 * the outputs; the build only copies them.
 *
 * Shapes are signed distance functions in a unit square, so edges are anti-aliased analytically at
 * any size and the SVG favicon is the same geometry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodePng } from './png.ts';

type Rgb = readonly [number, number, number];

const BLUE_DARK: Rgb = [0x0f, 0x4c, 0x81];
const BLUE_LIGHT: Rgb = [0x3f, 0xa7, 0xd6];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const GOLD: Rgb = [0xf2, 0xc1, 0x4e];

/** The doorway: a half-disc on a rectangle, outlined, open at the floor. All in unit coordinates. */
const ARCH = { cx: 0.5, cy: 0.45, r: 0.22, bottom: 0.77, stroke: 0.065 };
const DOT = { cx: 0.5, cy: 0.625, r: 0.075 };
/** Corner radius of the rounded square on the plain icons. */
const CORNER = 0.22;

function length(x: number, y: number) {
  return Math.hypot(x, y);
}

/** Signed distance to an axis-aligned box given by its corners (negative inside). */
function sdBox(px: number, py: number, x0: number, y0: number, x1: number, y1: number) {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const dx = Math.abs(px - cx) - (x1 - x0) / 2;
  const dy = Math.abs(py - cy) - (y1 - y0) / 2;
  return length(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0);
}

function sdRoundedSquare(px: number, py: number, radius: number) {
  const dx = Math.abs(px - 0.5) - (0.5 - radius);
  const dy = Math.abs(py - 0.5) - (0.5 - radius);
  return length(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
}

/** A solid arch: disc of radius r at (cx, cy) joined to the box below it down to `bottom`. */
function sdArch(px: number, py: number, r: number, bottom: number) {
  const disc = length(px - ARCH.cx, py - ARCH.cy) - r;
  const body = sdBox(px, py, ARCH.cx - r, ARCH.cy, ARCH.cx + r, bottom);
  return Math.min(disc, body);
}

function sdDoorway(px: number, py: number) {
  const outer = sdArch(px, py, ARCH.r, ARCH.bottom);
  // The opening reaches past the floor line, which leaves the doorway open at the bottom.
  const inner = sdArch(px, py, ARCH.r - ARCH.stroke, ARCH.bottom + 1);
  return Math.max(outer, -inner);
}

function sdDot(px: number, py: number) {
  return length(px - DOT.cx, py - DOT.cy) - DOT.r;
}

/** Coverage of a pixel by a shape from its distance in pixels: a one-pixel linear ramp at the edge. */
function coverage(distancePx: number) {
  return Math.min(1, Math.max(0, 0.5 - distancePx));
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

interface IconSpec {
  file: string;
  size: number;
  /** Maskable icons fill the square and keep the mark inside the central 80% safe zone. */
  maskable: boolean;
}

export function drawIcon({ size, maskable }: Omit<IconSpec, 'file'>): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  // The mark of a maskable icon shrinks toward the centre so a circular crop never cuts it.
  const markScale = maskable ? 0.82 : 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      const mu = 0.5 + (u - 0.5) / markScale;
      const mv = 0.5 + (v - 0.5) / markScale;
      const markPx = size * markScale;

      const bgAlpha = maskable ? 1 : coverage(sdRoundedSquare(u, v, CORNER) * size);
      let color = mix(BLUE_DARK, BLUE_LIGHT, (u + v) / 2);
      const door = coverage(sdDoorway(mu, mv) * markPx);
      color = mix(color, WHITE, door);
      const dot = coverage(sdDot(mu, mv) * markPx);
      color = mix(color, GOLD, dot);

      const i = (y * size + x) * 4;
      pixels[i] = Math.round(color[0]);
      pixels[i + 1] = Math.round(color[1]);
      pixels[i + 2] = Math.round(color[2]);
      pixels[i + 3] = Math.round(bgAlpha * 255);
    }
  }
  return pixels;
}

const hex = (c: Rgb) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
const fmt = (n: number) => Number((n * 100).toFixed(2)).toString();

/** The same geometry as drawIcon, in a 100-unit viewBox, for the browser tab. */
export function faviconSvg(): string {
  const { cx, cy, r, bottom, stroke } = ARCH;
  const ri = r - stroke;
  // Outer outline clockwise, then the opening, drawn as one path with the even-odd rule.
  const outer = `M${fmt(cx - r)} ${fmt(bottom)}V${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(cx + r)} ${fmt(cy)}V${fmt(bottom)}Z`;
  const inner = `M${fmt(cx - ri)} ${fmt(bottom)}V${fmt(cy)}A${fmt(ri)} ${fmt(ri)} 0 0 1 ${fmt(cx + ri)} ${fmt(cy)}V${fmt(bottom)}Z`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(BLUE_DARK)}"/><stop offset="1" stop-color="${hex(BLUE_LIGHT)}"/></linearGradient></defs>`,
    `<rect width="100" height="100" rx="${fmt(CORNER)}" fill="url(#g)"/>`,
    `<path fill="${hex(WHITE)}" fill-rule="evenodd" d="${outer}${inner}"/>`,
    `<circle cx="${fmt(DOT.cx)}" cy="${fmt(DOT.cy)}" r="${fmt(DOT.r)}" fill="${hex(GOLD)}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

export const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores manifest icons and wants an opaque square for the home screen.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

function main() {
  const outDir = path.resolve(import.meta.dirname, '..', 'public');
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of ICONS) {
    const png = encodePng(icon.size, icon.size, drawIcon(icon));
    fs.writeFileSync(path.join(outDir, icon.file), png);
    console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
  fs.writeFileSync(path.join(outDir, 'favicon.svg'), faviconSvg());
  console.log('favicon.svg');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
