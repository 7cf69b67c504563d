import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, toPromise, type AnyActorLogic } from 'xstate';
import type { PageVisibilityEvent } from '../../machines/quotation-list.machine';
import { deleteQuotation, fetchQuotation, fetchSkus, pageVisibility, placeOrder, requestQuotation } from '../../src/web/shop/actors';
import { quotation, sku } from '../support/shop-fixtures';

const requests: { method: string; url: string; body: unknown }[] = [];

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const text = await request.text();
      requests.push({ method: request.method, url: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const run = <T extends AnyActorLogic>(logic: T, input?: unknown) => toPromise(createActor(logic, { input } as never).start());

afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe('shop API actors', () => {
  it('reads the SKU list from GET /api/skus', async () => {
    answerWith(200, { data: [sku()] });
    await expect(run(fetchSkus)).resolves.toEqual([sku()]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/skus' });
  });

  it('posts the cart to /api/quotations and reports done on 201, refused on any other status', async () => {
    answerWith(201, { data: quotation() });
    const body = { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 3 }] };
    await expect(run(requestQuotation, body)).resolves.toEqual({ outcome: 'done' });
    expect(requests[0]).toEqual({ method: 'POST', url: '/api/quotations', body });
    answerWith(400, { message: 'Unknown SKU', code: 'BAD_REQUEST' });
    await expect(run(requestQuotation, body)).resolves.toEqual({ outcome: 'refused' });
  });

  it('answers null for a quotation the server does not have, and the quotation otherwise', async () => {
    answerWith(404, { message: 'No such quotation', code: 'NOT_FOUND' });
    await expect(run(fetchQuotation, { id: 'QT9' })).resolves.toBeNull();
    answerWith(200, { data: quotation() });
    await expect(run(fetchQuotation, { id: 'QT100001' })).resolves.toEqual(quotation());
    expect(requests.map((r) => r.url)).toEqual(['/api/quotations/QT9', '/api/quotations/QT100001']);
  });

  it('deletes with DELETE /api/quotations/{id} and orders with POST /api/orders/{id}', async () => {
    answerWith(200, { data: quotation({ status: 'DELETED' }) });
    await expect(run(deleteQuotation, { id: 'q-1' })).resolves.toEqual({ outcome: 'done' });
    answerWith(409, { message: 'A PENDING quotation cannot be ordered', code: 'CONFLICT' });
    await expect(run(placeOrder, { id: 'q-1' })).resolves.toEqual({ outcome: 'refused' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/quotations/q-1', 'POST /api/orders/q-1']);
  });

  it('places an order with where and when when given, and with no body when the farmer keeps the profile\'s place and any day', async () => {
    answerWith(201, { data: {} });
    const body = { deliveryAddress: { line: 'Behind the dairy', pinCode: '360050' }, preferredDate: '2026-12-01' };
    await expect(run(placeOrder, { id: 'q-1', body })).resolves.toEqual({ outcome: 'done' });
    await expect(run(placeOrder, { id: 'q-2', body: {} })).resolves.toEqual({ outcome: 'done' });
    expect(requests).toEqual([
      { method: 'POST', url: '/api/orders/q-1', body },
      { method: 'POST', url: '/api/orders/q-2', body: undefined },
    ]);
  });
});

describe('page visibility source', () => {
  it('reports hidden at start and every change of document.visibilityState until it stops', () => {
    let state: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const seen: string[] = [];
    const parent = setup({
      actors: { visibility: pageVisibility },
    }).createMachine({
      invoke: { src: 'visibility' },
      on: { '*': { actions: ({ event }) => seen.push((event as PageVisibilityEvent).type) } },
    });
    const actor = createActor(parent).start();
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    actor.stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual(['page.hidden', 'page.visible', 'page.hidden']);
  });
});
