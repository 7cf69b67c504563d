/**
 * Browser adapters the onboarding machines receive with `.provide()`: a one-second clock, the Web OTP
 * API, geolocation and the canvas that resizes and re-encodes images (with the pure quality search
 * of src/domain/image-quality.ts).
 */
import { fromCallback, fromPromise } from 'xstate';
import { fitWithin, searchQuality } from '../../domain/image-quality';
import type { Geocoordinate } from '../../domain/types';

/** Reports the browser's online state at start and on every change. */
export const watchNetwork = fromCallback<{ type: 'network.online' } | { type: 'network.offline' }>(({ sendBack }) => {
  const online = () => sendBack({ type: 'network.online' });
  const offline = () => sendBack({ type: 'network.offline' });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

export const everySecond = fromCallback(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: 'clock.tick' }), 1000);
  return () => clearInterval(id);
});

interface OtpCredential extends Credential {
  code: string;
}

/** Reads the code from the incoming SMS where the browser offers the Web OTP API; silent elsewhere. */
export const webOtp = fromCallback(({ sendBack }) => {
  if (typeof window === 'undefined' || !('OTPCredential' in window) || !navigator.credentials) return undefined;
  const controller = new AbortController();
  navigator.credentials
    .get({ otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions)
    .then((credential) => {
      const code = (credential as OtpCredential | null)?.code;
      if (code) sendBack({ type: 'code.enter', index: 0, value: code });
    })
    .catch(() => undefined);
  return () => controller.abort();
});

export const locate = fromPromise<Geocoordinate>(
  () =>
    new Promise((resolve, reject) => {
      if (!navigator.geolocation) {
        reject(new Error('Geolocation is not available'));
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (position) =>
          resolve({ lat: position.coords.latitude, long: position.coords.longitude, accuracy: position.coords.accuracy }),
        reject,
        { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
      );
    }),
);

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The image could not be read'));
    };
    image.src = url;
  });
}

/** Resizes to 800×800 at most and re-encodes as JPEG at the quality the search settles on. */
export const prepareImage = fromPromise<Blob, { file: Blob }>(async ({ input }) => {
  const image = await loadImage(input.file);
  const size = fitWithin(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: a white ground instead of black behind transparent PNG pixels.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
  const encoded = await searchQuality(
    (quality) =>
      new Promise<{ result: Blob; bytes: number }>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve({ result: blob, bytes: blob.size }) : reject(new Error('Encoding failed'))),
          'image/jpeg',
          quality,
        ),
      ),
  );
  return encoded.result;
});
