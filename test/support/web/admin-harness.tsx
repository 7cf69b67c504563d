/**
 * Renders the real app on an admin screen for a logged-in admin, with every admin effect controlled
 * (nothing settles until the test answers) and the app-level effects silent.
 */
import { act, waitFor, type RenderResult } from '@testing-library/react';
import { type ActorRefFrom, type AnyEventObject, type InspectionEvent, type NonReducibleUnknown } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import type { appMachine } from '../../../machines/app.machine';
import { EMPTY_PERSISTED, PERSIST_KEY } from '../../../machines/persistence';
import type { MoveSelectedInput, Page, PageQuery } from '../../../machines/admin-list';
import type { SaveOrderInput } from '../../../machines/admin-orders.machine';
import type { SaveQuotationInput } from '../../../machines/admin-quotations.machine';
import type { SaveOutcome } from '../../../machines/admin-sheet';
import type { SaveSkuInput } from '../../../machines/admin-skus.machine';
import type { AppConfig } from '../../../src/domain/api';
import type { AdminSummary, BulkOutcome } from '../../../src/domain/schemas/admin';
import type { ClientUser } from '../../../src/domain/client-user';
import type { AuditEntry, Language, Order, OrderStatus, Quotation, Sku, User } from '../../../src/domain/types';
import { createAppLogic } from '../../../src/web/app-logic';
import type { AdminActors } from '../../../src/web/admin/actors';
import { controlledCallback } from '../machines/admin-controlled';
import { answerAs, controlled, type Controlled, type ControlledCall } from '../machines/controlled';
import { controlledActors, memoryStore, mountApp, onboardingActors } from './render';

export const ADMIN: ClientUser = {
  _id: 'admin-1',
  mobileNumber: '9000000001',
  name: 'Meena Admin',
  preferredLanguage: 'english',
  profilePhoto: null,
  aadhaar: null,
  gender: 'female',
  age: 35,
  farmAddress: 'Office, Rajkot',
  geocoordinate: null,
  isLoggedIn: true,
  profileUpdated: true,
  isVerified: true,
  isAdmin: true,
};

export function adminEffects() {
  return {
    loadSummary: controlled<AdminSummary, void>(),
    verifyUsers: controlled<BulkOutcome[], { ids: string[] }>(),
    exportUsers: controlled<unknown, PageQuery>(),
    exportQuotations: controlled<unknown, PageQuery>(),
    exportOrders: controlled<unknown, PageQuery>(),
    loadUsers: controlled<Page<User>, PageQuery>(),
    userHistory: controlled<AuditEntry[], { id: string }>(),
    verifyUser: controlled<unknown, { id: string }>(),
    /** The photo's and the Aadhaar image's fetch (one protected-image chart each): tell them apart by url. */
    fetchImage: controlledCallback<{ url: string }>(),
    loadSkus: controlled<Page<Sku>, PageQuery>(),
    saveSku: controlled<SaveOutcome, SaveSkuInput>(),
    prepareSkuImage: controlled<Blob, { file: Blob }>(),
    uploadSkuImage: controlled<string, { file: Blob }>(),
    skuHistory: controlled<AuditEntry[], { id: string }>(),
    loadQuotations: controlled<Page<Quotation>, PageQuery>(),
    saveQuotation: controlled<SaveOutcome, SaveQuotationInput>(),
    quotationHistory: controlled<AuditEntry[], { id: string }>(),
    loadOrders: controlled<Page<Order>, PageQuery>(),
    saveOrder: controlled<SaveOutcome, SaveOrderInput>(),
    orderHistory: controlled<AuditEntry[], { id: string }>(),
    moveOrders: controlled<BulkOutcome[], MoveSelectedInput<OrderStatus>>(),
  };
}
export type AdminEffects = ReturnType<typeof adminEffects>;

export interface RenderedAdmin extends RenderResult {
  effects: AdminEffects;
  /** The public settings the app fetches (the reply hours the quotations' late mark reads). */
  config: Controlled<AppConfig, NonReducibleUnknown>;
  path: () => string;
  /** The app's root actor: the admin charts are its children. */
  app: () => ActorRefFrom<typeof appMachine>;
}

export function renderAdmin(
  path: string,
  language: Language = 'english',
  real: Partial<AdminActors> = {},
  /** What `?inspect` hands the Stately inspector: the actor-system test records the charts with it. */
  inspect?: (event: InspectionEvent) => void,
): RenderedAdmin {
  const memory = memoryLocation({ path, record: true });
  const store = memoryStore({ [PERSIST_KEY]: JSON.stringify({ ...EMPTY_PERSISTED, user: { ...ADMIN, preferredLanguage: language } }) });
  const onboarding = controlledActors();
  const effects = adminEffects();
  const config = controlled<AppConfig, NonReducibleUnknown>();
  const admin: AdminActors = {
    dashboard: { loadSummary: effects.loadSummary.logic },
    users: {
      loadUsers: effects.loadUsers.logic,
      loadHistory: effects.userHistory.logic,
      verifyUser: effects.verifyUser.logic,
      verifyUsers: effects.verifyUsers.logic,
      exportList: effects.exportUsers.logic,
      fetchImage: effects.fetchImage.logic,
    },
    skus: {
      loadPage: effects.loadSkus.logic,
      saveRow: effects.saveSku.logic,
      prepareImage: effects.prepareSkuImage.logic,
      uploadImage: effects.uploadSkuImage.logic,
      loadHistory: effects.skuHistory.logic,
    },
    quotations: { exportList: effects.exportQuotations.logic, loadPage: effects.loadQuotations.logic, saveRow: effects.saveQuotation.logic, loadHistory: effects.quotationHistory.logic },
    orders: { exportList: effects.exportOrders.logic, loadPage: effects.loadOrders.logic, saveRow: effects.saveOrder.logic, loadHistory: effects.orderHistory.logic, moveSelected: effects.moveOrders.logic },
    ...real,
  };
  const logic = createAppLogic({
    navigate: (to, { replace }) => memory.navigate(to, { replace }),
    saveToken: () => undefined,
    store,
    actors: onboardingActors(onboarding),
    shop: {
      fetchSkus: controlled<Sku[], NonReducibleUnknown>().logic,
      fetchConfig: config.logic,
    },
    admin,
  });
  // StrictMode as in main.tsx.
  const utils = mountApp(logic, memory, { input: { hasToken: true }, inspect, strict: true });
  return { ...utils, effects, config, path: () => memory.history.at(-1) ?? path };
}

type Calls<TOutput, TInput> = { calls: ControlledCall<TOutput, TInput>[] };

/** The calls still listening: a stopped actor's call is aborted (StrictMode's first mount, a left state). */
export const liveCalls = <TOutput, TInput>(actor: Calls<TOutput, TInput>) => actor.calls.filter((call) => !call.signal.aborted);

/** Waits for the screen to have made `count` live calls of an effect, then returns the latest. */
export async function calledAt<TOutput, TInput>(actor: Calls<TOutput, TInput>, count = 1): Promise<ControlledCall<TOutput, TInput>> {
  await waitFor(() => {
    const live = liveCalls(actor).length;
    if (live < count) throw new Error(`${live} live call(s), waiting for ${count}`);
  });
  return liveCalls(actor).at(-1)!;
}

/** Answers the latest live call of an effect as a path's done/error event says, once its chart has taken the answer. */
export async function answer<TOutput, TInput>(actor: Calls<TOutput, TInput>, event: AnyEventObject): Promise<void> {
  const call = await calledAt(actor);
  await act(() => answerAs(call, event));
}
