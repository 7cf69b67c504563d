import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { isKept, mayCancel, OUTBOX_MAX, outboxHeading, outboxMachine, outboxRequests, outboxWriteFor, refusalShown, type OutboxContext, type OutboxItem, type OutboxSave, type SendOutcome } from '../../machines/outbox.machine';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { controlled } from '../support/machines/controlled';

const item = (key: string, over: Partial<OutboxItem> = {}): OutboxItem => ({
  key,
  kind: 'quotation.request',
  quotationId: null,
  body: { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 2 }] },
  items: [{ _id: 'sku-1', name: 'Groundnut Shell', image: '/g.jpg', skuQuantityUnit: 'kg', quantity: 2 }],
  at: 1,
  refusal: null,
  ...over,
});
const order = item('k-order', { kind: 'order.place', quotationId: 'q-2', body: {} });

const never = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<never>(() => undefined));
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('storage') });

describe('outbox chart: generated paths', () => {
  it('take every transition', () => {
    const machine = outboxMachine.provide({ actors: { load: never(), save: never(), send: never() } }) as AnyStateMachine;
    const events: AnyEventObject[] = [
      done('load', [item('k-1')]),
      done('load', []),
      error('load'),
      { type: 'outbox.add', item: item('k-2') },
      { type: 'outbox.add', item: order },
      { type: 'outbox.cancel', key: 'k-2' },
      { type: 'outbox.askAgain', key: 'k-order', newKey: 'k-again', at: 2 },
      { type: 'outbox.settled', quotationId: 'q-2' },
      { type: 'outbox.flush' },
      { type: 'outbox.empty' },
      done('save', ['k-2']),
      error('save'),
      done('send', { outcome: 'sent', quotation: null }),
      done('send', { outcome: 'refused', reason: 'expired' }),
      done('send', { outcome: 'offline' }),
      error('send'),
      { type: 'xstate.after.retryDelay.outbox.delivery.idle' },
    ];
    // Which keys were written to the phone steers no transition: states differing only there are one.
    const serializeState = (s: SnapshotFrom<AnyStateMachine>) =>
      JSON.stringify({ value: s.value, items: (s.context as OutboxContext).items.map((i) => [i.key, i.refusal]), sending: (s.context as OutboxContext).sending });
    const paths = modelPaths(machine, { events, limit: 4000, serializeState });
    expect(paths.length).toBeGreaterThan(0);
    assertFullCoverage(machine, paths);
  });
});

function start(options: { loaded?: OutboxItem[]; send?: (item: OutboxItem) => Promise<SendOutcome> } = {}) {
  const saved: OutboxItem[][] = [];
  const delivered = vi.fn();
  const network: { flush?: () => void } = {};
  const actor = createActor(
    outboxMachine.provide({
      actors: {
        load: fromPromise(async () => options.loaded ?? []),
        save: fromPromise<string[], OutboxSave>(async ({ input }) => {
          saved.push(input.items);
          return input.items.map((i) => i.key);
        }),
        send: fromPromise<SendOutcome, OutboxItem>(async ({ input }) => (options.send ? options.send(input) : { outcome: 'offline' })),
        networkWatch: fromCallback(({ sendBack }) => {
          network.flush = () => sendBack({ type: 'outbox.flush' });
        }),
      },
      actions: { delivered: (_, params) => delivered(params.quotation) },
    }),
  ).start();
  return { actor, saved, delivered, network };
}

describe('outbox chart', () => {
  it('keeps a queued request on the phone before anyone may let go of it, and lists it with its items', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches({ store: 'saved' }));
    actor.send({ type: 'outbox.add', item: item('k-1') });
    expect(isKept(actor.getSnapshot(), 'k-1')).toBe(false);
    await waitFor(actor, (s) => isKept(s, 'k-1'));
    expect(saved.at(-1)!.map((i) => i.key)).toEqual(['k-1']);
    expect(outboxRequests(actor.getSnapshot()).map((i) => i.items[0]!.name)).toEqual(['Groundnut Shell']);
  });

  it('sends what was waiting when the app opens, oldest first, once each, and tells the app what the server made', async () => {
    const sent: string[] = [];
    const { actor, delivered } = start({
      loaded: [item('k-1'), item('k-2')],
      send: async (i) => (sent.push(i.key), { outcome: 'sent', quotation: null }),
    });
    await waitFor(actor, (s) => s.context.items.length === 0 && s.matches({ store: 'saved', delivery: 'idle' }));
    expect(sent).toEqual(['k-1', 'k-2']);
    expect(delivered).toHaveBeenCalledTimes(2);
  });

  it('waits without the network and sends on the next flush', async () => {
    let online = false;
    const sent: string[] = [];
    const { actor, network } = start({ send: async (i) => (online ? (sent.push(i.key), { outcome: 'sent', quotation: null }) : { outcome: 'offline' }) });
    await waitFor(actor, (s) => s.matches({ store: 'saved' }));
    actor.send({ type: 'outbox.add', item: item('k-1') });
    network.flush!();
    await waitFor(actor, (s) => s.matches({ delivery: 'idle' }));
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    online = true;
    network.flush!();
    await waitFor(actor, (s) => s.context.items.length === 0);
    expect(sent).toEqual(['k-1']);
  });

  it("keeps a refused write with the server's reason, sends the next one, and lets the farmer dismiss it", async () => {
    const { actor } = start({
      loaded: [order, item('k-2')],
      send: async (i) => (i.kind === 'order.place' ? { outcome: 'refused', reason: 'expired' } : { outcome: 'sent', quotation: null }),
    });
    await waitFor(actor, (s) => s.context.items.length === 1 && s.matches({ delivery: 'idle' }));
    expect(outboxWriteFor(actor.getSnapshot(), 'q-2')?.refusal).toBe('expired');
    // A refused write is not sent again on the next flush.
    actor.send({ type: 'outbox.flush' });
    expect(actor.getSnapshot().matches({ delivery: 'idle' })).toBe(true);
    actor.send({ type: 'outbox.cancel', key: order.key });
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('asks again for the products of an order whose price ran out: a new request with a new key, sent at once', async () => {
    const sent: OutboxItem[] = [];
    let expired = true;
    const { actor, delivered } = start({
      loaded: [order],
      send: async (i) => (sent.push(i), i.kind === 'order.place' && expired ? { outcome: 'refused', reason: 'expired' } : { outcome: 'sent', quotation: null }),
    });
    await waitFor(actor, (s) => s.context.items[0]?.refusal === 'expired' && s.matches({ delivery: 'idle' }));
    expect(refusalShown(actor.getSnapshot().context.items[0]!)).toEqual({ text: 'outbox.refused.order', askAgain: true, openQuotation: true });
    expired = false;
    // Neither a waiting write nor a key already in the outbox asks again.
    actor.send({ type: 'outbox.askAgain', key: order.key, newKey: order.key, at: 5 });
    actor.send({ type: 'outbox.askAgain', key: 'k-unknown', newKey: 'k-again', at: 5 });
    expect(actor.getSnapshot().context.items.map((i) => i.key)).toEqual([order.key]);
    actor.send({ type: 'outbox.askAgain', key: order.key, newKey: 'k-again', at: 5 });
    // Sent at once, not at the next retry.
    expect(actor.getSnapshot().matches({ delivery: 'sending' })).toBe(true);
    await waitFor(actor, (s) => s.context.items.length === 0 && s.matches({ delivery: 'idle' }));
    expect(sent.map((i) => [i.key, i.kind])).toEqual([
      [order.key, 'order.place'],
      ['k-again', 'quotation.request'],
    ]);
    expect(sent[1]).toMatchObject({ body: { skusDetail: [{ skuIdentifier: 'sku-1', quantity: 2 }] }, items: order.items, at: 5, refusal: null });
    expect(delivered).toHaveBeenCalledTimes(1);
  });

  it('lets a new try on a quotation settle the refusal of an earlier one: queued again, or done at once', async () => {
    const refused = { ...order, refusal: 'date' as const };
    const { actor } = start({ loaded: [refused] });
    await waitFor(actor, (s) => s.matches({ store: 'saved' }) && s.context.items.length === 1);
    // Another quotation's success settles nothing here.
    actor.send({ type: 'outbox.settled', quotationId: 'q-other' });
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    actor.send({ type: 'outbox.settled', quotationId: 'q-2' });
    expect(actor.getSnapshot().context.items).toEqual([]);

    const again = start({ loaded: [refused] }).actor;
    await waitFor(again, (s) => s.matches({ store: 'saved' }) && s.context.items.length === 1);
    again.send({ type: 'outbox.add', item: { ...order, key: 'k-order-2' } });
    expect(again.getSnapshot().context.items.map((i) => [i.key, i.refusal])).toEqual([['k-order-2', null]]);
  });

  it('tells each refusal in its own words, offering ask again only for a price that ran out', () => {
    const refused = (over: Partial<OutboxItem>) => refusalShown(item('k', { refusal: 'other', ...over }));
    expect(refusalShown(item('k'))).toBeNull();
    expect(refused({})).toEqual({ text: 'outbox.refused.request', askAgain: true, openQuotation: false });
    expect(refused({ items: [] })).toEqual({ text: 'outbox.refused.request', askAgain: false, openQuotation: false });
    expect(refused({ kind: 'quotation.delete', refusal: 'changed' })).toEqual({ text: 'outbox.refused.delete', askAgain: false, openQuotation: true });
    expect(refused({ kind: 'order.place', refusal: 'ordered' })).toEqual({ text: 'outbox.refused.ordered', askAgain: false, openQuotation: true });
    expect(refused({ kind: 'order.place', refusal: 'date' })).toEqual({ text: 'outbox.refused.date', askAgain: false, openQuotation: true });
    expect(refused({ kind: 'order.place', refusal: 'other' })).toEqual({ text: 'outbox.refused.orderOther', askAgain: false, openQuotation: true });
    expect(refused({ kind: 'order.place', refusal: 'expired', items: [] })).toEqual({ text: 'outbox.refused.order', askAgain: false, openQuotation: true });
    // On the quotation's own page there is nothing to open.
    expect(refusalShown(item('k', { kind: 'order.place', refusal: 'date' }), 'quotation')).toEqual({ text: 'outbox.refused.date', askAgain: false, openQuotation: false });
  });

  it('lets a waiting item be cancelled, but not the one being sent', async () => {
    const send = controlled<SendOutcome, OutboxItem>();
    const actor = createActor(outboxMachine.provide({ actors: { load: fromPromise(async () => [item('k-1'), item('k-2')]), send: send.logic } })).start();
    await waitFor(actor, (s) => s.matches({ delivery: 'sending' }));
    expect(mayCancel(actor.getSnapshot(), 'k-1')).toBe(false);
    actor.send({ type: 'outbox.cancel', key: 'k-1' });
    actor.send({ type: 'outbox.cancel', key: 'k-2' });
    expect(actor.getSnapshot().context.items.map((i) => i.key)).toEqual(['k-1']);
  });

  it(`holds at most ${OUTBOX_MAX} writes and each key once`, async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ store: 'saved' }));
    for (let i = 0; i < OUTBOX_MAX + 3; i++) actor.send({ type: 'outbox.add', item: item(`k-${i}`) });
    actor.send({ type: 'outbox.add', item: item('k-0') });
    expect(actor.getSnapshot().context.items).toHaveLength(OUTBOX_MAX);
  });

  it('empties on logout, also while sending', async () => {
    const send = controlled<SendOutcome, OutboxItem>();
    const actor = createActor(outboxMachine.provide({ actors: { load: fromPromise(async () => [item('k-1')]), send: send.logic } })).start();
    await waitFor(actor, (s) => s.matches({ delivery: 'sending' }));
    actor.send({ type: 'outbox.empty' });
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(actor.getSnapshot().matches({ delivery: 'idle' })).toBe(true);
  });
});

describe('outbox chart while the kept writes load', () => {
  it('keeps a write added before the kept ones have loaded, after them', async () => {
    const load = controlled<OutboxItem[], unknown>();
    const saved: string[][] = [];
    const actor = createActor(
      outboxMachine.provide({
        actors: {
          load: load.logic,
          save: fromPromise<string[], OutboxSave>(async ({ input }) => (saved.push(input.items.map((i) => i.key)), input.items.map((i) => i.key))),
        },
      }),
    ).start();
    actor.send({ type: 'outbox.add', item: item('k-new') });
    await load.last().resolve([item('k-old')]);
    await waitFor(actor, (s) => isKept(s, 'k-new'));
    expect(saved.at(-1)).toEqual(['k-old', 'k-new']);
  });
});

describe('outbox heading', () => {
  it('says waiting for the internet while a write waits, and "Not done" over refusals only', async () => {
    const actor = createActor(outboxMachine.provide({ actors: { load: fromPromise<OutboxItem[]>(async () => [{ ...order, refusal: 'expired' }]) } })).start();
    await waitFor(actor, (s) => s.context.items.length === 1);
    expect(outboxHeading(actor.getSnapshot())).toBe('outbox.titleRefused');
    actor.send({ type: 'outbox.add', item: item('k-1') });
    expect(outboxHeading(actor.getSnapshot())).toBe('outbox.title');
    actor.stop();
  });
});
