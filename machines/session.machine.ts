/**
 * The session: who the user is (the user slice), where they may be (the route guards of
 * DECISIONS §1, one named guard per rule of GUARD_TABLE) and how they get in (login, registration,
 * logout). Two parallel regions:
 * - `route`: every navigation request (`nav.go` from a view, `nav.changed` from the URL bar or the
 *   back button; a screen's Back, `nav.back`, steps back while the app has added a page to the
 *   history, else asks for the screen above) enters `deciding`, where the first rule that applies redirects and decides again,
 *   until a path may be shown; then the injected `navigate` action moves the router. `/` waits
 *   SPLASH_MS, then goes where startup says. Beside the table, one rule of its own: /auth/verify-otp
 *   shows only while the otp-login child reports a code out (`otp.codeSent`); else the number comes first.
 * - The invoked actors answer with typed outcomes (ProfileResult, OtpLoginOutput, RegistrationOutput);
 *   each done transition hands `event.output` to its guards and actions as typed params.
 * - `account`: logged out (the otp-login child runs), registering (the registration child runs),
 *   loading the profile after login, active (profile refresh, language saves), logging out, and
 *   closing the account (the farmer's right to leave): `active.confirmingDelete` says what happens
 *   and waits for Yes, `deletingAccount` asks the server, then the session ends as at logout;
 *   `deleteFailed` keeps the question open with Try again.
 * The token never sits in context: the injected `saveToken` action stores it.
 */
import { assign, enqueueActions, fromPromise, raise, setup, type ActorRefFrom } from 'xstate';
import {
  DEFAULT_CLIENT_USER,
  guardFlagsOf,
  loggedOutUser,
  mergeServerUser,
} from '../src/domain/client-user';
import { SPLASH_MS } from '../src/domain/constants';
import { pathOf } from '../src/domain/route-chain';
import { ROUTES, startupRoute } from '../src/domain/routes';
import type { Language } from '../src/domain/types';
import { otpLoginMachine, type OtpLoginOutput } from './otp-login.machine';
import { registrationMachine, type RegistrationOutput } from './registration.machine';
import { routeGuards, ruleGuards, ruleRedirects } from './session-routing';
import type { ProfileResult, SessionContext, SessionEvent, SessionInput } from './session.types';

export type { ProfileResult, SessionContext, SessionEvent, SessionInput } from './session.types';
export { pathOf };

const goTo = (to: string) => ({ type: 'goTo', params: { to } }) as const;

/**
 * The injected actions the session's own `enqueueActions` run. Named here because a chart's
 * `enqueueActions` cannot infer its siblings from inside `setup` (the guard and action types would
 * refer to themselves); the machine still checks these against the actions it declares.
 */
type RouterAction = { type: 'navigate'; params: { to: string; replace: boolean } } | { type: 'saveToken'; params: { token: string | null } };
const routerActions = <TParams extends object | undefined>(
  collect: Parameters<typeof enqueueActions<SessionContext, SessionEvent, TParams, SessionEvent, never, RouterAction, never>>[0],
) => enqueueActions<SessionContext, SessionEvent, TParams, SessionEvent, never, RouterAction, never>(collect);

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy',
  },
  actors: {
    otpLogin: otpLoginMachine,
    registration: registrationMachine,
    fetchProfile: fromPromise<ProfileResult>(async () => {
      throw new Error('fetchProfile is supplied by the app');
    }),
    saveLanguage: fromPromise<void, { preferredLanguage: Language }>(async () => {
      throw new Error('saveLanguage is supplied by the app');
    }),
    logout: fromPromise<void>(async () => {
      throw new Error('logout is supplied by the app');
    }),
    /** DELETE /users/profile: closes the account (its sessions end, its images and details go). */
    deleteAccount: fromPromise<void>(async () => {
      throw new Error('deleteAccount is supplied by the app');
    }),
  },
  delays: { splash: SPLASH_MS },
  guards: {
    ...ruleGuards,
    ...routeGuards,
    // Not the table's rules (those read the requested route): where the restored account stands.
    wasLoggedOut: ({ context }) => !context.user.isLoggedIn,
    wasRegistering: ({ context }) => !context.user.profileUpdated,
    hasAppPageBehind: ({ context }) => context.pushed,
    // The outcomes below are the typed outputs of the invoked actors, passed as params by the done transitions.
    isNewProfile: (_, login: OtpLoginOutput) => !login.profileUpdated,
    isUnauthorized: (_, result: ProfileResult) => !result.ok,
    serverLanguageDiffers: ({ context }, result: ProfileResult) =>
      result.ok && context.user.preferredLanguage !== null && result.user.preferredLanguage !== context.user.preferredLanguage,
  },
  actions: {
    /** Moves the router; supplied by the app (wouter's navigate), by tests (a memory location). */
    navigate: (_, _params: { to: string; replace: boolean }) => undefined,
    /** Steps back one page in the browser's history; supplied by the app. */
    navigateBack: () => undefined,
    /** Stores the bearer token under its own key (null clears it); supplied by the app. */
    saveToken: (_, _params: { token: string | null }) => undefined,
    request: assign({
      request: ({ context }, params: { to: string }) => ({
        to: params.to,
        replace: true,
        left: context.request ? [...context.request.left, context.request.to] : [],
        from: context.request ? context.request.from : context.location,
      }),
    }),
    requestEvent: assign({
      request: ({ context, event }) =>
        event.type === 'nav.go' || event.type === 'nav.changed'
          ? { to: event.to, replace: event.type === 'nav.changed', left: [], from: context.location }
          : null,
    }),
    noteLocation: assign({ location: ({ context, event }) => (event.type === 'nav.changed' ? event.to : context.location) }),
    requestStartupRoute: assign({
      request: ({ context }) => ({ to: startupRoute(guardFlagsOf(context.user)), replace: true, left: [], from: context.location }),
    }),
    show: routerActions<undefined>(({ context, enqueue }) => {
      const request = context.request;
      if (!request) return;
      const moves = request.to !== context.location;
      if (moves) enqueue({ type: 'navigate', params: { to: request.to, replace: request.replace } });
      enqueue.assign({ location: request.to, request: null, pushed: context.pushed || (moves && !request.replace) });
    }),
    goTo: raise((_, params: { to: string }) => ({ type: 'nav.go' as const, to: params.to })),
    recheckRoute: raise(({ context }) => ({ type: 'nav.go' as const, to: context.location ?? ROUTES.entry })),
    requestProfileRefresh: raise({ type: 'profile.refresh' }),
    noteCodeSent: assign({ codeSent: ({ context, event }) => (event.type === 'otp.codeSent' ? event.sent : context.codeSent) }),
    forgetCodeSent: assign({ codeSent: false }),
    setLanguage: assign({
      user: ({ context, event }) =>
        event.type === 'language.choose' ? { ...context.user, preferredLanguage: event.language } : context.user,
    }),
    logIn: routerActions<OtpLoginOutput>(({ context, enqueue }, login) => {
      enqueue({ type: 'saveToken', params: { token: login.token } });
      enqueue.assign({
        user: {
          ...context.user,
          mobileNumber: login.mobileNumber,
          isLoggedIn: true,
          profileUpdated: login.profileUpdated,
        },
      });
    }),
    mergeProfile: assign({
      user: ({ context }, result: ProfileResult) => (result.ok ? mergeServerUser(context.user, result.user) : context.user),
    }),
    // The language chosen on this phone wins over the server's; it is pushed next.
    mergeProfileKeepingLanguage: assign({
      user: ({ context }, result: ProfileResult) =>
        result.ok ? { ...mergeServerUser(context.user, result.user), preferredLanguage: context.user.preferredLanguage } : context.user,
    }),
    mergeRegisteredProfile: assign({
      user: ({ context }, registered: RegistrationOutput) => ({ ...mergeServerUser(context.user, registered.user), profileUpdated: true }),
    }),
    forgetSession: routerActions<undefined>(({ context, enqueue }) => {
      enqueue({ type: 'saveToken', params: { token: null } });
      enqueue.assign({ user: loggedOutUser(context.user) });
    }),
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => {
    const restored = { ...DEFAULT_CLIENT_USER, ...(input.user ?? {}) };
    return {
      user: input.hasToken ? restored : loggedOutUser(restored),
      location: input.location ?? null,
      codeSent: false,
      pushed: false,
      request: null,
    };
  },
  states: {
    route: {
      initial: 'shown',
      on: {
        'nav.go': { target: '.deciding', actions: 'requestEvent' },
        // The router moved by itself (back button, typed URL): decide unless it is where we are.
        'nav.changed': { guard: 'isNewLocation', target: '.deciding', actions: ['requestEvent', 'noteLocation'] },
        'nav.back': [{ guard: 'hasAppPageBehind', actions: 'navigateBack' }, { actions: { type: 'goTo', params: ({ event }) => ({ to: event.up }) } }],
      },
      states: {
        deciding: {
          always: [
            { guard: 'isUnknownRoute', target: 'deciding', actions: { type: 'request', params: { to: ROUTES.entry } } },
            { guard: 'wouldReturn', target: 'shown', actions: 'show' },
            ...ruleRedirects,
            { guard: 'isVerifyOtpWithoutCode', target: 'deciding', actions: { type: 'request', params: { to: ROUTES.generateOtp } } },
            { guard: 'isEntryRoute', target: 'splash', actions: 'show' },
            { guard: 'isArrivingAtUnderVerification', target: 'shown', actions: ['show', 'requestProfileRefresh'] },
            { target: 'shown', actions: 'show' },
          ],
        },
        splash: {
          after: { splash: { target: 'deciding', actions: 'requestStartupRoute' } },
        },
        shown: {},
      },
    },
    account: {
      initial: 'restoring',
      on: { 'language.choose': { actions: 'setLanguage' } },
      states: {
        restoring: {
          always: [
            { guard: 'wasLoggedOut', target: 'loggedOut' },
            { guard: 'wasRegistering', target: 'registering' },
            { target: 'active' },
          ],
        },
        loggedOut: {
          // A new login starts with no code sent; the otp-login child reports each code it sends or drops.
          entry: 'forgetCodeSent',
          on: { 'otp.codeSent': { actions: 'noteCodeSent' } },
          invoke: {
            id: 'otpLogin',
            systemId: 'otpLogin',
            src: 'otpLogin',
            onDone: [
              {
                guard: { type: 'isNewProfile', params: ({ event }) => event.output },
                target: 'registering',
                actions: [{ type: 'logIn', params: ({ event }) => event.output }, goTo(ROUTES.profilePhoto)],
              },
              { target: 'loadingProfile', actions: { type: 'logIn', params: ({ event }) => event.output } },
            ],
          },
        },
        loadingProfile: {
          tags: 'busy',
          invoke: {
            id: 'loadProfile',
            src: 'fetchProfile',
            onDone: [
              { guard: { type: 'isUnauthorized', params: ({ event }) => event.output }, target: 'loggedOut', actions: ['forgetSession', 'recheckRoute'] },
              {
                guard: { type: 'serverLanguageDiffers', params: ({ event }) => event.output },
                target: 'pushingLanguage',
                actions: { type: 'mergeProfileKeepingLanguage', params: ({ event }) => event.output },
              },
              { target: 'active', actions: [{ type: 'mergeProfile', params: ({ event }) => event.output }, goTo(ROUTES.home)] },
            ],
            onError: { target: 'active', actions: goTo(ROUTES.home) },
          },
        },
        pushingLanguage: {
          tags: 'busy',
          invoke: {
            id: 'pushLanguage',
            src: 'saveLanguage',
            input: ({ context }) => ({ preferredLanguage: context.user.preferredLanguage ?? 'english' }),
            onDone: { target: 'active', actions: goTo(ROUTES.home) },
            onError: { target: 'active', actions: goTo(ROUTES.home) },
          },
        },
        registering: {
          invoke: {
            id: 'registration',
            systemId: 'registration',
            src: 'registration',
            input: ({ context }) => ({
              mobileNumber: context.user.mobileNumber ?? '',
              preferredLanguage: context.user.preferredLanguage,
            }),
            onDone: {
              target: 'active',
              actions: [{ type: 'mergeRegisteredProfile', params: ({ event }) => event.output }, goTo(ROUTES.underVerification)],
            },
          },
          on: { 'session.logout': 'loggingOut' },
        },
        active: {
          initial: 'idle',
          on: { 'session.logout': 'loggingOut' },
          states: {
            idle: {
              on: {
                'profile.refresh': 'refreshing',
                'language.choose': { target: 'savingLanguage', actions: 'setLanguage' },
                'account.delete': 'confirmingDelete',
              },
            },
            // The farmer reads what closing the account does before anything is sent.
            confirmingDelete: {
              on: {
                'account.keep': 'idle',
                'account.deleteConfirm': '#session.account.deletingAccount',
              },
            },
            refreshing: {
              invoke: {
                id: 'refreshProfile',
                src: 'fetchProfile',
                onDone: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => event.output },
                    target: '#session.account.loggedOut',
                    actions: ['forgetSession', 'recheckRoute'],
                  },
                  { target: 'idle', actions: [{ type: 'mergeProfile', params: ({ event }) => event.output }, 'recheckRoute'] },
                ],
                onError: 'idle',
              },
            },
            savingLanguage: {
              invoke: {
                id: 'saveLanguage',
                src: 'saveLanguage',
                input: ({ context }) => ({ preferredLanguage: context.user.preferredLanguage ?? 'english' }),
                onDone: 'idle',
                onError: 'idle',
              },
            },
          },
        },
        deletingAccount: {
          tags: 'busy',
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            // The account is gone and its token with it: the start again, as after logout.
            onDone: { target: 'loggedOut', actions: ['forgetSession', goTo(ROUTES.joinUs)] },
            onError: 'deleteFailed',
          },
        },
        // Nothing was closed (the network or the server failed): the farmer may try again or keep it.
        deleteFailed: {
          on: {
            'account.deleteConfirm': 'deletingAccount',
            'account.keep': 'active',
          },
        },
        loggingOut: {
          tags: 'busy',
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: 'loggedOut', actions: ['forgetSession', goTo(ROUTES.joinUs)] },
            onError: { target: 'loggedOut', actions: ['forgetSession', goTo(ROUTES.joinUs)] },
          },
        },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

export type DeleteAccountStep = 'closed' | 'confirming' | 'deleting' | 'failed';
type SessionSnapshot = { matches: (value: never) => boolean };

/** Where "Delete my account" stands: the question closed, asked, being answered by the server, or failed. */
export function deleteAccountStep(snapshot: SessionSnapshot): DeleteAccountStep {
  if (snapshot.matches({ account: 'deletingAccount' } as never)) return 'deleting';
  if (snapshot.matches({ account: 'deleteFailed' } as never)) return 'failed';
  if (snapshot.matches({ account: { active: 'confirmingDelete' } } as never)) return 'confirming';
  return 'closed';
}
