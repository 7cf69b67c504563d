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
import { SelectField, TextField } from './admin-parts';
import { QuotationBargain } from './quotation-bargain';
import { ListSheet } from './list-sheet';
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
    <ListSheet
      snapshot={snapshot}
      send={send}
      titleId="admin-quotation-title"
      title={intl.formatMessage({ id: 'admin.quotations.sheetTitle', defaultMessage: 'Quotation {id}' }, { id: quotation.quotationDisplayId })}
      saveFailed={<FormattedMessage id="admin.quotations.saveFailed" defaultMessage="Failed to save quotation." />}
      changeRows={changeRows}
    >
      <QuotationBargain quotation={quotation} />
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
    </ListSheet>
  );
}
