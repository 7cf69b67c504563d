/**
 * Bargaining on a priced quotation (/quotation-details): the two sheets the farmer writes in (decline
 * with a reason; ask for a better price) and the lines that tell where the bargaining stands (the
 * counter-offer waiting, the revision with the last total struck through, why it was declined).
 * The rules are the quotation-detail chart's; these render its snapshot and send its events.
 */
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatPaisa, priceDetails } from '../../domain/money';
import { BARGAIN_NOTE_MAX, DECLINE_REASONS, type DeclineReason } from '../../domain/quotation-status';
import type { Quotation } from '../../domain/types';

const REASON_TEXT: Record<DeclineReason, string> = {
  price_too_high: 'Price is too high',
  not_needed: 'Not needed now',
  bought_elsewhere: 'Bought elsewhere',
  other: 'Other reason',
};

export function DeclineReasonText({ reason }: { reason: DeclineReason }) {
  return <>{useIntl().formatMessage({ id: `shop.decline.reason.${reason}`, defaultMessage: REASON_TEXT[reason] })}</>;
}

interface SheetProps {
  reason: DeclineReason | null;
  note: string;
  total: string;
  busy: boolean;
  canSubmit: boolean;
  onReason: (reason: DeclineReason) => void;
  onNote: (note: string) => void;
  onTotal: (total: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** A bottom sheet the farmer writes in (decline, better price, Place Order, a problem): the first field has focus. */
export function Sheet({ titleId, title, children, onCancel, busy }: { titleId: string; title: React.ReactNode; children: React.ReactNode; onCancel: () => void; busy: boolean }) {
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector<HTMLElement>('input, textarea')?.focus(), []);
  return (
    <div className="shop-overlay" onClick={() => !busy && onCancel()}>
      <div className="shop-sheet shop-bargain" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={first} onClick={(e) => e.stopPropagation()}>
        <div className="shop-sheet-head">
          <h2 id={titleId}>{title}</h2>
        </div>
        {children}
      </div>
    </div>
  );
}

function NoteField({ note, onNote, busy, required }: { note: string; onNote: (note: string) => void; busy: boolean; required: boolean }) {
  return (
    <label className="shop-field">
      <span>
        {required ? (
          <FormattedMessage id="shop.bargain.noteRequired" defaultMessage="Say why (needed)" />
        ) : (
          <FormattedMessage id="shop.bargain.note" defaultMessage="Note (optional)" />
        )}
      </span>
      <textarea rows={3} maxLength={BARGAIN_NOTE_MAX} value={note} disabled={busy} onChange={(e) => onNote(e.target.value)} />
    </label>
  );
}

function Actions({ busy, canSubmit, onSubmit, onCancel, submit }: Pick<SheetProps, 'busy' | 'canSubmit' | 'onSubmit' | 'onCancel'> & { submit: React.ReactNode }) {
  return (
    <div className="shop-dialog-actions">
      <button type="button" className="shop-button shop-button-outline" disabled={busy} onClick={onCancel}>
        <FormattedMessage id="shop.bargain.cancel" defaultMessage="Cancel" />
      </button>
      <button type="button" className="shop-button shop-button-primary" disabled={busy || !canSubmit} onClick={onSubmit}>
        {submit}
      </button>
    </div>
  );
}

export function DeclineSheet(props: SheetProps) {
  return (
    <Sheet titleId="shop-decline-title" title={<FormattedMessage id="shop.decline.title" defaultMessage="Why are you declining?" />} onCancel={props.onCancel} busy={props.busy}>
      <fieldset className="shop-choices" disabled={props.busy}>
        <legend className="shop-visually-hidden">
          <FormattedMessage id="shop.decline.reason" defaultMessage="Reason" />
        </legend>
        {DECLINE_REASONS.map((reason) => (
          <label key={reason} className="shop-choice">
            <input type="radio" name="decline-reason" checked={props.reason === reason} onChange={() => props.onReason(reason)} />
            <DeclineReasonText reason={reason} />
          </label>
        ))}
      </fieldset>
      <NoteField note={props.note} onNote={props.onNote} busy={props.busy} required={props.reason === 'other'} />
      <Actions {...props} submit={<FormattedMessage id="shop.decline.submit" defaultMessage="Decline quotation" />} />
    </Sheet>
  );
}

export function CounterSheet(props: SheetProps & { quotedPaisa: number }) {
  return (
    <Sheet titleId="shop-counter-title" title={<FormattedMessage id="shop.counter.title" defaultMessage="Ask for a better price" />} onCancel={props.onCancel} busy={props.busy}>
      <p className="shop-muted shop-small">
        <FormattedMessage id="shop.counter.quoted" defaultMessage="Quoted total: {amount}" values={{ amount: formatPaisa(props.quotedPaisa) }} />
      </p>
      <label className="shop-field">
        <span>
          <FormattedMessage id="shop.counter.total" defaultMessage="Your price in ₹ (optional)" />
        </span>
        <input inputMode="decimal" autoComplete="off" value={props.total} disabled={props.busy} onChange={(e) => props.onTotal(e.target.value)} />
      </label>
      <NoteField note={props.note} onNote={props.onNote} busy={props.busy} required={false} />
      <Actions {...props} submit={<FormattedMessage id="shop.counter.submit" defaultMessage="Send" />} />
    </Sheet>
  );
}

/** Where the bargaining stands: the counter-offer waiting, the new revision beside the last total, or why it was declined. */
export function BargainStatus({ quotation }: { quotation: Quotation }) {
  const counter = quotation.counterOffer ?? null;
  if (quotation.status === 'PENDING' && counter) {
    return (
      <section className="shop-card shop-bargain-status" aria-labelledby="shop-counter-sent">
        <h2 id="shop-counter-sent" className="shop-section-title">
          <FormattedMessage id="shop.counter.sent" defaultMessage="You asked for a better price" />
        </h2>
        {quotation.previousTotalPaisa != null ? (
          <p className="shop-small">
            <FormattedMessage id="shop.counter.was" defaultMessage="Quoted: {amount}" values={{ amount: formatPaisa(quotation.previousTotalPaisa) }} />
          </p>
        ) : null}
        {counter.totalPaisa !== null ? (
          <p className="shop-small">
            <FormattedMessage id="shop.counter.yours" defaultMessage="Your price: {amount}" values={{ amount: formatPaisa(counter.totalPaisa) }} />
          </p>
        ) : null}
        {counter.note ? <p className="shop-small shop-muted">“{counter.note}”</p> : null}
        <p className="shop-small shop-muted">
          <FormattedMessage id="shop.counter.waiting" defaultMessage="The provider will send a new price." />
        </p>
      </section>
    );
  }
  if (quotation.status === 'DECLINED' && quotation.decline) {
    return (
      <p className="shop-card shop-small" role="note">
        <FormattedMessage id="shop.decline.said" defaultMessage="You declined: {reason}" values={{ reason: <DeclineReasonText reason={quotation.decline.reason} /> }} />
        {quotation.decline.note ? ` · “${quotation.decline.note}”` : null}
      </p>
    );
  }
  const revision = quotation.revision ?? 0;
  if ((quotation.status === 'COMPLETED' || quotation.status === 'ORDERED') && revision >= 2 && quotation.previousTotalPaisa != null) {
    return (
      <p className="shop-card shop-revision" role="note">
        <FormattedMessage id="shop.revision.label" defaultMessage="Revised price (revision {revision})" values={{ revision }} />{' '}
        <s className="shop-revision-old">{formatPaisa(quotation.previousTotalPaisa)}</s>{' '}
        <strong className="shop-revision-new">{formatPaisa(priceDetails(quotation.skusDetail).totalPaisa)}</strong>
      </p>
    );
  }
  return null;
}
