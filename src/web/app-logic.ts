/**
 * The app machine with its real effects: API actors (ofetch through src/web/api), browser adapters,
 * localStorage persistence, and the router's navigate. Tests call createAppLogic with a memory
 * location, a Map store and controlled actors instead.
 */
import { sendTo } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { cartMachine } from '../../machines/cart.machine';
import { connectionMachine } from '../../machines/connection.machine';
import { catalogueMachine } from '../../machines/catalogue.machine';
import { quotationStoreMachine } from '../../machines/quotation-store.machine';
import { otpLoginMachine } from '../../machines/otp-login.machine';
import { createPersistActor, createRestoreActor, type KeyValueStore } from '../../machines/persistence';
import { registrationMachine } from '../../machines/registration.machine';
import { sessionMachine } from '../../machines/session.machine';
import * as onboardingApi from './api/onboarding';
import * as browser from './onboarding/browser-actors';
import { realAppShopActors, whenLoggedOut, type AppShopActors } from './shop/actors';
import { ROUTES } from '../domain/routes';

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
  /** Replaces some of the shop's app-level actors (tests). */
  shop?: Partial<AppShopActors>;
  /** Replaces some of the login machine's actions (tests that shorten the resend countdown). */
  otpLoginActions?: Parameters<typeof otpLoginMachine.provide>[0]['actions'];
}

export function createAppLogic(effects: AppEffects) {
  const a = { ...realOnboardingActors, ...effects.actors } as OnboardingActors;
  const shop = { ...realAppShopActors, ...effects.shop };
  // After a 201 the cart asks the session (which applies the guards) to show /request.
  const goToRequest = { type: 'nav.go', to: ROUTES.request };
  return appMachine.provide({
    actors: {
      cart: cartMachine.provide({
        actors: { requestQuotation: shop.requestQuotation, logoutWatch: whenLoggedOut({ type: 'cart.clear' }) },
        actions: { navigateToRequest: sendTo(({ system }) => system.get('session'), goToRequest) },
      }),
      catalogue: catalogueMachine.provide({ actors: { fetchSkus: shop.fetchSkus, fetchConfig: shop.fetchConfig } }),
      quotations: quotationStoreMachine.provide({ actors: { logoutWatch: whenLoggedOut({ type: 'quotations.empty' }) } }),
      restore: createRestoreActor(effects.store),
      persist: createPersistActor(effects.store),
      connection: connectionMachine.provide({ actors: { watch: browser.watchNetwork } }),
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
            actions: effects.otpLoginActions ?? {},
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
