/**
 * Renders the real app (every screen, the real machines) the way the browser does, with what a test
 * needs to hold instead of the world: a wouter memory location, a Map for localStorage, a record of
 * saved tokens and controlled actors (nothing settles until the test answers). STYLE.md: IntlProvider
 * (inside the shell, in the user's language) + wouter memoryLocation + the app actor Provider.
 */
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom, type AnyActorLogic, type InspectionEvent } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { EMPTY_PERSISTED, PERSIST_KEY, type KeyValueStore, type PersistedRoot } from '../../../machines/persistence';
import type { appMachine } from '../../../machines/app.machine';
import type { ProfileResult } from '../../../machines/session.machine';
import type { RequestOtpInput, RequestOtpResult, VerifyOtpResult } from '../../../machines/otp-login.machine';
import type { UploadInput } from '../../../machines/registration.machine';
import type { AppConfig, OtpChallenge, ProfileBody } from '../../../src/domain/api';
import type { Geocoordinate, Language, User } from '../../../src/domain/types';
import { App } from '../../../src/web/app';
import { AppActorContext } from '../../../src/web/app-context';
import { createAppLogic, type AppEffects, type OnboardingActors } from '../../../src/web/app-logic';
import { controlled } from '../machines/controlled';

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

/** Every onboarding actor, controlled; clock and Web OTP stay silent (tests tick by hand). */
export function controlledActors() {
  return {
    requestOtp: controlled<RequestOtpResult, RequestOtpInput>(),
    verifyOtp: controlled<VerifyOtpResult, { mobileNumber: string; otp: string }>(),
    fetchChallenge: controlled<OtpChallenge>(),
    solveChallenge: controlled<string | null, OtpChallenge>(),
    fetchProfile: controlled<ProfileResult>(),
    saveLanguage: controlled<void, { preferredLanguage: Language }>(),
    logout: controlled<void>(),
    deleteAccount: controlled<void>(),
    prepareImage: controlled<Blob, { file: Blob }>(),
    uploadImage: controlled<{ url: string }, UploadInput>(),
    locate: controlled<Geocoordinate>(),
    submitProfile: controlled<Partial<User>, ProfileBody>(),
  };
}
export type ControlledActors = ReturnType<typeof controlledActors>;

/** The app chart's onboarding actors: the controlled ones' logic, a silent clock and Web OTP, then `override`. */
export function onboardingActors(actors: ControlledActors, override?: Partial<Record<keyof OnboardingActors, AnyActorLogic>>): Partial<OnboardingActors> {
  return {
    ...Object.fromEntries(Object.entries(actors).map(([name, actor]) => [name, actor.logic])),
    clock: fromCallback(() => undefined),
    webOtp: fromCallback(() => undefined),
    ...override,
  } as Partial<OnboardingActors>;
}

export interface RenderAppOptions {
  path?: string;
  persisted?: Partial<PersistedRoot>;
  /** The raw persist:root text, for corrupt-storage tests. */
  rawPersisted?: string;
  hasToken?: boolean;
  actors?: ControlledActors;
  /** Extra actor overrides (e.g. a ticking clock). */
  override?: Partial<Record<keyof OnboardingActors, AnyActorLogic>>;
  otpLoginActions?: AppEffects['otpLoginActions'];
  /** The public config the app's GET /api/config answers with at once (without it, that fetch fails as offline). */
  config?: AppConfig;
}

export interface RenderedApp extends RenderResult {
  app: () => ActorRefFrom<typeof appMachine>;
  actors: ControlledActors;
  memory: ReturnType<typeof memoryLocation> & { history: string[] };
  store: ReturnType<typeof memoryStore>;
  tokens: (string | null)[];
  /** The path the router shows now (with its query). */
  path: () => string;
}

export function renderApp(options: RenderAppOptions = {}): RenderedApp {
  const memory = memoryLocation({ path: options.path ?? '/', record: true });
  const initial: Record<string, string> = {};
  if (options.rawPersisted !== undefined) initial[PERSIST_KEY] = options.rawPersisted;
  else if (options.persisted) initial[PERSIST_KEY] = JSON.stringify({ ...EMPTY_PERSISTED, ...options.persisted });
  const store = memoryStore(initial);
  const tokens: (string | null)[] = [];
  const actors = options.actors ?? controlledActors();
  const logic = createAppLogic({
    navigate: (to, { replace }) => memory.navigate(to, { replace }),
    saveToken: (token) => void tokens.push(token),
    store,
    actors: onboardingActors(actors, options.override),
    otpLoginActions: options.otpLoginActions,
    ...(options.config ? { shop: { fetchConfig: fromPromise(async () => options.config!) } } : {}),
  });
  const utils = mountApp(logic, memory, { input: { hasToken: options.hasToken ?? false } });
  return {
    ...utils,
    actors,
    memory,
    store,
    tokens,
    path: () => memory.history.at(-1) ?? options.path ?? '/',
  };
}

type AppLogic = ReturnType<typeof createAppLogic>;
type Memory = ReturnType<typeof memoryLocation>;

/**
 * Mounts the app from its logic under a memory location, as main.tsx mounts it (StrictMode when
 * `strict`), and hands the test the running app actor.
 */
export function mountApp(
  logic: AppLogic,
  memory: Memory,
  options: { input: { hasToken: boolean; appUpdated?: boolean }; inspect?: (event: InspectionEvent) => void; strict?: boolean },
): RenderResult & { app: () => ActorRefFrom<typeof appMachine> } {
  let appRef: ActorRefFrom<typeof appMachine> | null = null;
  function Probe() {
    appRef = AppActorContext.useActorRef();
    return null;
  }
  const tree = (
    <AppActorContext.Provider logic={logic} options={{ input: options.input, inspect: options.inspect }}>
      <Probe />
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <App />
      </Router>
    </AppActorContext.Provider>
  );
  const utils = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  const app = () => {
    if (!appRef) throw new Error('The app actor is not running');
    return appRef;
  };
  return { ...utils, app };
}
