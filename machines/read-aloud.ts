/**
 * Read aloud: the key facts of a screen as the phone's voice speaks them in the farmer's language, for
 * a farmer who reads slowly or not at all. Selectors over the charts the screens render (the catalogue's
 * open product with the cart's quantity box, the quotation-detail and order-tracking charts' quotation);
 * the words come through the screen's react-intl, so each text is pure and tested without audio.
 * Amounts are said as a number of rupees ("1,350 rupees"), never with the ₹ sign a voice may skip, and
 * the delivery code digit by digit.
 */
import { priceDetails } from '../src/domain/money';
import { QUOTATION_BADGE } from '../src/domain/quotation-status';
import { skuName, skuText, unitText, type UnitIntl } from '../src/domain/sku-text';
import { trackerSteps } from '../src/domain/tracker';
import type { Quotation, Sku } from '../src/domain/types';
import { formatWhen } from '../src/domain/when';
import { trackerStepLabel } from './order-tracking.machine';

/** What a spoken text needs of react-intl. */
export interface SpokenWords extends UnitIntl {
  readonly locale: string;
  formatMessage(descriptor: { id: string; defaultMessage?: string }, values?: Record<string, string | number>): string;
}

/** The voice's language for a UI locale: India's Hindi, Gujarati or English. */
export const speechLang = (locale: string): 'hi-IN' | 'gu-IN' | 'en-IN' => (locale === 'hi' ? 'hi-IN' : locale === 'gu' ? 'gu-IN' : 'en-IN');

/** Rupees as a number the voice reads in the language's own grouping (12,34,567 or 1,350.50), without a sign. */
const rupees = (paisa: number, locale: string): string =>
  new Intl.NumberFormat(`${locale}-IN`, { maximumFractionDigits: 2, minimumFractionDigits: paisa % 100 === 0 ? 0 : 2, numberingSystem: 'latn' }).format(paisa / 100);

const say = (words: SpokenWords) => (id: string, defaultMessage: string, values?: Record<string, string | number>) =>
  words.formatMessage({ id, defaultMessage }, values);

/** The product page: its name, the quantity in the box (when one is typed), and its overview. */
export function productSpeech(sku: Sku | null, quantityText: string, words: SpokenWords): string | null {
  if (sku === null) return null;
  const t = say(words);
  const parts = [`${skuName(sku, words.locale)}.`];
  if (quantityText.trim() !== '') {
    parts.push(t('shop.speak.quantity', 'Quantity: {quantity} {unit}.', { quantity: quantityText.trim(), unit: unitText(sku.skuQuantityUnit, words) }));
  }
  const overview = skuText(sku, 'description', words.locale);
  if (overview !== '') parts.push(overview);
  return parts.join(' ');
}

/** The quotation's details: its status, each item with its quantity, the total once priced, and until when the price holds. */
export function quotationSpeech(snapshot: { context: { quotation: Quotation | null } }, words: SpokenWords): string | null {
  const quotation = snapshot.context.quotation;
  if (quotation === null) return null;
  const t = say(words);
  const status = t(`shop.status.${quotation.status}`, QUOTATION_BADGE[quotation.status].label);
  const parts = [t('shop.speak.quotation', 'Quotation {id}: {status}.', { id: quotation.quotationDisplayId, status })];
  for (const line of quotation.skusDetail) {
    parts.push(`${skuName(line.skuIdentifier, words.locale)}, ${line.quantity} ${unitText(line.skuIdentifier.skuQuantityUnit, words)}.`);
  }
  if (quotation.status === 'COMPLETED' || quotation.status === 'ORDERED') {
    parts.push(t('shop.speak.total', 'Total {amount} rupees.', { amount: rupees(priceDetails(quotation.skusDetail).totalPaisa, words.locale) }));
  }
  if (quotation.status === 'COMPLETED' && quotation.validUntil) {
    parts.push(t('shop.speak.validUntil', 'The price holds until {date}.', { date: formatWhen(quotation.validUntil, words.locale) }));
  }
  return parts.join(' ');
}

/** The order's status: the step it has reached, and the delivery code to give the driver, digit by digit. */
export function orderSpeech(snapshot: { context: { quotation: Quotation | null } }, words: SpokenWords): string | null {
  const quotation = snapshot.context.quotation;
  if (quotation === null || quotation.orderStatus == null) return null;
  const t = say(words);
  const reached = trackerSteps(quotation).filter((step) => step.key !== 'PAYMENT' && step.complete).at(-1);
  const parts = [t('shop.speak.order', 'Order {id}.', { id: quotation.orderDisplayId ?? quotation.quotationDisplayId })];
  if (reached) parts.push(`${t(trackerStepLabel(reached.key).id, trackerStepLabel(reached.key).defaultMessage)}.`);
  if (quotation.deliveryOtp && quotation.orderStatus !== 'DELIVERED') {
    parts.push(t('shop.speak.deliveryCode', 'Your delivery code is {digits}. Tell it to the driver when the order arrives.', { digits: quotation.deliveryOtp.split('').join(' ') }));
  }
  return parts.join(' ');
}
