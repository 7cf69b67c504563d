/**
 * Upload processing (DECISIONS §2): JPEG or PNG judged by magic bytes, at most 20 megapixels,
 * re-encoded by sharp (rotated upright, EXIF and every other metadata dropped), Aadhaar sealed
 * with AES-256-GCM under a random IV, the image id bound in as associated data.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { UPLOAD_MAX_PIXELS } from '../../domain/constants';
import { HttpError } from '../http/errors';
import { loadSharp } from '../memory-budget';

const MAX_SIDE = 1600;

export function sniffImage(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

const unsupported = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a JPEG or PNG image');

/** The upload re-encoded as a clean JPEG, or an HttpError saying why not. */
export async function reencodeUpload(bytes: Buffer): Promise<Buffer> {
  if (sniffImage(bytes) === null) throw unsupported();
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
