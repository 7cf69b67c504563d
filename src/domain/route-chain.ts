/**
 * Where a requested path finally lands under the guard table (DECISIONS §1), one rule at a time,
 * first match wins. The literal table loops for some combinations of flags (e.g. logged in without
 * a language: rule 8 sends LANG to /register/personal-details, rule 2 sends that back to LANG; or
 * verified without an updated profile: rules 4 and 6 bounce between /home and the register pages).
 * So a chain never returns to a path it has already left: when the next redirect would, the chain
 * stops where it is. Every chain therefore ends within one step per rule.
 */
import { GUARD_TABLE, routeClass, ROUTES, type GuardFlags, type GuardRule } from './routes';

export const pathOf = (to: string): string => to.split('?')[0]?.split('#')[0] || '/';

/** The first rule that moves `path` for these flags (unknown paths are not the table's business). */
export function firstRule(path: string, flags: GuardFlags): GuardRule | undefined {
  const cls = routeClass(pathOf(path));
  return cls === null ? undefined : GUARD_TABLE.find((rule) => rule.on.includes(cls) && rule.when(flags));
}

export interface Settled {
  /** The path shown at the end (the requested one, with its query, when nothing moved it). */
  path: string;
  /** The paths the chain left, in order. */
  left: string[];
  /** The rules that moved it, in order (`unknown` for an unknown path). */
  rules: string[];
}

export function settleRoute(to: string, flags: GuardFlags): Settled {
  let path = to;
  const left: string[] = [];
  const rules: string[] = [];
  for (;;) {
    if (routeClass(pathOf(path)) === null) {
      left.push(path);
      rules.push('unknown');
      path = ROUTES.entry;
      continue;
    }
    const rule = firstRule(path, flags);
    if (!rule || left.some((p) => pathOf(p) === rule.goTo) || rule.goTo === pathOf(path)) return { path, left, rules };
    left.push(path);
    rules.push(rule.name);
    path = rule.goTo;
  }
}
