/**
 * /request, My Request (SPEC §2): the farmer's quotations, polled every POLL_MS while open. Each card:
 * display id, image, up to 3 items, the status badge, the total unless PENDING, and a delete icon
 * where the lifecycle lets a farmer delete (with the confirm dialog).
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { mayDeleteQuotation } from '../../../machines/quotation-list.machine';
import { QUOTATION_PREVIEW_ITEMS } from '../../domain/constants';
import { formatPaisa, priceDetails } from '../../domain/money';
import { showsTotalOnCard } from '../../domain/quotation-status';
import { ROUTES } from '../../domain/routes';
import type { Quotation } from '../../domain/types';
import { ConfirmDialog } from '../shop/confirm-dialog';
import { TrashIcon } from '../shop/icons';
import { NavLink } from '../shop/nav-link';
import { ProductImage } from '../shop/product-image';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { StatusBadge } from '../shop/status-badge';
import { OfflineWriteReason } from '../shell/offline-line';
import { useWritesBlocked } from '../shell/use-connection';
import { skuName, unitText } from '../../domain/sku-text';
import { Loading } from '../shell/loading';
import { useScreenChart, type ScreenChartRefs } from '../shop/use-shop';

export default function RequestScreen() {
  const list = useScreenChart('quotationList');
  return list ? <RequestList list={list} /> : <Loading />;
}

function RequestList({ list }: { list: ScreenChartRefs['quotationList'] }) {
  const intl = useIntl();
  const quotations = useSelector(list, (s) => s.context.quotations);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const confirming = useSelector(list, (s) => (s.matches({ removal: 'idle' }) ? null : s.context.confirming));
  const deleting = useSelector(list, (s) => s.hasTag('busy'));
  const offline = useWritesBlocked();

  return (
    <ShopLayout header={<BackHeader title={intl.formatMessage({ id: 'shop.request.title', defaultMessage: 'My Request' })} />}>
      <p className="shop-count">
        <FormattedMessage id="shop.request.count" defaultMessage="{n, plural, one {# quotation} other {# quotations}}" values={{ n: quotations.length }} />
      </p>
      {quotations.some(mayDeleteQuotation) ? <OfflineWriteReason /> : null}
      {quotations.length === 0 ? (
        <p className="shop-empty" role="status">
          {loading ? <FormattedMessage id="common.loading" defaultMessage="Loading..." /> : <FormattedMessage id="shop.request.empty" defaultMessage="No quotations yet" />}
        </p>
      ) : (
        <ul className="shop-list">
          {quotations.map((q) => (
            <QuotationCard key={q._id} quotation={q} offline={offline} onDelete={() => list.send({ type: 'quotation.delete', id: q._id })} />
          ))}
        </ul>
      )}
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

function QuotationCard({ quotation, offline, onDelete }: { quotation: Quotation; offline: boolean; onDelete: () => void }) {
  const intl = useIntl();
  const shown = quotation.skusDetail.slice(0, QUOTATION_PREVIEW_ITEMS);
  const more = quotation.skusDetail.length - shown.length;
  const deletable = mayDeleteQuotation(quotation);
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
                {skuName(line.skuIdentifier, intl.locale)} · {line.quantity} {unitText(line.skuIdentifier.skuQuantityUnit, intl.messages)}
              </li>
            ))}
            {more > 0 ? (
              <li className="shop-muted">
                <FormattedMessage id="shop.request.more" defaultMessage="+{n} more" values={{ n: more }} />
              </li>
            ) : null}
          </ul>
          {showsTotalOnCard(quotation.status) ? (
            <p className="shop-quotation-total">
              <FormattedMessage id="shop.price.total" defaultMessage="Total Amount" />: <strong>{formatPaisa(priceDetails(quotation.skusDetail).totalPaisa)}</strong>
            </p>
          ) : null}
        </div>
      </NavLink>
      {deletable ? (
        <button type="button" className="shop-icon-button shop-danger shop-quotation-delete" disabled={offline} onClick={onDelete} aria-label={intl.formatMessage({ id: 'shop.request.delete', defaultMessage: 'Delete {id}' }, { id: quotation.quotationDisplayId })}>
          <TrashIcon />
        </button>
      ) : null}
    </li>
  );
}
