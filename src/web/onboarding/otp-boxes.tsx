/**
 * Six single-digit boxes (SPEC §5). The machine keeps the digits; this view only moves the focus:
 * forward after a digit, to the last filled box after a paste, back on Backspace in an empty box.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { digitsOnly } from '../../domain/otp';

export function OtpBoxes({
  digits,
  disabled,
  onEnter,
  onErase,
}: {
  digits: readonly string[];
  disabled: boolean;
  onEnter: (index: number, value: string) => void;
  onErase: (index: number) => void;
}) {
  const intl = useIntl();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(digits.length - 1, index))]?.focus();

  const change = (index: number, raw: string) => {
    // The box already held a digit: what was typed is whatever is not that digit.
    const typed = raw.length > 1 && digits[index] && raw.startsWith(digits[index]!) ? raw.slice(1) : raw;
    const value = digitsOnly(typed);
    if (raw === '') {
      onErase(index);
      return;
    }
    if (value === '') return;
    onEnter(index, value);
    const start = value.length >= digits.length ? 0 : index;
    focus(start + value.length);
  };
  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      focus(index - 1);
    }
  };
  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!digitsOnly(text)) return;
    event.preventDefault();
    change(index, text);
  };

  return (
    <div className="otp-boxes" role="group" aria-label={intl.formatMessage({ id: 'onboarding.otp.codeLabel' })}>
      {digits.map((digit, index) => (
        <input
          // The six boxes never reorder.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={index === 0 ? 6 : 2}
          value={digit}
          disabled={disabled}
          aria-label={intl.formatMessage({ id: 'onboarding.otp.digitLabel' }, { n: index + 1, total: digits.length })}
          onChange={(event) => change(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={(event) => paste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
