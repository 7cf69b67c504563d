/**
 * OTP login (SPEC §4–§5): phone entry, then code entry beside the resend timer.
 * `awaitingCode` is parallel: the `code` region edits and verifies the six boxes while the `resend`
 * region counts RESEND_SECONDS down on ticks from the injected `clock` actor, offers Resend at 0 and
 * requests a new code. Expected failures (wrong, expired or locked code, too many requests) come
 * back from the actors as typed results and land as error codes the views translate; anything
 * unexpected ends in onError, which only re-enables the button (SPEC §8). Navigation is a `nav.go`
 * sent to the session actor. The machine finishes with the token once a code is accepted.
 *
 * Past the server's hourly budgets a code to a new number needs a proof of work. The invoked `proof`
 * child (otpProofMachine) fetches a challenge and solves it off the main thread as soon as the farmer
 * starts typing, and hands the solution up; a request carries the solution it has (each is sent once,
 * then a fresh one is solved for the next request). If the server still answers CHALLENGE_REQUIRED
 * (no solution yet, or a used one), `requestingCode` waits for a fresh solution and asks once more.
 */
import { and, assign, enqueueActions, fromCallback, fromPromise, not, sendParent, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { OtpChallenge } from '../src/domain/api';
import { RESEND_SECONDS } from '../src/domain/constants';
import { codeOf, EMPTY_CODE, enterCode, eraseCode, isCodeComplete, isPhoneComplete, sanitizePhone } from '../src/domain/otp';
import { ROUTES } from '../src/domain/routes';

export type OtpErrorCode = 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_LOCKED' | 'RATE_LIMITED' | 'INVALID_NUMBER' | 'CHALLENGE_REQUIRED';

export type RequestOtpResult =
  | { ok: true }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number }
  | { ok: false; code: 'INVALID_NUMBER' }
  | { ok: false; code: 'CHALLENGE_REQUIRED' };

export interface RequestOtpInput {
  mobileNumber: string;
  /** A solved challenge (the `altcha` field), or null when none is ready. */
  altcha: string | null;
}

/** What the proof child tells the login chart. */
export type ProofReport = { type: 'proof.solved'; altcha: string } | { type: 'proof.failed' };

/** A solution is good for the challenge's five minutes; a fresh one is solved a little before. */
export const SOLUTION_FRESH_MS = 4 * 60 * 1000;

/**
 * The proof of work, on its own: `idle` until the login chart wants a solution (the farmer types),
 * then fetch a challenge, solve it (the app's solver runs in a Web Worker), and hold the solution
 * (`ready`) until the chart spends it or it grows old; then solve a fresh one. A failure is reported
 * and waits for the next want.
 */
export const otpProofMachine = setup({
  types: {
    events: {} as { type: 'proof.want' } | { type: 'proof.spent' },
    tags: {} as 'solving',
  },
  actors: {
    fetchChallenge: fromPromise<OtpChallenge>(async () => {
      throw new Error('fetchChallenge is supplied by the app');
    }),
    /** Answers the `altcha` field (base64 of the solution's JSON), or null when no number solves it. */
    solveChallenge: fromPromise<string | null, OtpChallenge>(async () => {
      throw new Error('solveChallenge is supplied by the app');
    }),
  },
  guards: {
    isSolved: (_, altcha: string | null) => altcha !== null,
  },
  actions: {
    tellSolved: sendParent((_, params: { altcha: string | null }) => ({ type: 'proof.solved', altcha: params.altcha ?? '' }) as ProofReport),
    tellFailed: sendParent({ type: 'proof.failed' } as ProofReport),
  },
  delays: { solutionFresh: SOLUTION_FRESH_MS },
}).createMachine({
  id: 'otpProof',
  initial: 'idle',
  states: {
    idle: {
      on: { 'proof.want': 'fetching', 'proof.spent': 'fetching' },
    },
    fetching: {
      tags: 'solving',
      invoke: {
        id: 'fetchChallenge',
        src: 'fetchChallenge',
        onDone: 'solving',
        onError: { target: 'failed', actions: 'tellFailed' },
      },
    },
    solving: {
      tags: 'solving',
      invoke: {
        id: 'solveChallenge',
        src: 'solveChallenge',
        input: ({ event }) => (event as unknown as { output: OtpChallenge }).output,
        onDone: [
          {
            guard: { type: 'isSolved', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'tellSolved', params: ({ event }) => ({ altcha: event.output }) },
          },
          { target: 'failed', actions: 'tellFailed' },
        ],
        onError: { target: 'failed', actions: 'tellFailed' },
      },
    },
    ready: {
      on: { 'proof.spent': 'fetching' },
      // The challenge expires on the server after five minutes: solve a fresh one before then.
      after: { solutionFresh: 'fetching' },
    },
    failed: {
      on: { 'proof.want': 'fetching', 'proof.spent': 'fetching' },
    },
  },
});

export type VerifyOtpResult =
  | { ok: true; token: string; profileUpdated: boolean }
  | { ok: false; code: 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_LOCKED' }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

export interface OtpLoginOutput {
  token: string;
  profileUpdated: boolean;
  mobileNumber: string;
}

export interface OtpLoginContext {
  phone: string;
  code: string[];
  secondsLeft: number;
  error: OtpErrorCode | null;
  /** Seconds to wait, when the server said RATE_LIMITED. */
  retryAfterSeconds: number | null;
  login: { token: string; profileUpdated: boolean } | null;
  /** The latest solved challenge the proof child handed up, not yet sent. */
  altcha: string | null;
  /** The solution the request in flight carries (sent once, never again). */
  sending: string | null;
}

export type OtpLoginEvent =
  | { type: 'phone.change'; value: string }
  | { type: 'phone.submit' }
  | { type: 'phone.edit' }
  | { type: 'code.enter'; index: number; value: string }
  | { type: 'code.erase'; index: number }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'clock.tick' }
  | ProofReport;

const otpLoginSetup = setup({
  types: {
    context: {} as OtpLoginContext,
    events: {} as OtpLoginEvent,
    output: {} as OtpLoginOutput,
    tags: {} as 'busy',
  },
  actors: {
    requestOtp: fromPromise<RequestOtpResult, RequestOtpInput>(async () => {
      throw new Error('requestOtp is supplied by the app');
    }),
    verifyOtp: fromPromise<VerifyOtpResult, { mobileNumber: string; otp: string }>(async () => {
      throw new Error('verifyOtp is supplied by the app');
    }),
    /** Sends `clock.tick` once a second; the app supplies an interval, tests tick by hand. */
    clock: fromCallback(() => undefined),
    /** Reads the code from the SMS where the browser can (Web OTP); sends `code.enter`. */
    webOtp: fromCallback(() => undefined),
    /** Solves proof-of-work challenges while the farmer types; the app supplies otpProofMachine with its effects. */
    proof: otpProofMachine,
  },
  guards: {
    isPhoneComplete: ({ context }) => isPhoneComplete(context.phone),
    isCodeComplete: ({ context }) => isCodeComplete(context.code),
    // The results below are the typed outputs of the invoked actors, passed as params by the done transitions.
    isAccepted: (_, result: RequestOtpResult) => result.ok,
    isVerified: (_, result: VerifyOtpResult) => result.ok,
    isRateLimited: (_, result: RequestOtpResult) => !result.ok && result.code === 'RATE_LIMITED',
    isChallengeRequired: (_, result: RequestOtpResult) => !result.ok && result.code === 'CHALLENGE_REQUIRED',
    hasSolution: ({ context }) => context.altcha !== null,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
    // A code being resent is not submitted: the new one will replace it.
    canSubmitCode: and(['isCodeComplete', not(stateIn('#otpLogin.awaitingCode.resend.resending'))]),
    // Nothing may be in flight: not while a code is being verified.
    canResend: not(stateIn('#otpLogin.awaitingCode.code.verifying')),
  },
  actions: {
    /** Asks the session to go somewhere; the session applies the route guards. */
    goTo: enqueueActions(({ system, enqueue }, params: { to: string }) => {
      const session = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'nav.go', to: params.to } as { type: string });
    }),
    /** Tells the session whether a code is out (sent, not yet used or dropped): /auth/verify-otp shows only then. */
    tellCodeSent: enqueueActions(({ system, enqueue }, params: { sent: boolean }) => {
      const session = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'otp.codeSent', sent: params.sent } as { type: string });
    }),
    /** Asks the proof child for a solution (it starts one unless it has or is making one). */
    wantProof: sendTo('proof', { type: 'proof.want' }),
    keepSolution: assign({ altcha: ({ context, event }) => (event.type === 'proof.solved' ? event.altcha : context.altcha) }),
    /** The request about to go carries the solution there is; the proof child starts a fresh one. */
    sendSolution: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ sending: context.altcha, altcha: null });
      if (context.altcha !== null) enqueue.sendTo('proof', { type: 'proof.spent' });
    }),
    setPhone: assign({ phone: ({ context, event }) => (event.type === 'phone.change' ? sanitizePhone(event.value) : context.phone) }),
    enterDigits: assign({
      code: ({ context, event }) => (event.type === 'code.enter' ? enterCode(context.code, event.index, event.value) : context.code),
      error: null,
    }),
    eraseDigit: assign({
      code: ({ context, event }) => (event.type === 'code.erase' ? eraseCode(context.code, event.index) : context.code),
    }),
    clearCode: assign({ code: () => [...EMPTY_CODE] }),
    clearError: assign({ error: null, retryAfterSeconds: null }),
    startCountdown: assign({ secondsLeft: RESEND_SECONDS }),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    challengeFailed: assign({ error: 'CHALLENGE_REQUIRED' as const, retryAfterSeconds: null }),
    setRequestError: assign((_, result: RequestOtpResult) => {
      if (result.ok) return {};
      return { error: result.code, retryAfterSeconds: result.code === 'RATE_LIMITED' ? result.retryAfterSeconds : null };
    }),
    // The server said when the next code may be asked for: the countdown shows that wait.
    waitRetryAfter: assign((_, result: RequestOtpResult) => {
      const seconds = !result.ok && result.code === 'RATE_LIMITED' ? result.retryAfterSeconds : RESEND_SECONDS;
      return { error: 'RATE_LIMITED' as const, retryAfterSeconds: seconds, secondsLeft: seconds };
    }),
    setVerifyError: assign((_, result: VerifyOtpResult) => {
      if (result.ok) return {};
      return { error: result.code, retryAfterSeconds: result.code === 'RATE_LIMITED' ? result.retryAfterSeconds : null };
    }),
    keepLogin: assign({
      login: (_, result: VerifyOtpResult) => (result.ok ? { token: result.token, profileUpdated: result.profileUpdated } : null),
    }),
  },
});

/** On a code sent: a fresh countdown and empty boxes, and the session shows the code screen. */
const CODE_SENT = [
  'clearError',
  'clearCode',
  'startCountdown',
  { type: 'tellCodeSent', params: { sent: true } },
  { type: 'goTo', params: { to: ROUTES.verifyOtp } },
] as const;

export const otpLoginMachine = otpLoginSetup.createMachine({
  id: 'otpLogin',
  initial: 'enteringPhone',
  context: {
    phone: '',
    code: [...EMPTY_CODE],
    secondsLeft: RESEND_SECONDS,
    error: null,
    retryAfterSeconds: null,
    login: null,
    altcha: null,
    sending: null,
  },
  invoke: { id: 'proof', src: 'proof', systemId: 'otpProof' },
  on: { 'proof.solved': { actions: 'keepSolution' } },
  output: ({ context }) => ({
    token: context.login?.token ?? '',
    profileUpdated: context.login?.profileUpdated ?? false,
    mobileNumber: context.phone,
  }),
  states: {
    enteringPhone: {
      on: {
        'phone.change': { actions: ['setPhone', 'clearError', 'wantProof'] },
        'phone.submit': { guard: 'isPhoneComplete', target: 'requestingCode', actions: 'sendSolution' },
      },
    },
    requestingCode: {
      tags: 'busy',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'requestOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ mobileNumber: context.phone, altcha: context.sending }),
            onDone: [
              { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: '#otpLogin.awaitingCode', actions: CODE_SENT },
              // No solution went, or a used one: wait for a fresh one and ask once more.
              { guard: { type: 'isChallengeRequired', params: ({ event }) => event.output }, target: 'awaitingProof' },
              { target: '#otpLogin.enteringPhone', actions: { type: 'setRequestError', params: ({ event }) => event.output } },
            ],
            onError: '#otpLogin.enteringPhone',
          },
        },
        awaitingProof: {
          entry: 'wantProof',
          always: { guard: 'hasSolution', target: 'retrying', actions: 'sendSolution' },
          on: {
            'proof.solved': { target: 'retrying', actions: ['keepSolution', 'sendSolution'] },
            'proof.failed': { target: '#otpLogin.enteringPhone', actions: 'challengeFailed' },
          },
        },
        retrying: {
          invoke: {
            id: 'retryOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ mobileNumber: context.phone, altcha: context.sending }),
            onDone: [
              { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: '#otpLogin.awaitingCode', actions: CODE_SENT },
              { target: '#otpLogin.enteringPhone', actions: { type: 'setRequestError', params: ({ event }) => event.output } },
            ],
            onError: '#otpLogin.enteringPhone',
          },
        },
      },
    },
    awaitingCode: {
      type: 'parallel',
      exit: { type: 'tellCodeSent', params: { sent: false } },
      invoke: { id: 'webOtp', src: 'webOtp' },
      on: {
        // Back on the phone screen (browser back): typing edits the number; Get OTP returns to the
        // code already sent rather than asking for another before the timer allows it.
        'phone.change': { target: 'enteringPhone', actions: ['setPhone', 'clearCode', 'clearError'] },
        'phone.submit': { guard: 'isPhoneComplete', actions: { type: 'goTo', params: { to: ROUTES.verifyOtp } } },
        'phone.edit': {
          target: 'enteringPhone',
          actions: ['clearCode', 'clearError', { type: 'goTo', params: { to: ROUTES.generateOtp } }],
        },
      },
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'code.enter': { actions: 'enterDigits' },
                'code.erase': { actions: 'eraseDigit' },
                'code.submit': { guard: 'canSubmitCode', target: 'verifying' },
              },
            },
            verifying: {
              tags: 'busy',
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context }) => ({ mobileNumber: context.phone, otp: codeOf(context.code) }),
                onDone: [
                  {
                    guard: { type: 'isVerified', params: ({ event }) => event.output },
                    target: '#otpLogin.loggedIn',
                    actions: { type: 'keepLogin', params: ({ event }) => event.output },
                  },
                  { target: 'editing', actions: [{ type: 'setVerifyError', params: ({ event }) => event.output }, 'clearCode'] },
                ],
                onError: 'editing',
              },
            },
          },
        },
        resend: {
          initial: 'counting',
          states: {
            counting: {
              invoke: { id: 'clock', src: 'clock' },
              on: {
                'clock.tick': [
                  { guard: 'isLastSecond', target: 'ready', actions: 'tick' },
                  { actions: 'tick' },
                ],
              },
            },
            ready: {
              on: {
                'code.resend': { guard: 'canResend', target: 'resending', actions: 'sendSolution' },
              },
            },
            resending: {
              tags: 'busy',
              invoke: {
                id: 'resendOtp',
                src: 'requestOtp',
                input: ({ context }) => ({ mobileNumber: context.phone, altcha: context.sending }),
                onDone: [
                  {
                    guard: { type: 'isAccepted', params: ({ event }) => event.output },
                    target: 'counting',
                    actions: ['clearError', 'clearCode', 'startCountdown'],
                  },
                  {
                    guard: { type: 'isRateLimited', params: ({ event }) => event.output },
                    target: 'counting',
                    actions: { type: 'waitRetryAfter', params: ({ event }) => event.output },
                  },
                  { target: 'ready', actions: { type: 'setRequestError', params: ({ event }) => event.output } },
                ],
                onError: 'ready',
              },
            },
          },
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});

export type OtpLoginActorRef = ActorRefFrom<typeof otpLoginMachine>;
