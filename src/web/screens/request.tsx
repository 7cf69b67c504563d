/**
 * /request, My Request (SPEC §2): the farmer's quotations, the first page polled every POLL_MS while
 * open, further pages loaded as the farmer scrolls to the end ('Load more' as well). The count is the
 * server's total. Each card: display id, image, up to 3 items, the status badge, the money the
 * lifecycle lets it show (the quoted total, or a pending one's estimate "from ₹…"), and a delete icon
 * where the chart lets a farmer delete (with the confirm dialog). Offline the icon stays on: the delete
 * waits in the outbox, shown above the list, and goes when the network returns.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { shownTotal } from '../../../machines/quotation-lifecycle.machine';
import { emptyListNote, hasMoreQuotations, offersDeleteOf, quotationCount } from '../../../machines/quotation-list.machine';
import { QUOTATION_PREVIEW_ITEMS } from '../../domain/constants';
import { formatPaisa } from '../../domain/money';
import { ROUTES } from '../../domain/routes';
import type { Quotation } from '../../domain/types';
import { ConfirmDialog } from '../shop/confirm-dialog';
import { TrashIcon } from '../shop/icons';
import { NavLink } from '../shop/nav-link';
import { ProductImage } from '../shop/product-image';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { StatusBadge } from '../shop/status-badge';
import { useLoadWhenVisible } from '../shop/use-load-more';
import { skuName, unitText } from '../../domain/sku-text';
import { Loading } from '../shell/loading';
import { useOutbox, useScreenChart, type ScreenChartRefs } from '../shop/use-shop';
import { OutboxList } from '../outbox/outbox-list';
import type { OutboxSnapshot } from '../../../machines/outbox.machine';

type ListRef = ScreenChartRefs['quotationList'];

export default function RequestScreen() {
  const list = useScreenChart('quotationList');
  return list ? <RequestList list={list} /> : <Loading />;
}

function RequestList({ list }: { list: ListRef }) {
  const intl = useIntl();
  const quotations = useSelector(list, (s) => s.context.quotations);
  const count = useSelector(list, quotationCount);
  const outbox = useSelector(useOutbox(), (s) => s);
  const note = useSelector(list, (s) => emptyListNote(s, outbox));
  const confirming = useSelector(list, (s) => (s.matches({ removal: 'idle' }) ? null : s.context.confirming));
  const deleting = useSelector(list, (s) => s.hasTag('busy'));

  return (
    <ShopLayout header={<BackHeader title={intl.formatMessage({ id: 'shop.request.title', defaultMessage: 'My Request' })} />}>
      <p className="shop-count">
        <FormattedMessage id="shop.request.count" defaultMessage="{n, plural, one {# quotation} other {# quotations}}" values={{ n: count }} />
      </p>
      <OutboxList />
      {note !== null ? (
        <p className="shop-empty" role="status">
          {note === 'loading' ? <FormattedMessage id="common.loading" defaultMessage="Loading..." /> : <FormattedMessage id="shop.request.empty" defaultMessage="No quotations yet" />}
        </p>
      ) : null}
      {quotations.length > 0 ? (
        <ul className="shop-list">
          {quotations.map((q) => (
            <QuotationCard key={q._id} quotation={q} list={list} outbox={outbox} />
          ))}
        </ul>
      ) : null}
      <LoadMore list={list} />
      {confirming ? (
        <ConfirmDialog
          displayId={confirming.quotationDisplayId}
          busy={deleting}
          onYes={() => list.send({ type: 'delete.confirm' })}
          onNo={() => list.send({ type: 'delete.cancel' })}
        />
      ) : null}
    </ShopLayout>
  );
}

/** Under the list while the server holds more: loads the next page when it scrolls into view or is tapped. */
function LoadMore({ list }: { list: ListRef }) {
  const hasMore = useSelector(list, hasMoreQuotations);
  const canMore = useSelector(list, (s) => s.can({ type: 'list.more' }));
  const failed = useSelector(list, (s) => s.hasTag('moreFailed'));
  const more = () => list.send({ type: 'list.more' });
  // After a failure only a tap tries again: a button left in view must not retry on its own.
  const button = useLoadWhenVisible(canMore && !failed, more);
  if (!hasMore) return null;
  return (
    <div className="shop-load-more">
      {failed ? (
        <p role="alert" className="shop-small">
          <FormattedMessage id="shop.request.moreFailed" defaultMessage="Could not load more. Try again." />
        </p>
      ) : null}
      <button ref={button} type="button" className="shop-button shop-button-outline shop-button-block" disabled={!canMore} onClick={more}>
        {canMore ? <FormattedMessage id="shop.request.loadMore" defaultMessage="Load more" /> : <FormattedMessage id="common.loading" defaultMessage="Loading..." />}
      </button>
    </div>
  );
}

function QuotationCard({ quotation, list, outbox }: { quotation: Quotation; list: ListRef; outbox: OutboxSnapshot | undefined }) {
  const intl = useIntl();
  const deletable = useSelector(list, (s) => offersDeleteOf(s, outbox, quotation._id));
  const shown = quotation.skusDetail.slice(0, QUOTATION_PREVIEW_ITEMS);
  const more = quotation.skusDetail.length - shown.length;
  const total = shownTotal(quotation);
  return (
    <li className={deletable ? 'shop-card shop-quotation shop-quotation-deletable' : 'shop-card shop-quotation'}>
      <NavLink to={`${ROUTES.quotationDetails}?quotation_id=${encodeURIComponent(quotation.quotationDisplayId)}`} className="shop-quotation-link">
        <ProductImage src={quotation.image} alt="" size="thumb" />
        <div className="shop-quotation-body">
          <div className="shop-quotation-head">
            <strong className="shop-display-id">{quotation.quotationDisplayId}</strong>
            <StatusBadge status={quotation.status} />
          </div>
          <ul className="shop-quotation-items">
            {shown.map((line, index) => (
              <li key={`${line.skuIdentifier._id}-${index}`}>
                {skuName(line.skuIdentifier, intl.locale)} · {line.quantity} {unitText(line.skuIdentifier.skuQuantityUnit, intl)}
              </li>
            ))}
            {more > 0 ? (
              <li className="shop-muted">
                <FormattedMessage id="shop.request.more" defaultMessage="+{n} more" values={{ n: more }} />
              </li>
            ) : null}
          </ul>
          {total?.kind === 'quoted' ? (
            <p className="shop-quotation-total">
              <FormattedMessage id="shop.price.total" defaultMessage="Total Amount" />: <strong>{formatPaisa(total.paisa)}</strong>
            </p>
          ) : null}
          {total?.kind === 'estimate' ? (
            <p className="shop-quotation-total shop-muted">
              <FormattedMessage id="shop.request.estimate" defaultMessage="Estimate: from {amount}" values={{ amount: formatPaisa(total.paisa) }} />
            </p>
          ) : null}
        </div>
      </NavLink>
      {deletable ? (
        <button
          type="button"
          className="shop-icon-button shop-danger shop-quotation-delete"
          onClick={() => list.send({ type: 'quotation.delete', id: quotation._id })}
          aria-label={intl.formatMessage({ id: 'shop.request.delete', defaultMessage: 'Delete {id}' }, { id: quotation.quotationDisplayId })}
        >
          <TrashIcon />
        </button>
      ) : null}
    </li>
  );
}
