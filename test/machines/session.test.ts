import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deleteAccountStep, sessionMachine } from '../../machines/session.machine';
import type { RegistrationActorRef } from '../../machines/registration.machine';
import { DEFAULT_CLIENT_USER } from '../../src/domain/client-user';
import { SPLASH_MS } from '../../src/domain/constants';
import { startSession, userWith } from '../support/machines/session-harness';
import { serverUser } from '../support/machines/session-model';


const verifiedFarmer = userWith({ hasLanguage: true, isLoggedIn: true, profileUpdated: true, isVerified: true, isAdmin: false });
const waitingFarmer = userWith({ hasLanguage: true, isLoggedIn: true, profileUpdated: true, isVerified: false, isAdmin: false });

/** Logs in through the otp-login child: phone, code request, code, verification. */
async function logIn(session: ReturnType<typeof startSession>, profileUpdated: boolean) {
  const otp = session.actor.getSnapshot().children.otpLogin!;
  otp.send({ type: 'phone.change', value: '9876543210' });
  otp.send({ type: 'phone.submit' });
  await session.actors.requestOtp.last().resolve({ ok: true });
  otp.send({ type: 'code.enter', index: 0, value: '123456' });
  otp.send({ type: 'code.submit' });
  await session.actors.verifyOtp.last().resolve({ ok: true, token: 'tok', profileUpdated });
}

describe('the session', () => {
  it('starts logged out when no token was restored, whatever the stored user says', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: false });
    expect(session.actor.getSnapshot().context.user).toEqual({ ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' });
    expect(session.actor.getSnapshot().matches({ account: 'loggedOut' })).toBe(true);
  });

  it('resumes a restored, registered user as active', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    expect(session.actor.getSnapshot().matches({ account: { active: 'idle' } })).toBe(true);
  });

  it('resumes a restored user without an updated profile in registration', () => {
    const user = userWith({ hasLanguage: true, isLoggedIn: true, profileUpdated: false, isVerified: false, isAdmin: false });
    const session = startSession({ user, hasToken: true });
    expect(session.actor.getSnapshot().matches({ account: 'registering' })).toBe(true);
  });

  it("steps back on a screen's Back once the app has added a page, and from a screen opened by a link goes to the one above", () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    // Opened from a link: the router reports where it is; no page of the app lies behind it.
    session.actor.send({ type: 'nav.changed', to: '/order-status?quotation_id=q-1' });
    session.actor.send({ type: 'nav.back', up: '/request' });
    expect([session.backs(), session.location()]).toEqual([0, '/request']);
    expect(session.navigations.at(-1)).toEqual({ to: '/request', replace: false });
    // That move added a page: Back now steps back to it, and the session waits for the router's report.
    session.actor.send({ type: 'nav.go', to: '/quotation-details?quotation_id=QT100001' });
    session.actor.send({ type: 'nav.back', up: '/request' });
    expect([session.backs(), session.location()]).toEqual([1, '/quotation-details?quotation_id=QT100001']);
  });

  it('counts a replaced page (a redirect, the router\'s own report) as no page behind', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/home' });
    session.actor.send({ type: 'nav.changed', to: '/profile' });
    // A verified farmer asking for the login screen is sent on to Home, in place of the page.
    session.actor.send({ type: 'nav.go', to: '/join-us' });
    expect(session.navigations.at(-1)).toEqual({ to: '/home', replace: true });
    session.actor.send({ type: 'nav.back', up: '/request' });
    expect([session.backs(), session.location()]).toEqual([0, '/request']);
  });

  it('stores the chosen language in the user slice', () => {
    const session = startSession();
    session.actor.send({ type: 'language.choose', language: 'gujrati' });
    expect(session.actor.getSnapshot().context.user.preferredLanguage).toBe('gujrati');
  });

  it('navigates a view request that the guards allow, as a new history entry', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'nav.go', to: '/sku-details?sku_id=SKU1001' });
    expect(session.navigations).toEqual([{ to: '/sku-details?sku_id=SKU1001', replace: false }]);
  });

  it('does not navigate again when the router reports the location it was sent to', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'nav.go', to: '/cart' });
    session.actor.send({ type: 'nav.changed', to: '/cart' });
    expect(session.navigations).toEqual([{ to: '/cart', replace: false }]);
  });

  it('redirects the back button onto a guarded page with a replace', () => {
    const session = startSession({ user: waitingFarmer, hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/home' });
    expect(session.navigations).toEqual([{ to: '/under-verification', replace: true }]);
  });

  it('sends a new user to the profile photo step after the code is accepted', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' } });
    await logIn(session, false);
    expect(session.tokens).toEqual(['tok']);
    expect(session.location()).toBe('/register/profile-photo');
    expect(session.actor.getSnapshot().context.user).toMatchObject({ isLoggedIn: true, profileUpdated: false, mobileNumber: '9876543210' });
  });

  it('fetches the profile of a returning user and sends a verified one home', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' } });
    await logIn(session, true);
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ isVerified: true }) });
    expect(session.location()).toBe('/home');
    expect(session.actors.saveLanguage.calls).toHaveLength(0);
  });

  it('sends a returning user who is not verified to under verification', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' } });
    await logIn(session, true);
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ isVerified: false }) });
    expect(session.location()).toBe('/under-verification');
  });

  it('pushes the language chosen on this phone when the server holds another', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'gujrati' } });
    await logIn(session, true);
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ preferredLanguage: 'hindi', isVerified: true }) });
    expect(session.actors.saveLanguage.last().input).toEqual({ preferredLanguage: 'gujrati' });
    expect(session.actor.getSnapshot().context.user.preferredLanguage).toBe('gujrati');
    await session.actors.saveLanguage.last().resolve();
    expect(session.location()).toBe('/home');
  });

  it('refreshes the profile on arriving at under verification and lets a verified user in', async () => {
    const session = startSession({ user: waitingFarmer, hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/under-verification' });
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ isVerified: true }) });
    expect(session.location()).toBe('/home');
  });

  it('does not refresh again when the refresh leaves the user waiting', async () => {
    const session = startSession({ user: waitingFarmer, hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/under-verification' });
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ isVerified: false }) });
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
    expect(session.location()).toBe('/under-verification');
  });

  it('forgets a session the server no longer knows', async () => {
    const session = startSession({ user: waitingFarmer, hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/under-verification' });
    await session.actors.fetchProfile.last().resolve({ ok: false, reason: 'unauthorized' });
    expect(session.tokens).toEqual([null]);
    expect(session.actor.getSnapshot().context.user.isLoggedIn).toBe(false);
    expect(session.location()).toBe('/join-us');
  });

  it('logs out through the server, clears the token and the user, keeps the language', async () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'session.logout' });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await session.actors.logout.last().resolve();
    expect(session.tokens).toEqual([null]);
    expect(session.actor.getSnapshot().context.user).toEqual({ ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' });
    expect(session.location()).toBe('/join-us');
  });

  it('logs out locally even when the server call fails', async () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'session.logout' });
    await session.actors.logout.last().reject(new Error('offline'));
    expect(session.tokens).toEqual([null]);
    expect(session.actor.getSnapshot().matches({ account: 'loggedOut' })).toBe(true);
  });

  it('saves a language change of a logged-in user to the server', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'language.choose', language: 'english' });
    expect(session.actors.saveLanguage.last().input).toEqual({ preferredLanguage: 'english' });
  });
});

describe('unknown paths', () => {
  it('sends a path the app does not know to the entry page, which waits before routing', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/nope?x=1' });
    expect(session.location()).toBe('/');
    expect(session.actor.getSnapshot().matches({ route: 'splash' })).toBe(true);
  });
});

describe('the code screen', () => {
  const visitor = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' as const };

  it('sends a reload or a typed URL of /auth/verify-otp to the number screen while no code is out', () => {
    const session = startSession({ user: visitor });
    session.actor.send({ type: 'nav.changed', to: '/auth/verify-otp' });
    expect(session.location()).toBe('/auth/generate-otp');
    expect(session.navigations).toEqual([{ to: '/auth/generate-otp', replace: true }]);
  });

  it('shows /auth/verify-otp once the otp-login child sent a code, and not after the number is edited', async () => {
    const session = startSession({ user: visitor });
    const otp = session.actor.getSnapshot().children.otpLogin!;
    otp.send({ type: 'phone.change', value: '9876543210' });
    otp.send({ type: 'phone.submit' });
    await session.actors.requestOtp.last().resolve({ ok: true });
    expect(session.location()).toBe('/auth/verify-otp');
    session.actor.send({ type: 'nav.go', to: '/join-us' });
    session.actor.send({ type: 'nav.go', to: '/auth/verify-otp' });
    expect(session.location()).toBe('/auth/verify-otp');
    otp.send({ type: 'phone.edit' });
    expect(session.location()).toBe('/auth/generate-otp');
    session.actor.send({ type: 'nav.changed', to: '/auth/verify-otp' });
    expect(session.location()).toBe('/auth/generate-otp');
  });

  it('does not count a code that was refused', async () => {
    const session = startSession({ user: visitor });
    const otp = session.actor.getSnapshot().children.otpLogin!;
    otp.send({ type: 'phone.change', value: '9876543210' });
    otp.send({ type: 'phone.submit' });
    await session.actors.requestOtp.last().resolve({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 30 });
    session.actor.send({ type: 'nav.go', to: '/auth/verify-otp' });
    expect(session.location()).toBe('/auth/generate-otp');
  });

  it('starts a new login with no code out, after a logout', async () => {
    const session = startSession({ user: visitor });
    const otp = session.actor.getSnapshot().children.otpLogin!;
    otp.send({ type: 'phone.change', value: '9876543210' });
    otp.send({ type: 'phone.submit' });
    await session.actors.requestOtp.last().resolve({ ok: true });
    otp.send({ type: 'code.enter', index: 0, value: '123456' });
    otp.send({ type: 'code.submit' });
    await session.actors.verifyOtp.last().resolve({ ok: true, token: 'tok', profileUpdated: false });
    session.actor.send({ type: 'session.logout' });
    await session.actors.logout.last().resolve();
    expect(session.actor.getSnapshot().context.codeSent).toBe(false);
    session.actor.send({ type: 'nav.go', to: '/auth/verify-otp' });
    expect(session.location()).toBe('/auth/generate-otp');
  });
});

describe('the splash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits one second at the entry page before routing', () => {
    const session = startSession();
    session.actor.send({ type: 'nav.changed', to: '/' });
    vi.advanceTimersByTime(SPLASH_MS - 1);
    expect(session.navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(session.navigations).toEqual([{ to: '/language-selection', replace: true }]);
  });

  it('sends a visitor with a language but no login to join us', () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' } });
    session.actor.send({ type: 'nav.changed', to: '/' });
    vi.advanceTimersByTime(SPLASH_MS);
    expect(session.location()).toBe('/join-us');
  });
});

describe('registering', () => {
  const registeringUser = { ...userWith({ hasLanguage: true, isLoggedIn: true, profileUpdated: false, isVerified: false, isAdmin: false }), mobileNumber: '9876543210' };

  it('starts the registration with the number logged in with and the language chosen', () => {
    const session = startSession({ user: registeringUser, hasToken: true });
    const registration = session.actor.getSnapshot().children.registration as RegistrationActorRef;
    expect(registration.getSnapshot().context.form).toMatchObject({ mobileNumber: '9876543210', preferredLanguage: 'hindi' });
  });

  it('takes the registered profile as updated and shows under verification', async () => {
    const registered = { user: { name: 'Savita', farmAddress: 'Anand', profileSubmittedAt: '2026-11-20T09:30:00.000Z' } };
    const session = startSession({ user: registeringUser, hasToken: true, registration: fromPromise(async () => registered) });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ account: 'active' }));
    expect(session.actor.getSnapshot().matches({ account: 'active' })).toBe(true);
    expect(session.actor.getSnapshot().context.user).toMatchObject({ name: 'Savita', farmAddress: 'Anand', profileUpdated: true, isLoggedIn: true });
    expect(session.location()).toBe('/under-verification');
    // Arriving there asks whether the farmer was let in meanwhile.
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
  });

  it('lets a farmer log out in the middle of registering', async () => {
    const session = startSession({ user: registeringUser, hasToken: true });
    session.actor.send({ type: 'session.logout' });
    expect(session.actor.getSnapshot().matches({ account: 'loggingOut' })).toBe(true);
    await session.actors.logout.last().resolve();
    expect(session.actor.getSnapshot().matches({ account: 'loggedOut' })).toBe(true);
    expect(session.tokens).toEqual([null]);
  });
});

describe('after the code is accepted', () => {
  it('is busy while the profile loads and while the language goes to the server', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'gujrati' } });
    await logIn(session, true);
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ preferredLanguage: 'hindi', isVerified: true }) });
    expect(session.actor.getSnapshot().matches({ account: 'pushingLanguage' })).toBe(true);
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await session.actors.saveLanguage.last().reject(new Error('offline'));
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(session.actor.getSnapshot().matches({ account: { active: 'idle' } })).toBe(true);
    expect(session.location()).toBe('/home');
  });

  it('goes on, logged in, when the profile cannot be loaded: home, where the guards send a farmer not yet verified to wait', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' } });
    await logIn(session, true);
    await session.actors.fetchProfile.last().reject(new Error('offline'));
    expect(session.actor.getSnapshot().matches({ account: 'active' })).toBe(true);
    expect(session.actor.getSnapshot().context.user.isLoggedIn).toBe(true);
    expect(session.location()).toBe('/under-verification');
  });

  it("takes the server's language when this phone holds none, without pushing one", async () => {
    const session = startSession({ user: DEFAULT_CLIENT_USER });
    await logIn(session, true);
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ preferredLanguage: 'hindi', isVerified: true }) });
    expect(session.actors.saveLanguage.calls).toHaveLength(0);
    expect(session.actor.getSnapshot().context.user.preferredLanguage).toBe('hindi');
  });

  it('logs in with the number the code was sent to', async () => {
    const session = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' } });
    await logIn(session, true);
    expect(session.actor.getSnapshot().context.user).toMatchObject({ mobileNumber: '9876543210', isLoggedIn: true, profileUpdated: true });
    expect(session.tokens).toEqual(['tok']);
  });
});

describe('the page shown', () => {
  it('starts at the location it is given and does not move the router there again', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true, location: '/cart' });
    expect(session.location()).toBe('/cart');
    session.actor.send({ type: 'nav.changed', to: '/cart' });
    session.actor.send({ type: 'nav.go', to: '/cart' });
    expect(session.navigations).toEqual([]);
    expect(session.actor.getSnapshot().matches({ route: 'shown' })).toBe(true);
  });

  it('decides again from the entry page when the server forgets a session before any page was shown', async () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true });
    session.actor.send({ type: 'profile.refresh' });
    await session.actors.fetchProfile.last().resolve({ ok: false, reason: 'unauthorized' });
    expect(session.location()).toBe('/');
    expect(session.actor.getSnapshot().matches({ route: 'splash' })).toBe(true);
  });

  it('shows the page a refresh leaves the farmer on, and moves a farmer who was let in', async () => {
    const session = startSession({ user: waitingFarmer, hasToken: true, location: '/under-verification' });
    session.actor.send({ type: 'profile.refresh' });
    await session.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ isVerified: true }) });
    expect(session.actor.getSnapshot().context.user.isVerified).toBe(true);
    expect(session.location()).toBe('/home');
    expect(session.navigations).toEqual([{ to: '/home', replace: true }]);
  });
});

describe('deleting the account', () => {
  it('asks first: nothing is sent until the farmer says Yes, and No leaves everything as it was', () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true, location: '/profile' });
    expect(deleteAccountStep(session.actor.getSnapshot())).toBe('closed');
    session.actor.send({ type: 'account.delete' });
    expect(deleteAccountStep(session.actor.getSnapshot())).toBe('confirming');
    expect(session.actors.deleteAccount.calls).toHaveLength(0);
    session.actor.send({ type: 'account.keep' });
    expect(deleteAccountStep(session.actor.getSnapshot())).toBe('closed');
    expect(session.actor.getSnapshot().matches({ account: { active: 'idle' } })).toBe(true);
    expect(session.actors.deleteAccount.calls).toHaveLength(0);
    expect(session.tokens).toEqual([]);
  });

  it('closes the account on Yes, then ends the session as logout does and shows the start', async () => {
    const session = startSession({ user: { ...verifiedFarmer, name: 'Kanu Patel', mobileNumber: '9876543210' }, hasToken: true, location: '/profile' });
    session.actor.send({ type: 'account.delete' });
    session.actor.send({ type: 'account.deleteConfirm' });
    expect(deleteAccountStep(session.actor.getSnapshot())).toBe('deleting');
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    // While the server closes it, the question cannot be dropped or asked twice.
    expect(session.actor.getSnapshot().can({ type: 'account.keep' })).toBe(false);
    expect(session.actor.getSnapshot().can({ type: 'account.deleteConfirm' })).toBe(false);
    await session.actors.deleteAccount.last().resolve();
    expect(session.tokens).toEqual([null]);
    expect(session.actor.getSnapshot().context.user).toEqual({ ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' });
    expect(session.actor.getSnapshot().matches({ account: 'loggedOut' })).toBe(true);
    expect(session.location()).toBe('/join-us');
  });

  it('keeps the session when the server could not close the account, and tries again on request', async () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true, location: '/profile' });
    session.actor.send({ type: 'account.delete' });
    session.actor.send({ type: 'account.deleteConfirm' });
    await session.actors.deleteAccount.last().reject(new Error('offline'));
    expect(deleteAccountStep(session.actor.getSnapshot())).toBe('failed');
    expect(session.tokens).toEqual([]);
    expect(session.actor.getSnapshot().context.user.isLoggedIn).toBe(true);
    session.actor.send({ type: 'account.deleteConfirm' });
    expect(session.actors.deleteAccount.calls).toHaveLength(2);
    await session.actors.deleteAccount.last().resolve();
    expect(session.location()).toBe('/join-us');
  });

  it('lets the farmer keep the account after a failed try', async () => {
    const session = startSession({ user: verifiedFarmer, hasToken: true, location: '/profile' });
    session.actor.send({ type: 'account.delete' });
    session.actor.send({ type: 'account.deleteConfirm' });
    await session.actors.deleteAccount.last().reject(new Error('server error'));
    session.actor.send({ type: 'account.keep' });
    expect(deleteAccountStep(session.actor.getSnapshot())).toBe('closed');
    expect(session.actor.getSnapshot().matches({ account: { active: 'idle' } })).toBe(true);
    expect(session.location()).toBe('/profile');
  });

  it('is offered to a farmer still waiting for verification, not to one logged out', () => {
    const waiting = startSession({ user: waitingFarmer, hasToken: true, location: '/under-verification' });
    expect(waiting.actor.getSnapshot().can({ type: 'account.delete' })).toBe(true);
    const loggedOut = startSession({ user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' } });
    expect(loggedOut.actor.getSnapshot().can({ type: 'account.delete' })).toBe(false);
  });
});

describe('without the effects the app supplies', () => {
  it('goes on logged in when the profile cannot be fetched, rather than pretending it was', async () => {
    const login = fromPromise(async () => ({ token: 'tok', profileUpdated: true, mobileNumber: '9876543210' }));
    const actor = createActor(sessionMachine.provide({ actors: { otpLogin: login as never } }), {
      input: { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' }, hasToken: false },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ account: 'active' }));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ account: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user.isLoggedIn).toBe(true);
    actor.stop();
  });
});
