/**
 * − box unit +, and under it why a typed quantity is refused: /sku-details and each /cart line alike.
 * What the farmer types reaches the cart chart as typed (a text box, not a number input), so a refusal
 * can say why; whether − and + are offered is the chart's `can()`, passed in.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { QuantityRefusal } from '../../domain/quantity';
import { unitText } from '../../domain/sku-text';
import { MinusIcon, PlusIcon } from './icons';
import { QuantityRefusalText } from './quantity-refusal';

interface QuantityStepperProps {
  /** The product's name, for the − and + buttons' names. */
  name: string;
  unit: string;
  box: { text: string; refusal: QuantityRefusal | null };
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
  onType: (text: string) => void;
  /** The box's id, for a visible `<label htmlFor>`; without one, `label` names the box. */
  id?: string;
  label?: string;
  /** The box itself is read-only (a write on its way). */
  disabled?: boolean;
  placeholder?: string;
  className?: string;
}

export function QuantityStepper(props: QuantityStepperProps) {
  const { name, unit, box, id, label, disabled, placeholder, className } = props;
  const intl = useIntl();
  const refusalId = useId();
  return (
    <>
      <div className={className ? `shop-quantity-input ${className}` : 'shop-quantity-input'}>
        <button type="button" className="shop-icon-button" disabled={!props.canDecrease} onClick={props.onDecrease} aria-label={intl.formatMessage({ id: 'shop.cart.decrease', defaultMessage: 'Decrease {name}' }, { name })}>
          <MinusIcon />
        </button>
        <input
          id={id}
          type="text"
          role="spinbutton"
          inputMode="decimal"
          autoComplete="off"
          value={box.text}
          placeholder={placeholder}
          disabled={disabled}
          aria-label={label}
          aria-invalid={box.refusal !== null}
          aria-describedby={box.refusal === null ? undefined : refusalId}
          onChange={(e) => props.onType(e.target.value)}
        />
        <span className="shop-unit">{unitText(unit, intl)}</span>
        <button type="button" className="shop-icon-button" disabled={!props.canIncrease} onClick={props.onIncrease} aria-label={intl.formatMessage({ id: 'shop.cart.increase', defaultMessage: 'Increase {name}' }, { name })}>
          <PlusIcon />
        </button>
      </div>
      {box.refusal === null ? null : <QuantityRefusalText id={refusalId} reason={box.refusal} unit={unit} />}
    </>
  );
}
