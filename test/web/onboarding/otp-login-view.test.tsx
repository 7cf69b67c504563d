/**
 * The otp-login model paths drive the real rendered app: each event becomes a user gesture (typing,
 * tapping) or an actor's reply (the controlled API actor answers, the clock ticks), and after each
 * step the screen must show what the chart's state says. A state without an assertion fails.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { otpLoginMachine } from '../../../machines/otp-login.machine';
import { formatCountdown } from '../../../src/domain/otp';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import { OTP_EVENTS, modelCountdown, otpModelMachine, otpSerialize } from '../../support/machines/otp-login-model';
import { driveView, modelPaths } from '../../support/machines/model-coverage';
import { answerAs } from '../../support/machines/controlled';
import { renderApp, type RenderedApp } from '../../support/web/render';

type Snap = SnapshotFrom<typeof otpLoginMachine>;
const paths = modelPaths(otpModelMachine, { events: OTP_EVENTS, serializeState: otpSerialize });

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ }) as HTMLInputElement[];

function otpActor(app: RenderedApp) {
  const otp = app.app().system.get('otpLogin');
  if (!otp) throw new Error('otpLogin is not running');
  return otp;
}

async function onPhoneScreen(app: RenderedApp) {
  if (!document.querySelector('#phone')) {
    // The browser's back button, from the code screen.
    act(() => app.memory.navigate('/auth/generate-otp'));
    await screen.findByRole('heading', { name: 'Enter your mobile number' });
  }
}

async function perform(app: RenderedApp, event: AnyEventObject) {
  const reply = async (which: 'requestOtp' | 'verifyOtp') => {
    await act(() => answerAs(app.actors[which].last(), event));
  };
  switch (event.type) {
    case 'xstate.init':
      // The app has already started the machine.
      break;
    case 'phone.change':
      await onPhoneScreen(app);
      // Retyping the same number: clear the field, then type it (React sees no change otherwise).
      if ((screen.getByLabelText('Mobile number') as HTMLInputElement).value === event.value) {
        fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '' } });
      }
      fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: event.value } });
      break;
    case 'phone.submit':
      await onPhoneScreen(app);
      fireEvent.click(button('Get OTP'));
      break;
    case 'phone.edit':
      fireEvent.click(button('Change number'));
      break;
    case 'code.enter':
      fireEvent.change(boxes()[event.index as number]!, { target: { value: event.value } });
      break;
    case 'code.erase':
      fireEvent.change(boxes()[event.index as number]!, { target: { value: '' } });
      break;
    case 'code.submit':
      fireEvent.click(button('Submit'));
      break;
    case 'code.resend':
      fireEvent.click(button('Resend'));
      break;
    case 'clock.tick':
    case 'proof.solved':
    case 'proof.failed':
      // What the clock and the proof child (its worker answering) send the chart.
      act(() => otpActor(app).send(event as never));
      break;
    case 'xstate.done.actor.requestOtp':
    case 'xstate.error.actor.requestOtp':
    case 'xstate.done.actor.resendOtp':
    case 'xstate.error.actor.resendOtp':
    case 'xstate.done.actor.retryOtp':
    case 'xstate.error.actor.retryOtp':
      await reply('requestOtp');
      break;
    case 'xstate.done.actor.verifyOtp':
    case 'xstate.error.actor.verifyOtp':
      await reply('verifyOtp');
      break;
    default:
      throw new Error(`No gesture for ${event.type}`);
  }
}

const ERROR_TEXT: Record<string, RegExp> = {
  OTP_INVALID: /That code is not right/,
  RATE_LIMITED: /Too many requests/,
  INVALID_NUMBER: /valid 10-digit/,
  CHALLENGE_REQUIRED: /could not be sent just now/,
};

const assertions: Record<string, (s: Snap) => Promise<void> | void> = {
  enteringPhone: async (s) => {
    await screen.findByRole('heading', { name: 'Enter your mobile number' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe(s.context.phone);
    expect(button('Get OTP').disabled).toBe(!s.can({ type: 'phone.submit' }));
    screen.getByText('A code will be sent to your number');
    if (s.context.error) expect(screen.getByRole('alert').textContent).toMatch(ERROR_TEXT[s.context.error]!);
    else expect(screen.queryByRole('alert')).toBeNull();
  },
  requestingCode: () => {
    expect(button('Get OTP').disabled).toBe(true);
  },
  'requestingCode.awaitingProof': (s) => {
    // The server asked for a proof of work: the farmer sees the button still busy and no refusal
    // (only a line an earlier attempt left, as while any request is out).
    expect(button('Get OTP').querySelector('.spinner')).not.toBeNull();
    if (s.context.error === null) expect(screen.queryByRole('alert')).toBeNull();
  },
  awaitingCode: async (s) => {
    await screen.findByRole('heading', { name: 'Enter the 6-digit code' });
    expect(boxes().map((b) => b.value)).toEqual(s.context.code);
    screen.getByText(`+91 ${s.context.phone}`);
    if (s.context.error) expect(screen.getByRole('alert').textContent).toMatch(ERROR_TEXT[s.context.error]!);
  },
  'awaitingCode.code.editing': (s) => {
    expect(button('Submit').disabled).toBe(!s.can({ type: 'code.submit' }));
    expect(boxes()[0]!.disabled).toBe(false);
  },
  'awaitingCode.code.verifying': () => {
    expect(button('Submit').disabled).toBe(true);
    expect(boxes()[0]!.disabled).toBe(true);
  },
  'awaitingCode.resend.counting': (s) => {
    expect(screen.getByRole('timer').textContent).toBe(formatCountdown(s.context.secondsLeft));
    expect(button('Resend').disabled).toBe(true);
  },
  'awaitingCode.resend.ready': (s) => {
    expect(screen.queryByRole('timer')).toBeNull();
    screen.getByText("Didn't get the code?");
    expect(button('Resend').disabled).toBe(!s.can({ type: 'code.resend' }));
  },
  'awaitingCode.resend.resending': () => {
    expect(button('Resend').disabled).toBe(true);
  },
  loggedIn: async () => {
    // A new user (profileUpdated false) goes on to the first registration step.
    await waitFor(() => expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain('Add your photo'));
  },
};

describe('the OTP screens follow the otp-login chart', () => {
  it('generates paths to drive', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      const app = renderApp({
        path: '/auth/generate-otp',
        persisted: { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' } },
        otpLoginActions: modelCountdown,
      });
      await waitFor(() => expect(app.app().system.get('otpLogin')).toBeTruthy());
      await driveView(path, {
        perform: (event) => perform(app, event),
        assertions,
        initial: otpActor(app).getSnapshot(),
      });
    });
  }
});
