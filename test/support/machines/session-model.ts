/**
 * The session chart as a model: the production machine with children and actors that never settle,
 * so the login and registration results, the profile answers, the saves and the splash timer are
 * explicit events (the account's closing too). Four restored users start the paths (the restoring branches need three; the analyst takes the analyst's guards),
 * each on /loading, where the rendered app starts too.
 */
import { createMachine, fromPromise, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionInput } from '../../../machines/session.machine';
import { DEFAULT_CLIENT_USER, guardFlagsOf } from '../../../src/domain/client-user';
import type { User } from '../../../src/domain/types';

const never = fromPromise(() => new Promise<never>(() => undefined)) as never;

/**
 * The same chart and implementations with the invokes' systemIds dropped: TestModel computes next
 * states in one shared scope, where a second `registration` child would collide with the first
 * ("Actor with system ID 'registration' already exists"). systemIds only address actors.
 */
export function withoutSystemIds<T extends AnyStateMachine>(machine: T): T {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'systemId').map(([k, v]) => [k, strip(v)]));
  };
  return createMachine(strip(machine.config) as never, machine.implementations as never) as unknown as T;
}

export const sessionModelMachine = withoutSystemIds(sessionMachine).provide({
  actors: {
    otpLogin: never,
    registration: never,
    fetchProfile: never,
    saveLanguage: never,
    logout: never,
    deleteAccount: never,
  },
});

export const serverUser = (over: Partial<User> = {}): User => ({
  _id: 'u1',
  mobileNumber: '9876543210',
  name: 'Kanu Patel',
  preferredLanguage: 'english',
  profilePhoto: null,
  aadhaar: '/api/uploads/a.jpg',
  gender: 'male',
  age: 40,
  farmAddress: 'Anand',
  geocoordinate: null,
  isLoggedIn: true,
  profileUpdated: true,
  isVerified: false,
  isAdmin: false,
  profileSubmittedAt: null,
  detailsChangedAt: null,
  removedAt: null,
  ...over,
});

export const SESSION_INPUTS: Record<string, SessionInput> = {
  newVisitor: { user: null, hasToken: false, location: '/loading' },
  registering: {
    user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english', isLoggedIn: true, mobileNumber: '9876543210' },
    hasToken: true,
    location: '/loading',
  },
  verifiedAdmin: {
    user: { ...DEFAULT_CLIENT_USER, ...serverUser({ isVerified: true, isAdmin: true }) },
    hasToken: true,
    location: '/loading',
  },
  // An analyst (ANALYST_MOBILE_NUMBERS) reads /analyst and is turned back from the farmer's screens.
  analyst: {
    user: { ...DEFAULT_CLIENT_USER, ...serverUser({ isVerified: false }), isAnalyst: true },
    hasToken: true,
    location: '/loading',
  },
};

const ROUTES_TRIED = ['/', '/language-selection', '/join-us', '/home', '/admin', '/analyst', '/under-verification', '/nope'];
const failure = { status: 500, data: { message: 'Network error or request failed' } };

export function sessionEvents(s: SnapshotFrom<typeof sessionModelMachine>): AnyEventObject[] {
  const events: AnyEventObject[] = [
    ...ROUTES_TRIED.map((to) => ({ type: 'nav.go', to })),
    { type: 'nav.changed', to: '/home' },
    { type: 'nav.back', up: '/home' },
    { type: 'language.choose', language: 'english' },
    { type: 'profile.refresh' },
    { type: 'session.logout' },
    { type: 'xstate.after.splash.session.route.splash' },
    { type: 'xstate.done.actor.otpLogin', output: { token: 'tok', profileUpdated: false, mobileNumber: '9876543210' } },
    { type: 'xstate.done.actor.otpLogin', output: { token: 'tok', profileUpdated: true, mobileNumber: '9876543210' } },
    { type: 'xstate.done.actor.registration', output: { user: { name: 'Kanu Patel', profileUpdated: true } } },
    { type: 'xstate.done.actor.loadProfile', output: { ok: true, user: serverUser({ isVerified: true }) } },
    { type: 'xstate.done.actor.loadProfile', output: { ok: true, user: serverUser({ preferredLanguage: 'gujrati' }) } },
    { type: 'xstate.done.actor.loadProfile', output: { ok: false, reason: 'unauthorized' } },
    { type: 'xstate.error.actor.loadProfile', error: failure },
    { type: 'xstate.done.actor.pushLanguage' },
    { type: 'xstate.error.actor.pushLanguage', error: failure },
    { type: 'xstate.done.actor.refreshProfile', output: { ok: true, user: serverUser({ isVerified: true }) } },
    { type: 'xstate.done.actor.refreshProfile', output: { ok: false, reason: 'unauthorized' } },
    { type: 'xstate.error.actor.refreshProfile', error: failure },
    { type: 'xstate.done.actor.saveLanguage' },
    { type: 'xstate.error.actor.saveLanguage', error: failure },
    { type: 'xstate.done.actor.logout' },
    { type: 'xstate.error.actor.logout', error: failure },
    { type: 'account.delete' },
    { type: 'account.deleteConfirm' },
    { type: 'account.keep' },
    { type: 'xstate.done.actor.deleteAccount' },
    { type: 'xstate.error.actor.deleteAccount', error: failure },
  ];
  if (s.context.location) events.push({ type: 'nav.changed', to: s.context.location });
  // The otp-login child's reports: a code went out (tried from one page, to keep the model small), or the one out was dropped.
  if (s.context.codeSent || (s.matches({ account: 'loggedOut' }) && s.context.location === '/join-us')) {
    events.push({ type: 'otp.codeSent', sent: !s.context.codeSent });
  }
  // The code screen matters only while logged out (the table moves everyone else off /auth/).
  if (s.matches({ account: 'loggedOut' })) events.push({ type: 'nav.go', to: '/auth/verify-otp' });
  return events;
}

export const sessionSerialize = (s: SnapshotFrom<typeof sessionModelMachine>) =>
  JSON.stringify({ value: s.value, flags: guardFlagsOf(s.context.user), lang: s.context.user.preferredLanguage, at: s.context.location, codeSent: s.context.codeSent });
