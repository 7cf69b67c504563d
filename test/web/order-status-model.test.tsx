/**
 * /order-status driven along the order-tracking paths: each event a gesture or an actor's answer, each
 * state checked on screen against what the farmer must see, written out here (not read from the chart's
 * selectors): the delivery code, the tracker's steps with their names and dates, the expected delivery
 * date or "Delivered on", and the balance.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { POLL_MS } from '../../src/domain/constants';
import type { Quotation } from '../../src/domain/types';
import { assertFullCoverage, driveView, modelPaths } from '../support/machines/model-coverage';
import { modelConfig, modelOrdered, modelPaid, orderTrackingModel } from '../support/machines/shop-model-events';
import { advance, answer, fakeTimers, preloadShopScreens, screenShown } from '../support/web/shop-drive';
import { called, renderShop, screenOpen } from '../support/web/shop-harness';

type Snap = SnapshotFrom<AnyStateMachine>;
beforeAll(preloadShopScreens);
afterEach(() => vi.useRealTimers());

/** The screen shows times in the phone's time zone, medium date and short time, as Intl writes them. */
const when = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** SPEC §4: each fixture's tracker, step by step: name, completed, and when it was reached. */
const TRACKER: Record<string, [name: string, done: boolean, at: string | null][]> = {
  // MATERIAL_LOADED, ₹1,000 of ₹3,000 paid: Payment Status last and open.
  [modelOrdered.orderStatus!]: [
    ['Confirmation Pending', true, '2026-11-02T04:30:00.000Z'],
    ['Order Confirmed', true, '2026-11-04T09:15:00.000Z'],
    ['Material Loaded', true, '2026-11-04T09:15:00.000Z'],
    ['In Transit', false, null],
    ['Delivered', false, null],
    ['Payment Status', false, null],
  ],
  // DELIVERED and paid in full: Payment Status first and done.
  [modelPaid.orderStatus]: [
    ['Payment Status', true, '2026-11-05T10:20:00.000Z'],
    ['Confirmation Pending', true, '2026-11-02T04:30:00.000Z'],
    ['Order Confirmed', true, '2026-11-04T09:15:00.000Z'],
    ['Material Loaded', true, '2026-11-04T09:15:00.000Z'],
    ['In Transit', true, '2026-11-05T06:00:00.000Z'],
    ['Delivered', true, '2026-11-06T11:40:00.000Z'],
  ],
};
/** What the Delivery Code card says under the code. */
const CODE_NOTE: Record<string, string[]> = {
  [modelOrdered.orderStatus!]: ['Tell this code to the driver when your order arrives.', 'Expected delivery: Nov 7, 2026'],
  [modelPaid.orderStatus]: [`Delivered on ${when('2026-11-06T11:40:00.000Z')}`],
};
const BALANCE: Record<string, { paid: string; pending: string } | null> = {
  [modelOrdered.orderStatus!]: { paid: '₹1,000.00', pending: '₹2,000.00' },
  [modelPaid.orderStatus]: null,
};

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** What the farmer sees of the order in every state: the delivery code, the tracker, the balance. */
function theOrder(s: Snap) {
  const q = s.context.quotation as Quotation | null;
  if (!q) {
    // The screen's own line, not the Contact Us sheet's (which says Loading... until the config arrives).
    expect(document.querySelector('.shop-empty')?.textContent).toBe(s.context.missing ? 'This quotation was not found' : 'Loading...');
    return;
  }
  const code = screen.getByRole('region', { name: 'Delivery Code' });
  expect(code.querySelector('.shop-otp-code')?.textContent).toBe('4821');
  expect([...code.querySelectorAll('p.shop-small:not(:last-child)')].map((p) => p.textContent)).toEqual(CODE_NOTE[q.orderStatus!]);

  const steps = within(screen.getByRole('region', { name: 'Order Status' })).getAllByRole('listitem');
  const shown = steps.map((li) => [
    li.querySelector('.shop-step-label')?.firstChild?.textContent,
    li.classList.contains('shop-step-done'),
    li.querySelector('time')?.textContent ?? null,
  ]);
  expect(shown).toEqual(TRACKER[q.orderStatus!]!.map(([name, done, at]) => [name, done, at && when(at)]));
  for (const time of steps.flatMap((li) => [...li.querySelectorAll('time')])) expect(Date.parse(time.dateTime)).not.toBeNaN();

  const balance = BALANCE[q.orderStatus!];
  if (balance) {
    const panel = screen.getByRole('region', { name: 'Payment' });
    within(panel).getByText(balance.pending);
    within(panel).getByText(balance.paid);
  } else {
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
  }
  // The order can be shared (no share sheet in this browser: the WhatsApp link), its summary naming it.
  const share = screen.getByRole('link', { name: 'Share on WhatsApp' });
  expect(decodeURIComponent(share.getAttribute('href')!.split('?text=')[1]!)).toContain(`My order ${q.orderDisplayId ?? q.quotationDisplayId}`);
}

describe('/order-status along the order-tracking paths', () => {
  // The order on its way, and (the same transitions, another answer) the order delivered and paid.
  const onItsWay = modelPaths(orderTrackingModel.machine, { ...orderTrackingModel, events: orderTrackingModel.events.filter((e) => e.output !== modelPaid) });
  const delivered = modelPaths(orderTrackingModel.machine, {
    ...orderTrackingModel,
    events: orderTrackingModel.events.map((e) => (e.output === modelOrdered ? { ...e, output: modelPaid } : e)),
  });
  const perform = (view: ReturnType<typeof renderShop>) => async (event: AnyEventObject) => {
    const { shop } = view;
    if (event.type === 'xstate.init') await screenShown();
    else if (event.type === 'page.hidden') shop.visibility.hide();
    else if (event.type === 'page.visible') shop.visibility.show();
    else if (event.type.endsWith('.fetchQuotation')) await answer(shop.fetchQuotation.last(), event);
    else if (event.type.startsWith('xstate.after.POLL')) await advance(POLL_MS);
    else if (event.type === 'payment.make') {
      const config = (event as AnyEventObject & { config: typeof modelConfig }).config;
      // The config comes from the server (GET /api/config); the farmer then taps the button.
      await answer(shop.fetchConfig.last(), { type: 'xstate.done.actor.fetchConfig', output: config });
      fireEvent.click(button('Make Payment'));
    } else if (event.type === 'contact.open') fireEvent.click(button('Contact Us'));
    else if (event.type === 'contact.close') fireEvent.click(within(screen.getByRole('dialog', { name: 'Contact Us' })).getByRole('button', { name: 'Close' }));
    else throw new Error(`No gesture for ${event.type}`);
    await screenShown();
  };
  const assertions = {
    // Fetching: what was last fetched (or the cache, or Loading...) stays on screen while it reloads.
    'poll.fetching': theOrder,
    'poll.waiting': theOrder,
    // Paused while the page is hidden: the screen keeps the last answer.
    'poll.paused': theOrder,
    // The Contact Us sheet, opened by its button or by Make Payment with no UPI payee.
    'contact.closed': () => expect(screen.queryByRole('dialog', { name: 'Contact Us' })).toBeNull(),
    'contact.open': () => expect(screen.getByRole('dialog', { name: 'Contact Us' })).toBeTruthy(),
  };

  it('take every transition of the machine', () => assertFullCoverage(orderTrackingModel.machine, onItsWay, orderTrackingModel.input));
  it('has paths that show both an order on its way and a delivered one', () => {
    const shown = (of: typeof onItsWay) => of.flatMap((p) => p.events.map((e) => (e.output as Quotation | undefined)?.orderStatus).filter(Boolean));
    expect(new Set(shown(onItsWay))).toEqual(new Set(['MATERIAL_LOADED']));
    expect(new Set(shown(delivered))).toEqual(new Set(['DELIVERED']));
  });
  const named = [...onItsWay.map((p) => ['on its way', p.name, p] as const), ...delivered.map((p) => ['delivered', p.name, p] as const)];
  it.each(named)('%s: %s', async (_, __, path) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const view = renderShop({ path: '/order-status?quotation_id=q-3' });
    await called(view.shop.fetchQuotation);
    await screenOpen();
    fakeTimers();
    await driveView(path, { perform: perform(view), assertions });
    const last = path.events.at(-1) as AnyEventObject & { config?: typeof modelConfig };
    if (last.type === 'payment.make') {
      if (last.config?.upiPayeeId) expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^upi:\/\/pay\?pa=krishi%40upi&/));
      else screen.getByRole('dialog', { name: 'Contact Us' });
    }
    vi.unstubAllGlobals();
  });
});
