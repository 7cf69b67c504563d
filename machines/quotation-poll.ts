/**
 * One quotation read now and every POLL_MS, paused while the page is hidden: the states the
 * quotation's details and the order's tracker share (`fetching` → `waiting` → `fetching`, `paused`
 * on `page.hidden` until `page.visible`). A read that finds nothing marks the quotation missing; a
 * failed one keeps what was shown and tries again at the next tick. Each chart declares the
 * `fetchQuotation` actor, the `isFound` guard, the `keepQuotation`, `markMissing` and `storeQuotation`
 * actions and the `POLL` delay, and puts these states under a region that goes to `.paused` on
 * `page.hidden`.
 */
import type { Quotation } from '../src/domain/types';
import type { FetchQuotationResult } from './quotation-detail.machine';

/** What the poll reads and keeps, in each chart's own context. */
export interface Polled {
  quotationId: string;
  quotation: Quotation | null;
  missing: boolean;
}

/** The states' names and event types stay literal, as the charts' configs need them (a const assertion would do as much, but mutation testing leaves what it holds unmutated). */
const literal = <const T>(states: T): T => states;

export const quotationPollStates = literal({
  fetching: {
    tags: ['loading'],
    invoke: {
      id: 'fetchQuotation',
      src: 'fetchQuotation',
      input: ({ context }: { context: Polled }) => ({ id: context.quotationId }),
      onDone: [
        {
          guard: { type: 'isFound', params: ({ event }: { event: { output: FetchQuotationResult } }) => ({ found: event.output !== null }) },
          target: 'waiting',
          actions: [
            { type: 'keepQuotation', params: ({ event }: { event: { output: FetchQuotationResult } }) => ({ quotation: event.output as Quotation }) },
            { type: 'storeQuotation', params: ({ event }: { event: { output: FetchQuotationResult } }) => ({ quotation: event.output as Quotation }) },
          ],
        },
        { target: 'waiting', actions: 'markMissing' },
      ],
      onError: { target: 'waiting' },
    },
  },
  waiting: { after: { POLL: 'fetching' } },
  paused: { on: { 'page.visible': 'fetching' } },
});
