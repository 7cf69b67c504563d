/**
 * One protected image (a farmer's own photo): an `<img>` cannot send the bearer token, so the image
 * is fetched with it into a local copy that lives as long as the chart is `active` and is shown
 * from there. No url → `none` (the view draws the initial); a failed fetch → `failed` (the same).
 */
import { assign, fromCallback, setup, type AnyEventObject } from 'xstate';

export type ProtectedImageEvent = { type: 'image.loaded'; src: string } | { type: 'image.failed' };

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
  },
}).createMachine({
  id: 'protectedImage',
  context: ({ input }) => ({ url: input.url, src: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasUrl', target: 'active' }, { target: 'none' }] },
    none: {},
    // The fetch stays invoked while the image shows, so leaving `active` frees the local copy.
    active: {
      invoke: { src: 'fetchImage', input: ({ context }) => ({ url: context.url! }) },
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
