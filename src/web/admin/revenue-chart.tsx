/**
 * The ordered totals of the last 12 weeks as plain SVG bars (no chart library: twelve rectangles),
 * the current week in the darker green. Each bar names its week and total for a screen reader.
 */
import { useIntl } from 'react-intl';
import { formatCalendarDay } from '../../domain/india-date';
import { formatPaisa } from '../../domain/money';
import type { RevenueBar } from '../../../machines/admin-dashboard';

const WIDTH = 300;
const HEIGHT = 96;
const GAP = 4;

export function RevenueChart({ bars, label }: { bars: readonly RevenueBar[]; label: string }) {
  const intl = useIntl();
  const step = WIDTH / Math.max(bars.length, 1);
  return (
    <svg className="cockpit-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
      {/* The baseline, so twelve weeks without orders read as zero, not as a chart that failed to draw. */}
      <rect className="cockpit-baseline" x={0} y={HEIGHT - 1} width={WIDTH} height={1} />
      {bars.map((bar, i) => {
        // A week that sold something shows at least a sliver.
        const height = bar.totalPaisa === 0 ? 0 : Math.max(2, bar.share * (HEIGHT - 2));
        return (
          <rect
            key={bar.weekStart}
            className={bar.current ? 'cockpit-bar cockpit-bar-current' : 'cockpit-bar'}
            x={i * step + GAP / 2}
            y={HEIGHT - height}
            width={step - GAP}
            height={height}
          >
            <title>{`${formatCalendarDay(bar.weekStart, intl.locale)}: ${formatPaisa(bar.totalPaisa)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
