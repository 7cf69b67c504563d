/** The quotation-list paths drive /request: each event a gesture or an actor's answer, each state checked on screen. */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { POLL_MS } from '../../src/domain/constants';
import { formatPaisa } from '../../src/domain/money';
import type { Quotation } from '../../src/domain/types';
import { assertFullCoverage, driveView, modelPaths } from '../support/machines/model-coverage';
import { quotationListModel } from '../support/machines/shop-model-events';
import { advance, answer, fakeTimers, preloadShopScreens, screenShown } from '../support/web/shop-drive';
import { called, renderShop, type RenderedShop, screenOpen } from '../support/web/shop-harness';

const paths = modelPaths(quotationListModel.machine, quotationListModel);
type Snap = SnapshotFrom<AnyStateMachine>;

beforeAll(preloadShopScreens);
afterEach(() => vi.useRealTimers());

function perform(view: RenderedShop) {
  return async (event: AnyEventObject) => {
    const { shop } = view;
    if (event.type === 'xstate.init') return;
    if (event.type === 'page.hidden') shop.visibility.hide();
    else if (event.type === 'page.visible') shop.visibility.show();
    // The poll asks for the first page (no cursor), list.more for the next one: answer the call the event names.
    else if (event.type.endsWith('.fetchQuotations')) await answer(shop.fetchQuotations.calls.filter((c) => c.input.cursor === null).at(-1)!, event);
    else if (event.type.endsWith('.fetchMoreQuotations')) await answer(shop.fetchQuotations.calls.filter((c) => c.input.cursor !== null).at(-1)!, event);
    else if (event.type === 'list.more') fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    else if (event.type.endsWith('.deleteQuotation')) await answer(shop.deleteQuotation.last(), event);
    else if (event.type.startsWith('xstate.after.POLL')) await advance(POLL_MS);
    else if (event.type === 'quotation.delete') {
      const quotation = (event as { id: string } & AnyEventObject).id === 'q-1' ? 'QT100001' : '';
      fireEvent.click(screen.getByRole('button', { name: `Delete ${quotation}` }));
    } else if (event.type === 'delete.confirm') fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    else if (event.type === 'delete.cancel') fireEvent.click(screen.getByRole('button', { name: 'No' }));
    // The outbox's delivery of a write it sent, as src/web/outbox/provided.ts sends it.
    else if (event.type === 'quotation.arrived' || event.type === 'list.refresh') view.app().system.get('quotationList')!.send(event);
    else throw new Error(`No gesture for ${event.type}`);
    await screenShown();
  };
}

const BADGE: Record<string, string> = { PENDING: 'Pending', COMPLETED: 'Received', ORDERED: 'Ordered', DELETED: 'Deleted', EXPIRED: 'Expired' };

const assertions = {
  poll: (s: Snap) => {
    const quotations = s.context.quotations as Quotation[];
    for (const q of quotations) {
      const card = screen.getByText(q.quotationDisplayId, { selector: '.shop-display-id' }).closest('li') as HTMLElement;
      within(card).getByText(BADGE[q.status]!);
      expect(within(card).queryByRole('button', { name: `Delete ${q.quotationDisplayId}` }) !== null).toBe(s.can({ type: 'quotation.delete', id: q._id }));
      // The quoted total, a pending one's estimate, or nothing (a DELETED or EXPIRED one never priced),
      // written out here rather than read from the selector.
      const quotedTotal = q.skusDetail.reduce((sum, l) => sum + l.goodsPricePaisa + l.shippingPricePaisa - l.discountPaisa, 0);
      const estimateTotal = q.skusDetail.reduce((sum, l) => sum + l.skuIdentifier.minimumPrice * l.quantity, 0);
      const priced = q.status === 'COMPLETED' || q.status === 'ORDERED' || (q.status === 'EXPIRED' && q.validUntil !== null);
      const quoted = within(card).queryByText('Total Amount', { exact: false });
      const estimate = within(card).queryByText(/^Estimate: from /);
      expect([quoted?.textContent ?? null, estimate?.textContent ?? null]).toEqual([
        priced ? `Total Amount: ${formatPaisa(quotedTotal)}` : null,
        q.status === 'PENDING' ? `Estimate: from ${formatPaisa(estimateTotal)}` : null,
      ]);
    }
    // Every row listed once, the count the server's total.
    expect(document.querySelectorAll('.shop-quotation')).toHaveLength(quotations.length);
    const count = (s.context.total as number | null) ?? quotations.length;
    screen.getByText(`${count} quotation${count === 1 ? '' : 's'}`);
  },
  // Loading... only while nothing is known yet; a list already shown stays during a reload.
  'poll.fetching': (s: Snap) => {
    expect(screen.queryByText('Loading...', { selector: '.shop-empty' }) !== null).toBe((s.context.quotations as Quotation[]).length === 0);
  },
  'poll.waiting': (s: Snap) => {
    expect(screen.queryByText('No quotations yet') !== null).toBe((s.context.quotations as Quotation[]).length === 0);
  },
  'poll.paused': () => expect(screen.queryByText('Loading...', { selector: '.shop-empty' })).toBeNull(),
  // 'Load more' while the server holds more; it shows Loading... while the page comes.
  'more.idle': (s: Snap) => {
    const button = screen.queryByRole('button', { name: 'Load more' }) as HTMLButtonElement | null;
    expect(button !== null && !button.disabled).toBe(s.context.nextCursor !== null);
    expect(screen.queryByText('Could not load more. Try again.')).toBeNull();
  },
  'more.loading': () => {
    const button = document.querySelector('.shop-load-more button') as HTMLButtonElement;
    expect([button.disabled, button.textContent]).toEqual([true, 'Loading...']);
  },
  'more.failed': () => {
    expect(screen.getByRole('alert').textContent).toBe('Could not load more. Try again.');
    expect((screen.getByRole('button', { name: 'Load more' }) as HTMLButtonElement).disabled).toBe(false);
  },
  'removal.idle': () => expect(screen.queryByRole('alertdialog')).toBeNull(),
  'removal.confirming': (s: Snap) => {
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to cancel' });
    within(dialog).getByText((s.context.confirming as Quotation).quotationDisplayId);
    expect((within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(false);
  },
  'removal.deleting': () => {
    const dialog = screen.getByRole('alertdialog');
    expect((within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true);
  },
};

describe('/request along the quotation-list paths', () => {
  it('take every transition of the machine', () => assertFullCoverage(quotationListModel.machine, paths, quotationListModel.input));
  it('has paths to drive', () => expect(paths.length).toBeGreaterThan(3));
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
    const view = renderShop({ path: '/request' });
    await called(view.shop.fetchQuotations);
    await screenOpen();
    fakeTimers();
    const initial = quotationListModel.machine.resolveState({
      value: { poll: 'fetching', more: 'idle', removal: 'idle' },
      context: { quotations: [], nextCursor: null, total: null, confirming: null },
    });
    await driveView(path, { perform: perform(view), assertions, initial });
  });
});
