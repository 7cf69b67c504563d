import { describe, expect, it } from 'vitest';
import { inspectorWanted, redact } from '../../../src/web/shell/inspector';

describe('the Stately inspector', () => {
  it('is on with ?inspect in the address', () => {
    expect(inspectorWanted('?inspect', undefined)).toBe(true);
  });

  it('is on when the build says VITE_INSPECT=1', () => {
    expect(inspectorWanted('', '1')).toBe(true);
  });

  it('is off otherwise', () => {
    expect(inspectorWanted('?lang=hi', undefined)).toBe(false);
  });

  it('never sees a mobile number, token, OTP code or image url', () => {
    const event = {
      type: '@xstate.snapshot',
      snapshot: {
        context: {
          phone: '9876543210',
          code: ['1', '2', '3', '4', '5', '6'],
          login: { token: 'abc', profileUpdated: true },
          user: { name: 'Kanu', mobileNumber: '9876543210', profilePhoto: '/api/uploads/p.jpg', isVerified: false },
          images: { aadhaar: { url: '/api/uploads/a.jpg', fileName: 'aadhaar.jpg' } },
        },
      },
      event: { type: 'xstate.done.actor.x', output: { ok: true, token: 'secret-token' }, note: 'sent to +91 98765 43210' },
    };
    const text = JSON.stringify(redact(event));
    for (const secret of ['9876543210', '98765 43210', 'abc', 'secret-token', '/api/uploads/p.jpg', '/api/uploads/a.jpg', '"1","2"']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('Kanu');
    expect(text).toContain('"isVerified":false');
  });

  it('keeps empty fields empty so the shape stays readable', () => {
    expect(redact({ phone: '', token: null })).toEqual({ phone: '', token: null });
  });
});
