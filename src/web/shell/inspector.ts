/**
 * The Stately inspector (decision 004): on with `?inspect` in the URL or VITE_INSPECT=1 at build,
 * loaded with a dynamic import so the main bundle never carries it. Everything sent to it goes
 * through `redactForInspector`: mobile numbers, tokens, OTP codes and image urls never leave the page.
 */
import type { InspectionEvent } from 'xstate';

const SECRET_KEYS = /^(mobileNumber|phone|token|otp|code|digits|url|profilePhoto|aadhaar|image|file|prepared|deliveryOtp|login)$/i;
/** A run of ten or more digits on its own: not one inside an id (`orderTracking:dcf234f70402b6512345678c`). */
const PHONE_LIKE = /(?<!\w)\+?\d[\d\s-]{8,}\d(?!\w)/g;
const URL_LIKE = /\b(?:https?:\/\/|\/api\/|blob:|data:)\S+/g;

/** A deep copy with every secret value replaced by '[redacted]'. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 12) return '[deep]';
  if (typeof value === 'string') return value.replace(URL_LIKE, '[redacted]').replace(PHONE_LIKE, '[redacted]');
  if (typeof value !== 'object' || value === null) return value;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return '[redacted]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEYS.test(key) && inner !== null && inner !== undefined && inner !== '') out[key] = '[redacted]';
    else out[key] = redact(inner, depth + 1);
  }
  return out;
}

/**
 * What the inspector window receives: JSON data with every secret redacted. The window is another
 * page, reached by postMessage, which cannot carry a function, a machine or an actor: an actor's
 * first snapshot holds its machine, so posting it as it is threw and no chart reached the inspector.
 * JSON keeps what the snapshots' and actors' own toJSON give (state, context, children by id).
 */
export function forInspector(event: unknown): unknown {
  let json: string;
  try {
    json = JSON.stringify(event);
  } catch {
    const { type, sessionId, rootId, name, createdAt, _version } = event as Record<string, unknown>;
    return redact({ type, sessionId, rootId, name, createdAt, _version, unserializable: true });
  }
  return redact(JSON.parse(json));
}

export function inspectorWanted(search: string, flag: string | undefined): boolean {
  return new URLSearchParams(search).has('inspect') || flag === '1';
}

/**
 * An actor's announcement to the inspector names it by its systemId when it has one, the name its
 * peers find it by and the one that tells two opened quotations apart (`quotationDetail:QT100001`,
 * `adminUserPhoto`), rather than its id under its parent (`quotationDetail`, `photo`). XState
 * announces an actor before it sets the actor's systemId, so the actor is kept by session id until
 * its announcement is sent (in an idle moment, later), then read and forgotten.
 */
export function namedBySystemId(event: unknown, announced: Map<string, { systemId?: string }>): unknown {
  const { type, sessionId } = event as { type?: unknown; sessionId?: unknown };
  if (type !== '@xstate.actor' || typeof sessionId !== 'string') return event;
  const systemId = announced.get(sessionId)?.systemId;
  announced.delete(sessionId);
  return systemId ? { ...(event as object), name: systemId } : event;
}

export async function startInspector(): Promise<(event: InspectionEvent) => void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const announced = new Map<string, { systemId?: string }>();
  const inspector = createBrowserInspector({
    sanitizeContext: (context) => redact(context) as typeof context,
    sanitizeEvent: (event) => redact(event) as typeof event,
    serialize: (event) => forInspector(namedBySystemId(event, announced)) as typeof event,
  });
  return (event) => {
    if (event.type === '@xstate.actor') announced.set(event.actorRef.sessionId, event.actorRef as { systemId?: string });
    inspector.inspect.next?.(event);
  };
}
