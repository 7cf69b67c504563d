/**
 * Report a problem with a delivered order (/order-status): the farmer opens the sheet, picks what went
 * wrong, may write a note and add a photo, and sends it. A photo is made small on the phone
 * (`preparePhoto`), uploaded as kind `problem` (`uploadPhoto`), then the report goes with its url
 * (`sendProblem`, POST /orders/{id}/problem). A refusal (409: one is already open, or the order is no
 * longer delivered) comes back as null and closes the sheet for the tracker to explain; a failure keeps
 * the sheet as filled in, saying it did not go. The tracker's poll shows the problem once sent.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { PROBLEM_NOTE_MAX, type ProblemKind } from '../src/domain/delivery';
import type { OrderProblem } from '../src/domain/types';

export interface ProblemDraft {
  kind: ProblemKind | null;
  note: string;
  /** The photo as the farmer picked it; made small before it goes. */
  photo: Blob | null;
}

export interface ProblemReportContext {
  /** The order (OD… or its id) the problem is about. */
  orderId: string;
  draft: ProblemDraft;
  /** The photo made small, between preparing and uploading it. */
  prepared: Blob | null;
  /** The photo's url once uploaded (kept if the report itself has to be sent again). */
  photoUrl: string | null;
  /** The problem as the server took it; null before. */
  sent: OrderProblem | null;
  /** The last try did not go through (network, server): the sheet says so. */
  failed: boolean;
}

export type ProblemReportEvent =
  | { type: 'problem.open' }
  | { type: 'problem.kind'; kind: ProblemKind }
  | { type: 'problem.note'; note: string }
  | { type: 'problem.photo'; file: Blob | null }
  | { type: 'problem.submit' }
  | { type: 'problem.cancel' };

/** POST /orders/{id}/problem: the problem as taken, or null when refused (409). */
export type SendProblemOutput = OrderProblem | null;

const NO_DRAFT: ProblemDraft = { kind: null, note: '', photo: null };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the caller`);
};

const noteOf = (draft: ProblemDraft): string | undefined => (draft.note.trim() === '' ? undefined : draft.note.trim());

export const problemReportMachine = setup({
  types: {
    context: {} as ProblemReportContext,
    events: {} as ProblemReportEvent,
    input: {} as { orderId: string },
    tags: {} as 'busy' | 'open',
  },
  actors: {
    preparePhoto: fromPromise<Blob, { file: Blob }>(notProvided('preparePhoto')),
    uploadPhoto: fromPromise<{ url: string }, { kind: 'problem'; file: Blob }>(notProvided('uploadPhoto')),
    sendProblem: fromPromise<SendProblemOutput, { orderId: string; kind: ProblemKind; note?: string; photo?: string }>(notProvided('sendProblem')),
  },
  guards: {
    // `other` says what in a note, as the server asks.
    isReady: ({ context }) =>
      context.draft.kind !== null && context.draft.note.length <= PROBLEM_NOTE_MAX && (context.draft.kind !== 'other' || noteOf(context.draft) !== undefined),
    needsUpload: ({ context }) => context.draft.photo !== null && context.photoUrl === null,
    isTaken: (_, params: { output: SendProblemOutput }) => params.output !== null,
  },
}).createMachine({
  id: 'problemReport',
  context: ({ input }) => ({ orderId: input.orderId, draft: NO_DRAFT, prepared: null, photoUrl: null, sent: null, failed: false }),
  initial: 'closed',
  states: {
    closed: { on: { 'problem.open': { target: 'composing', actions: assign({ draft: NO_DRAFT, prepared: null, photoUrl: null, failed: false }) } } },
    composing: {
      tags: ['open'],
      on: {
        'problem.kind': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, kind: event.kind }) }) },
        'problem.note': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, note: event.note }) }) },
        // Another photo is uploaded afresh.
        'problem.photo': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, photo: event.file }), photoUrl: null }) },
        'problem.submit': [
          { guard: and(['isReady', 'needsUpload']), target: 'preparingPhoto' },
          { guard: 'isReady', target: 'sending' },
        ],
        'problem.cancel': 'closed',
      },
    },
    preparingPhoto: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'preparePhoto',
        src: 'preparePhoto',
        input: ({ context }) => ({ file: context.draft.photo! }),
        onDone: { target: 'uploadingPhoto', actions: assign({ prepared: ({ event }) => event.output }) },
        onError: { target: 'composing', actions: assign({ failed: true }) },
      },
    },
    uploadingPhoto: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => ({ kind: 'problem' as const, file: context.prepared! }),
        onDone: { target: 'sending', actions: assign({ photoUrl: ({ event }) => event.output.url, prepared: null }) },
        onError: { target: 'composing', actions: assign({ failed: true }) },
      },
    },
    sending: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'sendProblem',
        src: 'sendProblem',
        input: ({ context }) => ({
          orderId: context.orderId,
          kind: context.draft.kind ?? 'other',
          ...(noteOf(context.draft) === undefined ? {} : { note: noteOf(context.draft) }),
          ...(context.photoUrl === null ? {} : { photo: context.photoUrl }),
        }),
        onDone: [
          { guard: { type: 'isTaken', params: ({ event }) => ({ output: event.output }) }, target: 'closed', actions: assign({ sent: ({ event }) => event.output, draft: NO_DRAFT }) },
          // Refused: one is open already, or the order moved; the tracker's next poll tells which.
          { target: 'closed', actions: assign({ draft: NO_DRAFT }) },
        ],
        onError: { target: 'composing', actions: assign({ failed: true }) },
      },
    },
  },
});

/** The problem the tracker shows: the one just sent until the poll brings the order's own. */
export const shownProblem = (report: { context: ProblemReportContext }, fromTracker: OrderProblem | null | undefined): OrderProblem | null =>
  fromTracker ?? report.context.sent;
