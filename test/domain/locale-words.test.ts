/**
 * A Hindi or Gujarati reader never meets an English word or a code name inside the text.
 * Every hi and gu message (app, admin and SMS) is stripped of its ICU syntax ({name}, plural and
 * select keywords); what is left may hold an ASCII word only when it is on the short allow-list of
 * names that have no translation. Units come from the vocabulary, translated in every locale.
 */
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import smsEn from '../../locales/sms/en.json';
import smsGu from '../../locales/sms/gu.json';
import smsHi from '../../locales/sms/hi.json';
import { KNOWN_UNITS } from '../../src/domain/sku-text';

/**
 * Abbreviations printed as they are on Indian forms and phones, and English's own name beside its
 * Hindi or Gujarati name in the language list (so that an English reader finds it).
 */
const ALLOWED = new Set(['OTP', 'UPI', 'JPG', 'PNG', 'English']);

/** The message's literal text: placeholders, plural/select heads and case keywords removed. */
export function literalText(message: string): string {
  return message
    .replace(/\{\s*\w+\s*,\s*(number|date|time)\s*(,[^{}]*)?\}/g, ' ')
    .replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/g, ' ')
    .replace(/(^|[\s}])(zero|one|two|few|many|other|=\d+)\s*\{/g, '$1 ')
    .replace(/\{\s*\w+\s*\}/g, ' ')
    .replace(/[{}#]/g, ' ');
}

const asciiWords = (message: string): string[] => (literalText(message).match(/[A-Za-z]+/g) ?? []).filter((w) => !ALLOWED.has(w));

describe('locale words', () => {
  it('strips ICU syntax and keeps the words around it', () => {
    expect(literalText('{n, plural, one {# item added} other {# items added}}').trim().split(/\s+/)).toEqual(['item', 'added', 'items', 'added']);
    expect(asciiWords('{name} की मात्रा')).toEqual([]);
    expect(asciiWords('पेज का हिस्सा request लोड नहीं हुआ')).toEqual(['request']);
    expect(asciiWords('OTP पाएँ')).toEqual([]);
    expect(asciiWords('{days} दिनों में {count, number} ट्रांज़िशन')).toEqual([]);
  });

  for (const [locale, messages] of Object.entries({ hi, gu, 'sms/hi': smsHi, 'sms/gu': smsGu })) {
    it(`${locale}: no English word outside the allow-list (${[...ALLOWED].join(', ')})`, () => {
      const leaks = Object.entries(messages as Record<string, string>)
        .map(([key, text]) => [key, asciiWords(text).join(' ')])
        .filter(([, words]) => words !== '');
      expect(leaks).toEqual([]);
    });
  }

  it('has every key of en.json in hi.json and gu.json, and every SMS template in each language', () => {
    for (const messages of [hi, gu]) expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const messages of [smsHi, smsGu]) expect(Object.keys(messages).sort()).toEqual(Object.keys(smsEn).sort());
  });

  it('translates every unit of the vocabulary', () => {
    for (const unit of KNOWN_UNITS) {
      const key = `unit.${unit}` as keyof typeof en;
      expect(en[key], key).toBeTruthy();
      expect(hi[key], key).toMatch(/[\u0900-\u097f]/);
      expect(gu[key], key).toMatch(/[\u0a80-\u0aff]/);
    }
  });
});
