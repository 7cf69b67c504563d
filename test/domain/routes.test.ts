/** The rules of DECISIONS §1, one example each, and the chain that always ends. */
import { describe, expect, it } from 'vitest';
import { settleRoute } from '../../src/domain/route-chain';
import { ALL_ROUTES, guardRedirect, routeClass, startupRoute, type GuardFlags } from '../../src/domain/routes';

const f = (over: Partial<GuardFlags> = {}): GuardFlags => ({
  hasLanguage: true,
  isLoggedIn: true,
  profileUpdated: true,
  isVerified: true,
  isAdmin: false,
  isAnalyst: false,
  ...over,
});
const fresh = f({ hasLanguage: false, isLoggedIn: false, profileUpdated: false, isVerified: false });

describe('the guard table', () => {
  it('sends a non-admin away from admin pages to the entry page', () => {
    expect(guardRedirect('/admin/users', f())).toBe('/');
  });
  it('sends a visitor without a language to the language selection', () => {
    expect(guardRedirect('/auth/generate-otp', fresh)).toBe('/language-selection');
  });
  it('sends a visitor who is not logged in from registration to join us', () => {
    expect(guardRedirect('/register/aadhaar-card', f({ isLoggedIn: false, profileUpdated: false, isVerified: false }))).toBe('/join-us');
  });
  it('sends a user without an updated profile from inner pages to the personal details', () => {
    expect(guardRedirect('/cart', f({ profileUpdated: false, isVerified: false }))).toBe('/register/personal-details');
  });
  it('holds an unverified user on under verification', () => {
    expect(guardRedirect('/home', f({ isVerified: false }))).toBe('/under-verification');
  });
  it('sends a verified user from the onboarding pages home', () => {
    expect(guardRedirect('/join-us', f())).toBe('/home');
  });
  it('sends an updated, unverified user from registration to under verification', () => {
    expect(guardRedirect('/register/profile-photo', f({ isVerified: false }))).toBe('/under-verification');
  });
  it('sends a logged-in user from the auth pages to the personal details', () => {
    expect(guardRedirect('/auth/verify-otp', f({ profileUpdated: false, isVerified: false }))).toBe('/register/personal-details');
  });
  it('sends a visitor with a language from the language selection to join us', () => {
    expect(guardRedirect('/language-selection', f({ isLoggedIn: false, profileUpdated: false, isVerified: false }))).toBe('/join-us');
  });
  it('leaves /loading alone', () => {
    expect(routeClass('/loading')).toBe('NEUTRAL');
    expect(guardRedirect('/loading', fresh)).toBe(null);
  });
  it('sends unknown paths to the entry page', () => {
    expect(guardRedirect('/nowhere', f())).toBe('/');
  });
});

describe('startup', () => {
  it('goes to the language selection without a language', () => {
    expect(startupRoute(fresh)).toBe('/language-selection');
  });
  it('goes to join us with a language but no login', () => {
    expect(startupRoute(f({ isLoggedIn: false }))).toBe('/join-us');
  });
  it('goes to the photo step when logged in without an updated profile', () => {
    expect(startupRoute(f({ profileUpdated: false }))).toBe('/register/profile-photo');
  });
  it('goes home with an updated profile', () => {
    expect(startupRoute(f({ isVerified: false }))).toBe('/home');
  });
  it('sends an analyst (no admin) from every farmer page to /analyst, and keeps everyone else out of it', () => {
    const analyst = f({ isVerified: false, profileUpdated: false, isAnalyst: true });
    for (const path of ALL_ROUTES.filter((p) => ['LANG', 'JOIN', 'AUTH', 'REGISTER', 'UNDER', 'INNER'].includes(routeClass(p)!))) {
      expect(guardRedirect(path, analyst), path).toBe('/analyst');
    }
    expect(guardRedirect('/analyst', analyst)).toBeNull();
    expect(guardRedirect('/admin/users', analyst)).toBe('/');
    expect(settleRoute(startupRoute(analyst), analyst).path).toBe('/analyst');
    expect(guardRedirect('/analyst', f())).toBe('/');
    expect(guardRedirect('/analyst', fresh)).toBe('/');
    // An admin may open it, and keeps the farmer's pages and the back office.
    expect(guardRedirect('/analyst', f({ isAdmin: true }))).toBeNull();
    expect(guardRedirect('/home', f({ isAdmin: true, isAnalyst: true }))).toBeNull();
    expect(routeClass('/analyst')).toBe('ANALYST');
  });
});

describe('redirect chains', () => {
  const all: GuardFlags[] = Array.from({ length: 64 }, (_, n) => ({
    hasLanguage: Boolean(n & 1),
    isLoggedIn: Boolean(n & 2),
    profileUpdated: Boolean(n & 4),
    isVerified: Boolean(n & 8),
    isAdmin: Boolean(n & 16),
    isAnalyst: Boolean(n & 32),
  }));

  /** Follows the literal table, with no loop breaker: the end, or the cycle it falls into. */
  const followTable = (route: string, flags: GuardFlags): { end: string } | { cycle: string[] } => {
    const seen = [route];
    for (let path = route; ; ) {
      const next = guardRedirect(path, flags);
      if (next === null) return { end: path };
      if (seen.includes(next)) return { cycle: seen.slice(seen.indexOf(next)).sort() };
      seen.push(next);
      path = next;
    }
  };
  const name = (x: GuardFlags) =>
    ['hasLanguage', 'isLoggedIn', 'profileUpdated', 'isVerified'].filter((k) => x[k as keyof GuardFlags]).join('+') || 'none';

  it('loop in the literal table exactly where route-chain.ts says, between two pages, and nowhere else', () => {
    const loops = new Set<string>();
    for (const flags of all) {
      for (const route of [...ALL_ROUTES, '/unknown']) {
        const followed = followTable(route, flags);
        if ('cycle' in followed) loops.add(`${name(flags)}: ${followed.cycle.join(' <-> ')}`);
      }
    }
    // Each is a pair of rules that send the other's target back (DECISIONS §1 as written), e.g.
    // "logged in without a language" (rules 2 and 8) and "verified, profile not updated" (4 and 6).
    expect([...loops].sort()).toEqual(
      [
        'isLoggedIn: /language-selection <-> /register/personal-details',
        'isLoggedIn+profileUpdated: /language-selection <-> /under-verification',
        'profileUpdated: /language-selection <-> /under-verification',
        'hasLanguage+profileUpdated: /join-us <-> /under-verification',
        'isVerified: /home <-> /language-selection',
        'isLoggedIn+isVerified: /home <-> /language-selection',
        'profileUpdated+isVerified: /home <-> /language-selection',
        'isLoggedIn+profileUpdated+isVerified: /home <-> /language-selection',
        'hasLanguage+isVerified: /home <-> /join-us',
        'hasLanguage+profileUpdated+isVerified: /home <-> /join-us',
        'hasLanguage+isLoggedIn+isVerified: /home <-> /register/personal-details',
      ].sort(),
    );
  });

  it('land where the literal table lands whenever it does not loop, and on a page of the loop when it does', () => {
    for (const flags of all) {
      for (const route of [...ALL_ROUTES, '/unknown']) {
        const followed = followTable(route, flags);
        const settled = settleRoute(route, flags);
        if ('end' in followed) expect(settled.path, `${route} for ${name(flags)}`).toBe(followed.end);
        else expect(followed.cycle, `${route} for ${name(flags)}`).toContain(settled.path);
      }
    }
  });

  it('stop on the language selection for a logged-in user without a language', () => {
    expect(settleRoute('/home', f({ hasLanguage: false })).path).toBe('/language-selection');
  });

  it('stop on the personal details for a verified user whose profile is not updated (an admin at first login)', () => {
    expect(settleRoute('/home', f({ profileUpdated: false, isAdmin: true })).path).toBe('/register/personal-details');
  });

  it('keep the query of a path nothing moves', () => {
    expect(settleRoute('/sku-details?sku_id=SKU1001', f()).path).toBe('/sku-details?sku_id=SKU1001');
  });
});
