/** Pure rules of the OTP screens (SPEC §5, §9): digits only, six boxes, the mm:ss countdown. */
import { isOtpCode, OTP_LENGTH, PHONE_LENGTH } from './constants';

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/**
 * The phone field keeps at most ten digits, whatever is typed or pasted: a pasted "+91 98765 43210"
 * or "098765 43210" loses its country code or trunk zero; an eleventh typed digit is ignored.
 */
export const sanitizePhone = (value: string): string => {
  let digits = digitsOnly(value);
  if (digits.length === PHONE_LENGTH + 2 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === PHONE_LENGTH + 1 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, PHONE_LENGTH);
};

export const isPhoneComplete = (phone: string): boolean => phone.length === PHONE_LENGTH && digitsOnly(phone) === phone;

export const EMPTY_CODE: readonly string[] = Array.from({ length: OTP_LENGTH }, () => '');

/**
 * The six boxes after typing `value` into box `index`: non-digits are ignored; a single digit fills
 * that box; several digits (a paste or an SMS autofill) fill the boxes from there, and a whole
 * six-digit code fills all six from the first.
 */
export function enterCode(boxes: readonly string[], index: number, value: string): string[] {
  const digits = digitsOnly(value);
  const next = [...boxes];
  if (digits.length === 0) return next;
  const start = digits.length >= OTP_LENGTH ? 0 : index;
  for (let i = 0; i < digits.length && start + i < OTP_LENGTH; i += 1) next[start + i] = digits[i]!;
  return next;
}

export const eraseCode = (boxes: readonly string[], index: number): string[] =>
  boxes.map((digit, i) => (i === index ? '' : digit));

export const codeOf = (boxes: readonly string[]): string => boxes.join('');
export const isCodeComplete = (boxes: readonly string[]): boolean => isOtpCode(codeOf(boxes));

/** 120 → "02:00", 5 → "00:05". */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(safe / 60)).padStart(2, '0');
  const ss = String(safe % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
