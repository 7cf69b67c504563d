/**
 * Renders the real app on a shop screen for a verified farmer, with every shop actor controlled:
 * the app-level ones (SKUs, config, quotation request) and the per-screen ones (quotations, orders,
 * page visibility). Nothing settles until the test answers, so each test is the server's reply.
 */
import { act, waitFor, type RenderResult } from '@testing-library/react';
import { fromCallback, type ActorRefFrom, type InspectionEvent, type NonReducibleUnknown } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import type { appMachine } from '../../../machines/app.machine';
import { EMPTY_PERSISTED, PERSIST_KEY, type PersistedRoot } from '../../../machines/persistence';
import type { BargainOutput, FetchQuotationResult } from '../../../machines/quotation-detail.machine';
import type { DeclineReason } from '../../../src/domain/quotation-status';
import type { PageVisibilityEvent, QuotationPageRequest } from '../../../machines/quotation-list.machine';
import type { AppConfig, CreateQuotationBody, PageResponse, WriteResult } from '../../../src/domain/api';
import type { ClientUser } from '../../../src/domain/client-user';
import { pathOf } from '../../../src/domain/route-chain';
import { ROUTES } from '../../../src/domain/routes';
import type { Language, Quotation, Sku } from '../../../src/domain/types';
import { createAppLogic, type AppEffects } from '../../../src/web/app-logic';
import { controlled, type Controlled, type ControlledCall } from '../machines/controlled';
import { controlledActors, memoryStore, mountApp, onboardingActors } from './render';

export const farmer: ClientUser = {
  _id: 'u-1',
  mobileNumber: '9876543210',
  name: 'Ramesh Patel',
  preferredLanguage: 'english',
  profilePhoto: null,
  aadhaar: '/api/uploads/aadhaar-1.jpg',
  gender: 'male',
  age: 42,
  farmAddress: 'Rampur village, Anand, Gujarat',
  geocoordinate: null,
  isLoggedIn: true,
  profileUpdated: true,
  isVerified: true,
  isAdmin: false,
};

/** A page-visibility source the test flips (switching apps on the phone). */
export function visibilitySwitch() {
  const listeners = new Set<(event: PageVisibilityEvent) => void>();
  return {
    logic: fromCallback<PageVisibilityEvent>(({ sendBack }) => {
      listeners.add(sendBack);
      return () => listeners.delete(sendBack);
    }),
    hide: () => listeners.forEach((send) => send({ type: 'page.hidden' })),
    show: () => listeners.forEach((send) => send({ type: 'page.visible' })),
    listening: () => listeners.size,
  };
}

export function shopActors() {
  return {
    fetchSkus: controlled<Sku[], NonReducibleUnknown>(),
    fetchConfig: controlled<AppConfig, NonReducibleUnknown>(),
    requestQuotation: controlled<WriteResult, CreateQuotationBody>(),
    fetchQuotations: controlled<PageResponse<Quotation>, QuotationPageRequest>(),
    fetchQuotation: controlled<FetchQuotationResult, { id: string }>(),
    deleteQuotation: controlled<WriteResult, { id: string }>(),
    placeOrder: controlled<WriteResult, { id: string }>(),
    declineQuotation: controlled<BargainOutput, { id: string; reason: DeclineReason; note?: string }>(),
    counterQuotation: controlled<BargainOutput, { id: string; totalPaisa?: number; note?: string }>(),
    visibility: visibilitySwitch(),
  };
}
export type ShopActors = ReturnType<typeof shopActors>;

export interface ShopRenderOptions {
  path: string;
  language?: Language;
  user?: Partial<ClientUser>;
  persisted?: Partial<PersistedRoot>;
  /** Watches every actor of the app's system (the Stately inspector's hook). */
  inspect?: (event: InspectionEvent) => void;
  /** The protected-image fetch (the farmer's photo); by default one that never answers. */
  fetchImage?: AppEffects['fetchImage'];
  /** This launch runs a new version (the app's input, as main.tsx reads it). */
  appUpdated?: boolean;
}

export interface RenderedShop extends RenderResult {
  shop: ShopActors;
  onboarding: ReturnType<typeof controlledActors>;
  app: () => ActorRefFrom<typeof appMachine>;
  /** The path the router shows now (with its query). */
  path: () => string;
  store: ReturnType<typeof memoryStore>;
}

export function renderShop(options: ShopRenderOptions): RenderedShop {
  const memory = memoryLocation({ path: options.path, record: true });
  const user = { ...farmer, preferredLanguage: options.language ?? 'english', ...options.user };
  const store = memoryStore({ [PERSIST_KEY]: JSON.stringify({ ...EMPTY_PERSISTED, ...options.persisted, user }) });
  const shop = shopActors();
  const onboarding = controlledActors();
  const logic = createAppLogic({
    navigate: (to, { replace }) => memory.navigate(to, { replace }),
    saveToken: () => undefined,
    store,
    actors: onboardingActors(onboarding),
    shop: { fetchSkus: shop.fetchSkus.logic, fetchConfig: shop.fetchConfig.logic, requestQuotation: shop.requestQuotation.logic },
    fetchImage: options.fetchImage ?? fromCallback(() => undefined),
    screens: {
      fetchQuotations: shop.fetchQuotations.logic,
      fetchQuotation: shop.fetchQuotation.logic,
      deleteQuotation: shop.deleteQuotation.logic,
      placeOrder: shop.placeOrder.logic,
      declineQuotation: shop.declineQuotation.logic,
      counterQuotation: shop.counterQuotation.logic,
      visibility: shop.visibility.logic,
    },
  });
  const utils = mountApp(logic, memory, { input: { hasToken: true, appUpdated: options.appUpdated }, inspect: options.inspect });
  return {
    ...utils,
    shop,
    onboarding,
    store,
    path: () => memory.history.at(-1) ?? options.path,
  };
}

/** Waits until a controlled actor has been called (the screen mounted and started it), then returns the call. */
export async function called<TOutput, TInput>(actor: Controlled<TOutput, TInput>): Promise<ControlledCall<TOutput, TInput>> {
  await waitFor(() => {
    if (actor.calls.length === 0) throw new Error('not called yet');
  });
  return actor.last();
}

/**
 * Waits for the shop screen to render. The app starts a polling screen's chart (and its first
 * request) as soon as the session shows the path, which can be before the lazily loaded screen is on.
 */
export async function screenOpen(): Promise<void> {
  await waitFor(() => {
    if (!document.querySelector('.shop-screen')) throw new Error('the shop screen is not rendered yet');
  });
}

/** The screens whose opening asks the catalogue for its SKU list (machines/screen-charts catalogueEventsFor). */
const SKU_LIST_PATHS: readonly string[] = [ROUTES.home, ROUTES.skuDetails];

/**
 * Answers the catalogue's requests once the shop screen is on: the public config, which the catalogue
 * asks for as it starts, and on /home and /sku-details the SKU list. The chart asks for that list only
 * when the session shows the path (`home.open`, `sku.open`), which can come after the screen has
 * rendered: answering only the calls made by then left the screen loading on a busy machine.
 */
export async function answerCatalogue(view: RenderedShop, skus: Sku[], config: AppConfig): Promise<void> {
  await screenOpen();
  await called(view.shop.fetchConfig);
  if (SKU_LIST_PATHS.includes(pathOf(view.path()))) await called(view.shop.fetchSkus);
  await act(async () => {
    view.shop.fetchConfig.calls.forEach((call) => call.resolve(config));
    view.shop.fetchSkus.calls.forEach((call) => call.resolve(skus));
  });
}
