/** The API's ISO times, made without a Date per row on every page read, are exactly Date's. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/server/repos/iso-time';
import { T0 } from '../support/server/app';

describe('ISO times on the polling path', () => {
  it('are exactly what Date#toISOString gives, for any millisecond from 1970 to 9999 and beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
    for (const ms of [0, 86_399_999, 86_400_000, T0, T0 + 1, 253_402_300_799_999, 253_402_300_800_000, -1, -86_400_001]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(isoTime(BigInt(T0))).toBe(new Date(T0).toISOString());
  });

  it('stay right when consecutive times fall on different days', () => {
    const day = 86_400_000;
    for (const ms of [T0, T0 + day, T0, T0 - 1, T0 - day * 400, T0 + 7]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
