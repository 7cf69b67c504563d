/**
 * The quotation-detail paths drive /quotation-details: each event a gesture or an actor's answer, each
 * state checked on screen. /order-status has its own file (order-status-model.test.tsx).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { POLL_MS } from '../../src/domain/constants';
import { formatPaisa } from '../../src/domain/money';
import { formatWhen } from '../../src/domain/when';
import type { Quotation } from '../../src/domain/types';
import { assertFullCoverage, driveView, modelPaths } from '../support/machines/model-coverage';
import { modelConfig, modelReceived, modelShell, modelStraw, quotationDetailModel } from '../support/machines/shop-model-events';
import { advance, answer, fakeTimers, preloadShopScreens, screenShown } from '../support/web/shop-drive';
import { called, renderShop, type RenderedShop, screenOpen } from '../support/web/shop-harness';

type Snap = SnapshotFrom<AnyStateMachine>;
beforeAll(preloadShopScreens);
afterEach(() => vi.useRealTimers());

const TITLE: Record<string, string> = {
  PENDING: 'Waiting for price',
  COMPLETED: 'My Request',
  ORDERED: 'My Order',
  DELETED: 'Quotation Deleted',
  EXPIRED: 'Quotation Expired',
  DECLINED: 'Quotation Declined',
};
/** GET /api/config's reply time in these paths (not the default 24, so the screen shows the server's). */
const REPLY_HOURS = 6;
const ACTION_LABEL = { delete: 'Delete Request', placeOrder: 'Place Order', track: 'Track Order' } as const;
/** SPEC §2: the one button each status offers (none for DELETED and EXPIRED), written out, not read from the chart. */
const ACTION_BY_STATUS: Record<string, string | null> = {
  PENDING: 'Delete Request',
  COMPLETED: 'Place Order',
  ORDERED: 'Track Order',
  DELETED: null,
  EXPIRED: null,
  DECLINED: null,
};
/** SPEC §4: the status badge's words and colour. */
const BADGE: Record<string, [string, string]> = {
  PENDING: ['Pending', 'orange'],
  COMPLETED: ['Received', 'green'],
  ORDERED: ['Ordered', 'darkGreen'],
  DELETED: ['Deleted', 'red'],
  EXPIRED: ['Expired', 'red'],
  DECLINED: ['Declined', 'red'],
};
const BARGAIN = ['Ask for a better price', 'Decline'];
const REASON_LABEL: Record<string, string> = { other: 'Other reason', price_too_high: 'Price is too high' };
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const actionButtons = () =>
  Object.values(ACTION_LABEL).flatMap((name) => screen.queryAllByRole('button', { name }) as HTMLButtonElement[]);

function shared(view: RenderedShop, event: AnyEventObject): Promise<void> | boolean {
  const { shop } = view;
  if (event.type === 'xstate.init') return true;
  if (event.type === 'page.hidden') return shop.visibility.hide(), true;
  if (event.type === 'page.visible') return shop.visibility.show(), true;
  if (event.type.endsWith('.fetchQuotation')) return answer(shop.fetchQuotation.last(), event);
  if (event.type.startsWith('xstate.after.POLL')) return advance(POLL_MS);
  return false;
}

describe('/quotation-details along the quotation-detail paths', () => {
  const paths = modelPaths(quotationDetailModel.machine, quotationDetailModel);
  const perform = (view: RenderedShop) => async (event: AnyEventObject) => {
    const done = shared(view, event);
    if (done instanceof Promise) await done;
    else if (done === true) await screenShown();
    else if (event.type.endsWith('.deleteQuotation')) await answer(view.shop.deleteQuotation.last(), event);
    else if (event.type.endsWith('.placeOrder')) await answer(view.shop.placeOrder.last(), event);
    else if (event.type === 'quotation.delete') fireEvent.click(button('Delete Request'));
    else if (event.type === 'delete.confirm') fireEvent.click(button('Yes'));
    else if (event.type === 'delete.cancel') fireEvent.click(button('No'));
    else if (event.type === 'order.place') fireEvent.click(button('Place Order'));
    else if (event.type === 'order.track') fireEvent.click(button('Track Order'));
    else if (event.type.endsWith('.declineQuotation')) await answer(view.shop.declineQuotation.last(), event);
    else if (event.type.endsWith('.counterQuotation')) await answer(view.shop.counterQuotation.last(), event);
    else if (event.type === 'quotation.decline') fireEvent.click(button('Decline'));
    else if (event.type === 'quotation.counter') fireEvent.click(button('Ask for a better price'));
    else if (event.type === 'bargain.reason') fireEvent.click(screen.getByRole('radio', { name: REASON_LABEL[event.reason as string] }));
    else if (event.type === 'bargain.note') fireEvent.change(screen.getByRole('textbox', { name: /Note \(optional\)|Say why/ }), { target: { value: event.note } });
    else if (event.type === 'bargain.total') fireEvent.change(screen.getByRole('textbox', { name: 'Your price in ₹ (optional)' }), { target: { value: event.total } });
    else if (event.type === 'bargain.submit') fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button').at(-1)!);
    else if (event.type === 'bargain.cancel') fireEvent.click(button('Cancel'));
    else if (event.type === 'order.placeKind') fireEvent.click(screen.getByRole('radio', { name: event.place === 'other' ? /Another place/ : /My farm/ }));
    else if (event.type === 'order.address') fireEvent.change(screen.getByRole('textbox', { name: /House, street or farm/ }), { target: { value: event.value } });
    else if (event.type === 'order.date') fireEvent.change(screen.getByLabelText('Preferred delivery date (optional)'), { target: { value: event.date } });
    else if (event.type === 'order.location') {
      // The phone finds itself where the path says.
      const at = event.location as { lat: number; long: number };
      const geolocation = { getCurrentPosition: (found: PositionCallback) => found({ coords: { latitude: at.lat, longitude: at.long, accuracy: 12 } } as GeolocationPosition) };
      Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
      try {
        await act(async () => {
          fireEvent.click(button('Use my location'));
          for (let tick = 0; tick < 5; tick++) await Promise.resolve();
        });
      } finally {
        Reflect.deleteProperty(navigator, 'geolocation');
      }
    } else if (event.type === 'order.confirm') fireEvent.click(button('Confirm order'));
    else if (event.type === 'order.cancel') fireEvent.click(button('Cancel'));
    else if (event.type === 'quotation.orderAgain') fireEvent.click(button('Order again'));
    else throw new Error(`No gesture for ${event.type}`);
    await screenShown();
  };

  const assertionsFor = (view: RenderedShop, last: () => AnyEventObject | undefined) => ({
    active: (s: Snap) => {
      if (last()?.type === 'order.track') {
        expect(view.path()).toBe(`/order-status?quotation_id=${(s.context.quotation as Quotation)._id}`);
        return;
      }
      if (last()?.type === 'quotation.orderAgain') {
        // The cart holds each of the quotation's products, as much as it asked for.
        expect(view.path()).toBe('/cart');
        for (const line of (s.context.quotation as Quotation).skusDetail) {
          const quantity = screen.getByRole('spinbutton', { name: `Quantity of ${line.skuIdentifier.name}` }) as HTMLInputElement;
          expect(quantity.value).toBe(String(line.quantity));
        }
        return;
      }
      const q = s.context.quotation as Quotation | null;
      if (!q) {
        expect(screen.queryByText('This quotation was not found') !== null).toBe(s.context.missing);
        expect(screen.queryByText('Loading...') !== null).toBe(!s.context.missing);
        return;
      }
      screen.getByRole('heading', { level: 1, name: TITLE[q.status] });
      // Quoted prices once priced (an EXPIRED one keeps them only if it was priced: it has a validity).
      const quoted =
        q.status === 'COMPLETED' || q.status === 'ORDERED' || (q.status === 'EXPIRED' && q.validUntil !== null) || (q.status === 'DECLINED' && q.pricedAt != null);
      expect(screen.queryByRole('region', { name: 'Price Details' }) !== null).toBe(quoted);
      // While PENDING: "from ₹…" per line and in total from minimum price × quantity, and the usual reply time.
      const estimate = screen.queryByRole('region', { name: 'Estimated price' });
      const lineEstimates = [...document.querySelectorAll('.shop-line')].map((li) => li.querySelector('.shop-estimate-line')?.textContent ?? null);
      if (q.status === 'PENDING') {
        const each = q.skusDetail.map((l) => l.skuIdentifier.minimumPrice * l.quantity);
        expect(lineEstimates).toEqual(each.map((paisa) => `from ${formatPaisa(paisa)}`));
        expect(within(estimate!).getByText('Estimated total').nextSibling?.textContent).toBe(`from ${formatPaisa(each.reduce((a, b) => a + b, 0))}`);
        within(estimate!).getByText(/not a quoted price/);
        within(estimate!).getByText(`We usually reply within ${REPLY_HOURS} hours.`);
      } else {
        expect([estimate, lineEstimates.filter(Boolean)]).toEqual([null, []]);
      }
      const [label, tone] = BADGE[q.status]!;
      const badge = document.querySelector('.shop-quotation-head .shop-badge')!;
      expect([badge.textContent, badge.classList.contains(`shop-badge-${tone}`)]).toEqual([label, true]);
      const shownActions = Object.values(ACTION_LABEL).filter((name) => screen.queryByRole('button', { name }));
      const action = q.skusDetail.length > 0 ? ACTION_BY_STATUS[q.status] : null;
      expect(shownActions).toEqual(action ? [action] : []);
      // 'Delete Request' is a secondary action (outlined), not the big red primary button.
      if (action === 'Delete Request') expect(button(action).classList.contains('shop-button-danger-outline')).toBe(true);
      // Beside Place Order, and only there: bargaining.
      expect(BARGAIN.filter((name) => screen.queryByRole('button', { name }))).toEqual(action === 'Place Order' ? BARGAIN : []);
      // Where the bargaining stands: the counter waiting, the new revision beside the last total, why it was declined.
      const counterCard = screen.queryByRole('region', { name: 'You asked for a better price' });
      expect(counterCard !== null).toBe(q.status === 'PENDING' && q.counterOffer != null);
      if (counterCard) expect(counterCard.textContent).toContain(`Your price: ${formatPaisa(q.counterOffer!.totalPaisa!)}`);
      const old = document.querySelector('.shop-revision-old');
      expect(old?.textContent ?? null).toBe((q.revision ?? 0) >= 2 && q.status === 'COMPLETED' ? formatPaisa(q.previousTotalPaisa!) : null);
      if (old) expect(old.tagName).toBe('S');
      expect(screen.queryByText(/You declined: Price is too high/) !== null).toBe(q.status === 'DECLINED');
      // Share on a priced quotation and an order; Order again on a past one (its straw is in the catalogue).
      // (No share sheet in this browser: Share is the WhatsApp link.)
      expect(screen.queryByRole('link', { name: 'Share on WhatsApp' }) !== null).toBe(q.skusDetail.length > 0 && (q.status === 'COMPLETED' || q.status === 'ORDERED'));
      expect(screen.queryByRole('button', { name: 'Order again' }) !== null).toBe(q.status !== 'PENDING' && q.status !== 'COMPLETED');
    },
    'active.action.idle': (s: Snap) => {
      if (last()?.type === 'order.track' || last()?.type === 'quotation.orderAgain') {
        expect(screen.queryByRole('alertdialog')).toBeNull();
        return;
      }
      expect(screen.queryByRole('alertdialog')).toBeNull();
      const q = s.context.quotation as Quotation | null;
      const action = q && q.skusDetail.length > 0 ? ACTION_BY_STATUS[q.status] : null;
      expect(action ? button(action).disabled : null).toBe(action ? false : null);
    },
    'active.action.confirmingDelete': (s: Snap) => {
      const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to cancel' });
      expect(dialog.textContent).toContain((s.context.quotation as Quotation).quotationDisplayId);
    },
    'active.action.deleting': (s: Snap) => {
      if (s.context.quotation) expect(button('Yes').disabled).toBe(true);
      expect(actionButtons().filter((b) => !b.disabled)).toEqual([]);
    },
    'active.action.composingOrder': (s: Snap) => {
      const sheet = screen.getByRole('dialog', { name: 'Where and when to deliver' });
      const order = s.context.order as { place: string; address: { line: string }; preferredDate: string };
      // The profile's farm address is the first choice, as it stands in the profile.
      within(sheet).getByText('Farm road, Anand');
      expect((within(sheet).getByRole('radio', { name: /Another place/ }) as HTMLInputElement).checked).toBe(order.place === 'other');
      expect(within(sheet).queryByRole('textbox', { name: /House, street or farm/ }) !== null).toBe(order.place === 'other');
      expect((within(sheet).getByLabelText('Preferred delivery date (optional)') as HTMLInputElement).value).toBe(order.preferredDate);
      // Another place may take the phone's pin, and says it took it.
      expect(within(sheet).queryByRole('button', { name: 'Use my location' }) !== null).toBe(order.place === 'other');
      const pin = (s.context.order as { location: { lat: number } | null }).location;
      expect(within(sheet).queryByText(/Location added/) !== null).toBe(order.place === 'other' && pin !== null);
      // Another place goes only with its line.
      expect((within(sheet).getByRole('button', { name: 'Confirm order' }) as HTMLButtonElement).disabled).toBe(order.place === 'other' && order.address.line === '');
    },
    'active.action.placingOrder': (s: Snap) => {
      if (!s.context.quotation) return expect(screen.queryByRole('dialog')).toBeNull();
      expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm order' }) as HTMLButtonElement).disabled).toBe(true);
    },
    'active.action.composingDecline': (s: Snap) => {
      const sheet = screen.getByRole('dialog', { name: 'Why are you declining?' });
      const { reason, note } = s.context.bargain as { reason: string | null; note: string };
      // "Other" needs a note; any other reason goes as it is.
      const ready = reason !== null && (reason !== 'other' || note.trim() !== '');
      expect((within(sheet).getByRole('button', { name: 'Decline quotation' }) as HTMLButtonElement).disabled).toBe(!ready);
      expect(within(sheet).getAllByRole('radio')).toHaveLength(4);
    },
    'active.action.declining': (s: Snap) => {
      // A poll that found the quotation gone meanwhile leaves nothing to show the sheet over.
      if (!s.context.quotation) return expect(screen.queryByRole('dialog')).toBeNull();
      expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline quotation' }) as HTMLButtonElement).disabled).toBe(true);
    },
    'active.action.composingCounter': (s: Snap) => {
      const sheet = screen.getByRole('dialog', { name: 'Ask for a better price' });
      within(sheet).getByText(`Quoted total: ${formatPaisa(300_000)}`);
      expect((within(sheet).getByRole('textbox', { name: 'Your price in ₹ (optional)' }) as HTMLInputElement).value).toBe((s.context.bargain as { total: string }).total);
      expect((within(sheet).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'active.action.countering': (s: Snap) => {
      if (!s.context.quotation) return expect(screen.queryByRole('dialog')).toBeNull();
      expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    },
    left: () => expect(view.path()).toBe('/request'),
  });

  it('take every transition of the machine', () => assertFullCoverage(quotationDetailModel.machine, paths, quotationDetailModel.input));
  it('has paths to drive', () => expect(paths.length).toBeGreaterThan(5));
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
    const view = renderShop({
      path: '/quotation-details?quotation_id=QT100001',
      user: { farmAddress: 'Farm road, Anand' },
      persisted: { skus: [modelShell, modelStraw] },
    });
    const config = await called(view.shop.fetchConfig);
    await act(async () => config.resolve({ ...modelConfig, quotationReplyHours: REPLY_HOURS }));
    await called(view.shop.fetchQuotation);
    await screenOpen();
    fakeTimers();
    let last: AnyEventObject | undefined;
    const step = perform(view);
    await driveView(path, {
      perform: async (event) => {
        last = event;
        await step(event);
      },
      assertions: assertionsFor(view, () => last),
    });
  });
});

describe('/quotation-details money by status', () => {
  const cases: [string, Quotation, 'quoted' | 'estimate' | 'none'][] = [
    ['PENDING: an estimate', { ...modelReceived, status: 'PENDING', validUntil: null }, 'estimate'],
    ['EXPIRED after pricing: the quoted prices', { ...modelReceived, status: 'EXPIRED', validUntil: '2026-11-27T10:00:00.000Z' }, 'quoted'],
    ['EXPIRED never priced: nothing', { ...modelReceived, status: 'EXPIRED', validUntil: null }, 'none'],
    ['DELETED while pending: nothing', { ...modelReceived, status: 'DELETED', validUntil: null }, 'none'],
  ];
  it.each(cases)('%s', async (_, q, shows) => {
    const view = renderShop({ path: '/quotation-details?quotation_id=QT100002' });
    await answer(await called(view.shop.fetchQuotation), { type: 'xstate.done.actor.fetchQuotation', output: q });
    await screen.findByRole('heading', { level: 1, name: TITLE[q.status] });
    const panel = screen.queryByRole('region', { name: 'Price Details' });
    const estimate = screen.queryByRole('region', { name: 'Estimated price' });
    expect([panel !== null, estimate !== null]).toEqual([shows === 'quoted', shows === 'estimate']);
    // Goods ₹3,000 + shipping ₹100 − discount ₹100.
    if (shows === 'quoted') expect(within(panel!).getByText('Total Amount').nextSibling?.textContent).toBe(formatPaisa(300_000));
    // No total of any kind on a quotation never priced.
    if (shows === 'none') expect(document.body.textContent).not.toMatch(/₹/);
  });
});

describe('/quotation-details validity', () => {
  // Priced at 18:00 in India on 20 Nov: valid for 7 days, to the minute.
  const validUntil = '2026-11-27T12:30:00.000Z';
  it.each([
    ['english', 'en', 'Valid until'],
    ['hindi', 'hi', 'तक मान्य'],
  ] as const)('says to the minute when a priced quotation stops being valid (%s)', async (language, locale, words) => {
    const view = renderShop({ path: '/quotation-details?quotation_id=QT100002', language });
    await answer(await called(view.shop.fetchQuotation), { type: 'xstate.done.actor.fetchQuotation', output: { ...modelReceived, validUntil } });
    const line = await screen.findByText(new RegExp(words));
    const when = within(line).getByText(formatWhen(validUntil, locale));
    expect(when.getAttribute('datetime')).toBe(validUntil);
    // The time of day is in it, not the date alone (an order placed that evening is refused).
    expect(when.textContent).toMatch(/\d{1,2}:\d{2}/);
  });
});
