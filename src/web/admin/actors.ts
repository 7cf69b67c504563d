/**
 * The real effects of the admin charts, each one call through the shared client (SPEC §7, DECISIONS §2).
 * A stale `version` (409 VERSION_CONFLICT) is an expected outcome the charts route; anything else rejects
 * with the ApiFailure so the chart's onError fires. `call` is the client's `api` unless a test or tool
 * acts as another user against another server.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { DataResponse, UploadResponse } from '../../domain/api';
import type { Order, Quotation, Sku, User } from '../../domain/types';
import type { SaveOrderInput } from '../../../machines/admin-orders.machine';
import type { SaveQuotationInput } from '../../../machines/admin-quotations.machine';
import type { SaveOutcome } from '../../../machines/admin-sheet';
import type { SaveSkuInput } from '../../../machines/admin-skus.machine';
import { api, apiBlob, toApiFailure, type ApiCall } from '../api/client';
import { prepareImage } from '../onboarding/browser-actors';

/** Runs a save; a 409 VERSION_CONFLICT becomes the `conflict` outcome, any other failure rethrows. */
async function saveOutcome(save: () => Promise<unknown>): Promise<SaveOutcome> {
  try {
    await save();
    return { outcome: 'saved' };
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 409 && failure.data.code === 'VERSION_CONFLICT') return { outcome: 'conflict' };
    throw failure;
  }
}

/**
 * An effect whose request is aborted when its actor stops, and which then stays silent: React's StrictMode
 * stops and restarts the screen's actor, and the restarted child must not hear the first run's AbortError.
 */
const effect = <TOutput, TInput>(run: (input: TInput, signal: AbortSignal) => Promise<TOutput>) =>
  fromPromise<TOutput, TInput>(({ input, signal }) =>
    run(input, signal).catch((error: unknown) => {
      if (signal.aborted) return new Promise<TOutput>(() => undefined);
      throw error;
    }),
  );

const list = <T>(call: ApiCall, path: string) =>
  effect<T[], void>(async (_, signal) => (await call<DataResponse<T[]>>('GET', path, { signal })).data);

/**
 * A protected image for as long as it shows: fetched with the token into a local url, sent as
 * `<kind>.loaded`, revoked when the chart leaves the state (or `<kind>.failed`).
 */
export const protectedImage = (kind: 'photo' | 'aadhaar') =>
  fromCallback<AnyEventObject, { url: string }>(({ input, sendBack }) => {
    const controller = new AbortController();
    let src: string | null = null;
    apiBlob(input.url, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        src = URL.createObjectURL(blob);
        sendBack({ type: `${kind}.loaded`, src });
      },
      () => {
        if (!controller.signal.aborted) sendBack({ type: `${kind}.failed` });
      },
    );
    return () => {
      controller.abort();
      if (src) URL.revokeObjectURL(src);
    };
  });

export const adminUsersActors = (call: ApiCall = api) => ({
  loadUsers: list<User>(call, '/users/all'),
  verifyUser: effect<unknown, { id: string }>((input, signal) =>
    call('PATCH', `/users/verify/${encodeURIComponent(input.id)}`, { signal }),
  ),
  photoImage: protectedImage('photo'),
  aadhaarImage: protectedImage('aadhaar'),
});

export const adminSkusActors = (call: ApiCall = api) => ({
  loadSkus: list<Sku>(call, '/skus'),
  saveSku: effect<SaveOutcome, SaveSkuInput>((input, signal) =>
    saveOutcome(() =>
      input.id === null
        ? call('POST', '/skus', { body: input.body, signal })
        : call('PATCH', `/skus/${encodeURIComponent(input.id)}`, { body: input.body, signal }),
    ),
  ),
  prepareSkuImage: prepareImage,
  uploadSkuImage: effect<string, { file: Blob }>(async (input, signal) => {
    const form = new FormData();
    form.append('kind', 'sku');
    form.append('file', input.file, input.file.type === 'image/png' ? 'sku.png' : 'sku.jpg');
    return (await call<UploadResponse>('POST', '/uploads', { body: form, signal })).url;
  }),
});

export const adminQuotationsActors = (call: ApiCall = api) => ({
  loadQuotations: list<Quotation>(call, '/quotations/all'),
  saveQuotation: effect<SaveOutcome, SaveQuotationInput>((input, signal) =>
    saveOutcome(() => call('PATCH', `/quotations/${encodeURIComponent(input.id)}`, { body: input.body, signal })),
  ),
});

export const adminOrdersActors = (call: ApiCall = api) => ({
  loadOrders: list<Order>(call, '/orders'),
  saveOrder: effect<SaveOutcome, SaveOrderInput>((input, signal) =>
    saveOutcome(() => call('PATCH', `/orders/update/${encodeURIComponent(input.id)}`, { body: input.body, signal })),
  ),
});
