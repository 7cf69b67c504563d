import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import { renderApp, type RenderedApp } from '../../support/web/render';

const english = { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' as const } };
const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ }) as HTMLInputElement[];

async function toCodeScreen(): Promise<RenderedApp> {
  const app = renderApp({ path: '/auth/generate-otp', persisted: english });
  fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
  app.actors.requestOtp.last().resolve({ ok: true });
  await screen.findByRole('heading', { name: 'Enter the 6-digit code' });
  return app;
}

describe('the phone screen', () => {
  it('shows the fixed +91 prefix and a numeric phone field', async () => {
    renderApp({ path: '/auth/generate-otp', persisted: english });
    const input = (await screen.findByLabelText('Mobile number')) as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    screen.getByText('+91');
  });

  it('enables Get OTP only at ten digits', async () => {
    renderApp({ path: '/auth/generate-otp', persisted: english });
    const input = await screen.findByLabelText('Mobile number');
    fireEvent.change(input, { target: { value: '987654321' } });
    expect((screen.getByRole('button', { name: 'Get OTP' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '9876543210' } });
    expect((screen.getByRole('button', { name: 'Get OTP' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables Get OTP while the request is in flight', async () => {
    const app = renderApp({ path: '/auth/generate-otp', persisted: english });
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect((screen.getByRole('button', { name: 'Get OTP' }) as HTMLButtonElement).disabled).toBe(true);
    expect(app.actors.requestOtp.calls).toHaveLength(1);
  });
});

describe('the code screen without a code sent', () => {
  it('sends a reload or a typed URL of /auth/verify-otp to the number screen first', async () => {
    const app = renderApp({ path: '/auth/verify-otp', persisted: english });
    await screen.findByLabelText('Mobile number');
    expect(app.path()).toBe('/auth/generate-otp');
    expect(screen.queryByRole('heading', { name: 'Enter the 6-digit code' })).toBeNull();
  });

  it('goes back to the number screen when the number is changed, and does not return to the code boxes', async () => {
    const app = await toCodeScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    await waitFor(() => expect(app.path()).toBe('/auth/generate-otp'));
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543211' } });
    act(() => app.memory.navigate('/auth/verify-otp'));
    await waitFor(() => expect(app.path()).toBe('/auth/generate-otp'));
  });
});

describe('the code boxes', () => {
  it('marks every box for one-time-code autofill and numeric input', async () => {
    await toCodeScreen();
    for (const box of boxes()) {
      expect(box.getAttribute('autocomplete')).toBe('one-time-code');
      expect(box.inputMode).toBe('numeric');
    }
  });

  it('ignores a non-digit', async () => {
    await toCodeScreen();
    fireEvent.change(boxes()[0]!, { target: { value: 'x' } });
    expect(boxes()[0]!.value).toBe('');
  });

  it('moves the focus to the next box after a digit', async () => {
    await toCodeScreen();
    boxes()[0]!.focus();
    fireEvent.change(boxes()[0]!, { target: { value: '4' } });
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('moves the focus back on Backspace in an empty box', async () => {
    await toCodeScreen();
    fireEvent.change(boxes()[0]!, { target: { value: '4' } });
    boxes()[1]!.focus();
    fireEvent.keyDown(boxes()[1]!, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('fills all six boxes from a pasted code', async () => {
    await toCodeScreen();
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => '482 913' } });
    expect(boxes().map((b) => b.value)).toEqual(['4', '8', '2', '9', '1', '3']);
  });

  it('enables Submit only with six digits', async () => {
    await toCodeScreen();
    fireEvent.change(boxes()[0]!, { target: { value: '48291' } });
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(boxes()[5]!, { target: { value: '3' } });
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the resend countdown', () => {
  it('shows 02:00 and ticks down each second', async () => {
    const app = await toCodeScreen();
    expect(screen.getByRole('timer').textContent).toBe('02:00');
    act(() => app.app().system.get('otpLogin')!.send({ type: 'clock.tick' }));
    expect(screen.getByRole('timer').textContent).toBe('01:59');
  });

  it('enables Resend at zero and starts again from 02:00 after a successful resend', async () => {
    const app = await toCodeScreen();
    const otp = app.app().system.get('otpLogin')!;
    act(() => {
      for (let i = 0; i < 120; i += 1) otp.send({ type: 'clock.tick' });
    });
    const resend = screen.getByRole('button', { name: 'Resend' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    fireEvent.click(resend);
    expect((screen.getByRole('button', { name: 'Resend' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => app.actors.requestOtp.last().resolve({ ok: true }));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('02:00'));
  });
});
