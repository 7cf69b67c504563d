/**
 * What the farmer fills in at Place Order (the quotation-detail chart's `composingOrder`): the place,
 * either the profile's farm address and pin as they are or another address typed in, and a preferred
 * delivery date (none: any day). Pure: the chart's guards and the body of POST /orders/{id} read it.
 */
import { ADDRESS_LINE_MAX, ADDRESS_PART_MAX, PIN_CODE_PATTERN } from '../src/domain/delivery';
import type { DeliveryLocation, PlaceOrderBody } from '../src/domain/types';

/** The parts of another address the farmer may type. */
export const ADDRESS_FIELDS = ['line', 'village', 'taluka', 'district', 'pinCode', 'landmark'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface OrderPlaceDraft {
  /** `profile`: the farm address and pin of the profile; `other`: the address typed below. */
  place: 'profile' | 'other';
  address: Record<AddressField, string>;
  /** `YYYY-MM-DD` as the date field gives it; '' for any day. */
  preferredDate: string;
  /**
   * Another place's pin from "use my location": none yet, being found by the phone, not found (no
   * permission, no signal), or found.
   */
  location: null | 'finding' | 'failed' | DeliveryLocation;
}

export const NO_ORDER_DRAFT: OrderPlaceDraft = {
  place: 'profile',
  address: { line: '', village: '', taluka: '', district: '', pinCode: '', landmark: '' },
  preferredDate: '',
  location: null,
};

/** The pin found for another place, if one was. */
export const foundLocation = (draft: OrderPlaceDraft): DeliveryLocation | null =>
  draft.location !== null && typeof draft.location === 'object' ? draft.location : null;

const PIN_CODE = new RegExp(PIN_CODE_PATTERN);
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a typed part of another address cannot go (an error code the view translates); null when it can. */
export function addressRefusal(draft: OrderPlaceDraft, field: AddressField): 'required' | 'pinCode' | 'tooLong' | null {
  if (draft.place !== 'other') return null;
  const value = draft.address[field].trim();
  if (field === 'line') return value === '' ? 'required' : value.length > ADDRESS_LINE_MAX ? 'tooLong' : null;
  if (value.length > ADDRESS_PART_MAX) return 'tooLong';
  if (field === 'pinCode' && value !== '' && !PIN_CODE.test(value)) return 'pinCode';
  return null;
}

/**
 * The body of POST /orders/{quotationId}, or null while the draft cannot be sent (another address
 * without its line, a PIN code that is not six digits, a date that is not a date). The profile's place
 * is the server's default, so it is not sent: the server copies the profile as it stands then.
 */
export function placeOrderBody(draft: OrderPlaceDraft): PlaceOrderBody | null {
  if (draft.preferredDate !== '' && !CALENDAR_DATE.test(draft.preferredDate)) return null;
  const date = draft.preferredDate === '' ? {} : { preferredDate: draft.preferredDate };
  if (draft.place === 'profile') return date;
  if (ADDRESS_FIELDS.some((field) => addressRefusal(draft, field) !== null)) return null;
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = draft.address[field].trim();
    if (value !== '') address[field] = value;
  }
  const pin = foundLocation(draft);
  return { deliveryAddress: address as NonNullable<PlaceOrderBody['deliveryAddress']>, ...(pin ? { deliveryLocation: pin } : {}), ...date };
}
