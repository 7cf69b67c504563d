import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import gu from '../../../locales/gu.json';
import hi from '../../../locales/hi.json';
import { loadMessages, withEnglishFallback } from '../../../src/web/i18n/messages';

const ONBOARDING = Object.keys(en).filter((k) => k.startsWith('onboarding.') || k.startsWith('common.'));

describe('the message catalogues', () => {
  it('shows a message missing in Hindi in English', () => {
    expect(withEnglishFallback({ a: 'Hello', b: 'Bye' }, { a: 'नमस्ते' })).toEqual({ a: 'नमस्ते', b: 'Bye' });
  });

  it('loads Gujarati with English underneath', async () => {
    const messages = await loadMessages('gu');
    // Every key but the admin section's, which only the admin screens load.
    for (const key of Object.keys(en).filter((k) => !k.startsWith('admin.'))) expect(messages[key]).toBeTruthy();
    // Precompiled at build: a plain text is one literal element.
    expect(messages['onboarding.otp.getOtp']).toEqual([{ type: 0, value: 'OTP મંગાવો' }]);
  });

  it('has every onboarding and shell message in Hindi and Gujarati', () => {
    const missing = ONBOARDING.filter((k) => !(k in hi) || !(k in gu));
    expect(missing).toEqual([]);
  });

  it('translates the onboarding messages rather than copying the English', () => {
    const same = ONBOARDING.filter((k) => (hi as Record<string, string>)[k] === (en as Record<string, string>)[k]);
    // Only language names in their own script may read the same.
    expect(same.filter((k) => !k.includes('.language.english'))).toEqual([]);
  });

  it('uses the English texts of the specification exactly', () => {
    const e = en as Record<string, string>;
    expect(e['onboarding.joinUs.title']).toBe('Join Us!');
    expect(e['onboarding.joinUs.signUp']).toBe('Sign up');
    expect(e['onboarding.joinUs.logIn']).toBe('Log in');
    expect(e['onboarding.otp.codeWillBeSent']).toBe('A code will be sent to your number');
    expect(e['onboarding.otp.getOtp']).toBe('Get OTP');
    expect(e['onboarding.otp.resend']).toBe('Resend');
    expect(e['onboarding.image.skip']).toBe('Skip for Now');
    expect(e['onboarding.image.uploaded']).toBe('Image uploaded');
    expect(e['onboarding.waiting.title']).toBe('Please wait, Your Account is under Verification');
    expect(e['common.loading']).toBe('Loading...');
  });
});
