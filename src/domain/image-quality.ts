/**
 * Image preparation rules (SPEC §5, §9): fit inside 800×800 keeping the aspect ratio, then encode
 * as JPEG from quality 0.9 down in 0.05 steps until the result is about 500 KB or quality reaches
 * 0.2. Pure: the encoder is passed in (a canvas in the browser, a fake in tests).
 */
import { IMAGE_MAX_SIDE, IMAGE_QUALITY_MIN, IMAGE_QUALITY_START, IMAGE_QUALITY_STEP, IMAGE_TARGET_BYTES } from './constants';

/** The size an image is drawn at: never larger than max×max, never upscaled. */
export function fitWithin(width: number, height: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  if (width <= max && height <= max) return { width, height };
  const scale = Math.min(max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 0.9, 0.85, …, 0.2: the qualities tried, in order (rounded so 0.05 steps land exactly). */
export function qualitySteps(
  start = IMAGE_QUALITY_START,
  min = IMAGE_QUALITY_MIN,
  step = IMAGE_QUALITY_STEP,
): number[] {
  const steps: number[] = [];
  for (let i = 0; ; i += 1) {
    const q = Math.round((start - i * step) * 100) / 100;
    if (q < min - 1e-9) break;
    steps.push(q);
  }
  return steps;
}

export interface Encoded<T> {
  result: T;
  bytes: number;
  quality: number;
}

/**
 * Encodes at each quality in turn and returns the first result at or under the target size, or the
 * last one tried (quality 0.2) when none is small enough.
 */
export async function searchQuality<T>(
  encode: (quality: number) => Promise<{ result: T; bytes: number }>,
  targetBytes = IMAGE_TARGET_BYTES,
): Promise<Encoded<T>> {
  let last: Encoded<T> | null = null;
  for (const quality of qualitySteps()) {
    const { result, bytes } = await encode(quality);
    last = { result, bytes, quality };
    if (bytes <= targetBytes) return last;
  }
  return last as Encoded<T>;
}
