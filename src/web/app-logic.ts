/**
 * The app machine with its real effects: API actors (ofetch through src/web/api), browser adapters,
 * localStorage persistence, and the router's navigate. Tests call createAppLogic with a memory
 * location, a Map store and controlled actors instead.
 */
import { fromCallback, fromPromise, sendTo, type AnyActorLogic } from 'xstate';
import { appMachine, type AppEvent } from '../../machines/app.machine';
import { cartMachine } from '../../machines/cart.machine';
import { connectionMachine } from '../../machines/connection.machine';
import { localeMachine } from '../../machines/locale.machine';
import { catalogueMachine } from '../../machines/catalogue.machine';
import { quotationStoreMachine } from '../../machines/quotation-store.machine';
import { orderTrackingMachine } from '../../machines/order-tracking.machine';
import { otpLoginMachine, otpProofMachine } from '../../machines/otp-login.machine';
import { protectedImageMachine } from '../../machines/protected-image.machine';
import { quotationDetailMachine } from '../../machines/quotation-detail.machine';
import { quotationListMachine } from '../../machines/quotation-list.machine';
import { createPersistActor, createRestoreActor, type KeyValueStore } from '../../machines/persistence';
import { registrationMachine } from '../../machines/registration.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { OutboxActors } from './outbox/actors';
import type { AdminActors } from './admin/actors';
import type { LazyChartId } from '../../machines/screen-charts';
import type { LazyChartEffects } from './lazy-charts';
import * as onboardingApi from './api/onboarding';
import { loadMessages } from './i18n/messages';
import { fetchProtectedImage } from './api/protected-image';
import * as browser from './onboarding/browser-actors';
import { realAppShopActors, realScreenActors, whenLoggedOut, type AppShopActors, type ScreenActors } from './shop/actors';
import { ROUTES } from '../domain/routes';
import type { OtpChallenge } from '../domain/api';
import type { Quotation } from '../domain/types';

export const realOnboardingActors = {
  requestOtp: onboardingApi.requestOtp,
  verifyOtp: onboardingApi.verifyOtp,
  fetchChallenge: onboardingApi.fetchChallenge,
  // The solver and its worker load when the login screen first wants a solution, not with the app.
  solveChallenge: fromPromise<string | null, OtpChallenge>(async ({ input, signal }) =>
    (await import('./onboarding/challenge-solver')).solveInWorker(input, signal),
  ),
  clock: browser.everySecond,
  webOtp: browser.webOtp,
  fetchProfile: onboardingApi.fetchProfile,
  saveLanguage: onboardingApi.saveLanguage,
  logout: onboardingApi.logout,
  deleteAccount: onboardingApi.deleteAccount,
  prepareImage: browser.prepareImage,
  uploadImage: onboardingApi.uploadImage,
  locate: browser.locate,
  submitProfile: onboardingApi.submitProfile,
};

export type OnboardingActors = typeof realOnboardingActors;

export interface AppEffects {
  navigate: (to: string, options: { replace: boolean }) => void;
  /** Steps back one page in the history (a screen's Back); the real one is `window.history.back`. */
  back?: () => void;
  saveToken: (token: string | null) => void;
  store: KeyValueStore;
  /** Replaces some of the real actors (tests). */
  actors?: Partial<OnboardingActors>;
  /** Replaces some of the shop's app-level actors (tests). */
  shop?: Partial<AppShopActors>;
  /** Replaces some of the screen charts' actors (tests answer the polling screens' requests). */
  screens?: Partial<ScreenActors>;
  /** Replaces the admin charts' effects, by chart (tests). */
  admin?: Partial<AdminActors>;
  /** Replaces the outbox's storage, sending and network watch (tests). */
  outbox?: Partial<OutboxActors>;
  /** Replaces the analyst's view's loaders (tests). */
  analyst?: LazyChartEffects['analyst'];
  /** Replaces the protected-image fetch (tests). */
  fetchImage?: typeof fetchProtectedImage;
  /** Opens a URL outside the app (the UPI link); the real one is `window.location.assign`. */
  openUrl?: (url: string) => void;
  /** Replaces some of the login machine's actions (tests that shorten the resend countdown). */
  otpLoginActions?: Parameters<typeof otpLoginMachine.provide>[0]['actions'];
}

/**
 * The app chart's actors with their real effects, in parts: each `provide` builds that chart's state
 * tree again, so main.tsx builds one part per task (createAppLogicInSteps); tests take them at once.
 */
function chartParts(effects: AppEffects) {
  const a = { ...realOnboardingActors, ...effects.actors } as OnboardingActors;
  const shop = { ...realAppShopActors, ...effects.shop };
  const screens = { ...realScreenActors, ...effects.screens };
  const openUrl = effects.openUrl ?? ((url: string) => window.location.assign(url));
  // After a 201 the cart asks the session (which applies the guards) to show /request.
  const goToRequest = { type: 'nav.go', to: ROUTES.request };
  // The screen charts reach their peers through the system: the session moves, the store keeps.
  const update = (_: unknown, params: { quotation: Quotation }) => ({ type: 'quotations.update', quotation: params.quotation });
  return {
    session: () => ({
      session: sessionMachine.provide({
        actions: {
          navigate: (_, params) => effects.navigate(params.to, { replace: params.replace }),
          navigateBack: () => (effects.back ?? (() => window.history.back()))(),
          saveToken: (_, params) => effects.saveToken(params.token),
        },
        actors: {
          fetchProfile: a.fetchProfile,
          saveLanguage: a.saveLanguage,
          logout: a.logout,
          deleteAccount: a.deleteAccount,
          otpLogin: otpLoginMachine.provide({
            actors: {
              requestOtp: a.requestOtp,
              verifyOtp: a.verifyOtp,
              clock: a.clock,
              webOtp: a.webOtp,
              proof: otpProofMachine.provide({ actors: { fetchChallenge: a.fetchChallenge, solveChallenge: a.solveChallenge } }),
            },
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
    }),
    shop: () => ({
      cart: cartMachine.provide({
        actors: { requestQuotation: shop.requestQuotation, logoutWatch: whenLoggedOut({ type: 'cart.clear' }) },
        actions: { navigateToRequest: sendTo(({ system }) => system.get('session'), goToRequest) },
      }),
      catalogue: catalogueMachine.provide({ actors: { fetchSkus: shop.fetchSkus, fetchConfig: shop.fetchConfig } }),
      quotations: quotationStoreMachine.provide({ actors: { logoutWatch: whenLoggedOut({ type: 'quotations.empty' }) } }),
      restore: createRestoreActor(effects.store),
      persist: createPersistActor(effects.store),
      connection: connectionMachine.provide({ actors: { watch: browser.watchNetwork } }),
      locale: localeMachine.provide({ actors: { loadTexts: fromPromise(({ input }) => loadMessages(input.locale)) } }),
      loadOutbox: fromPromise<AnyActorLogic>(async () => (await import('./outbox/provided')).providedOutbox(effects.outbox)),
    }),
    screens: () => ({
      avatar: protectedImageMachine.provide({ actors: { fetchImage: effects.fetchImage ?? fetchProtectedImage } }),
      quotationList: quotationListMachine.provide({
        actors: { fetchQuotations: screens.fetchQuotations, deleteQuotation: screens.deleteQuotation, visibility: screens.visibility },
        actions: {
          storeQuotations: sendTo(({ system }) => system.get('quotations'), (_, params: { quotations: Quotation[] }) => ({ type: 'quotations.set', quotations: params.quotations })),
        },
      }),
      quotationDetail: quotationDetailMachine.provide({
        actors: {
          fetchQuotation: screens.fetchQuotation,
          deleteQuotation: screens.deleteQuotation,
          placeOrder: screens.placeOrder,
          declineQuotation: screens.declineQuotation,
          counterQuotation: screens.counterQuotation,
          visibility: screens.visibility,
        },
        actions: {
          navigate: sendTo(({ system }) => system.get('session'), (_, params: { to: string }) => ({ type: 'nav.go', to: params.to })),
          storeQuotation: sendTo(({ system }) => system.get('quotations'), update),
        },
      }),
      orderTracking: orderTrackingMachine.provide({
        actors: { fetchQuotation: screens.fetchQuotation, visibility: screens.visibility },
        actions: { openPaymentLink: (_, params) => openUrl(params.url), storeQuotation: sendTo(({ system }) => system.get('quotations'), update) },
      }),
    }),
    // The admin charts and their effects load with the first admin screen shown, not with the app;
    // the analyst's view and the problem sheets' charts with their own screen or sheet.
    admin: () => ({
      loadAdminCharts: fromPromise(async () => (await import('./admin/admin-charts')).providedAdminCharts(effects.admin)),
      loadChart: fromCallback<AppEvent, { chart: LazyChartId }>(({ input, sendBack }) => {
        import('./lazy-charts').then(({ lazyChart }) => lazyChart(input.chart, effects)).then(
          (logic) => sendBack({ type: 'chart.loaded', chart: input.chart, logic }),
          () => sendBack({ type: 'chart.loadFailed', chart: input.chart }),
        );
      }),
    }),
  };
}

export function createAppLogic(effects: AppEffects) {
  const parts = chartParts(effects);
  return appMachine.provide({ actors: { ...parts.screens(), ...parts.admin(), ...parts.shop(), ...parts.session() } });
}

/** createAppLogic, one part per task: `between` resolves in a new task (main.tsx's nextTask). */
export async function createAppLogicInSteps(effects: AppEffects, between: () => Promise<void>): Promise<ReturnType<typeof createAppLogic>> {
  const parts = chartParts(effects);
  const session = parts.session();
  await between();
  const shop = parts.shop();
  await between();
  const screens = parts.screens();
  await between();
  const admin = parts.admin();
  return appMachine.provide({ actors: { ...screens, ...admin, ...shop, ...session } });
}
