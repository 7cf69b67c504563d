/** /admin/skus (SPEC §2, §8): every SKU with a search, Add SKU, and a tap to edit; failures inline in red. */
import { FormattedMessage, useIntl } from 'react-intl';
import { visibleSkus } from '../../../machines/admin-skus.machine';
import { formatPaisa } from '../../domain/money';
import { PlusIcon } from '../shop/icons';
import { AdminLayout } from './admin-layout';
import { ListStatus, SearchField } from './admin-parts';
import { SkuSheet } from './sku-sheet';
import { adminScreen, type ChartView } from './admin-screen';

function AdminSkus({ snapshot, send }: ChartView<'adminSkus'>) {
  const intl = useIntl();
  const skus = visibleSkus(snapshot.context);
  return (
    <AdminLayout title={intl.formatMessage({ id: 'admin.skus.title', defaultMessage: 'Manage SKUs' })}>
      <div className="admin-toolbar">
        <SearchField
          label={intl.formatMessage({ id: 'admin.skus.search', defaultMessage: 'Search SKUs' })}
          value={snapshot.context.query}
          onChange={(query) => send({ type: 'search.change', query })}
          disabled={!snapshot.can({ type: 'search.change', query: '' })}
        />
        <button
          type="button"
          className="shop-button shop-button-primary"
          disabled={!snapshot.can({ type: 'sheet.add' })}
          onClick={() => send({ type: 'sheet.add' })}
        >
          <PlusIcon />
          <FormattedMessage id="admin.skus.add" defaultMessage="Add SKU" />
        </button>
      </div>
      <ListStatus
        loading={snapshot.hasTag('loading')}
        failed={snapshot.hasTag('fetchFailed') ? <FormattedMessage id="admin.skus.fetchFailed" defaultMessage="Failed to fetch SKUs." /> : null}
        empty={snapshot.matches('browsing') && skus.length === 0}
        onRetry={() => send({ type: 'list.reload' })}
      />
      <ul className="shop-list" aria-label={intl.formatMessage({ id: 'admin.skus.list', defaultMessage: 'SKUs' })}>
        {skus.map((sku) => (
          <li key={sku._id}>
            <button
              type="button"
              className="shop-card admin-row"
              onClick={() => send({ type: 'sheet.open', id: sku._id })}
              disabled={!snapshot.can({ type: 'sheet.open', id: sku._id })}
            >
              <img className="admin-thumb" src={sku.image} alt="" width={56} height={56} loading="lazy" />
              <span className="admin-row-main">
                <strong>{sku.name}</strong>
                <span className="admin-muted">
                  {sku.skuDisplayId} · {sku.categoryName} · {sku.brandName}
                </span>
                <span className="admin-muted">
                  <FormattedMessage
                    id="admin.skus.stock"
                    defaultMessage="{qty} {unit} available · from {price}"
                    values={{ qty: sku.availableQty, unit: sku.skuQuantityUnit, price: formatPaisa(sku.minimumPrice) }}
                  />
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {snapshot.matches('sheet') ? <SkuSheet snapshot={snapshot} send={send} /> : null}
    </AdminLayout>
  );
}

export default adminScreen('adminSkus', AdminSkus);
