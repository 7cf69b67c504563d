/** Images for upload tests, made with sharp: a JPEG carrying EXIF GPS, a PNG, and multipart bodies (uploadFields: with consent for a card). */
import sharp from 'sharp';
import { AADHAAR_NOTICE_VERSION } from '../../../src/domain/constants';

/** The form fields of an upload of `kind`: an Aadhaar card goes with the farmer's consent to the notice. */
export const uploadFields = (kind: string): Record<string, string> =>
  kind === 'aadhaar' ? { kind, consent: AADHAAR_NOTICE_VERSION } : { kind };

export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FarmCam', Copyright: 'Farmer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 18/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '70/1 47/1 0/1' },
    })
    .toBuffer();
}

export const png = (width = 32, height = 32) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 40, alpha: 1 } } }).png().toBuffer();

/** A multipart/form-data body with the given text fields and an optional file. */
export function multipart(fields: Record<string, string>, file?: { name?: string; bytes: Buffer; type?: string; field?: string }) {
  const boundary = `----krishi${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
