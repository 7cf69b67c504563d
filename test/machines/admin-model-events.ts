/**
 * The events the model-based paths try in each admin chart: gestures and actor results alike. The machine
 * tests walk them for coverage; the view tests replay the same paths on the rendered screens.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { adminOrdersMachine, type SaveOrderInput } from '../../machines/admin-orders.machine';
import { adminQuotationsMachine, type SaveQuotationInput } from '../../machines/admin-quotations.machine';
import type { SaveOutcome } from '../../machines/admin-sheet';
import { adminSkusMachine, type SaveSkuInput } from '../../machines/admin-skus.machine';
import { adminUsersMachine } from '../../machines/admin-users.machine';
import type { Order, Quotation, Sku, User } from '../../src/domain/types';
import { ORDERS, QUOTATIONS, SKUS, USERS, order, quotation, sku } from './admin-fixtures';

/** An effect that never settles: the paths deliver its answer as an event. */
export const never = <T, TInput = void>() => fromPromise<T, TInput>(() => new Promise<T>(() => undefined));
export const silentCallback = <TInput>() => fromCallback<AnyEventObject, TInput>(() => undefined);

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: { status: 500, data: { message: 'boom' } } });

const SAVED: SaveOutcome = { outcome: 'saved' };
const CONFLICT: SaveOutcome = { outcome: 'conflict' };

/** What another admin saved meanwhile: the reload after a 409 brings these. */
export const QUOTATIONS_CHANGED: Quotation[] = [
  QUOTATIONS[0]!,
  quotation({ ...QUOTATIONS[1]!, status: 'EXPIRED', version: 4 }),
];
export const ORDERS_CHANGED: Order[] = [order({ ...ORDERS[0]!, status: 'DELIVERED', version: 2 }), ORDERS[1]!];
export const SKUS_CHANGED: Sku[] = [sku({ ...SKUS[0]!, name: 'Groundnut shell (fine)', version: 2 }), SKUS[1]!, SKUS[2]!];
export const USERS_AFTER_VERIFY: User[] = USERS.map((u) => (u._id === 'u2' ? { ...u, isVerified: true } : u));

export const quotationEvents: AnyEventObject[] = [
  done('loadQuotations', QUOTATIONS),
  failed('loadQuotations'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'qt100002' },
  { type: 'quotation.open', id: 'q2' },
  { type: 'quotation.edit' },
  { type: 'draft.status', status: 'COMPLETED' },
  { type: 'draft.line', index: 0, field: 'goods', value: '12500.50' },
  { type: 'quotation.save' },
  done('saveQuotation', SAVED),
  done('saveQuotation', CONFLICT),
  failed('saveQuotation'),
  done('reloadQuotations', QUOTATIONS_CHANGED),
  failed('reloadQuotations'),
  { type: 'draft.reapply' },
  { type: 'sheet.close' },
];

export const orderEvents: AnyEventObject[] = [
  done('loadOrders', ORDERS),
  failed('loadOrders'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'od100001' },
  { type: 'order.open', id: 'o1' },
  { type: 'order.edit' },
  { type: 'draft.status', status: 'ORDER_CONFIRMED' },
  { type: 'draft.amountPaid', value: '5000.5' },
  { type: 'order.save' },
  done('saveOrder', SAVED),
  done('saveOrder', CONFLICT),
  failed('saveOrder'),
  done('reloadOrders', ORDERS_CHANGED),
  failed('reloadOrders'),
  { type: 'draft.reapply' },
  { type: 'sheet.close' },
];

/** A tiny PNG, the file an admin picks for a SKU image. */
export const SKU_IMAGE_FILE = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

export const skuEvents: AnyEventObject[] = [
  done('loadSkus', SKUS),
  failed('loadSkus'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'groundnut' },
  { type: 'sku.open', id: 's1' },
  { type: 'sku.add' },
  { type: 'draft.field', field: 'name', value: 'Wheat straw (loose)' },
  { type: 'image.choose', file: SKU_IMAGE_FILE },
  done('prepareSkuImage', SKU_IMAGE_FILE),
  failed('prepareSkuImage'),
  done('uploadSkuImage', '/api/uploads/newskuimage1'),
  failed('uploadSkuImage'),
  { type: 'sku.save' },
  done('saveSku', SAVED),
  done('saveSku', CONFLICT),
  failed('saveSku'),
  done('reloadSkus', SKUS_CHANGED),
  failed('reloadSkus'),
  { type: 'draft.reapply' },
  { type: 'sku.edit' },
  { type: 'sheet.close' },
];

export const userEvents: AnyEventObject[] = [
  done('loadUsers', USERS),
  failed('loadUsers'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'shah' },
  { type: 'user.expand', id: 'u2' },
  { type: 'user.expand', id: 'u3' },
  { type: 'user.collapse' },
  { type: 'photo.loaded', src: 'blob:photo-u2' },
  { type: 'photo.failed' },
  { type: 'aadhaar.loaded', src: 'blob:aadhaar-u2' },
  { type: 'aadhaar.failed' },
  { type: 'user.verify', id: 'u2' },
  done('verifyUser', null),
  failed('verifyUser'),
];

/** After a verification the list reloads with the verified user; the paths answer with this list then. */
export const userEventsIn = (snapshot: { context: { users: User[]; query: string } }): AnyEventObject[] =>
  userEvents.map((e) => {
    if (e.type === 'xstate.done.actor.loadUsers' && snapshot.context.users.length > 0) return done('loadUsers', USERS_AFTER_VERIFY);
    // Typing changes the text: after a search the next one clears it.
    if (e.type === 'search.change' && snapshot.context.query !== '') return { type: 'search.change', query: '' };
    return e;
  });

/** The production charts with effects that never settle: the paths deliver every answer as an event. */
export const quotationsModel = adminQuotationsMachine.provide({
  actors: { loadQuotations: never<Quotation[]>(), saveQuotation: never<SaveOutcome, SaveQuotationInput>() },
});
export const ordersModel = adminOrdersMachine.provide({
  actors: { loadOrders: never<Order[]>(), saveOrder: never<SaveOutcome, SaveOrderInput>() },
});
export const skusModel = adminSkusMachine.provide({
  actors: { loadSkus: never<Sku[]>(), saveSku: never<SaveOutcome, SaveSkuInput>(),
    prepareSkuImage: never<Blob, { file: Blob }>(),
    uploadSkuImage: never<string, { file: Blob }>(), },
});
export const usersModel = adminUsersMachine.provide({
  actors: { loadUsers: never<User[]>(), verifyUser: never<unknown, { id: string }>(),
    photoImage: silentCallback<{ url: string }>(),
    aadhaarImage: silentCallback<{ url: string }>(), },
});
