/** /admin/quotations (SPEC §2): every quotation with its farmer's name, searched by id; a tap opens the edit sheet. */
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { listToolsOf } from '../../../machines/admin-list';
import { isLate, lateFirst, visibleQuotations } from '../../../machines/admin-quotations.machine';
import { useCatalogue } from '../shop/use-shop';
import { formatPaisa, priceDetails } from '../../domain/money';
import { COUNTERED, type QuotationFilter } from '../../domain/quotation-status';
import { AdminLayout } from './admin-layout';
import { ListRow } from './list-row';
import { ListTools } from './list-tools';
import { ListStatus, PageFooter, SearchField, StatusFilter } from './admin-parts';
import { QuotationSheet } from './quotation-sheet';
import { QuotationStatusLabel, quotationStatusOptions } from './status-labels';
import { adminScreen, type ChartView } from './admin-screen';

function AdminQuotations({ snapshot, send }: ChartView<'adminQuotations'>) {
  const intl = useIntl();
  const quotations = visibleQuotations(snapshot.context);
  // Past the hours the farmer was told a price usually takes (QUOTATION_REPLY_HOURS, from the public settings).
  const replyHours = useSelector(useCatalogue(), (s) => s.context.config?.quotationReplyHours ?? null);
  return (
    <AdminLayout title={intl.formatMessage({ id: 'admin.quotations.title', defaultMessage: 'Manage Quotations' })}>
      <SearchField
        label={intl.formatMessage({ id: 'admin.quotations.search', defaultMessage: 'Search by quotation id' })}
        value={snapshot.context.query}
        onChange={(query) => send({ type: 'search.change', query })}
        disabled={!snapshot.can({ type: 'search.change', query: '' })}
      />
      <StatusFilter
        value={snapshot.context.status}
        options={[
          ...quotationStatusOptions(intl),
          { value: COUNTERED as QuotationFilter, label: intl.formatMessage({ id: 'admin.quotations.countered', defaultMessage: 'Asked for a better price' }) },
        ]}
        onChange={(status) => send({ type: 'status.change', status })}
        disabled={!snapshot.can({ type: 'status.change', status: null })}
      />
      <ListTools tools={listToolsOf(snapshot)} send={send}>
        <button
          type="button"
          className="shop-button shop-button-outline shop-button-small"
          aria-pressed={lateFirst(snapshot.context)}
          onClick={() => send(lateFirst(snapshot.context) ? { type: 'filter.remove', name: 'sort' } : { type: 'filter.set', name: 'sort', value: 'lateFirst' })}
          disabled={!snapshot.can({ type: 'filter.set', name: 'sort', value: 'lateFirst' })}
        >
          <FormattedMessage id="admin.filter.lateFirst" defaultMessage="Late first" />
        </button>
      </ListTools>
      <ListStatus
        loading={snapshot.hasTag('loading')}
        failed={snapshot.hasTag('fetchFailed') ? <FormattedMessage id="admin.quotations.fetchFailed" defaultMessage="Failed to fetch quotations." /> : null}
        empty={snapshot.matches({ browsing: 'idle' }) && quotations.length === 0}
        onRetry={() => send({ type: 'list.reload' })}
      />
      <ul className="shop-list" aria-label={intl.formatMessage({ id: 'admin.quotations.list', defaultMessage: 'Quotations' })}>
        {quotations.map((quotation) => (
          <ListRow
            key={quotation._id}
            onOpen={snapshot.can({ type: 'sheet.open', id: quotation._id }) ? () => send({ type: 'sheet.open', id: quotation._id }) : null}
            status={<QuotationStatusLabel status={quotation.status} />}
            statusClassName={`admin-status admin-status-${quotation.status.toLowerCase()}`}
          >
            <strong>{quotation.quotationDisplayId}</strong>
            {isLate(snapshot.context, quotation, replyHours) ? (
              <span className="admin-late">
                <FormattedMessage id="admin.quotations.lateMark" defaultMessage="Late" />
              </span>
            ) : null}
            {quotation.farmerName ? <span className="admin-muted">{quotation.farmerName}</span> : null}
            <span className="admin-muted">
              <FormattedMessage
                id="admin.quotations.items"
                defaultMessage="{count, plural, one {# item} other {# items}}"
                values={{ count: quotation.skusDetail.length }}
              />
              {' · '}
              {formatPaisa(priceDetails(quotation.skusDetail).totalPaisa)}
            </span>
            {quotation.counterOffer ? (
              <span className="admin-counter">
                <FormattedMessage id="admin.quotations.counterShort" defaultMessage="Counter-offer" />
                {quotation.counterOffer.totalPaisa !== null ? `: ${formatPaisa(quotation.counterOffer.totalPaisa)}` : null}
              </span>
            ) : null}
          </ListRow>
        ))}
      </ul>
      {snapshot.matches('browsing') || snapshot.matches('sheet') ? (
        <PageFooter snapshot={snapshot} shown={quotations.length} onMore={() => send({ type: 'list.more' })} />
      ) : null}
      {snapshot.matches('sheet') ? <QuotationSheet snapshot={snapshot} send={send} /> : null}
    </AdminLayout>
  );
}

export default adminScreen('adminQuotations', AdminQuotations);
