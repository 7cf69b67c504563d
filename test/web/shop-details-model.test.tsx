/**
 * The quotation-detail paths drive /quotation-details: each event a gesture or an actor's answer, each
 * state checked on screen. /order-status has its own file (order-status-model.test.tsx).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { POLL_MS } from '../../src/domain/constants';
import type { Quotation } from '../../src/domain/types';
import { assertFullCoverage, driveView, modelPaths } from '../support/model-coverage';
import { quotationDetailModel } from '../machines/shop-model-events';
import { advance, answer, fakeTimers, flushAll, preloadShopScreens } from './shop-drive';
import { called, renderShop, type RenderedShop, screenOpen } from './shop-harness';

type Snap = SnapshotFrom<AnyStateMachine>;
beforeAll(preloadShopScreens);
afterEach(() => vi.useRealTimers());

const TITLE: Record<string, string> = {
  PENDING: 'Quotation Bucket',
  COMPLETED: 'My Request',
  ORDERED: 'My Order',
  DELETED: 'Quotation Deleted',
  EXPIRED: 'Quotation Expired',
};
const ACTION_LABEL = { delete: 'Delete Request', placeOrder: 'Place Order', track: 'Track Order' } as const;
/** SPEC §2: the one button each status offers (none for DELETED and EXPIRED), written out, not read from the chart. */
const ACTION_BY_STATUS: Record<string, string | null> = {
  PENDING: 'Delete Request',
  COMPLETED: 'Place Order',
  ORDERED: 'Track Order',
  DELETED: null,
  EXPIRED: null,
};
/** SPEC §4: the status badge's words and colour. */
const BADGE: Record<string, [string, string]> = {
  PENDING: ['Pending', 'orange'],
  COMPLETED: ['Received', 'green'],
  ORDERED: ['Ordered', 'darkGreen'],
  DELETED: ['Deleted', 'red'],
  EXPIRED: ['Expired', 'red'],
};
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
    else if (done === true) await flushAll();
    else if (event.type.endsWith('.deleteQuotation')) await answer(view.shop.deleteQuotation.last(), event);
    else if (event.type.endsWith('.placeOrder')) await answer(view.shop.placeOrder.last(), event);
    else if (event.type === 'quotation.delete') fireEvent.click(button('Delete Request'));
    else if (event.type === 'delete.confirm') fireEvent.click(button('Yes'));
    else if (event.type === 'delete.cancel') fireEvent.click(button('No'));
    else if (event.type === 'order.place') fireEvent.click(button('Place Order'));
    else if (event.type === 'order.track') fireEvent.click(button('Track Order'));
    else throw new Error(`No gesture for ${event.type}`);
    await flushAll();
  };

  const assertionsFor = (view: RenderedShop, last: () => AnyEventObject | undefined) => ({
    active: (s: Snap) => {
      if (last()?.type === 'order.track') {
        expect(view.path()).toBe(`/order-status?quotation_id=${(s.context.quotation as Quotation)._id}`);
        return;
      }
      const q = s.context.quotation as Quotation | null;
      if (!q) {
        expect(screen.getByText(s.context.missing ? 'This quotation was not found' : 'Loading...')).toBeTruthy();
        return;
      }
      expect(screen.getByRole('heading', { level: 1, name: TITLE[q.status] })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Price Details' }) !== null).toBe(q.status === 'COMPLETED' || q.status === 'ORDERED');
      const [label, tone] = BADGE[q.status]!;
      const badge = document.querySelector('.shop-quotation-head .shop-badge')!;
      expect([badge.textContent, badge.classList.contains(`shop-badge-${tone}`)]).toEqual([label, true]);
      const shownActions = Object.values(ACTION_LABEL).filter((name) => screen.queryByRole('button', { name }));
      const action = q.skusDetail.length > 0 ? ACTION_BY_STATUS[q.status] : null;
      expect(shownActions).toEqual(action ? [action] : []);
    },
    'active.action.idle': (s: Snap) => {
      if (last()?.type === 'order.track') {
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
      expect(within(dialog).getByText((s.context.quotation as Quotation).quotationDisplayId)).toBeTruthy();
    },
    'active.action.deleting': (s: Snap) => {
      if (s.context.quotation) expect(button('Yes').disabled).toBe(true);
      expect(actionButtons().filter((b) => !b.disabled)).toEqual([]);
    },
    'active.action.placingOrder': () => expect(actionButtons().filter((b) => !b.disabled)).toEqual([]),
    left: () => expect(view.path()).toBe('/request'),
  });

  it('take every transition of the machine', () => assertFullCoverage(quotationDetailModel.machine, paths, quotationDetailModel.input));
  it('has paths to drive', () => expect(paths.length).toBeGreaterThan(5));
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
    const view = renderShop({ path: '/quotation-details?quotation_id=QT100001' });
    await called(view.shop.fetchQuotation);
    await screenOpen();
    fakeTimers();
    let last: AnyEventObject | undefined;
    const act = perform(view);
    await driveView(path, {
      perform: async (event) => {
        last = event;
        await act(event);
      },
      assertions: assertionsFor(view, () => last),
    });
  });
});
