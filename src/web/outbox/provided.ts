/**
 * The outbox chart with its real effects, loaded by the app chart after the first screen (its
 * `loadOutbox`), so neither the chart nor its effects are part of the farmer's first load.
 */
import { enqueueActions } from 'xstate';
import { outboxMachine } from '../../../machines/outbox.machine';
import type { Quotation } from '../../domain/types';
import { whenLoggedOut } from '../shop/actors';
import { realOutboxActors, type OutboxActors } from './actors';

export function providedOutbox(overrides: Partial<OutboxActors> = {}) {
  return outboxMachine.provide({
    actors: { ...realOutboxActors, ...overrides, logoutWatch: whenLoggedOut({ type: 'outbox.empty' }, { atStart: true }) },
    actions: {
      // A quotation the server made or changed from the outbox joins the farmer's list at once: the
      // phone's store, and /request while it is open (after an order, which answers no quotation, it reads its first page now).
      delivered: enqueueActions(({ enqueue, system }, params: { quotation: Quotation | null }) => {
        const quotations = system.get('quotations');
        const list = system.get('quotationList');
        if (params.quotation && quotations) enqueue.sendTo(quotations, { type: 'quotations.update', quotation: params.quotation } as never);
        if (list) enqueue.sendTo(list, (params.quotation ? { type: 'quotation.arrived', quotation: params.quotation } : { type: 'list.refresh' }) as never);
      }),
    },
  });
}
