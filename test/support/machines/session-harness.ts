/** Starts the production session machine with controlled actors and a recorded router. */
import { createActor, fromCallback, type AnyActorLogic } from 'xstate';
import { otpLoginMachine } from '../../../machines/otp-login.machine';
import { registrationMachine } from '../../../machines/registration.machine';
import { sessionMachine, type ProfileResult } from '../../../machines/session.machine';
import { DEFAULT_CLIENT_USER, type ClientUser } from '../../../src/domain/client-user';
import type { GuardFlags } from '../../../src/domain/routes';
import type { Language } from '../../../src/domain/types';
import { controlled } from './controlled';
import type { RequestOtpInput, RequestOtpResult, VerifyOtpResult } from '../../../machines/otp-login.machine';

export function userWith(flags: Omit<GuardFlags, 'isAnalyst'> & { isAnalyst?: boolean }, language: Language = 'hindi'): ClientUser {
  return {
    ...DEFAULT_CLIENT_USER,
    preferredLanguage: flags.hasLanguage ? language : null,
    isLoggedIn: flags.isLoggedIn,
    profileUpdated: flags.profileUpdated,
    isVerified: flags.isVerified,
    isAdmin: flags.isAdmin,
    isAnalyst: flags.isAnalyst ?? false,
  };
}

/** All 64 combinations of the six guard flags. */
export const ALL_FLAGS: GuardFlags[] = Array.from({ length: 64 }, (_, n) => ({
  hasLanguage: Boolean(n & 1),
  isLoggedIn: Boolean(n & 2),
  profileUpdated: Boolean(n & 4),
  isVerified: Boolean(n & 8),
  isAdmin: Boolean(n & 16),
  isAnalyst: Boolean(n & 32),
}));

/** `registration` replaces the registration chart (e.g. one that finishes at once); `location` is the path shown at start. */
export function startSession(options: { user?: ClientUser; hasToken?: boolean; location?: string; registration?: AnyActorLogic } = {}) {
  const navigations: { to: string; replace: boolean }[] = [];
  const tokens: (string | null)[] = [];
  /** How many times the session stepped back in the browser's history. */
  let backs = 0;
  const actors = {
    fetchProfile: controlled<ProfileResult>(),
    saveLanguage: controlled<void, { preferredLanguage: Language }>(),
    logout: controlled<void>(),
    deleteAccount: controlled<void>(),
    requestOtp: controlled<RequestOtpResult, RequestOtpInput>(),
    verifyOtp: controlled<VerifyOtpResult, { mobileNumber: string; otp: string }>(),
  };
  const machine = sessionMachine.provide({
    actions: {
      navigate: (_, params) => void navigations.push(params),
      saveToken: (_, params) => void tokens.push(params.token),
      navigateBack: () => void (backs += 1),
    },
    actors: {
      fetchProfile: actors.fetchProfile.logic,
      saveLanguage: actors.saveLanguage.logic,
      logout: actors.logout.logic,
      deleteAccount: actors.deleteAccount.logic,
      otpLogin: otpLoginMachine.provide({
        actors: {
          requestOtp: actors.requestOtp.logic,
          verifyOtp: actors.verifyOtp.logic,
          clock: fromCallback(() => undefined),
          webOtp: fromCallback(() => undefined),
        },
      }),
      registration: (options.registration ?? registrationMachine) as typeof registrationMachine,
    },
  });
  const actor = createActor(machine, {
    systemId: 'session',
    input: { user: options.user ?? null, hasToken: options.hasToken ?? options.user?.isLoggedIn ?? false, location: options.location },
  });
  actor.start();
  return { actor, navigations, tokens, actors, backs: () => backs, location: () => actor.getSnapshot().context.location };
}
