/**
 * The quotation edit sheet: status and, per line, quantity, goods price, discount and shipping in rupees,
 * with live totals. Edit unlocks the form; Update is enabled exactly when the chart accepts a save.
 */
import { quantityRule } from '../../domain/quantity';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  draftLineTotalPaisa,
  draftPriceDetails,
  isLineFieldValid,
  quotationDraftChanges,
  type LineField,
} from '../../../machines/admin-quotation-draft';
import {
  adminQuotationsMachine,
  openQuotation,
  shownQuotationDraft,
} from '../../../machines/admin-quotations.machine';
import { formatPaisa } from '../../domain/money';
import type { QuotationStatus } from '../../domain/types';
import { Alert, RefusedChanges, SelectField, TextField } from './admin-parts';
import { BottomSheet } from './bottom-sheet';
import { HistoryList } from './history-list';
import { TotalsPanel } from './totals-panel';
import { quotationStatusOptions, quotationStatusText } from './status-labels';

type Snapshot = SnapshotFrom<typeof adminQuotationsMachine>;
type Send = (event: EventFrom<typeof adminQuotationsMachine>) => void;

const FIELD_LABEL: Record<LineField, { id: string; defaultMessage: string }> = {
  quantity: { id: 'admin.quotations.quantity', defaultMessage: 'Quantity ({unit})' },
  goods: { id: 'admin.quotations.goods', defaultMessage: 'Goods price (₹)' },
  discount: { id: 'admin.quotations.discount', defaultMessage: 'Discount (₹)' },
  shipping: { id: 'admin.quotations.shipping', defaultMessage: 'Shipping (₹)' },
};

export function QuotationSheet({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const intl = useIntl();
  const quotation = openQuotation(snapshot.context);
  const form = shownQuotationDraft(snapshot.context);
  if (!quotation || !form) return null;
  const editing = snapshot.hasTag('editing');
  const saving = snapshot.hasTag('saving');
  const totals = draftPriceDetails(form);
  const label = (field: LineField, unit: string) => intl.formatMessage(FIELD_LABEL[field], { unit });
  const refused = snapshot.context.refused;
  const changeRows = refused
    ? quotationDraftChanges(refused, quotation).map((change) => {
        const name = change.line === null ? '' : (quotation.skusDetail[change.line]?.skuIdentifier.name ?? '');
        const unit = change.line === null ? '' : (quotation.skusDetail[change.line]?.skuIdentifier.skuQuantityUnit ?? '');
        const isStatus = change.field === 'status';
        return {
          key: `${change.line}-${change.field}`,
          label: isStatus
            ? intl.formatMessage({ id: 'admin.quotations.status', defaultMessage: 'Status' })
            : `${name}: ${label(change.field as LineField, unit)}`,
          mine: isStatus ? quotationStatusText(intl, change.mine as QuotationStatus) : change.mine,
          now: isStatus ? quotationStatusText(intl, change.now as QuotationStatus) : change.now,
        };
      })
    : [];

  return (
    <BottomSheet
      titleId="admin-quotation-title"
      title={intl.formatMessage({ id: 'admin.quotations.sheetTitle', defaultMessage: 'Quotation {id}' }, { id: quotation.quotationDisplayId })}
      onClose={snapshot.can({ type: 'sheet.close' }) ? () => send({ type: 'sheet.close' }) : null}
      footer={
        <div className="admin-actions">
          <button
            type="button"
            className="shop-button shop-button-outline"
            disabled={!snapshot.can({ type: 'sheet.edit' })}
            onClick={() => send({ type: 'sheet.edit' })}
          >
            <FormattedMessage id="admin.common.edit" defaultMessage="Edit" />
          </button>
          <button
            type="button"
            className="shop-button shop-button-primary"
            disabled={!snapshot.can({ type: 'sheet.save' })}
            onClick={() => send({ type: 'sheet.save' })}
          >
            {saving ? (
              <FormattedMessage id="admin.common.saving" defaultMessage="Saving..." />
            ) : (
              <FormattedMessage id="admin.common.update" defaultMessage="Update" />
            )}
          </button>
        </div>
      }
    >
      {snapshot.hasTag('saveFailed') ? (
        <Alert>
          <FormattedMessage id="admin.quotations.saveFailed" defaultMessage="Failed to save quotation." />
        </Alert>
      ) : null}
      {snapshot.matches({ sheet: 'conflict' }) ? (
        <RefusedChanges
          rows={changeRows}
          onReapply={() => send({ type: 'draft.reapply' })}
          onStartOver={() => send({ type: 'sheet.edit' })}
        />
      ) : null}
      <SelectField
        id="admin-quotation-status"
        label={<FormattedMessage id="admin.quotations.status" defaultMessage="Status" />}
        value={form.status}
        options={quotationStatusOptions(intl)}
        disabled={!editing}
        onChange={(status) => send({ type: 'draft.change', change: { status } })}
      />
      {quotation.skusDetail.map((line, index) => {
        const typed = form.lines[index];
        if (!typed) return null;
        return (
          <fieldset key={line.skuIdentifier._id} className="admin-fieldset">
            <legend>{line.skuIdentifier.name}</legend>
            <div className="admin-grid-2">
              {(['quantity', 'goods', 'discount', 'shipping'] as const).map((field) => (
                <TextField
                  key={field}
                  id={`admin-line-${index}-${field}`}
                  label={label(field, line.skuIdentifier.skuQuantityUnit)}
                  value={typed[field]}
                  inputMode={field === 'quantity' && quantityRule(typed.unit).decimals === 0 ? 'numeric' : 'decimal'}
                  disabled={!editing}
                  invalid={!isLineFieldValid(typed, field)}
                  hint={
                    field === 'quantity' ? (
                      quantityRule(typed.unit).decimals === 0 ? (
                        <FormattedMessage id="admin.hint.quantity" defaultMessage="Enter a whole number above 0." />
                      ) : (
                        <FormattedMessage id="admin.hint.quantityDecimal" defaultMessage="Enter a number above 0, with at most one decimal (e.g. 2.5)." />
                      )
                    ) : (
                      <FormattedMessage id="admin.hint.amount" defaultMessage="Enter rupees, e.g. 1250.50." />
                    )
                  }
                  onChange={(value) => send({ type: 'draft.change', change: { line: index, field, value } })}
                />
              ))}
            </div>
            <p className="admin-muted admin-small">
              <FormattedMessage
                id="admin.quotations.lineTotal"
                defaultMessage="Line total {amount}"
                values={{ amount: formatPaisa(draftLineTotalPaisa(typed)) }}
              />
            </p>
          </fieldset>
        );
      })}
      <TotalsPanel details={totals} />
      <HistoryList history={snapshot.context.history} failed={snapshot.context.historyFailed} />
    </BottomSheet>
  );
}
