/**
 * Place Order's sheet (/quotation-details): where to deliver, the farm of the profile as it is or
 * another place typed in, and a preferred date from tomorrow to 30 days ahead (or any day). The draft
 * and its rules are the quotation-detail chart's (machines/order-place-draft.ts); this renders them and
 * sends its events.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { addressRefusal, ADDRESS_FIELDS, foundLocation, type AddressField, type OrderPlaceDraft } from '../../../machines/order-place-draft';
import { preferredDateRange } from '../../domain/delivery';
import { formatCalendarDay } from '../../domain/india-date';
import { Sheet } from './bargain';

const FIELD_LABEL: Record<AddressField, string> = {
  line: 'House, street or farm',
  village: 'Village',
  taluka: 'Taluka',
  district: 'District',
  pinCode: 'PIN code',
  landmark: 'Landmark',
};

const PLACES = ['profile', 'other'] as const;
const PLACE_TEXT: Record<OrderPlaceDraft['place'], string> = { profile: 'My farm', other: 'Another place' };

const REFUSAL_TEXT = {
  pinCode: 'A PIN code has 6 digits.',
  tooLong: 'This is too long.',
} as const;

interface PlaceOrderSheetProps {
  draft: OrderPlaceDraft;
  /** The profile's farm address, shown as the first choice; null when the profile has none. */
  farmAddress: string | null;
  busy: boolean;
  canConfirm: boolean;
  onPlace: (place: OrderPlaceDraft['place']) => void;
  onAddress: (field: AddressField, value: string) => void;
  onDate: (date: string) => void;
  onLocate: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export function PlaceOrderSheet(props: PlaceOrderSheetProps) {
  const intl = useIntl();
  const { draft, busy } = props;
  // The date field's bounds, by India's calendar today (the server holds the same rule).
  const range = preferredDateRange(Date.now());
  const field = (name: AddressField, wide: boolean) => {
    const refusal = addressRefusal(draft, name);
    const id = `shop-place-${name}`;
    return (
      <div key={name} className="shop-field" style={wide ? { gridColumn: '1 / -1' } : undefined}>
        <label htmlFor={id}>
          {intl.formatMessage({ id: `shop.place.field.${name}`, defaultMessage: FIELD_LABEL[name] })}
          {name === 'line' ? ' *' : null}
        </label>
        <input
          id={id}
          value={draft.address[name]}
          disabled={busy}
          inputMode={name === 'pinCode' ? 'numeric' : undefined}
          maxLength={name === 'line' ? 500 : name === 'pinCode' ? 6 : 100}
          autoComplete="off"
          aria-invalid={refusal !== null && refusal !== 'required' ? true : undefined}
          aria-describedby={refusal !== null && refusal !== 'required' ? `${id}-error` : undefined}
          onChange={(e) => props.onAddress(name, e.target.value)}
        />
        {/* An empty line is marked by its asterisk and holds Confirm; what was typed wrong says why. */}
        {refusal !== null && refusal !== 'required' ? (
          <span id={`${id}-error`} className="shop-field-error" role="alert">
            {intl.formatMessage({ id: `shop.place.refusal.${refusal}`, defaultMessage: REFUSAL_TEXT[refusal] })}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <Sheet titleId="shop-place-title" title={<FormattedMessage id="shop.place.title" defaultMessage="Where and when to deliver" />} onCancel={props.onCancel} busy={busy}>
      <fieldset className="shop-choices" disabled={busy}>
        <legend className="shop-visually-hidden">
          <FormattedMessage id="shop.place.where" defaultMessage="Delivery place" />
        </legend>
        {PLACES.map((place) => (
          <label key={place} className="shop-choice">
            <input type="radio" name="delivery-place" checked={draft.place === place} onChange={() => props.onPlace(place)} />
            <span className="shop-choice-text">
              <strong>{intl.formatMessage({ id: `shop.place.${place}`, defaultMessage: PLACE_TEXT[place] })}</strong>
              {/* The profile's choice shows the farm address it stands for. */}
              {place === 'profile' ? <span className="shop-small shop-muted">{props.farmAddress ?? '—'}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {draft.place === 'other' ? (
        <>
          <div className="shop-address-parts">{ADDRESS_FIELDS.map((name) => field(name, name === 'line' || name === 'landmark'))}</div>
          <div className="shop-field">
            <button type="button" className="shop-button shop-button-outline" disabled={busy || draft.location === 'finding'} onClick={props.onLocate}>
              <FormattedMessage id="shop.place.locate" defaultMessage="Use my location" />
            </button>
            <span className={draft.location === 'failed' ? 'shop-field-error' : 'shop-field-hint'} role="status">
              {draft.location === 'finding' ? (
                <FormattedMessage id="shop.place.locating" defaultMessage="Finding your location…" />
              ) : draft.location === 'failed' ? (
                <FormattedMessage id="shop.place.locateFailed" defaultMessage="Could not find your location. Turn on location and try again." />
              ) : foundLocation(draft) ? (
                <FormattedMessage
                  id="shop.place.located"
                  defaultMessage="Location added ({lat}, {long})"
                  values={{ lat: foundLocation(draft)!.lat.toFixed(4), long: foundLocation(draft)!.long.toFixed(4) }}
                />
              ) : null}
            </span>
          </div>
        </>
      ) : null}
      <div className="shop-field">
        <label htmlFor="shop-place-date">
          <FormattedMessage id="shop.place.date" defaultMessage="Preferred delivery date (optional)" />
        </label>
        <input
          id="shop-place-date"
          type="date"
          min={range.first}
          max={range.last}
          value={draft.preferredDate}
          disabled={busy}
          aria-describedby="shop-place-date-hint"
          onChange={(e) => props.onDate(e.target.value)}
        />
        <span id="shop-place-date-hint" className="shop-field-hint">
          {draft.preferredDate ? (
            formatCalendarDay(draft.preferredDate, intl.locale)
          ) : (
            <FormattedMessage id="shop.place.dateHint" defaultMessage="From tomorrow to 30 days ahead. Leave it empty for any day." />
          )}
        </span>
      </div>
      <div className="shop-dialog-actions">
        <button type="button" className="shop-button shop-button-outline" disabled={busy} onClick={props.onCancel}>
          <FormattedMessage id="shop.bargain.cancel" defaultMessage="Cancel" />
        </button>
        <button type="button" className="shop-button shop-button-primary" disabled={busy || !props.canConfirm} onClick={props.onConfirm}>
          <FormattedMessage id="shop.place.confirm" defaultMessage="Confirm order" />
        </button>
      </div>
    </Sheet>
  );
}
