import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Resolves after one turn of Node's event loop: every promise already settled has run its
 * continuations. The one wait in the tests that has no condition, kept for proving that something
 * did NOT happen (no photo fetched, nothing written, the state stayed): an absence has nothing to
 * wait on. To wait for something that happens, wait on it: an awaited controlled answer, XState's
 * `waitFor(actor, predicate)`, @testing-library's `findBy…`/`waitFor`. Node's own setImmediate,
 * which fake timers leave alone, so it works on a fake clock too.
 */
export const afterPendingWork = (): Promise<void> => nextTurn();
