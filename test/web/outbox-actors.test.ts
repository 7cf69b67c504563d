import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, spawnChild, toPromise, waitFor, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { outboxMachine, type OutboxItem, type OutboxSave, type SendOutcome } from '../../machines/outbox.machine';
import { providedOutbox } from '../../src/web/outbox/provided';
import { refusalOf, sendOutboxItem } from '../../src/web/outbox/actors';
import { placeOrder, requestQuotation } from '../../src/web/shop/actors';
import { quotationStoreMachine } from '../../machines/quotation-store.machine';
import type { Quotation } from '../../src/domain/types';
import { quotation } from '../support/shop-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sent: { method: string; url: string; key: string | null }[] = [];

function answerWith(status: number | 'offline', body: unknown = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      sent.push({ method: request.method, url: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
      if (status === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

/** A write actor run beside an outbox in one system, as the app runs them. */
async function inSystem(logic: AnyActorLogic, input: unknown, kept = true, quotations: Quotation[] = [], waiting: OutboxItem[] = []) {
  const outbox = outboxMachine.provide({
    actors: {
      load: fromPromise<OutboxItem[]>(async () => waiting),
      save: fromPromise<string[], OutboxSave>(async ({ input: { items } }) => (kept ? items.map((i) => i.key) : [])),
    },
  });
  const root = setup({ actors: { outbox, write: logic, quotations: quotationStoreMachine } }).createMachine({
    invoke: [
      { id: 'outbox', systemId: 'outbox', src: 'outbox' },
      { id: 'quotations', systemId: 'quotations', src: 'quotations', input: { quotations } },
    ],
    initial: 'run',
    // `done` is not final: the outbox stays up for the test to read.
    states: { run: { invoke: { id: 'write', src: 'write', input: () => input, onDone: { target: 'done', actions: ({ event, context }) => Object.assign(context, { output: event.output }) } } }, done: {} },
    context: {} as { output?: unknown },
  });
  const actor = createActor(root).start();
  await waitFor(actor, (s) => s.matches('done'));
  const items = (actor.system.get('outbox')!.getSnapshot() as { context: { items: OutboxItem[] } }).context.items;
  return { output: actor.getSnapshot().context.output, items };
}

describe('the writes the phone sends again', () => {
  it('sends every write with a new UUID Idempotency-Key made at the tap', async () => {
    answerWith(201, { data: quotation() });
    const body = { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 3 }] };
    await inSystem(requestQuotation, body);
    await inSystem(requestQuotation, body);
    await inSystem(placeOrder, { id: 'q-1' });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/quotations', 'POST /api/quotations', 'POST /api/orders/q-1']);
    for (const s of sent) expect(s.key).toMatch(UUID);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
  });

  it('puts a request that found no network into the outbox with its key, and counts it done once kept', async () => {
    answerWith('offline');
    const body = { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 3 }] };
    const { output, items } = await inSystem(requestQuotation, body);
    expect(output).toEqual({ outcome: 'done', queued: true });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'quotation.request', body, key: sent[0]!.key, refusal: null });
  });

  it('leaves the request refused (the cart keeps it) when the phone could not keep it', async () => {
    answerWith('offline');
    const { output } = await inSystem(requestQuotation, { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 3 }] }, false);
    expect(output).toEqual({ outcome: 'refused' });
  });

  it("sends an outbox item with its own key; the server's refusal is kept with its reason, no answer waits", async () => {
    const item: OutboxItem = { key: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', kind: 'order.place', quotationId: 'q-1', body: {}, items: [], at: 1, refusal: null };
    const run = () => toPromise(createActor(sendOutboxItem, { input: item }).start());
    answerWith(409, { message: 'An order cannot be placed from a EXPIRED quotation', code: 'CONFLICT' });
    await expect(run()).resolves.toEqual({ outcome: 'refused', reason: 'expired' });
    answerWith('offline');
    await expect(run()).resolves.toEqual({ outcome: 'offline' });
    answerWith(401, { message: 'Log in first', code: 'UNAUTHORIZED' });
    await expect(run()).resolves.toEqual({ outcome: 'offline' });
    expect(sent.map((s) => s.key)).toEqual([item.key, item.key, item.key]);
  });

  it('waits and asks again while another try with the same key is still being written (a reload mid-send, a second tab)', async () => {
    const item: OutboxItem = { key: '1b4e28ba-2fa1-41d2-883f-0016d3cca428', kind: 'quotation.request', quotationId: null, body: { skusDetail: [] }, items: [], at: 1, refusal: null };
    answerWith(409, { message: 'This request is still being done; ask again in a moment', code: 'IN_PROGRESS' });
    await expect(toPromise(createActor(sendOutboxItem, { input: item }).start())).resolves.toEqual({ outcome: 'offline' });
  });

  it('counts a delete of a quotation already deleted as done: that is what the farmer asked', async () => {
    const item: OutboxItem = { key: '1b4e28ba-2fa1-41d2-883f-0016d3cca429', kind: 'quotation.delete', quotationId: 'q-1', body: null, items: [], at: 1, refusal: null };
    answerWith(409, { message: 'A DELETED quotation cannot be deleted', code: 'CONFLICT' });
    await expect(toPromise(createActor(sendOutboxItem, { input: item }).start())).resolves.toEqual({ outcome: 'sent', quotation: null });
    answerWith(409, { message: 'A COMPLETED quotation cannot be deleted', code: 'CONFLICT' });
    await expect(toPromise(createActor(sendOutboxItem, { input: item }).start())).resolves.toEqual({ outcome: 'refused', reason: 'changed' });
  });

  it("reads the server's refusal of an order as the farmer is told it", () => {
    const order = { kind: 'order.place' } as const;
    const conflict = (message: string) => ({ status: 409, data: { message, code: 'CONFLICT' as const } });
    expect(refusalOf(order, conflict('An order cannot be placed from a EXPIRED quotation'))).toBe('expired');
    expect(refusalOf(order, conflict('An order cannot be placed from a DECLINED quotation'))).toBe('expired');
    expect(refusalOf(order, conflict('An order cannot be placed from a ORDERED quotation'))).toBe('ordered');
    expect(refusalOf(order, conflict('This quotation already has an order'))).toBe('ordered');
    expect(refusalOf(order, { status: 400, data: { message: 'preferredDate must be…', code: 'DATE_OUT_OF_RANGE' } })).toBe('date');
    expect(refusalOf(order, conflict('The quotation changed; reload it'))).toBe('other');
    expect(refusalOf({ kind: 'quotation.delete' }, conflict('The quotation changed; reload it'))).toBe('changed');
    expect(refusalOf({ kind: 'quotation.request' }, { status: 400, data: { message: 'No such product' } })).toBe('other');
  });

  it("settles the outbox's refusal of an earlier order on a quotation when an order on it goes through at once", async () => {
    answerWith(201, { data: {} });
    const refused: OutboxItem = { key: '1b4e28ba-2fa1-41d2-883f-0016d3cca431', kind: 'order.place', quotationId: 'q-1', body: {}, items: [], at: 1, refusal: 'date' };
    const { items } = await inSystem(placeOrder, { id: 'q-1' }, true, [], [refused]);
    expect(items).toEqual([]);
  });

  it('keeps the products of the quotation an order is for with the waiting order, to show them and ask for them again', async () => {
    answerWith('offline');
    const priced = quotation({ _id: 'q-1', status: 'COMPLETED' });
    const { items } = await inSystem(placeOrder, { id: 'q-1' }, true, [priced]);
    expect(items[0]).toMatchObject({ kind: 'order.place', quotationId: 'q-1' });
    expect(items[0]!.items.map((i) => [i._id, i.quantity])).toEqual(priced.skusDetail.map((l) => [l.skuIdentifier._id, l.quantity]));
  });
});

describe("the outbox and the farmer's session", () => {
  /** A stand-in for the session chart: only who is logged in, changed by `login`. */
  const session = setup({ types: { context: {} as { user: { isLoggedIn: boolean } }, events: {} as { type: 'login' } } }).createMachine({
    context: { user: { isLoggedIn: false } },
    on: { login: { actions: assign({ user: { isLoggedIn: true } }) } },
  });

  it("never sends the writes kept on the phone when it opens with nobody logged in: they are not the next farmer's to send", async () => {
    const kept: OutboxItem = { key: '1b4e28ba-2fa1-41d2-883f-0016d3cca430', kind: 'quotation.request', quotationId: null, body: { skusDetail: [] }, items: [], at: 1, refusal: null };
    const sent: string[] = [];
    const saves: OutboxSave[] = [];
    const outbox = providedOutbox({
      load: fromPromise<OutboxItem[]>(async () => [kept]),
      save: fromPromise<string[], OutboxSave>(async ({ input }) => (saves.push(input), input.items.map((i) => i.key))),
      send: fromPromise<SendOutcome, OutboxItem>(async ({ input }) => (sent.push(input.key), { outcome: 'offline' })),
      networkWatch: fromCallback(() => undefined),
    });
    const root = setup({ actors: { session, outbox } }).createMachine({
      invoke: [
        { id: 'session', systemId: 'session', src: 'session' },
        { id: 'outbox', systemId: 'outbox', src: 'outbox' },
      ],
    });
    const actor = createActor(root).start();
    const box = actor.system.get('outbox')! as ActorRefFrom<typeof outboxMachine>;
    await waitFor(box, (s) => s.matches({ store: 'saved', delivery: 'idle' }));
    // Another farmer logs in on the phone, and the network is there.
    actor.system.get('session')!.send({ type: 'login' });
    box.send({ type: 'outbox.flush' });
    expect(sent).toEqual([]);
    expect(box.getSnapshot().context.items).toEqual([]);
    expect(saves.at(-1)).toMatchObject({ items: [], clear: true });
    actor.stop();
  });
});

describe('a write in the app\'s first moments', () => {
  it('waits for the outbox to start instead of being refused', async () => {
    answerWith('offline');
    const outbox = outboxMachine.provide({
      actors: {
        load: fromPromise<OutboxItem[]>(async () => []),
        save: fromPromise<string[], OutboxSave>(async ({ input }) => input.items.map((i) => i.key)),
      },
    });
    // The outbox joins the system 300 ms after the write starts, as its code arrives after the first screen.
    const root = setup({ actors: { outbox, write: requestQuotation } }).createMachine({
      initial: 'run',
      context: {} as { output?: unknown },
      states: {
        run: {
          invoke: { id: 'write', src: 'write', input: { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 3 }] }, onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) } },
          after: { 300: { actions: spawnChild('outbox', { id: 'outbox', systemId: 'outbox' }) } },
        },
        done: {},
      },
    });
    const actor = createActor(root).start();
    await waitFor(actor, (s) => s.matches('done'), { timeout: 4_000 });
    expect(actor.getSnapshot().context.output).toEqual({ outcome: 'done', queued: true });
    actor.stop();
  });
});
