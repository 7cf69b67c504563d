/**
 * The app machine with its real effects: API actors (ofetch through src/web/api), browser adapters,
 * localStorage persistence, and the router's navigate. Tests call createAppLogic with a memory
 * location, a Map store and controlled actors instead.
 */
import { appMachine } from '../../machines/app.machine';
import { otpLoginMachine } from '../../machines/otp-login.machine';
import { createPersistActor, createRestoreActor, type KeyValueStore } from '../../machines/persistence';
import { registrationMachine } from '../../machines/registration.machine';
import { sessionMachine } from '../../machines/session.machine';
import * as onboardingApi from './api/onboarding';
import * as browser from './onboarding/browser-actors';

export const realOnboardingActors = {
  requestOtp: onboardingApi.requestOtp,
  verifyOtp: onboardingApi.verifyOtp,
  clock: browser.everySecond,
  webOtp: browser.webOtp,
  fetchProfile: onboardingApi.fetchProfile,
  saveLanguage: onboardingApi.saveLanguage,
  logout: onboardingApi.logout,
  prepareImage: browser.prepareImage,
  uploadImage: onboardingApi.uploadImage,
  locate: browser.locate,
  submitProfile: onboardingApi.submitProfile,
};

export type OnboardingActors = typeof realOnboardingActors;

export interface AppEffects {
  navigate: (to: string, options: { replace: boolean }) => void;
  saveToken: (token: string | null) => void;
  store: KeyValueStore;
  /** Replaces some of the real actors (tests). */
  actors?: Partial<OnboardingActors>;
}

export function createAppLogic(effects: AppEffects) {
  const a = { ...realOnboardingActors, ...effects.actors } as OnboardingActors;
  return appMachine.provide({
    actors: {
      restore: createRestoreActor(effects.store),
      persist: createPersistActor(effects.store),
      session: sessionMachine.provide({
        actions: {
          navigate: (_, params) => effects.navigate(params.to, { replace: params.replace }),
          saveToken: (_, params) => effects.saveToken(params.token),
        },
        actors: {
          fetchProfile: a.fetchProfile,
          saveLanguage: a.saveLanguage,
          logout: a.logout,
          otpLogin: otpLoginMachine.provide({
            actors: { requestOtp: a.requestOtp, verifyOtp: a.verifyOtp, clock: a.clock, webOtp: a.webOtp },
          }),
          registration: registrationMachine.provide({
            actors: {
              prepareImage: a.prepareImage,
              uploadImage: a.uploadImage,
              locate: a.locate,
              submitProfile: a.submitProfile,
            },
          }),
        },
      }),
    },
  });
}
