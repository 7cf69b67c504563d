/** Why a typed quantity is refused (src/domain/quantity), in the farmer's language: /sku-details and /cart alike. */
import { useIntl } from 'react-intl';
import { QUANTITY_MAX, type QuantityRefusal } from '../../domain/quantity';
import { unitText } from '../../domain/sku-text';

const REFUSAL_TEXT: Record<QuantityRefusal, string> = {
  notANumber: 'Type the quantity in numbers only',
  tooSmall: 'The quantity must be more than 0',
  wholeOnly: '{unit} is sold in whole numbers only: 1, 2, 3…',
  oneDecimal: '{unit} takes at most one digit after the point, like 2.5',
  tooLarge: 'At most {max} {unit} in one request',
};

export function QuantityRefusalText({ id, reason, unit }: { id: string; reason: QuantityRefusal; unit: string }) {
  const intl = useIntl();
  return (
    <p id={id} className="shop-refusal" role="alert">
      {intl.formatMessage(
        { id: `shop.quantity.refused.${reason}`, defaultMessage: REFUSAL_TEXT[reason] },
        // Lakh grouping, as money is shown (DECISIONS §1).
        { unit: unitText(unit, intl), max: QUANTITY_MAX.toLocaleString('en-IN') },
      )}
    </p>
  );
}
