/**
 * /order-status (SPEC §2 My Order, §4 Order status, DECISIONS §1 Make Payment): the quotation an
 * order was placed from, polled every POLL_MS and paused while the page is hidden; the tracker and
 * the balance derive from it (src/domain/tracker). 'Make Payment' opens a UPI link for the pending
 * amount when the server names a payee, otherwise it opens the Contact Us sheet; nothing is marked
 * paid here. Two regions: `poll` (the quotation read, ./quotation-poll) and `contact` (the screen's
 * Contact Us sheet, opened from its button or by Make Payment, closed by the farmer).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { AppConfig } from '../src/domain/api';
import { POLL_MS } from '../src/domain/constants';
import { balanceOf, deliveryProof, trackerSteps, type Balance, type TrackerStep } from '../src/domain/tracker';
import type { Quotation } from '../src/domain/types';
import { farmerMayReportProblem, orderStatusLabel, reachedAt } from './order-lifecycle.machine';
import { upiLink } from '../src/domain/upi';
import { quotationPollStates } from './quotation-poll';
import type { FetchQuotationResult } from './quotation-detail.machine';
import { silentVisibility, type PageVisibilityEvent } from './quotation-list.machine';

export interface OrderTrackingContext {
  quotationId: string;
  quotation: Quotation | null;
  missing: boolean;
}

export type OrderTrackingEvent = PageVisibilityEvent | { type: 'payment.make'; config: AppConfig | null } | { type: 'contact.open' } | { type: 'contact.close' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the caller`);
};

const paymentLinkOf = (context: OrderTrackingContext, config: AppConfig | null): string | null => {
  if (!context.quotation) return null;
  const { pendingPaisa } = balanceOf(context.quotation);
  // The payment names the order (OD…), the number the admin works in; before one exists, the quotation.
  return upiLink(config, { pendingPaisa, orderId: context.quotation.orderDisplayId ?? context.quotation.quotationDisplayId });
};

export const orderTrackingMachine = setup({
  types: {
    context: {} as OrderTrackingContext,
    events: {} as OrderTrackingEvent,
    input: {} as { quotationId: string; cached?: Quotation | null },
    tags: {} as 'loading',
  },
  actors: {
    fetchQuotation: fromPromise<FetchQuotationResult, { id: string }>(notProvided('fetchQuotation')),
    visibility: silentVisibility,
  },
  delays: { POLL: POLL_MS },
  guards: {
    isFound: (_, params: { found: boolean }) => params.found,
    hasBalanceDue: ({ context }) => context.quotation !== null && balanceOf(context.quotation).pendingPaisa > 0,
    hasUpiPayee: ({ context, event }) => event.type === 'payment.make' && paymentLinkOf(context, event.config) !== null,
  },
  actions: {
    // Injected: opens the UPI app with this link.
    openPaymentLink: (_, _params: { url: string }) => {},
    storeQuotation: (_, _params: { quotation: Quotation }) => {},
    keepQuotation: assign({ quotation: (_, params: { quotation: Quotation }) => params.quotation, missing: false }),
    markMissing: assign({ quotation: null, missing: true }),
  },
}).createMachine({
  id: 'orderTracking',
  context: ({ input }) => ({ quotationId: input.quotationId, quotation: input.cached ?? null, missing: false }),
  invoke: { id: 'visibility', src: 'visibility' },
  type: 'parallel',
  on: {
    'payment.make': [
      {
        guard: and(['hasBalanceDue', 'hasUpiPayee']),
        actions: {
          type: 'openPaymentLink',
          params: ({ context, event }) => ({ url: paymentLinkOf(context, event.config) ?? '' }),
        },
      },
      // No UPI payee to pay: the Contact Us sheet says whom to call.
      { guard: 'hasBalanceDue', target: '.contact.open' },
    ],
  },
  states: {
    poll: { initial: 'fetching', on: { 'page.hidden': '.paused' }, states: quotationPollStates },
    contact: {
      initial: 'closed',
      states: {
        closed: { on: { 'contact.open': 'open' } },
        open: { on: { 'contact.close': 'closed' } },
      },
    },
  },
});

/** The Contact Us sheet is open on /order-status. */
export const contactSheetOpen = (snapshot: { matches: (value: { contact: 'open' }) => boolean }): boolean => snapshot.matches({ contact: 'open' });

type TrackingSnapshot = { context: OrderTrackingContext };

/** A step as the tracker shows it: its message (id and English text) and, once reached, when. */
export interface TrackedStep extends TrackerStep {
  label: { id: string; defaultMessage: string };
  /** When a reached step was reached (ISO time): a delivery step from the status moves, Payment Status when the total came to be covered; null for steps not reached. */
  at: string | null;
}

/** The message of each tracker step: the lifecycle chart's status names, and Payment Status. */
export const trackerStepLabel = (key: TrackerStep['key']): TrackedStep['label'] => ({
  id: `shop.orderStatus.${key}`,
  defaultMessage: key === 'PAYMENT' ? 'Payment Status' : orderStatusLabel(key),
});

const datesOf = (quotation: Quotation) => reachedAt(quotation.statusHistory ?? []);

/** The tracker's steps for the order, each dated once reached, or none before the quotation arrives. */
export const orderSteps = (snapshot: TrackingSnapshot): TrackedStep[] => {
  const quotation = snapshot.context.quotation;
  if (!quotation) return [];
  const dates = datesOf(quotation);
  return trackerSteps(quotation).map((step) => ({
    ...step,
    label: trackerStepLabel(step.key),
    at: !step.complete ? null : step.key === 'PAYMENT' ? (quotation.paidAt ?? null) : (dates[step.key] ?? null),
  }));
};

/**
 * What the Delivery Code card says under the code: before delivery, tell it to the driver (with the
 * expected delivery date when an admin set one); once DELIVERED, when it was delivered (null when no
 * move records it, an order older than its history).
 */
export type DeliveryNote =
  | { kind: 'tellDriver'; expectedDeliveryDate: string | null }
  /** `proof`: confirmed with the farmer's code, marked delivered by the provider, or not said (an older answer). */
  | { kind: 'delivered'; at: string | null; proof: ReturnType<typeof deliveryProof> };

export const deliveryNote = (snapshot: TrackingSnapshot): DeliveryNote | null => {
  const quotation = snapshot.context.quotation;
  if (!quotation) return null;
  if (quotation.orderStatus === 'DELIVERED') return { kind: 'delivered', at: datesOf(quotation).DELIVERED ?? null, proof: deliveryProof(quotation) };
  return { kind: 'tellDriver', expectedDeliveryDate: quotation.expectedDeliveryDate ?? null };
};

/** Total, paid and pending; null before the quotation arrives. */
export const orderBalance = (snapshot: TrackingSnapshot): Balance | null =>
  snapshot.context.quotation ? balanceOf(snapshot.context.quotation) : null;

/**
 * May the farmer report a problem with this order now: the lifecycle takes problems at its status
 * (delivered) and none is open (the server refuses a second, 409). The order's number names it.
 */
export const problemReportableOrder = (snapshot: TrackingSnapshot): string | null => {
  const quotation = snapshot.context.quotation;
  if (!quotation?.orderStatus || !farmerMayReportProblem(quotation.orderStatus) || quotation.problem?.status === 'open') return null;
  return quotation.orderDisplayId ?? null;
};
