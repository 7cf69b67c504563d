/** Small pieces every admin screen uses: search, alerts, labelled fields and the refused-changes table. */
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SearchIcon } from '../shop/icons';

export function SearchField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <label className="shop-search admin-search">
      <SearchIcon />
      <span className="admin-visually-hidden">{label}</span>
      <input
        type="search"
        value={value}
        placeholder={label}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * The status filter beside the search: every status, or one. The chart waits for quiet before it loads
 * (like the search), and starts the list again from its first page.
 */
export function StatusFilter<T extends string>({
  value,
  options,
  onChange,
  disabled,
}: {
  value: T | null;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | null) => void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const all = { value: '' as const, label: intl.formatMessage({ id: 'admin.common.allStatuses', defaultMessage: 'All statuses' }) };
  return (
    <SelectField<T | ''>
      id="admin-status-filter"
      label={<FormattedMessage id="admin.common.statusFilter" defaultMessage="Filter by status" />}
      value={value ?? ''}
      options={[all, ...options]}
      onChange={(chosen) => onChange(chosen === '' ? null : chosen)}
      disabled={disabled}
    />
  );
}

/** The spec's admin messages: red, announced at once. */
export function Alert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="admin-alert">
      <p role="alert">{children}</p>
      {action}
    </div>
  );
}

export function LoadingLine() {
  return (
    <p role="status" className="admin-muted">
      <FormattedMessage id="admin.common.loading" defaultMessage="Loading..." />
    </p>
  );
}

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={onRetry}>
      <FormattedMessage id="admin.common.retry" defaultMessage="Try again" />
    </button>
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Shown under an invalid field. */
  hint?: ReactNode;
  inputMode?: 'text' | 'decimal' | 'numeric';
  multiline?: boolean;
  /** A calendar date (`YYYY-MM-DD`) picked with the browser's date field. */
  date?: boolean;
}

export function TextField({ id, label, value, onChange, disabled, invalid, hint, inputMode = 'text', multiline, date }: FieldProps) {
  const common = {
    id,
    value,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid && hint ? `${id}-hint` : undefined,
    className: 'admin-input',
  };
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={date ? 'date' : 'text'} inputMode={date ? undefined : inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {invalid && hint ? (
        <span id={`${id}-hint`} className="admin-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  id: string;
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="admin-input" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** After a 409: what the admin typed beside what the server holds now, and the two ways on. */
export function RefusedChanges({
  rows,
  onReapply,
  onStartOver,
}: {
  rows: readonly { key: string; label: string; mine: string; now: string }[];
  onReapply: () => void;
  onStartOver: () => void;
}) {
  return (
    <section className="admin-conflict" aria-labelledby="admin-conflict-title">
      <h3 id="admin-conflict-title">
        <FormattedMessage
          id="admin.conflict.lead"
          defaultMessage="Someone else changed this while you were editing. The form shows what is saved now; your changes are kept here."
        />
      </h3>
      {rows.length > 0 ? (
        <table className="admin-conflict-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="admin.conflict.field" defaultMessage="Field" />
              </th>
              <th scope="col">
                <FormattedMessage id="admin.conflict.yours" defaultMessage="Yours" />
              </th>
              <th scope="col">
                <FormattedMessage id="admin.conflict.now" defaultMessage="Saved now" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.mine}</td>
                <td>{row.now}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-muted">
          <FormattedMessage id="admin.conflict.same" defaultMessage="Your changes match what is saved now." />
        </p>
      )}
      <div className="admin-actions">
        <button type="button" className="shop-button shop-button-primary" onClick={onReapply}>
          <FormattedMessage id="admin.conflict.reapply" defaultMessage="Apply my changes again" />
        </button>
        <button type="button" className="shop-button shop-button-outline" onClick={onStartOver}>
          <FormattedMessage id="admin.conflict.startOver" defaultMessage="Edit the saved values" />
        </button>
      </div>
    </section>
  );
}

/** What the page footer reads from a paged chart's snapshot (machines/admin-list.ts). */
interface PagedSnapshot {
  context: { total: number; nextCursor: string | null };
  can(event: { type: 'list.more' }): boolean;
  hasTag(tag: 'moreFailed'): boolean;
}

/**
 * Under a paged list: how many rows are listed of how many the search found, and 'Load more' while the
 * server has another page. The button loads the next page when tapped or when it scrolls into view.
 */
export function PageFooter({ snapshot, shown, onMore }: { snapshot: PagedSnapshot; shown: number; onMore: () => void }) {
  const { total } = snapshot.context;
  const hasMore = snapshot.context.nextCursor !== null;
  const canMore = snapshot.can({ type: 'list.more' });
  const failed = snapshot.hasTag('moreFailed');
  const button = useRef<HTMLButtonElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const target = button.current;
    if (!target || !canMore || typeof IntersectionObserver === 'undefined' || failed) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canMore, failed]);
  return (
    <div className="admin-page-footer">
      <p className="admin-muted" role="status" aria-live="polite">
        <FormattedMessage id="admin.common.shownOfTotal" defaultMessage="Showing {shown} of {total}" values={{ shown, total }} />
      </p>
      {failed ? (
        <p role="alert" className="admin-alert">
          <FormattedMessage id="admin.common.moreFailed" defaultMessage="Could not load more." />
        </p>
      ) : null}
      {hasMore ? (
        <button
          ref={button}
          type="button"
          className="shop-button shop-button-outline shop-button-small"
          disabled={!canMore}
          onClick={onMore}
        >
          {canMore ? (
            <FormattedMessage id="admin.common.loadMore" defaultMessage="Load more" />
          ) : (
            <FormattedMessage id="admin.common.loading" defaultMessage="Loading..." />
          )}
        </button>
      ) : null}
    </div>
  );
}

/**
 * What stands under a list's search and filter: 'Loading...', the failure with Try again, and 'Nothing
 * matches' when the list is settled (`empty`) with no row.
 */
export function ListStatus({
  loading,
  failed,
  empty,
  onRetry,
}: {
  loading: boolean;
  /** The failure line, while the list failed to load. */
  failed: ReactNode | null;
  empty: boolean;
  onRetry: () => void;
}) {
  return (
    <>
      {loading ? <LoadingLine /> : null}
      {failed ? <Alert action={<RetryButton onRetry={onRetry} />}>{failed}</Alert> : null}
      {empty ? (
        <p className="admin-muted">
          <FormattedMessage id="admin.common.noMatches" defaultMessage="Nothing matches your search." />
        </p>
      ) : null}
    </>
  );
}

/** A sheet's save button: 'Saving...' while it saves, else its label; enabled exactly when the chart takes the save. */
export function SaveButton({
  saving,
  onSave,
  label,
  block,
}: {
  saving: boolean;
  /** Null while the chart takes no save (the button is disabled). */
  onSave: (() => void) | null;
  label: ReactNode;
  block?: boolean;
}) {
  return (
    <button
      type="button"
      className={`shop-button shop-button-primary${block ? ' shop-button-block' : ''}`}
      disabled={onSave === null}
      onClick={onSave ?? undefined}
    >
      {saving ? <FormattedMessage id="admin.common.saving" defaultMessage="Saving..." /> : label}
    </button>
  );
}

/** The footer of a sheet opened read-only: Edit, then Update. */
export function EditUpdateActions({
  canEdit,
  onEdit,
  ...save
}: {
  canEdit: boolean;
  onEdit: () => void;
  saving: boolean;
  onSave: (() => void) | null;
}) {
  return (
    <div className="admin-actions">
      <button type="button" className="shop-button shop-button-outline" disabled={!canEdit} onClick={onEdit}>
        <FormattedMessage id="admin.common.edit" defaultMessage="Edit" />
      </button>
      <SaveButton {...save} label={<FormattedMessage id="admin.common.update" defaultMessage="Update" />} />
    </div>
  );
}

/** Over a sheet's form: the spec's failure line after a failed save, and after a 409 the admin's changes beside what is saved now. */
export function SaveTrouble({
  failed,
  conflictRows,
  onReapply,
  onStartOver,
}: {
  /** The failure line while the last save failed (or a 409 refused it), else null. */
  failed: ReactNode | null;
  /** The refused changes while the sheet shows a conflict, else null. */
  conflictRows: readonly { key: string; label: string; mine: string; now: string }[] | null;
  onReapply: () => void;
  onStartOver: () => void;
}) {
  return (
    <>
      {failed ? <Alert>{failed}</Alert> : null}
      {conflictRows ? <RefusedChanges rows={conflictRows} onReapply={onReapply} onStartOver={onStartOver} /> : null}
    </>
  );
}

/** Label and amount rows (the last one the total, in bold), as the price details and the order's balance show them. */
export function AmountRows({
  rows,
  className = 'shop-rows',
  live,
}: {
  rows: readonly { key: string; label: ReactNode; amount: ReactNode }[];
  className?: string;
  /** Announced as it changes (the price details follow what the admin types). */
  live?: boolean;
}) {
  return (
    <dl className={className} aria-live={live ? 'polite' : undefined}>
      {rows.map((row, index) => (
        <div key={row.key} className={index === rows.length - 1 ? 'shop-rows-total' : undefined}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
