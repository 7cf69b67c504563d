/**
 * The guard table through the session machine: every route × all 64 combinations of {language,
 * logged in, profile updated, verified, admin, analyst} ends on the expected route, and every redirect chain
 * ends (the machine settles in a few microsteps, never loops). Where the literal table would loop
 * (resolveRoute throws), the chain stops before returning to a path it left (route-chain.ts).
 */
import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionMachine } from '../../machines/session.machine';
import { SPLASH_MS } from '../../src/domain/constants';
import { settleRoute } from '../../src/domain/route-chain';
import { ALL_ROUTES, GUARD_TABLE, ROUTES, resolveRoute, startupRoute, type GuardFlags } from '../../src/domain/routes';
import { ALL_FLAGS, startSession, userWith } from '../support/machines/session-harness';

const label = (f: GuardFlags) =>
  Object.entries(f)
    .map(([k, v]) => `${v ? '+' : '-'}${k}`)
    .join(' ');

/** Where the table sends a path; where the literal table loops, where the chain stops. */
function tableRoute(path: string, f: GuardFlags): string {
  try {
    return resolveRoute(path, f);
  } catch {
    return settleRoute(path, f).path;
  }
}

/** The table, then the code screen's own rule: no login code is out in these sessions, so the number comes first. */
function expectedRoute(path: string, f: GuardFlags): string {
  const routed = tableRoute(path, f);
  return routed === ROUTES.verifyOtp ? tableRoute(ROUTES.generateOtp, f) : routed;
}

describe('route guards through the session machine', () => {
  it('has one named guard for each rule of the table', () => {
    const guards = sessionMachine.implementations.guards as Record<string, unknown>;
    for (const rule of GUARD_TABLE) expect(typeof guards[rule.name]).toBe('function');
  });

  for (const flags of ALL_FLAGS) {
    it(`sends every route to where the table says for ${label(flags)}`, () => {
      for (const route of ALL_ROUTES) {
        const session = startSession({ user: userWith(flags), hasToken: true });
        let microsteps = 0;
        const counted = createActor(sessionMachine, {
          input: { user: userWith(flags), hasToken: true },
          inspect: (event) => {
            if (event.type === '@xstate.microstep') microsteps += 1;
          },
        });
        counted.start();
        counted.send({ type: 'nav.changed', to: route });
        // A chain is at most one step per rule, plus the unknown-path step and the final show.
        expect(microsteps, `${route} settles`).toBeLessThanOrEqual(GUARD_TABLE.length + 4);
        counted.stop();

        session.actor.send({ type: 'nav.changed', to: route });
        const expected = expectedRoute(route, flags);
        expect(session.location(), `${route} with ${label(flags)}`).toBe(expected);
        expect(session.navigations, `${route} with ${label(flags)}`).toEqual(
          expected === route ? [] : [{ to: expected, replace: true }],
        );
        expect(session.actor.getSnapshot().matches({ route: expected === ROUTES.entry ? 'splash' : 'shown' })).toBe(true);
        session.actor.stop();
      }
    });
  }
});

describe('startup routing through the session machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const flags of ALL_FLAGS) {
    it(`leaves the splash after one second for the startup route, guarded, with ${label(flags)}`, () => {
      const session = startSession({ user: userWith(flags), hasToken: true });
      session.actor.send({ type: 'nav.changed', to: '/' });
      vi.advanceTimersByTime(SPLASH_MS - 1);
      expect(session.location()).toBe('/');
      vi.advanceTimersByTime(1);
      const expected = expectedRoute(startupRoute(flags), flags);
      if (expected === ROUTES.entry) {
        expect(session.actor.getSnapshot().matches({ route: 'splash' })).toBe(true);
      } else {
        expect(session.location()).toBe(expected);
        expect(session.navigations.at(-1)).toEqual({ to: expected, replace: true });
      }
      session.actor.stop();
    });
  }
});
