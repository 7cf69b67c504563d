/**
 * The farmer's problem with a delivery and the admin closing it: hand-written tests of what the issue
 * names, then the generated paths over both charts (every transition taken). Also the Place Order
 * draft's body and the share summary in each language.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { NO_ORDER_DRAFT, placeOrderBody, type OrderPlaceDraft } from '../../machines/order-place-draft';
import { problemCloseMachine, type CloseProblemOutput } from '../../machines/problem-close.machine';
import { problemReportMachine, shownProblem, type SendProblemOutput } from '../../machines/problem-report.machine';
import { problemReportableOrder } from '../../machines/order-tracking.machine';
import { shareSubjectOf, shareText, whatsappLink, type ShareWords } from '../../machines/share-summary';
import { PROBLEM_NOTE_MAX, type ProblemKind } from '../../src/domain/delivery';
import type { Order, OrderProblem, Quotation } from '../../src/domain/types';
import en from '../../locales/en.json';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { controlled } from '../support/machines/controlled';
import { formatWhen } from '../../src/domain/when';
import { line, quotation } from '../support/shop-fixtures';
import { order } from '../support/machines/admin-fixtures';

const problem = (overrides: Partial<OrderProblem> = {}): OrderProblem => ({
  _id: 'p-1',
  kind: 'wet',
  note: null,
  photo: null,
  status: 'open',
  adminNote: null,
  createdAt: '2026-11-10T06:00:00.000Z',
  closedAt: null,
  ...overrides,
});

function startReport() {
  const preparePhoto = controlled<Blob, { file: Blob }>();
  const uploadPhoto = controlled<{ url: string }, { kind: 'problem'; file: Blob }>();
  const sendProblem = controlled<SendProblemOutput, { orderId: string; kind: ProblemKind; note?: string; photo?: string }>();
  const actor = createActor(
    problemReportMachine.provide({ actors: { preparePhoto: preparePhoto.logic, uploadPhoto: uploadPhoto.logic, sendProblem: sendProblem.logic } }),
    { input: { orderId: 'OD100001' } },
  ).start();
  return { actor, preparePhoto, uploadPhoto, sendProblem };
}

describe('reporting a problem with a delivery', () => {
  it('makes the photo small, uploads it as a problem photo, then sends the report with its url', async () => {
    const { actor, preparePhoto, uploadPhoto, sendProblem } = startReport();
    actor.send({ type: 'problem.open' });
    expect(actor.getSnapshot().can({ type: 'problem.submit' })).toBe(false);
    const photo = new Blob(['raw']);
    actor.send({ type: 'problem.kind', kind: 'short_weight' });
    actor.send({ type: 'problem.note', note: '  Two bags short ' });
    actor.send({ type: 'problem.photo', file: photo });
    actor.send({ type: 'problem.submit' });
    expect(preparePhoto.last().input).toEqual({ file: photo });
    const small = new Blob(['small']);
    await preparePhoto.last().resolve(small);
    expect(uploadPhoto.last().input).toEqual({ kind: 'problem', file: small });
    await uploadPhoto.last().resolve({ url: '/api/uploads/abcdefgh12' });
    expect(sendProblem.last().input).toEqual({ orderId: 'OD100001', kind: 'short_weight', note: 'Two bags short', photo: '/api/uploads/abcdefgh12' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const taken = problem({ kind: 'short_weight', note: 'Two bags short', photo: '/api/uploads/abcdefgh12' });
    await sendProblem.last().resolve(taken);
    expect(actor.getSnapshot().value).toBe('closed');
    // The tracker shows it at once, and the order's own once its poll brings it.
    expect(shownProblem(actor.getSnapshot(), null)).toEqual(taken);
    expect(shownProblem(actor.getSnapshot(), problem({ status: 'closed' }))?.status).toBe('closed');
  });

  it('needs a note for "something else", and sends without a photo straight away', async () => {
    const { actor, preparePhoto, sendProblem } = startReport();
    actor.send({ type: 'problem.open' });
    actor.send({ type: 'problem.kind', kind: 'other' });
    expect(actor.getSnapshot().can({ type: 'problem.submit' })).toBe(false);
    actor.send({ type: 'problem.note', note: 'Stones in the husk' });
    actor.send({ type: 'problem.submit' });
    expect(preparePhoto.calls).toHaveLength(0);
    expect(sendProblem.last().input).toEqual({ orderId: 'OD100001', kind: 'other', note: 'Stones in the husk' });
  });

  it('keeps the sheet as filled in when it fails, without uploading the photo twice, and closes it when refused', async () => {
    const { actor, preparePhoto, uploadPhoto, sendProblem } = startReport();
    actor.send({ type: 'problem.open' });
    actor.send({ type: 'problem.kind', kind: 'wet' });
    actor.send({ type: 'problem.photo', file: new Blob(['raw']) });
    actor.send({ type: 'problem.submit' });
    await preparePhoto.last().resolve(new Blob(['small']));
    await uploadPhoto.last().resolve({ url: '/api/uploads/abcdefgh12' });
    await sendProblem.last().reject({ status: 500, data: { message: 'x' } });
    expect([actor.getSnapshot().value, actor.getSnapshot().context.failed, actor.getSnapshot().context.draft.kind]).toEqual(['composing', true, 'wet']);
    actor.send({ type: 'problem.submit' });
    expect([preparePhoto.calls.length, uploadPhoto.calls.length, sendProblem.calls.length]).toEqual([1, 1, 2]);
    // 409: one is open already, or the order moved; the tracker's poll says which.
    await sendProblem.last().resolve(null);
    expect([actor.getSnapshot().value, actor.getSnapshot().context.sent]).toEqual(['closed', null]);
  });

  it('offers the report on a delivered order with no problem open, and names the order', () => {
    const at = (q: Partial<Quotation>) => problemReportableOrder({ context: { quotationId: 'q-1', missing: false, quotation: quotation({ status: 'ORDERED', orderDisplayId: 'OD100001', ...q }) } });
    expect(at({ orderStatus: 'DELIVERED' })).toBe('OD100001');
    expect(at({ orderStatus: 'IN_TRANSIT' })).toBeNull();
    expect(at({ orderStatus: 'DELIVERED', problem: problem() })).toBeNull();
    expect(at({ orderStatus: 'DELIVERED', problem: problem({ status: 'closed' }) })).toBe('OD100001');
  });
});

describe("the problem sheets' limits and states", () => {
  it('are named as the diagrams and the recorded transitions name them', () => {
    expect([problemReportMachine.id, problemCloseMachine.id]).toEqual(['problemReport', 'problemClose']);
  });

  it('takes a note up to its bound and no longer, and a "something else" whose note is only spaces not at all', () => {
    const { actor } = startReport();
    expect([actor.getSnapshot().context.failed, actor.getSnapshot().context.sent, actor.getSnapshot().hasTag('open')]).toEqual([false, null, false]);
    actor.send({ type: 'problem.open' });
    actor.send({ type: 'problem.kind', kind: 'wet' });
    actor.send({ type: 'problem.note', note: 'x'.repeat(PROBLEM_NOTE_MAX) });
    expect(actor.getSnapshot().can({ type: 'problem.submit' })).toBe(true);
    actor.send({ type: 'problem.note', note: 'x'.repeat(PROBLEM_NOTE_MAX + 1) });
    expect(actor.getSnapshot().can({ type: 'problem.submit' })).toBe(false);
    actor.send({ type: 'problem.kind', kind: 'other' });
    actor.send({ type: 'problem.note', note: '   ' });
    expect(actor.getSnapshot().can({ type: 'problem.submit' })).toBe(false);
  });

  it('sends no note when only spaces were written, and is busy while it sends', async () => {
    const { actor, sendProblem } = startReport();
    actor.send({ type: 'problem.open' });
    expect([actor.getSnapshot().hasTag('open'), actor.getSnapshot().hasTag('busy')]).toEqual([true, false]);
    actor.send({ type: 'problem.kind', kind: 'damaged' });
    actor.send({ type: 'problem.note', note: '   ' });
    actor.send({ type: 'problem.submit' });
    expect(sendProblem.last().input).toEqual({ orderId: 'OD100001', kind: 'damaged' });
    expect([actor.getSnapshot().hasTag('open'), actor.getSnapshot().hasTag('busy')]).toEqual([true, true]);
    // Refused: the sheet closes empty.
    await sendProblem.last().resolve(null);
    expect([actor.getSnapshot().hasTag('open'), actor.getSnapshot().context.draft]).toEqual([false, { kind: null, note: '', photo: null }]);
  });

  it('says it did not go when the photo cannot be made small or uploaded, busy meanwhile, and opens afresh after', async () => {
    for (const failing of ['preparePhoto', 'uploadPhoto'] as const) {
      const started = startReport();
      const { actor } = started;
      actor.send({ type: 'problem.open' });
      actor.send({ type: 'problem.kind', kind: 'wet' });
      actor.send({ type: 'problem.photo', file: new Blob(['raw']) });
      actor.send({ type: 'problem.submit' });
      expect([actor.getSnapshot().hasTag('open'), actor.getSnapshot().hasTag('busy')]).toEqual([true, true]);
      if (failing === 'uploadPhoto') {
        await started.preparePhoto.last().resolve(new Blob(['small']));
        expect([actor.getSnapshot().hasTag('open'), actor.getSnapshot().hasTag('busy')]).toEqual([true, true]);
      }
      await started[failing].last().reject(new Error('offline'));
      expect([actor.getSnapshot().value, actor.getSnapshot().context.failed, actor.getSnapshot().hasTag('busy')]).toEqual(['composing', true, false]);
      actor.send({ type: 'problem.cancel' });
      actor.send({ type: 'problem.open' });
      expect([actor.getSnapshot().context.failed, actor.getSnapshot().context.draft.kind, actor.getSnapshot().context.draft.photo]).toEqual([false, null, null]);
    }
  });

  it("takes the admin's note up to its bound and not when only spaces, busy while it closes", () => {
    const closeProblem = controlled<CloseProblemOutput, { orderId: string; note: string }>();
    const actor = createActor(problemCloseMachine.provide({ actors: { closeProblem: closeProblem.logic } }), { input: { orderId: 'o-1' } }).start();
    actor.send({ type: 'close.note', note: '   ' });
    expect(actor.getSnapshot().can({ type: 'close.submit' })).toBe(false);
    actor.send({ type: 'close.note', note: 'x'.repeat(PROBLEM_NOTE_MAX + 1) });
    expect(actor.getSnapshot().can({ type: 'close.submit' })).toBe(false);
    actor.send({ type: 'close.note', note: 'x'.repeat(PROBLEM_NOTE_MAX) });
    expect([actor.getSnapshot().can({ type: 'close.submit' }), actor.getSnapshot().hasTag('busy')]).toEqual([true, false]);
    actor.send({ type: 'close.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('the admin closing a problem', () => {
  it('needs a note, and shows the closed problem the server answered', async () => {
    const closeProblem = controlled<CloseProblemOutput, { orderId: string; note: string }>();
    const actor = createActor(problemCloseMachine.provide({ actors: { closeProblem: closeProblem.logic } }), { input: { orderId: 'o-1' } }).start();
    expect(actor.getSnapshot().can({ type: 'close.submit' })).toBe(false);
    actor.send({ type: 'close.note', note: '  Sent two bags ' });
    actor.send({ type: 'close.submit' });
    expect(closeProblem.last().input).toEqual({ orderId: 'o-1', note: 'Sent two bags' });
    await closeProblem.last().resolve(null);
    expect([actor.getSnapshot().value, actor.getSnapshot().context.refusal]).toEqual(['writing', 'refused']);
    actor.send({ type: 'close.submit' });
    await closeProblem.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.refusal).toBe('failed');
    actor.send({ type: 'close.submit' });
    const closed: Order = order({ _id: 'o-1', problem: problem({ status: 'closed', adminNote: 'Sent two bags' }) });
    await closeProblem.last().resolve(closed);
    expect([actor.getSnapshot().status, actor.getSnapshot().context.closed]).toEqual(['done', closed]);
  });
});

const pending = <T, I>() => fromPromise<T, I>(() => new Promise<never>(() => undefined));
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('x') });

describe('model-based paths over the problem charts', () => {
  it('take every transition of the problem report chart', () => {
    const machine = problemReportMachine.provide({ actors: { preparePhoto: pending(), uploadPhoto: pending(), sendProblem: pending() } }) as AnyStateMachine;
    const input = { orderId: 'OD100001' };
    const photo = new Blob(['raw']);
    const events: AnyEventObject[] = [
      { type: 'problem.open' },
      { type: 'problem.kind', kind: 'wet' },
      { type: 'problem.kind', kind: 'other' },
      { type: 'problem.note', note: 'Soaked' },
      { type: 'problem.photo', file: photo },
      { type: 'problem.submit' },
      { type: 'problem.cancel' },
      done('preparePhoto', new Blob(['small'])),
      error('preparePhoto'),
      done('uploadPhoto', { url: '/api/uploads/abcdefgh12' }),
      error('uploadPhoto'),
      done('sendProblem', problem()),
      done('sendProblem', null),
      error('sendProblem'),
    ];
    const serializeState = (s: SnapshotFrom<AnyStateMachine>) => {
      const c = s.context as { draft: { kind: string | null; note: string; photo: Blob | null }; photoUrl: string | null; sent: unknown; failed: boolean };
      return JSON.stringify([s.value, c.draft.kind, c.draft.note !== '', c.draft.photo !== null, c.photoUrl !== null, c.sent !== null, c.failed]);
    };
    const paths = modelPaths(machine, { events, input, serializeState });
    assertFullCoverage(machine, paths, input);
  });

  it('take every transition of the problem close chart', () => {
    const machine = problemCloseMachine.provide({ actors: { closeProblem: pending() } }) as AnyStateMachine;
    const input = { orderId: 'o-1' };
    const events: AnyEventObject[] = [
      { type: 'close.note', note: 'Sent two bags' },
      { type: 'close.submit' },
      done('closeProblem', order({ _id: 'o-1' })),
      done('closeProblem', null),
      error('closeProblem'),
    ];
    const paths = modelPaths(machine, { events, input });
    assertFullCoverage(machine, paths, input);
  });
});

describe('the Place Order body', () => {
  const draft = (overrides: Omit<Partial<OrderPlaceDraft>, 'address'> & { address?: Partial<OrderPlaceDraft['address']> } = {}): OrderPlaceDraft => ({
    ...NO_ORDER_DRAFT,
    ...overrides,
    address: { ...NO_ORDER_DRAFT.address, ...overrides.address },
  });
  it("sends nothing for the profile's place and any day (the server copies the profile), and the date alone when picked", () => {
    expect(placeOrderBody(draft())).toEqual({});
    expect(placeOrderBody(draft({ preferredDate: '2026-12-01' }))).toEqual({ preferredDate: '2026-12-01' });
    // What was typed for another place is not sent once the farmer goes back to the profile's.
    expect(placeOrderBody(draft({ address: { line: 'Plot 12' } }))).toEqual({});
  });
  it('sends another place trimmed, without empty parts, and refuses one without its line or with a bad PIN code', () => {
    expect(placeOrderBody(draft({ place: 'other', address: { line: ' Plot 12 ', pinCode: '360050', landmark: ' ' } }))).toEqual({
      deliveryAddress: { line: 'Plot 12', pinCode: '360050' },
    });
    // With the pin "use my location" found; while it is being found, or when it was not, without one.
    const pin = { lat: 22.0365, long: 71.2052 };
    expect(placeOrderBody(draft({ place: 'other', address: { line: 'Plot 12' }, location: pin }))).toEqual({ deliveryAddress: { line: 'Plot 12' }, deliveryLocation: pin });
    for (const location of ['finding', 'failed'] as const) {
      expect(placeOrderBody(draft({ place: 'other', address: { line: 'Plot 12' }, location }))).toEqual({ deliveryAddress: { line: 'Plot 12' } });
    }
    // The profile's place goes with the profile's own pin: one found for another place is not sent.
    expect(placeOrderBody(draft({ location: pin }))).toEqual({});
    expect(placeOrderBody(draft({ place: 'other' }))).toBeNull();
    for (const pinCode of ['36005', '036005', '3600501', '36OO50']) expect(placeOrderBody(draft({ place: 'other', address: { line: 'Plot 12', pinCode } }))).toBeNull();
    expect(placeOrderBody(draft({ place: 'other', address: { line: 'x'.repeat(501) } }))).toBeNull();
    expect(placeOrderBody(draft({ preferredDate: '1/12/2026' }))).toBeNull();
  });
});

describe('the share summary', () => {
  const wordsIn = (locale: 'en' | 'hi' | 'gu'): ShareWords => {
    const messages = { en, hi, gu }[locale] as Record<string, string>;
    const format = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    return {
      locale,
      messages,
      formatMessage: (descriptor, values) => format(messages[descriptor.id] ?? descriptor.defaultMessage ?? descriptor.id, values),
      appUrl: 'https://krishi.example/',
    };
  };
  const priced = quotation({
    _id: 'q-2',
    quotationDisplayId: 'QT100002',
    status: 'COMPLETED',
    validUntil: '2026-11-27T12:30:00.000Z',
    skusDetail: [
      line({ quantity: 10, goodsPricePaisa: 200_000, discountPaisa: 10_000, shippingPricePaisa: 5_000 }),
      line({ skuIdentifier: { _id: 'sku-2', name: 'Paddy Straw', image: '/p.jpg', skuQuantityUnit: 'quintal', minimumPrice: 4_000, translations: { hindi: { name: 'धान का पुआल' } } } as never, quantity: 2.5, goodsPricePaisa: 100_000, discountPaisa: 0, shippingPricePaisa: 5_000 }),
    ],
  });

  it('says the number, each item with its quantity and unit, the total, until when the price holds, and the app, in English', () => {
    expect(shareText({ context: { quotation: priced } }, wordsIn('en'))).toBe(
      [
        'Price for my quotation QT100002',
        '• Groundnut Shell: 10 kg',
        '• Paddy Straw: 2.5 quintal',
        // Goods ₹3,000 − discount ₹100 + shipping ₹100.
        'Total: ₹3,000.00',
        `Valid until ${formatWhen(priced.validUntil!, 'en')}`,
        'Krishi by-products: https://krishi.example/',
      ].join('\n'),
    );
  });

  it("speaks the farmer's language: Hindi and Gujarati words, names and units", () => {
    const hindi = shareText({ context: { quotation: priced } }, wordsIn('hi'))!;
    expect(hindi.split('\n')[0]).toBe('मेरे भाव-पत्र QT100002 का भाव');
    expect(hindi).toContain('• धान का पुआल: 2.5 क्विंटल');
    expect(hindi).toContain('कुल: ₹3,000.00');
    expect(hindi).toContain(`${formatWhen(priced.validUntil!, 'hi')} तक मान्य`);
    const gujarati = shareText({ context: { quotation: priced } }, wordsIn('gu'))!;
    expect(gujarati.split('\n')[0]).toBe('મારા ભાવપત્ર QT100002નો ભાવ');
    expect(gujarati).toContain('• Paddy Straw: 2.5 ક્વિન્ટલ');
    expect(gujarati).toContain('કુલ: ₹3,000.00');
  });

  it('sums up an order with its number and the expected delivery date, and shares nothing still pending or closed', () => {
    const ordered = { ...priced, status: 'ORDERED' as const, orderDisplayId: 'OD100007', validUntil: null, expectedDeliveryDate: '2026-12-03' };
    const text = shareText({ context: { quotation: ordered } }, wordsIn('en'))!;
    expect(text.split('\n')[0]).toBe('My order OD100007 (quotation QT100002)');
    expect(text).toContain('Delivery expected: Thu, 3 December 2026');
    expect(text).not.toContain('Valid until');
    for (const status of ['PENDING', 'DELETED', 'EXPIRED', 'DECLINED'] as const) {
      expect(shareSubjectOf({ ...priced, status })).toBeNull();
      expect(shareText({ context: { quotation: { ...priced, status } } }, wordsIn('en'))).toBeNull();
    }
    expect(shareText({ context: { quotation: null } }, wordsIn('en'))).toBeNull();
  });

  it('makes a WhatsApp link that carries the whole text', () => {
    const link = whatsappLink('Total: ₹3,00,000.00\nhttps://krishi.example/');
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(link.slice('https://wa.me/?text='.length))).toBe('Total: ₹3,00,000.00\nhttps://krishi.example/');
  });
});
