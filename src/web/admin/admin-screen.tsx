/**
 * An admin screen drawn from its chart: the view gets the chart's snapshot and `send` once the app has
 * spawned the chart (use-admin-chart.ts), and the page shows 'Loading' for the moment before.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AdminChartId } from '../../../machines/screen-charts';
import { Loading } from '../shell/loading';
import { useAdminChart, type AdminChartRefs } from './use-admin-chart';

export interface ChartView<K extends AdminChartId> {
  snapshot: SnapshotFrom<AdminChartRefs[K]>;
  send: AdminChartRefs[K]['send'];
}

export function adminScreen<K extends AdminChartId>(id: K, View: (props: ChartView<K>) => ReactNode) {
  function Shown({ chart }: { chart: AdminChartRefs[K] }) {
    const snapshot = useSelector(chart, (s) => s) as SnapshotFrom<AdminChartRefs[K]>;
    return <View snapshot={snapshot} send={chart.send} />;
  }
  return function AdminScreen() {
    const chart = useAdminChart(id);
    return chart ? <Shown chart={chart} /> : <Loading />;
  };
}
