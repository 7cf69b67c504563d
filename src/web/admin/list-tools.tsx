/**
 * What every admin list offers above its rows beside the search and status: the filters a dashboard
 * link set (removable chips) and Export, which downloads the list as it is filtered, every page.
 * `tools` is the chart's `listToolsOf(snapshot)`.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ListToolsView } from '../../../machines/admin-list';
import { FilterChips } from './filter-chips';

export function ListTools({
  tools: { filters, exporting, canExport, canRemove },
  send,
  children,
}: {
  tools: ListToolsView;
  send: (event: { type: 'list.export' } | { type: 'filter.remove'; name: string }) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <FilterChips filters={filters} onRemove={(name) => send({ type: 'filter.remove', name })} canRemove={canRemove} />
      <div className="admin-list-tools">
        {children}
        <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={() => send({ type: 'list.export' })} disabled={!canExport}>
          {exporting === 'running' ? (
            <FormattedMessage id="admin.export.running" defaultMessage="Exporting..." />
          ) : (
            <FormattedMessage id="admin.export.button" defaultMessage="Export CSV" />
          )}
        </button>
      </div>
      {exporting === 'failed' ? (
        <p aria-live="polite" className="admin-error-text">
          <FormattedMessage id="admin.export.failed" defaultMessage="The export failed. Try again." />
        </p>
      ) : null}
    </>
  );
}
