import { describe, expect, it } from 'vitest';
import { fitWithin, qualitySteps, searchQuality } from '../../src/domain/image-quality';

describe('fitting an image within 800×800', () => {
  it('leaves a small image as it is', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('scales a wide image to 800 wide, keeping the ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 800, height: 600 });
  });

  it('scales a tall image to 800 high, keeping the ratio', () => {
    expect(fitWithin(1080, 2400)).toEqual({ width: 360, height: 800 });
  });
});

describe('the JPEG quality search', () => {
  it('tries 0.9 down to 0.2 in steps of 0.05', () => {
    const steps = qualitySteps();
    expect(steps[0]).toBe(0.9);
    expect(steps[1]).toBe(0.85);
    expect(steps.at(-1)).toBe(0.2);
    expect(steps).toHaveLength(15);
  });

  it('stops at the first quality at or under about 500 KB', async () => {
    const tried: number[] = [];
    const result = await searchQuality(async (q) => {
      tried.push(q);
      return { result: q, bytes: Math.round(q * 800 * 1024) };
    });
    expect(result.quality).toBe(0.6);
    expect(tried).toEqual([0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6]);
  });

  it('keeps the first encoding when it is already small enough', async () => {
    const result = await searchQuality(async (q) => ({ result: q, bytes: 100_000 }));
    expect(result.quality).toBe(0.9);
  });

  it('settles for quality 0.2 when nothing gets small enough', async () => {
    const result = await searchQuality(async (q) => ({ result: `q${q}`, bytes: 5_000_000 }));
    expect(result).toEqual({ result: 'q0.2', bytes: 5_000_000, quality: 0.2 });
  });
});
