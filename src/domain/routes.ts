/**
 * The route table and guards of SPEC §2 as ruled by DECISIONS §1: one ordered table, first match wins.
 * Pure, so the session machine, the views and the tests all read the same rules.
 */
export const ROUTES = {
  entry: '/',
  languageSelection: '/language-selection',
  joinUs: '/join-us',
  generateOtp: '/auth/generate-otp',
  verifyOtp: '/auth/verify-otp',
  profilePhoto: '/register/profile-photo',
  aadhaarCard: '/register/aadhaar-card',
  personalDetails: '/register/personal-details',
  underVerification: '/under-verification',
  home: '/home',
  cart: '/cart',
  request: '/request',
  profile: '/profile',
  skuDetails: '/sku-details',
  quotationDetails: '/quotation-details',
  orderStatus: '/order-status',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminSkus: '/admin/skus',
  adminQuotations: '/admin/quotations',
  adminOrders: '/admin/orders',
  analyst: '/analyst',
  loading: '/loading',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];
export const ALL_ROUTES: readonly RoutePath[] = Object.values(ROUTES);

export type RouteClass = 'ENTRY' | 'LANG' | 'JOIN' | 'AUTH' | 'REGISTER' | 'UNDER' | 'INNER' | 'ADMIN' | 'ANALYST' | 'NEUTRAL';

const INNER_PATHS: readonly string[] = [
  ROUTES.home,
  ROUTES.cart,
  ROUTES.request,
  ROUTES.profile,
  ROUTES.skuDetails,
  ROUTES.quotationDetails,
  ROUTES.orderStatus,
];

/** The class of a known path, or null for an unknown one (which goes to `/`). */
export function routeClass(pathname: string): RouteClass | null {
  if (!(ALL_ROUTES as readonly string[]).includes(pathname)) return null;
  if (pathname === ROUTES.entry) return 'ENTRY';
  if (pathname === ROUTES.languageSelection) return 'LANG';
  if (pathname === ROUTES.joinUs) return 'JOIN';
  if (pathname.startsWith('/auth/')) return 'AUTH';
  if (pathname.startsWith('/register/')) return 'REGISTER';
  if (pathname === ROUTES.underVerification) return 'UNDER';
  if (INNER_PATHS.includes(pathname)) return 'INNER';
  if (pathname === ROUTES.admin || pathname.startsWith('/admin/')) return 'ADMIN';
  if (pathname === ROUTES.analyst) return 'ANALYST';
  return 'NEUTRAL';
}

/** The six facts the guards read. */
export interface GuardFlags {
  hasLanguage: boolean;
  isLoggedIn: boolean;
  profileUpdated: boolean;
  isVerified: boolean;
  isAdmin: boolean;
  /** A number of ANALYST_MOBILE_NUMBERS, as the profile answer says: reads /analyst and nothing else. */
  isAnalyst: boolean;
}

/** The rules' names, as the session machine's named guards use them. */
export type GuardRuleName =
  | 'isNotAdmin'
  | 'isNotAnalyst'
  | 'isAnalyst'
  | 'hasNoLanguage'
  | 'isNotLoggedIn'
  | 'isProfileNotUpdated'
  | 'isNotVerified'
  | 'isVerified'
  | 'isProfileUpdated'
  | 'isLoggedIn'
  | 'hasLanguage';

export interface GuardRule {
  /** A predicate's name, as the session machine's named guards use it. */
  name: GuardRuleName;
  when: (flags: GuardFlags) => boolean;
  on: readonly RouteClass[];
  goTo: RoutePath;
}

export const GUARD_TABLE: readonly GuardRule[] = [
  { name: 'isNotAdmin', when: (f) => !f.isAdmin, on: ['ADMIN'], goTo: ROUTES.entry },
  // The analyst's view is for analysts and admins.
  { name: 'isNotAnalyst', when: (f) => !f.isAnalyst && !f.isAdmin, on: ['ANALYST'], goTo: ROUTES.entry },
  // An analyst (who is no admin) has no farmer's screens, sign-up or shop: only the analyst's view.
  { name: 'isAnalyst', when: (f) => f.isAnalyst && !f.isAdmin, on: ['LANG', 'JOIN', 'AUTH', 'REGISTER', 'UNDER', 'INNER'], goTo: ROUTES.analyst },
  {
    name: 'hasNoLanguage',
    when: (f) => !f.hasLanguage,
    on: ['JOIN', 'AUTH', 'REGISTER', 'UNDER', 'INNER'],
    goTo: ROUTES.languageSelection,
  },
  { name: 'isNotLoggedIn', when: (f) => !f.isLoggedIn, on: ['REGISTER', 'UNDER', 'INNER'], goTo: ROUTES.joinUs },
  { name: 'isProfileNotUpdated', when: (f) => !f.profileUpdated, on: ['UNDER', 'INNER'], goTo: ROUTES.personalDetails },
  { name: 'isNotVerified', when: (f) => !f.isVerified, on: ['INNER'], goTo: ROUTES.underVerification },
  { name: 'isVerified', when: (f) => f.isVerified, on: ['LANG', 'JOIN', 'AUTH', 'REGISTER', 'UNDER'], goTo: ROUTES.home },
  {
    name: 'isProfileUpdated',
    when: (f) => f.profileUpdated,
    on: ['LANG', 'JOIN', 'AUTH', 'REGISTER'],
    goTo: ROUTES.underVerification,
  },
  { name: 'isLoggedIn', when: (f) => f.isLoggedIn, on: ['LANG', 'JOIN', 'AUTH'], goTo: ROUTES.personalDetails },
  { name: 'hasLanguage', when: (f) => f.hasLanguage, on: ['LANG'], goTo: ROUTES.joinUs },
];

/** The first rule that moves this path, or null when the path may be shown. */
export function guardRedirect(pathname: string, flags: GuardFlags): RoutePath | null {
  const cls = routeClass(pathname);
  if (cls === null) return ROUTES.entry;
  const rule = GUARD_TABLE.find((r) => r.on.includes(cls) && r.when(flags));
  return rule ? rule.goTo : null;
}

/** Follows redirects until a path stays; throws if a chain ever loops (the tests prove it never does). */
export function resolveRoute(pathname: string, flags: GuardFlags): RoutePath {
  let path = pathname;
  const seen = new Set<string>();
  for (;;) {
    const next = guardRedirect(path, flags);
    if (next === null) return path as RoutePath;
    if (seen.has(next)) throw new Error(`Route guard loop at ${next}`);
    seen.add(path);
    path = next;
  }
}

/** Where the splash goes after its second (DECISIONS §1 Startup); the table then applies to the result. */
export function startupRoute(flags: GuardFlags): RoutePath {
  if (!flags.hasLanguage) return ROUTES.languageSelection;
  if (!flags.isLoggedIn) return ROUTES.joinUs;
  if (!flags.profileUpdated) return ROUTES.profilePhoto;
  return ROUTES.home;
}
