/**
 * Upload processing (DECISIONS §2): JPEG or PNG judged by magic bytes, at most 20 megapixels,
 * re-encoded by sharp (rotated upright, EXIF and every other metadata dropped), Aadhaar sealed
 * with AES-256-GCM under a random IV, the image id bound in as associated data.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { UPLOAD_MAX_PIXELS } from '../../domain/constants';
import { HttpError, overloaded } from '../http/errors';
import { loadSharp } from '../memory-budget';

const MAX_SIDE = 1600;

export function sniffImage(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

const unsupported = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a JPEG or PNG image');

/**
 * Images decoded at once. Each 20-megapixel decode takes some 35 MB, and glibc keeps what a decode
 * freed in the arena of the pool thread that ran it, so the resident size grows with how many run
 * side by side: six parallel 20 MP PNG uploads peaked at 256 MB unbounded, 250-255 MB two at a time,
 * 215-223 MB one at a time (the compiled server, VmHWM). One at a time also leaves the second core
 * to the polls; six such uploads take about 1.5 s.
 */
export const DECODE_CONCURRENCY = 1;
/** Uploads waiting for a decoder beyond this are refused with 503 and Retry-After rather than held in memory. */
export const DECODE_QUEUE_LIMIT = 32;

/**
 * A small semaphore: at most `limit` tasks run at once, the rest wait in arrival order, and at most
 * `queueLimit` may wait. Six parallel uploads of 20-megapixel images decode one after another, so the
 * server's memory holds one image's pixels, not six.
 */
export function createLimiter(limit: number, queueLimit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the next waiting one, so a newcomer never slips in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < limit) active++;
      else {
        if (waiting.length >= queueLimit) throw overloaded(5);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

const decoders = createLimiter(DECODE_CONCURRENCY, DECODE_QUEUE_LIMIT);

/** How many uploads are being decoded and how many wait (metrics, tests). */
export const decoding = () => ({ active: decoders.active, waiting: decoders.waiting });

/** The upload re-encoded as a clean JPEG, or an HttpError saying why not; at most DECODE_CONCURRENCY at a time. */
export async function reencodeUpload(bytes: Buffer): Promise<Buffer> {
  if (sniffImage(bytes) === null) throw unsupported();
  return decoders.run(() => reencode(bytes));
}

async function reencode(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let pixels: number;
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    pixels = width * height;
  } catch {
    throw unsupported();
  }
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The image has more than 20 megapixels');
  }
  try {
    return await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}

export const contentId = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 40);

export function seal(key: Buffer, id: string, plain: Buffer): { data: Buffer; iv: Buffer; tag: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { data, iv, tag: cipher.getAuthTag() };
}

export function open(key: Buffer, id: string, sealed: { data: Buffer; iv: Buffer; tag: Buffer }): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
}
