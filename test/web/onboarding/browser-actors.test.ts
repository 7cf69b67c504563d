import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everySecond, webOtp } from '../../../src/web/onboarding/browser-actors';
import { afterPendingWork } from '../../support/after-pending-work';

/** A parent that records what the callback actor sends back. */
function host(logic: typeof everySecond) {
  const received: AnyEventObject[] = [];
  const parent = createActor(
    createMachine({
      invoke: { src: logic },
      on: { '*': { actions: ({ event }) => void received.push(event) } },
    }),
  );
  parent.start();
  return { parent, received };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the browser adapters', () => {
  it('tick once a second until stopped', () => {
    vi.useFakeTimers();
    const { parent, received } = host(everySecond);
    vi.advanceTimersByTime(3000);
    expect(received.filter((e) => e.type === 'clock.tick')).toHaveLength(3);
    parent.stop();
    vi.advanceTimersByTime(3000);
    expect(received.filter((e) => e.type === 'clock.tick')).toHaveLength(3);
  });

  it('fill the code boxes from the SMS where the browser offers Web OTP', async () => {
    const get = vi.fn(async () => ({ code: '482913' }));
    vi.stubGlobal('OTPCredential', function OTPCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    const { received } = host(webOtp as unknown as typeof everySecond);
    await vi.waitFor(() => expect(received).toContainEqual({ type: 'code.enter', index: 0, value: '482913' }));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
  });

  it('stay silent where the browser has no Web OTP', async () => {
    const { received } = host(webOtp as unknown as typeof everySecond);
    // Nothing to wait for: the code must never come, so give a browser answer every chance to arrive.
    await afterPendingWork();
    expect(received.filter((e) => e.type === 'code.enter')).toEqual([]);
  });
});
