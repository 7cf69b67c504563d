/**
 * The cart (SPEC §4 Cart, §5): items by `_id`, the quantity being typed on a product page, and
 * 'Request Quotation'. `ready` takes every edit; `sending` holds the cart still while
 * `POST /quotations` runs, so a failure leaves it whole. Only a 201 clears it and goes to /request.
 * Quantities follow their unit's rule (src/domain/quantity): the draft keeps exactly what was typed
 * and, when the unit does not allow it, the reason it is refused; nothing is rounded for the farmer.
 * The same holds for an item's box in the cart (`edits`): an allowed text changes the item at once, a
 * refused one stays as typed with its reason, holds the item's − and +, and holds 'Request Quotation'.
 * Order again on a past quotation adds its items at once (`cart.addAll`), each as Add to Cart adds it.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CreateQuotationBody, WriteResult } from '../src/domain/api';
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
  /** What was typed in an item's box in the cart, by `_id`, until − or + replaces it. */
  edits: Record<string, string>;
}

export type CartEvent =
  | { type: 'draft.change'; skuId: string; unit: string; text: string }
  | { type: 'draft.increment'; skuId: string; unit: string }
  | { type: 'draft.decrement'; skuId: string; unit: string }
  | { type: 'cart.add'; item: Omit<CartItem, 'quantity'> }
  /** Order again: each item joins what the cart holds, as Add to Cart; one that would pass the maximum is left as it is. */
  | { type: 'cart.addAll'; items: readonly CartItem[] }
  | { type: 'cart.update'; item: CartItem }
  | { type: 'cart.type'; id: string; text: string }
  | { type: 'cart.remove'; id: string }
  | { type: 'cart.decrement'; id: string }
  | { type: 'cart.increment'; id: string }
  | { type: 'cart.clear' }
  | { type: 'quotation.request' };


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

/** Why an item's typed text cannot stand (an empty box asks for more than 0); null when it can. */
function itemRefusal(item: CartItem, text: string): QuantityRefusal | null {
  const parsed = parseQuantity(text, item.skuQuantityUnit);
  if (parsed.ok) return null;
  return parsed.reason === 'empty' ? 'tooSmall' : parsed.reason;
}

/** Whether an item's box holds a refused text. */
const isRefusedItem = (context: CartContext, id: string): boolean => {
  const item = context.items.find((i) => i._id === id);
  const text = context.edits[id];
  return item !== undefined && text !== undefined && itemRefusal(item, text) !== null;
};

const withoutEdit = (edits: Record<string, string>, id: string): Record<string, string> => {
  if (!(id in edits)) return edits;
  const rest = { ...edits };
  delete rest[id];
  return rest;
};

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
    requestQuotation: fromPromise<WriteResult, CreateQuotationBody>(async () => {
      throw new Error('requestQuotation is provided by the caller');
    }),
    // Injected: sends `cart.clear` when the farmer logs out, so the next one starts empty.
    logoutWatch: fromCallback(() => undefined),
  },
  guards: {
    isRefusedText: ({ context, event }) =>
      event.type === 'draft.change' && typedDraft(context.items, event.skuId, event.unit, event.text).refusal !== null,
    hasDraftQuantity: ({ context, event }) =>
      event.type === 'cart.add' && context.draft?.skuId === event.item._id && context.draft.quantity !== null,
    // A refused box does not step: the farmer corrects what was typed, nothing replaces it unseen.
    canStepDraft: ({ context, event }) =>
      (event.type === 'draft.increment' || event.type === 'draft.decrement') &&
      draftStep(context.draft, event.skuId, event.unit, directionOf(event)) !== null,
    // A refused box in the cart does not step either; nor is the cart sent while one is refused.
    canIncrementItem: ({ context, event }) =>
      event.type === 'cart.increment' && !isRefusedItem(context, event.id) && canIncrementItem(context.items, event.id),
    canDecrementItem: ({ context, event }) => event.type === 'cart.decrement' && !isRefusedItem(context, event.id),
    isInCart: ({ context, event }) => event.type === 'cart.type' && context.items.some((i) => i._id === event.id),
    canRequest: ({ context }) => context.items.length > 0 && context.items.every((i) => !isRefusedItem(context, i._id)),
    isDone: (_, params: WriteResult) => params.outcome === 'done',
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
    addAll: assign(({ context, event }) => {
      if (event.type !== 'cart.addAll') return {};
      let items = context.items;
      let edits = context.edits;
      for (const item of event.items) {
        if (roundQuantity(quantityInCart(items, item._id) + item.quantity, item.skuQuantityUnit) > QUANTITY_MAX) continue;
        items = addToCart(items, item);
        edits = withoutEdit(edits, item._id);
      }
      return { items, edits };
    }),
    // Typed in the cart: kept as typed; an allowed quantity is the item's at once.
    typeItem: assign(({ context, event }) => {
      if (event.type !== 'cart.type') return {};
      const edits = { ...context.edits, [event.id]: event.text };
      const item = context.items.find((i) => i._id === event.id);
      const parsed = item ? parseQuantity(event.text, item.skuQuantityUnit) : null;
      if (!item || !parsed?.ok) return { edits };
      return { edits, items: upsertItem(context.items, { ...item, quantity: parsed.value }) };
    }),
    // Another source of the quantity (−, +, an app update, remove) replaces what was typed.
    forgetEdit: assign({
      edits: ({ context, event }) => {
        if (event.type === 'cart.update') return withoutEdit(context.edits, event.item._id);
        if (event.type === 'cart.add') return withoutEdit(context.edits, event.item._id);
        if (event.type === 'cart.increment' || event.type === 'cart.decrement' || event.type === 'cart.remove') {
          return withoutEdit(context.edits, event.id);
        }
        return context.edits;
      },
    }),
    updateItem: assign({ items: ({ context, event }) => (event.type === 'cart.update' ? upsertItem(context.items, event.item) : context.items) }),
    removeItem: assign({ items: ({ context, event }) => (event.type === 'cart.remove' ? removeItem(context.items, event.id) : context.items) }),
    decrementItem: assign({
      items: ({ context, event }) => (event.type === 'cart.decrement' ? decrementItem(context.items, event.id) : context.items),
    }),
    incrementItem: assign({
      items: ({ context, event }) => (event.type === 'cart.increment' ? incrementItem(context.items, event.id) : context.items),
    }),
    clearCart: assign({ items: () => [], draft: () => null, edits: () => ({}) }),
    // Injected: asks the session to go to /request.
    navigateToRequest: () => {},
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ items: input?.items ?? [], draft: null, edits: {} }),
  invoke: { id: 'logoutWatch', src: 'logoutWatch' },
  initial: 'ready',
  states: {
    ready: {
      on: {
        // Either way the box keeps the text as typed; a refused one also keeps why (context.draft.refusal).
        'draft.change': [{ guard: 'isRefusedText', actions: 'setDraft' }, { actions: 'setDraft' }],
        'draft.increment': { guard: 'canStepDraft', actions: 'stepDraft' },
        'draft.decrement': { guard: 'canStepDraft', actions: 'stepDraft' },
        'cart.add': { guard: 'hasDraftQuantity', actions: ['forgetEdit', 'addDraft'] },
        'cart.addAll': { actions: 'addAll' },
        'cart.update': { actions: ['forgetEdit', 'updateItem'] },
        'cart.type': { guard: 'isInCart', actions: 'typeItem' },
        'cart.remove': { actions: ['forgetEdit', 'removeItem'] },
        'cart.decrement': { guard: 'canDecrementItem', actions: ['forgetEdit', 'decrementItem'] },
        'cart.increment': { guard: 'canIncrementItem', actions: ['forgetEdit', 'incrementItem'] },
        'cart.clear': { actions: 'clearCart' },
        'quotation.request': { guard: 'canRequest', target: 'sending' },
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
            guard: { type: 'isDone', params: ({ event }) => event.output },
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

/**
 * What an item's box in the cart shows: what was typed there, or its quantity; with why the typed text
 * is refused, if it is (the item keeps its last allowed quantity meanwhile).
 */
export function cartItemBox(snapshot: CartSnapshot, id: string): { text: string; refusal: QuantityRefusal | null } {
  const item = snapshot.context.items.find((i) => i._id === id);
  if (!item) return { text: '', refusal: null };
  const typed = snapshot.context.edits[id];
  return typed === undefined ? { text: String(item.quantity), refusal: null } : { text: typed, refusal: itemRefusal(item, typed) };
}
