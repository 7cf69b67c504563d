/**
 * The cart (SPEC §4 Cart, §5): items by `_id`, the quantity being typed on a product page, and
 * 'Request Quotation'. `ready` takes every edit; `sending` holds the cart still while
 * `POST /quotations` runs, so a failure leaves it whole. Only a 201 clears it and goes to /request.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CreateQuotationBody } from '../src/domain/api';
import {
  addToCart,
  decrementItem,
  incrementItem,
  isAddableQuantity,
  quotationRequestBody,
  removeItem,
  upsertItem,
} from '../src/domain/cart';
import type { CartItem } from '../src/domain/types';

/** The quantity typed on one product's page; another product's page starts at 0. */
export interface CartDraft {
  skuId: string;
  quantity: number;
}

export interface CartContext {
  items: CartItem[];
  draft: CartDraft | null;
}

export type CartEvent =
  | { type: 'draft.change'; skuId: string; quantity: number }
  | { type: 'cart.add'; item: Omit<CartItem, 'quantity'> }
  | { type: 'cart.update'; item: CartItem }
  | { type: 'cart.remove'; id: string }
  | { type: 'cart.decrement'; id: string }
  | { type: 'cart.increment'; id: string }
  | { type: 'cart.clear' }
  | { type: 'quotation.request' };

/** What `POST /quotations` answered: its HTTP status (201 is the only success). */
export interface QuotationRequestResult {
  status: number;
}

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as { items?: CartItem[] } | undefined,
    tags: {} as 'busy',
  },
  actors: {
    // Injected by the web app (src/web/shop/actors.ts); tests pass fakes.
    requestQuotation: fromPromise<QuotationRequestResult, CreateQuotationBody>(async () => {
      throw new Error('requestQuotation is provided by the caller');
    }),
    // Injected: sends `cart.clear` when the farmer logs out, so the next one starts empty.
    logoutWatch: fromCallback(() => undefined),
  },
  guards: {
    hasDraftQuantity: ({ context, event }) =>
      event.type === 'cart.add' && context.draft?.skuId === event.item._id && isAddableQuantity(context.draft.quantity),
    hasItems: ({ context }) => context.items.length > 0,
    isCreated: (_, params: { status: number }) => params.status === 201,
  },
  actions: {
    setDraft: assign({
      draft: ({ event }) => (event.type === 'draft.change' ? { skuId: event.skuId, quantity: event.quantity } : null),
    }),
    addDraft: assign(({ context, event }) => {
      if (event.type !== 'cart.add' || !context.draft) return {};
      return { items: addToCart(context.items, { ...event.item, quantity: context.draft.quantity }), draft: null };
    }),
    updateItem: assign({ items: ({ context, event }) => (event.type === 'cart.update' ? upsertItem(context.items, event.item) : context.items) }),
    removeItem: assign({ items: ({ context, event }) => (event.type === 'cart.remove' ? removeItem(context.items, event.id) : context.items) }),
    decrementItem: assign({
      items: ({ context, event }) => (event.type === 'cart.decrement' ? decrementItem(context.items, event.id) : context.items),
    }),
    incrementItem: assign({
      items: ({ context, event }) => (event.type === 'cart.increment' ? incrementItem(context.items, event.id) : context.items),
    }),
    clearCart: assign({ items: () => [], draft: () => null }),
    // Injected: asks the session to go to /request.
    navigateToRequest: () => {},
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ items: input?.items ?? [], draft: null }),
  invoke: { id: 'logoutWatch', src: 'logoutWatch' },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'draft.change': { actions: 'setDraft' },
        'cart.add': { guard: 'hasDraftQuantity', actions: 'addDraft' },
        'cart.update': { actions: 'updateItem' },
        'cart.remove': { actions: 'removeItem' },
        'cart.decrement': { actions: 'decrementItem' },
        'cart.increment': { actions: 'incrementItem' },
        'cart.clear': { actions: 'clearCart' },
        'quotation.request': { guard: 'hasItems', target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestQuotation',
        src: 'requestQuotation',
        input: ({ context }) => quotationRequestBody(context.items),
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ status: event.output.status }) },
            target: 'ready',
            actions: ['clearCart', 'navigateToRequest'],
          },
          { target: 'ready' },
        ],
        onError: { target: 'ready' },
      },
    },
  },
});
