/**
 * Every SMS is a template in the recipient's preferred language (DECISIONS §5 Messages), kept beside
 * the app's locales in locales/sms/<locale>.json, with English as the fallback for a missing language
 * or a missing template. Placeholders are `{name}`. Hindi and Gujarati go out as Unicode SMS, whose
 * one segment holds 70 characters; the templates are written to fit it with a typical id and total.
 * English stays in the GSM alphabet (160 characters a segment): no ₹ sign, which would make it Unicode.
 */
import en from '../../../locales/sms/en.json' with { type: 'json' };
import gu from '../../../locales/sms/gu.json' with { type: 'json' };
import hi from '../../../locales/sms/hi.json' with { type: 'json' };
import { formatPaisa } from '../../domain/money';
import { LOCALE_OF_LANGUAGE, LANGUAGES, type Language, type Locale } from '../../domain/types';

export type SmsTemplate = keyof typeof en;
type Templates = Record<SmsTemplate, string>;

const TEMPLATES: Record<Locale, Partial<Templates>> = { en, hi, gu };

/** The stored preferred language as a locale; anything unknown (or none yet) reads English. */
export function smsLocale(language: string | null | undefined): Locale {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? LOCALE_OF_LANGUAGE[language as Language] : 'en';
}

/** The template's text in the language, its `{name}` placeholders filled; English when the language lacks it. */
export function renderSms(template: SmsTemplate, language: string | null | undefined, values: Record<string, string | number>): string {
  const text = TEMPLATES[smsLocale(language)][template] ?? en[template];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The login message, ending with the Web OTP line (`@host #code`, on its own last line) that lets Chrome
 * on Android offer the code to the page on `host`. The code is the first run of six digits.
 */
export const otpSms = (language: string | null | undefined, code: string, host: string): string =>
  `${renderSms('otp', language, { code })}\n@${host} #${code}`;

/**
 * Rupees as the app shows them, without paise when there are none: ₹1,350 or ₹1,350.50; in English
 * "Rs 1,350", since the ₹ sign alone would send the whole message as Unicode, in two segments.
 */
export function smsRupees(paisa: number, language: string | null | undefined): string {
  const rupees = formatPaisa(paisa).replace(/\.00$/, '');
  return smsLocale(language) === 'en' ? rupees.replace('₹', 'Rs ') : rupees;
}
