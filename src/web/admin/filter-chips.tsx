/**
 * The filters a dashboard link set on a list (`age`, `late`, `expiring`, `due`, `problem`, `sort`),
 * each a chip whose button removes it (the chart loads the list without it).
 */
import { useIntl, type IntlShape } from 'react-intl';
import type { ListFilters } from '../../../machines/admin-list';
import './cockpit.css';

const AGE_LABEL: Record<string, string> = { lt4h: 'Waiting under 4 h', '4to24h': 'Waiting 4 to 24 h', gt24h: 'Waiting over 24 h' };

function chipText(intl: IntlShape, name: string, value: string): string {
  switch (name) {
    case 'age':
      return intl.formatMessage({ id: `admin.filter.age.${value}`, defaultMessage: AGE_LABEL[value] ?? value });
    case 'late':
      return intl.formatMessage({ id: 'admin.filter.late', defaultMessage: 'Late' });
    case 'expiring':
      return intl.formatMessage({ id: 'admin.filter.expiring', defaultMessage: 'Ending within a day' });
    case 'due':
      return intl.formatMessage({ id: 'admin.filter.dueToday', defaultMessage: 'Due today' });
    case 'problem':
      return intl.formatMessage({ id: 'admin.filter.problem', defaultMessage: 'Problem reported' });
    case 'sort':
      return intl.formatMessage({ id: 'admin.filter.lateFirst', defaultMessage: 'Late first' });
    default:
      return `${name}: ${value}`;
  }
}

export function FilterChips({ filters, onRemove, canRemove }: { filters: ListFilters; onRemove: (name: string) => void; canRemove: (name: string) => boolean }) {
  const intl = useIntl();
  const chips = Object.entries(filters);
  if (chips.length === 0) return null;
  return (
    <ul className="admin-chips">
      {chips.map(([name, value]) => {
        const text = chipText(intl, name, value);
        return (
          <li key={name} className="admin-chip">
            <span>{text}</span>
            <button
              type="button"
              className="admin-chip-remove"
              aria-label={intl.formatMessage({ id: 'admin.filter.remove', defaultMessage: 'Remove filter: {filter}' }, { filter: text })}
              onClick={() => onRemove(name)}
              disabled={!canRemove(name)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
