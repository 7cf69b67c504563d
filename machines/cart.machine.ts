/**
 * The cart (SPEC §4 Cart, §5): items by `_id`, the quantity being typed on a product page, and
 * 'Request Quotation'. `ready` takes every edit; `sending` holds the cart still while
 * `POST /quotations` runs, so a failure leaves it whole. Only a 201 clears it and goes to /request.
 * Quantities follow their unit's rule (src/domain/quantity): the draft keeps exactly what was typed
 * and, when the unit does not allow it, the reason it is refused; nothing is rounded for the farmer.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CreateQuotationBody } from '../src/domain/api';
import {
  addToCart,
  canIncrementItem,
  decrementItem,
  incrementItem,
  quantityInCart,
  quotationRequestBody,
  removeItem,
  upsertItem,
} from '../src/domain/cart';
import { parseQuantity, QUANTITY_MAX, roundQuantity, stepQuantity, type QuantityRefusal } from '../src/domain/quantity';
import type { CartItem } from '../src/domain/types';

/** The quantity typed on one product's page; another product's page starts empty. */
export interface CartDraft {
  skuId: string;
  unit: string;
  /** What the box shows: exactly what was typed, or where − or + led. */
  text: string;
  /** The quantity Add to Cart adds; null while the box is empty or refused. */
  quantity: number | null;
  /** Why the text cannot be added (an error code the view translates); null when it can, or when empty. */
  refusal: QuantityRefusal | null;
}

export interface CartContext {
  items: CartItem[];
  draft: CartDraft | null;
}

export type CartEvent =
  | { type: 'draft.change'; skuId: string; unit: string; text: string }
  | { type: 'draft.increment'; skuId: string; unit: string }
  | { type: 'draft.decrement'; skuId: string; unit: string }
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

/** The draft for `text` typed for one product; with what the cart holds, it may not pass the maximum. */
function typedDraft(items: readonly CartItem[], skuId: string, unit: string, text: string): CartDraft {
  const parsed = parseQuantity(text, unit);
  if (!parsed.ok) return { skuId, unit, text, quantity: null, refusal: parsed.reason === 'empty' ? null : parsed.reason };
  const tooMuch = roundQuantity(quantityInCart(items, skuId) + parsed.value, unit) > QUANTITY_MAX;
  return { skuId, unit, text, quantity: tooMuch ? null : parsed.value, refusal: tooMuch ? 'tooLarge' : null };
}

/** Where − or + leads from this product's box (an empty box counts as 0); null when it may not step. */
function draftStep(draft: CartDraft | null, skuId: string, unit: string, direction: 1 | -1): number | null {
  const mine = draft?.skuId === skuId ? draft : null;
  if (mine !== null && mine.text.trim() !== '' && mine.quantity === null) return null;
  return stepQuantity(mine?.quantity ?? 0, unit, direction);
}

type DraftStepEvent = Extract<CartEvent, { type: 'draft.increment' | 'draft.decrement' }>;
const directionOf = (event: DraftStepEvent): 1 | -1 => (event.type === 'draft.increment' ? 1 : -1);

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
      event.type === 'cart.add' && context.draft?.skuId === event.item._id && context.draft.quantity !== null,
    // A refused box does not step: the farmer corrects what was typed, nothing replaces it unseen.
    canStepDraft: ({ context, event }) =>
      (event.type === 'draft.increment' || event.type === 'draft.decrement') &&
      draftStep(context.draft, event.skuId, event.unit, directionOf(event)) !== null,
    canIncrementItem: ({ context, event }) => event.type === 'cart.increment' && canIncrementItem(context.items, event.id),
    hasItems: ({ context }) => context.items.length > 0,
    isCreated: (_, params: { status: number }) => params.status === 201,
  },
  actions: {
    setDraft: assign({
      draft: ({ context, event }) => (event.type === 'draft.change' ? typedDraft(context.items, event.skuId, event.unit, event.text) : context.draft),
    }),
    stepDraft: assign({
      draft: ({ context, event }) => {
        if (event.type !== 'draft.increment' && event.type !== 'draft.decrement') return context.draft;
        const next = draftStep(context.draft, event.skuId, event.unit, directionOf(event));
        return next === null ? context.draft : typedDraft(context.items, event.skuId, event.unit, String(next));
      },
    }),
    addDraft: assign(({ context, event }) => {
      if (event.type !== 'cart.add' || context.draft?.quantity == null) return {};
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
        'draft.increment': { guard: 'canStepDraft', actions: 'stepDraft' },
        'draft.decrement': { guard: 'canStepDraft', actions: 'stepDraft' },
        'cart.add': { guard: 'hasDraftQuantity', actions: 'addDraft' },
        'cart.update': { actions: 'updateItem' },
        'cart.remove': { actions: 'removeItem' },
        'cart.decrement': { actions: 'decrementItem' },
        'cart.increment': { guard: 'canIncrementItem', actions: 'incrementItem' },
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

type CartSnapshot = { context: CartContext };

/** What one product's quantity box shows: the typed text and why it is refused, if it is. */
export function quantityBox(snapshot: CartSnapshot, skuId: string): { text: string; refusal: QuantityRefusal | null } {
  const draft = snapshot.context.draft;
  return draft?.skuId === skuId ? { text: draft.text, refusal: draft.refusal } : { text: '', refusal: null };
}
