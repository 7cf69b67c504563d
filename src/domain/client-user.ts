/**
 * The user slice the client holds (SPEC §3 "Client-held state"): every User field, possibly still
 * unknown, plus the four flags the route guards read. Not logged in and not admin by default.
 */
import type { GuardFlags } from './routes';
import type { User } from './types';

export type ClientUser = Partial<Omit<User, 'isLoggedIn' | 'profileUpdated' | 'isVerified' | 'isAdmin' | 'preferredLanguage'>> &
  Pick<User, 'isLoggedIn' | 'profileUpdated' | 'isVerified' | 'isAdmin' | 'preferredLanguage'> & {
    /** Whether the profile answer named this user an analyst (ANALYST_MOBILE_NUMBERS); unknown counts as not. */
    isAnalyst?: boolean;
  };

export const DEFAULT_CLIENT_USER: ClientUser = {
  preferredLanguage: null,
  isLoggedIn: false,
  profileUpdated: false,
  isVerified: false,
  isAdmin: false,
};

export function guardFlagsOf(user: ClientUser): GuardFlags {
  return {
    hasLanguage: user.preferredLanguage !== null && user.preferredLanguage !== undefined,
    isLoggedIn: user.isLoggedIn,
    profileUpdated: user.profileUpdated,
    isVerified: user.isVerified,
    isAdmin: user.isAdmin,
    isAnalyst: user.isAnalyst === true,
  };
}

/** The user after a profile answer: the server's fields, still logged in. */
export function mergeServerUser(current: ClientUser, server: Partial<User> & { isAnalyst?: boolean }): ClientUser {
  return { ...current, ...server, isLoggedIn: true };
}

/** Logout resets to not logged in and not admin; the chosen language stays (SPEC §4 Client state). */
export function loggedOutUser(current: ClientUser): ClientUser {
  return { ...DEFAULT_CLIENT_USER, preferredLanguage: current.preferredLanguage };
}

/**
 * What the profile says about the Aadhaar card: on file, or checked and then erased as the notice
 * promised (a verified account whose retention days have passed), or not sent.
 */
export type AadhaarStatus = 'uploaded' | 'checked' | 'missing';
export const aadhaarStatus = (user: Pick<ClientUser, 'aadhaar' | 'isVerified'>): AadhaarStatus =>
  user.aadhaar ? 'uploaded' : user.isVerified ? 'checked' : 'missing';
