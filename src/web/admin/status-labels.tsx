/** How the admin screens name each quotation and order status (SPEC §4), in every language. */
import { useIntl, type IntlShape } from 'react-intl';
import { ORDER_STATUSES, QUOTATION_STATUSES, type OrderStatus, type QuotationStatus } from '../../domain/types';

const QUOTATION_LABEL: Record<QuotationStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  ORDERED: 'Ordered',
  DELETED: 'Deleted',
  EXPIRED: 'Expired',
  DECLINED: 'Declined',
};

const ORDER_LABEL: Record<OrderStatus, string> = {
  CONFIRMATION_PENDING: 'Confirmation Pending',
  ORDER_CONFIRMED: 'Order Confirmed',
  MATERIAL_LOADED: 'Material Loaded',
  IN_TRANSIT: 'In Transit',
  DELIVERED: 'Delivered',
};

export const quotationStatusText = (intl: IntlShape, status: QuotationStatus) =>
  intl.formatMessage({ id: `admin.quotationStatus.${status}`, defaultMessage: QUOTATION_LABEL[status] });

export const orderStatusText = (intl: IntlShape, status: OrderStatus) =>
  intl.formatMessage({ id: `admin.orderStatus.${status}`, defaultMessage: ORDER_LABEL[status] });

export const quotationStatusOptions = (intl: IntlShape) =>
  QUOTATION_STATUSES.map((status) => ({ value: status, label: quotationStatusText(intl, status) }));

export const orderStatusOptions = (intl: IntlShape) =>
  ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusText(intl, status) }));

export function QuotationStatusLabel({ status }: { status: QuotationStatus }) {
  return <>{quotationStatusText(useIntl(), status)}</>;
}

export function OrderStatusLabel({ status }: { status: OrderStatus }) {
  return <>{orderStatusText(useIntl(), status)}</>;
}
