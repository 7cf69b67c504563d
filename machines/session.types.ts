/** The session machine's types: its input, context and events, and the profile actor's answer. */
import type { ClientUser } from '../src/domain/client-user';
import type { Language, User } from '../src/domain/types';

export type ProfileResult = { ok: true; user: User & { isAnalyst?: boolean } } | { ok: false; reason: 'unauthorized' };

export interface SessionInput {
  /** The restored user slice, if any. */
  user?: ClientUser | null;
  /** Whether a bearer token was restored; without one nobody is logged in. */
  hasToken: boolean;
  /** The path the router shows at start, when known (the first `nav.changed` reports it otherwise). */
  location?: string | null;
}

export interface SessionContext {
  user: ClientUser;
  /** The path (with its query) the router shows now; null before the first report. */
  location: string | null;
  /**
   * A login code was sent and is neither used nor dropped yet (the otp-login chart says so with
   * `otp.codeSent`): only then may /auth/verify-otp show; otherwise the number comes first.
   */
  codeSent: boolean;
  /**
   * The app has added a page to the browser's history in this launch, so a step back stays in the
   * app; a screen opened from a link (or after a reload) has none, and Back goes up instead.
   */
  pushed: boolean;
  /** The navigation being decided, with the paths its redirect chain has left. */
  request: { to: string; replace: boolean; left: string[]; from: string | null } | null;
}

export type SessionEvent =
  | { type: 'nav.go'; to: string }
  | { type: 'nav.changed'; to: string }
  /** A screen's Back: the page before it in the app, or else the screen above it (`up`). */
  | { type: 'nav.back'; up: string }
  | { type: 'language.choose'; language: Language }
  | { type: 'profile.refresh' }
  | { type: 'session.logout' }
  /** Delete my account: open the question; `account.deleteConfirm` answers Yes (or tries again), `account.keep` No. */
  | { type: 'account.delete' }
  | { type: 'account.deleteConfirm' }
  | { type: 'account.keep' }
  | { type: 'otp.codeSent'; sent: boolean };
