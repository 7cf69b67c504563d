/**
 * The session's route guards (machines/session-routing.ts) for paths that carry a query or a hash,
 * as links from an SMS or a shared page do: the query never changes which rule applies, where a
 * redirect chain stops, or whether the profile is refreshed (asked for by surviving mutants).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPLASH_MS } from '../../src/domain/constants';
import { settleRoute } from '../../src/domain/route-chain';
import { ROUTES, type GuardFlags } from '../../src/domain/routes';
import { startSession, userWith } from '../support/machines/session-harness';
import { mayOpen } from '../../machines/session-routing';

const flags = (over: Partial<GuardFlags>): GuardFlags => ({
  isAnalyst: false,
  hasLanguage: true,
  isLoggedIn: true,
  profileUpdated: true,
  isVerified: true,
  isAdmin: false,
  ...over,
});
const waiting = flags({ isVerified: false });

describe('a query in the requested path', () => {
  it('stops a looping chain where the same path without the query stops', () => {
    // Logged in without a language: the language page sends to personal details, which sends back.
    const f = flags({ hasLanguage: false, profileUpdated: false, isVerified: false });
    const plain = startSession({ user: userWith(f), hasToken: true });
    plain.actor.send({ type: 'nav.changed', to: ROUTES.languageSelection });
    const withQuery = startSession({ user: userWith(f), hasToken: true });
    withQuery.actor.send({ type: 'nav.changed', to: `${ROUTES.languageSelection}?from=sms` });
    expect(withQuery.location()).toBe(plain.location());
    expect(withQuery.location()).toBe(settleRoute(`${ROUTES.languageSelection}?from=sms`, f).path);
    expect(withQuery.navigations).toEqual([{ to: ROUTES.personalDetails, replace: true }]);
  });

  it('shows a known page with a hash, without sending it to the entry page', () => {
    const session = startSession({ user: userWith(flags({})), hasToken: true });
    session.actor.send({ type: 'nav.go', to: '/cart#top' });
    expect(session.location()).toBe('/cart#top');
    expect(session.navigations).toEqual([{ to: '/cart#top', replace: false }]);
  });

  it('sends the code screen with a query to the number screen while no code is out', () => {
    const visitor = userWith(flags({ isLoggedIn: false, profileUpdated: false, isVerified: false }));
    const session = startSession({ user: visitor, hasToken: false });
    session.actor.send({ type: 'nav.changed', to: `${ROUTES.verifyOtp}?n=1` });
    expect(session.location()).toBe(ROUTES.generateOtp);
  });
});

describe('the entry page with a query', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits on the splash, then goes where startup says', () => {
    const session = startSession({ user: userWith(flags({})), hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/?utm=sms' });
    expect(session.actor.getSnapshot().matches({ route: 'splash' })).toBe(true);
    vi.advanceTimersByTime(SPLASH_MS);
    expect(session.location()).toBe(ROUTES.home);
  });

  it('does not start the splash again when the router reports the entry page a second time', () => {
    const session = startSession({ user: userWith(flags({})), hasToken: true });
    session.actor.send({ type: 'nav.changed', to: '/' });
    vi.advanceTimersByTime(SPLASH_MS / 2);
    session.actor.send({ type: 'nav.changed', to: '/' });
    vi.advanceTimersByTime(SPLASH_MS / 2);
    expect(session.location()).toBe(ROUTES.home);
  });
});

describe('the profile refresh on arriving at under verification', () => {
  it('does not refresh the profile on arriving at any other page', () => {
    const session = startSession({ user: userWith(flags({})), hasToken: true });
    for (const to of [ROUTES.loading, ROUTES.home, ROUTES.cart, `${ROUTES.profile}?tab=1`]) session.actor.send({ type: 'nav.go', to });
    expect(session.location()).toBe(`${ROUTES.profile}?tab=1`);
    expect(session.actors.fetchProfile.calls).toHaveLength(0);
  });

  it('refreshes when the first page the app shows is under verification, with a query', () => {
    const session = startSession({ user: userWith(waiting), hasToken: true });
    session.actor.send({ type: 'nav.changed', to: `${ROUTES.underVerification}?from=sms` });
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
  });

  it('refreshes when the farmer arrives from another page', () => {
    const session = startSession({ user: userWith(waiting), hasToken: true });
    session.actor.send({ type: 'nav.changed', to: ROUTES.loading });
    session.actor.send({ type: 'nav.go', to: ROUTES.underVerification });
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
  });

  it('does not refresh again when only the query of the page changes', () => {
    const session = startSession({ user: userWith(waiting), hasToken: true });
    session.actor.send({ type: 'nav.changed', to: `${ROUTES.underVerification}?a=1` });
    session.actor.send({ type: 'nav.changed', to: `${ROUTES.underVerification}?a=2` });
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
  });

  it('refreshes when a redirect lands there from another page', () => {
    // A farmer waiting for verification opens /home: the table sends them to under verification.
    const session = startSession({ user: userWith(waiting), hasToken: true });
    session.actor.send({ type: 'nav.changed', to: ROUTES.loading });
    session.actor.send({ type: 'nav.go', to: ROUTES.home });
    expect(session.location()).toBe(ROUTES.underVerification);
    expect(session.actors.fetchProfile.calls).toHaveLength(1);
  });
});

describe('the links a screen offers', () => {
  it('offers the back office only to whom the route guards let in: an admin, not a farmer or an analyst', () => {
    const farmer = userWith({ hasLanguage: true, isLoggedIn: true, profileUpdated: true, isVerified: true, isAdmin: false });
    expect(mayOpen(farmer, ROUTES.admin)).toBe(false);
    expect(mayOpen({ ...farmer, isAdmin: true }, ROUTES.admin)).toBe(true);
    expect(mayOpen({ ...farmer, isAnalyst: true }, ROUTES.admin)).toBe(false);
    expect(mayOpen({ ...farmer, isAdmin: true }, ROUTES.analyst)).toBe(true);
    expect(mayOpen(farmer, ROUTES.analyst)).toBe(false);
  });
});
