/**
 * The analyst's diagram of a chart with its traffic: the chart's own Mermaid picture (the offline
 * page's, src/domain/statechart-mermaid.ts) with each arrow's count after its label, each state's
 * median time after its name, and the replay's current state marked. Arrows never taken in the
 * period are drawn dashed and the others as thick as their share of the busiest (see `styleEdges`).
 */
import type { ChartTraffic } from '../../domain/schemas/analytics';
import { mermaidId, mermaidOf, type Def } from '../../domain/statechart-mermaid';
import { formatCount } from '../i18n/count';

/** Marks the end of a label with the count, so the drawn arrow can be styled by it. */
const COUNT_MARK = ' · ';

const UNITS = [
  { below: 1_000, size: 1, unit: 'millisecond' },
  { below: 60_000, size: 1_000, unit: 'second' },
  { below: 3_600_000, size: 60_000, unit: 'minute' },
  { below: 86_400_000, size: 3_600_000, unit: 'hour' },
  { below: Infinity, size: 86_400_000, unit: 'day' },
] as const;

/** A duration as an analyst reads it, in the screen's language: 850 ms, 12 sec, 4 min, 3 hr, 2 days in English. */
export function formatMs(ms: number, locale = 'en'): string {
  const { size, unit } = UNITS.find((u) => ms < u.below)!;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(Math.round(ms / size));
}

const edgeKey = (from: string, to: string, event: string) => `${from} --${event}--> ${to}`;

/** How the diagram writes its figures: the screen's own formatters, in its language. */
export interface PictureFormat {
  duration: (ms: number) => string;
  /** A count as the rest of the screen writes it (Hindi 11,27,170); its digits must be 0–9 (countOfLabel reads them back). */
  count: (count: number) => string;
}

const ENGLISH: PictureFormat = { duration: formatMs, count: (count) => formatCount(count, 'en') };

/** The chart's Mermaid text with its traffic; `current` is the state a replay has reached. */
export function trafficMermaid(definition: Def, traffic: ChartTraffic, current: string | null = null, format: PictureFormat = ENGLISH): string {
  const counts = new Map(traffic.transitions.map((t) => [edgeKey(t.from, t.to, t.event), t.count]));
  const medians = new Map(traffic.states.map((s) => [s.state, s.medianMs]));
  const text = mermaidOf(definition, {
    // An eventless step happens within the event before it: it has no count of its own.
    edge: ({ source, target, event }) => (event === '' ? '' : `${COUNT_MARK}${format.count(counts.get(edgeKey(source, target, event)) ?? 0)}`),
    state: (id) => {
      const median = medians.get(id);
      return median === null || median === undefined ? '' : ` (${format.duration(median)})`;
    },
  });
  if (!current) return text;
  return `${text}  classDef current fill:#ffd54f,stroke:#b26a00,stroke-width:3px\n  class ${mermaidId(current)} current\n`;
}

/** The count an arrow's drawn label ends with, read past its grouping (1,127,170 or 11,27,170), or null for an arrow without one. */
export function countOfLabel(label: string): number | null {
  const at = label.lastIndexOf(COUNT_MARK.trim());
  if (at < 0) return null;
  const written = label.slice(at + 1).trim();
  return /^\d{1,3}([,.\s\u00a0\u202f]\d{2,3})*$/.test(written) ? Number(written.replace(/\D/g, '')) : null;
}

/** An arrow's line: dashed when never taken, else from 1.5 to 7 px by its share of the busiest arrow. */
export function edgeStyle(count: number, busiest: number): { dashed: boolean; width: number } {
  if (count === 0) return { dashed: true, width: 1.5 };
  return { dashed: false, width: 1.5 + (5.5 * Math.log1p(count)) / Math.log1p(Math.max(busiest, 1)) };
}

/**
 * Styles the drawn arrows by the counts in their labels. Mermaid names each label after its arrow
 * (`data-id`); where it does not, labels and arrows are matched in drawing order.
 */
export function styleEdges(svg: SVGSVGElement): void {
  const labels = [...svg.querySelectorAll<SVGGElement>('g.edgeLabel')];
  const paths = [...svg.querySelectorAll<SVGPathElement>('g.edgePaths path, path.transition')];
  const counted = labels.map((label, index) => {
    const id = label.querySelector('[data-id]')?.getAttribute('data-id');
    const path = (id ? svg.querySelector<SVGPathElement>(`path[id="${CSS.escape(id)}"], path[data-id="${CSS.escape(id)}"]`) : null) ?? paths[index] ?? null;
    return { path, count: countOfLabel(label.textContent ?? '') };
  });
  const busiest = Math.max(0, ...counted.map((c) => c.count ?? 0));
  for (const { path, count } of counted) {
    if (!path || count === null) continue;
    const { dashed, width } = edgeStyle(count, busiest);
    path.style.strokeWidth = `${width}px`;
    path.style.strokeDasharray = dashed ? '6 5' : 'none';
    path.classList.add(dashed ? 'analyst-edge-never' : 'analyst-edge-taken');
  }
}
