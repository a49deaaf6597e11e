/**
 * Reading QR codes from the camera. BarcodeDetector where the browser has it with QR support
 * (Android, ChromeOS, macOS Chrome); elsewhere (desktop Linux and Windows Chrome, Firefox, Safari)
 * jsQR decodes frames drawn from the <video> onto a canvas. jsQR is loaded only when needed.
 */

export interface FrameDecoder {
  readonly kind: 'native' | 'jsqr';
  /** The text of a QR code in the current frame, or null. */
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** Frames are scaled down to this longest side before jsQR: a QR code at the door fills the frame. */
const JSQR_MAX_SIDE = 720;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (opts: { formats: string[] }): NativeDetector;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      async decode(video) {
        const codes = await detector.detect(video);
        return codes.find((c) => c.rawValue)?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<FrameDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d canvas');
  return {
    kind: 'jsqr',
    async decode(video) {
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!w || !h) return null;
      const scale = Math.min(1, JSQR_MAX_SIDE / Math.max(w, h));
      const cw = Math.round(w * scale);
      const ch = Math.round(h * scale);
      if (canvas.width !== cw || canvas.height !== ch) {
        canvas.width = cw;
        canvas.height = ch;
      }
      ctx.drawImage(video, 0, 0, cw, ch);
      const found = jsQR(ctx.getImageData(0, 0, cw, ch).data, cw, ch, { inversionAttempts: 'attemptBoth' });
      return found?.data || null;
    },
  };
}

export async function createDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? jsqrDecoder();
}

/**
 * The same code held in front of the camera is read many times a second; it counts once until it
 * has been out of sight for this long (or another code was read).
 */
export const SAME_CODE_COOLDOWN_MS = 3000;

export class RepeatFilter {
  private last: { text: string; at: number } | null = null;

  /** True when `text` is a new scan; every sighting of the same code renews its cooldown. */
  accept(text: string, nowMs: number): boolean {
    const fresh = !this.last || this.last.text !== text || nowMs - this.last.at > SAME_CODE_COOLDOWN_MS;
    this.last = { text, at: nowMs };
    return fresh;
  }
}
