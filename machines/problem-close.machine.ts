/**
 * The admin closes a farmer's open problem from the order sheet with a note of what was done
 * (POST /orders/{id}/problem/close). The note is needed; a refusal (409: already closed meanwhile) or
 * a failure keeps the note and says so. Once closed, the order as the server answered stands in for
 * the list's row until the list is read again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PROBLEM_NOTE_MAX } from '../src/domain/delivery';
import type { Order } from '../src/domain/types';

export interface ProblemCloseContext {
  orderId: string;
  note: string;
  /** The order with its problem closed, as the server answered; null before. */
  closed: Order | null;
  /** Why the last try did not close it: refused (already closed) or failed (network, server). */
  refusal: 'refused' | 'failed' | null;
}

export type ProblemCloseEvent = { type: 'close.note'; note: string } | { type: 'close.submit' };

/** The order with its problem closed, or null when the server refused (409). */
export type CloseProblemOutput = Order | null;

export const problemCloseMachine = setup({
  types: {
    context: {} as ProblemCloseContext,
    events: {} as ProblemCloseEvent,
    input: {} as { orderId: string },
    tags: {} as 'busy',
  },
  actors: {
    closeProblem: fromPromise<CloseProblemOutput, { orderId: string; note: string }>(async () => {
      throw new Error('closeProblem is provided by the caller');
    }),
  },
  guards: {
    hasNote: ({ context }) => context.note.trim() !== '' && context.note.length <= PROBLEM_NOTE_MAX,
    isClosed: (_, params: { output: CloseProblemOutput }) => params.output !== null,
  },
}).createMachine({
  id: 'problemClose',
  context: ({ input }) => ({ orderId: input.orderId, note: '', closed: null, refusal: null }),
  initial: 'writing',
  states: {
    writing: {
      on: {
        'close.note': { actions: assign({ note: ({ event }) => event.note }) },
        'close.submit': { guard: 'hasNote', target: 'closing' },
      },
    },
    closing: {
      tags: ['busy'],
      invoke: {
        id: 'closeProblem',
        src: 'closeProblem',
        input: ({ context }) => ({ orderId: context.orderId, note: context.note.trim() }),
        onDone: [
          { guard: { type: 'isClosed', params: ({ event }) => ({ output: event.output }) }, target: 'closed', actions: assign({ closed: ({ event }) => event.output, refusal: null }) },
          { target: 'writing', actions: assign({ refusal: 'refused' }) },
        ],
        onError: { target: 'writing', actions: assign({ refusal: 'failed' }) },
      },
    },
    closed: { type: 'final' },
  },
});
