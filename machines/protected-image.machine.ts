/**
 * One protected image (a farmer's own photo): an `<img>` cannot send the bearer token, so the image
 * is fetched with it into a local copy that lives as long as the chart is `active` and is shown
 * from there. No url → `none` (the view draws the initial); a failed fetch → `failed` (the same).
 * `image.url` names another image (the farmer changed the photo, or logged out: null): the chart
 * decides again, which frees the old copy. The app runs one as its `avatar` child for the farmer.
 */
import { assign, fromCallback, setup, type AnyEventObject } from 'xstate';

export type ProtectedImageEvent =
  | { type: 'image.loaded'; src: string }
  | { type: 'image.failed' }
  | { type: 'image.url'; url: string | null };

export const protectedImageMachine = setup({
  types: {
    input: {} as { url: string | null },
    context: {} as { url: string | null; src: string | null },
    events: {} as ProtectedImageEvent,
  },
  actors: {
    /** Fetches `url` with the token; sends `image.loaded` with a local url, or `image.failed`; frees the copy when stopped. */
    fetchImage: fromCallback<AnyEventObject, { url: string }>(() => undefined),
  },
  guards: {
    hasUrl: ({ context }) => context.url !== null && context.url !== '',
    isNewUrl: ({ context, event }) => event.type === 'image.url' && event.url !== context.url,
  },
}).createMachine({
  id: 'protectedImage',
  context: ({ input }) => ({ url: input.url, src: null }),
  initial: 'deciding',
  on: {
    'image.url': {
      guard: 'isNewUrl',
      target: '.deciding',
      reenter: true,
      actions: assign({ url: ({ event }) => event.url, src: null }),
    },
  },
  states: {
    deciding: { always: [{ guard: 'hasUrl', target: 'active' }, { target: 'none' }] },
    none: {},
    // The fetch stays invoked while the image shows, so leaving `active` frees the local copy.
    active: {
      invoke: { id: 'fetchImage', src: 'fetchImage', input: ({ context }) => ({ url: context.url! }) },
      initial: 'loading',
      states: {
        loading: {
          on: { 'image.loaded': { target: 'shown', actions: assign({ src: ({ event }) => event.src }) } },
        },
        shown: {},
      },
      on: { 'image.failed': { target: 'failed', actions: assign({ src: null }) } },
    },
    failed: {},
  },
});
