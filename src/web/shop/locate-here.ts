/**
 * "Use my location" at Place Order: the phone's position (the same geolocation effect sign-up uses),
 * told to the quotation-detail chart as `order.location`: finding, then found or failed.
 */
import { createActor, toPromise } from 'xstate';
import type { OrderPlaceDraft } from '../../../machines/order-place-draft';
import { locate } from '../onboarding/browser-actors';

export function locateHere(tell: (location: OrderPlaceDraft['location']) => void): void {
  tell('finding');
  toPromise(createActor(locate).start()).then(
    (at) => tell({ lat: at.lat, long: at.long }),
    () => tell('failed'),
  );
}
