import { describe, expect, it } from 'vitest';
import { aadhaarStatus } from '../../src/domain/client-user';

describe("the profile's Aadhaar line", () => {
  it('says uploaded while the card is on file, checked once a verified account’s card is erased, else missing', () => {
    expect(aadhaarStatus({ aadhaar: '/api/uploads/a1', isVerified: false })).toBe('uploaded');
    expect(aadhaarStatus({ aadhaar: '/api/uploads/a1', isVerified: true })).toBe('uploaded');
    expect(aadhaarStatus({ aadhaar: null, isVerified: true })).toBe('checked');
    expect(aadhaarStatus({ aadhaar: null, isVerified: false })).toBe('missing');
    expect(aadhaarStatus({ isVerified: false })).toBe('missing');
  });
});
