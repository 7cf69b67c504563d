/**
 * The route guards of the session machine, built from GUARD_TABLE (src/domain/routes.ts) rather than
 * typed again: one named guard per rule, and one redirect per rule in table order (first match wins).
 */
import { guardFlagsOf, type ClientUser } from '../src/domain/client-user';
import { firstRule as firstRuleFor, pathOf } from '../src/domain/route-chain';
import { GUARD_TABLE, guardRedirect, ROUTES, routeClass, type GuardRuleName, type RoutePath } from '../src/domain/routes';
import type { SessionContext, SessionEvent } from './session.types';

export const firstRule = (context: SessionContext) =>
  context.request ? firstRuleFor(context.request.to, guardFlagsOf(context.user)) : undefined;

/** Whether the route guards let this user open `path`: a screen offers a link only where it leads (Home's to the back office). */
export const mayOpen = (user: ClientUser, path: RoutePath): boolean => guardRedirect(path, guardFlagsOf(user)) === null;

/** One named guard per rule of the table: the rule is the first one that moves the requested path. */
export const ruleGuards = Object.fromEntries(
  GUARD_TABLE.map((rule) => [rule.name, ({ context }: { context: SessionContext }) => firstRule(context) === rule]),
) as Record<GuardRuleName, (args: { context: SessionContext }) => boolean>;

/** The redirect of each rule, in table order: first match wins, then the new path is decided again. */
export const ruleRedirects = GUARD_TABLE.map((rule) => ({
  guard: rule.name,
  target: 'deciding' as const,
  actions: { type: 'request' as const, params: { to: rule.goTo } },
}));

type Args = { context: SessionContext; event: SessionEvent };

/** The other guards of the `route` region. */
export const routeGuards = {
  isUnknownRoute: ({ context }: Args) => context.request !== null && routeClass(pathOf(context.request.to)) === null,
  isEntryRoute: ({ context }: Args) => context.request !== null && pathOf(context.request.to) === ROUTES.entry,
  // Arriving from elsewhere (not re-deciding the page shown) at /under-verification refreshes the profile.
  isArrivingAtUnderVerification: ({ context }: Args) =>
    context.request !== null &&
    pathOf(context.request.to) === ROUTES.underVerification &&
    (context.request.from === null || pathOf(context.request.from) !== ROUTES.underVerification),
  // The table loops for some flags: a chain never goes back to a path it has left (route-chain.ts).
  wouldReturn: ({ context }: Args) => {
    const rule = firstRule(context);
    return rule !== undefined && context.request !== null && context.request.left.some((p) => pathOf(p) === rule.goTo);
  },
  // /auth/verify-otp without a code sent (a reload, a typed URL): the number comes first.
  isVerifyOtpWithoutCode: ({ context }: Args) =>
    context.request !== null && pathOf(context.request.to) === ROUTES.verifyOtp && !context.codeSent,
  isNewLocation: ({ context, event }: Args) => event.type === 'nav.changed' && event.to !== context.location,
};
