/**
 * One row of an admin list whose rows open in a sheet (orders, quotations): a card that opens the row,
 * its details, and its status at the end; on a list that ticks rows, the row's tick before the card.
 */
import type { ReactNode } from 'react';

export function ListRow({
  onOpen,
  status,
  statusClassName = 'admin-status',
  tick,
  children,
}: {
  /** Opens the row's sheet; null while the chart opens none (the card is disabled). */
  onOpen: (() => void) | null;
  status: ReactNode;
  statusClassName?: string;
  /** The row's tick (`RowTick`), on a list that ticks rows. */
  tick?: ReactNode;
  /** The row's number and details. */
  children: ReactNode;
}) {
  return (
    <li className={tick === undefined ? undefined : 'admin-pickable'}>
      {tick}
      <button type="button" className="shop-card admin-row" onClick={onOpen ?? undefined} disabled={onOpen === null}>
        <span className="admin-row-main">{children}</span>
        <span className={statusClassName}>{status}</span>
      </button>
    </li>
  );
}
