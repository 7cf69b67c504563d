/**
 * The analyst's diagram writes its counts as the rest of the screen does, in the screen's language
 * (Hindi groups them the Indian way: 11,27,170), and still reads each drawn count back to weigh its arrow.
 */
import { describe, expect, it } from 'vitest';
import connection from '../../docs/statecharts/connection.json';
import type { Def } from '../../src/domain/statechart-mermaid';
import type { ChartTraffic } from '../../src/domain/schemas/analytics';
import { countOfLabel, edgeStyle, formatMs, trafficMermaid } from '../../src/web/analyst/chart-picture';

const traffic: ChartTraffic = {
  transitions: [
    { from: 'connection.network.online', to: 'connection.network.offline', event: 'network.offline', count: 1_127_170, tested: true },
    { from: 'connection.network.offline', to: 'connection.network.online', event: 'network.online', count: 0, tested: true },
  ],
  states: [{ state: 'connection.network.offline', medianMs: 125_000 }],
};

const inLanguage = (locale: string) => ({ duration: (ms: number) => formatMs(ms, locale), count: (count: number) => new Intl.NumberFormat(locale).format(count) });
const labelOf = (text: string, event: string) => text.split('\n').find((line) => line.includes(`: ${event}`))?.split(' : ')[1];

describe("the analyst's diagram", () => {
  it('writes counts and times in Hindi as the rest of the screen does', () => {
    const text = trafficMermaid(connection as unknown as Def, traffic, null, inLanguage('hi'));
    expect(labelOf(text, 'network.offline')).toBe('network.offline · 11,27,170');
    expect(labelOf(text, 'network.online')).toBe('network.online · 0');
    expect(text).toContain(`offline (${formatMs(125_000, 'hi')})`);
  });

  it('writes them in English without a language, grouped as India writes them, as the dashboard does', () => {
    expect(labelOf(trafficMermaid(connection as unknown as Def, traffic), 'network.offline')).toBe('network.offline · 11,27,170');
  });

  it('reads a drawn count back past its grouping, and nothing from a label without one', () => {
    expect([countOfLabel('network.offline · 11,27,170'), countOfLabel('network.offline · 1,127,170'), countOfLabel('a · 0'), countOfLabel('a · 999')]).toEqual([1_127_170, 1_127_170, 0, 999]);
    expect([countOfLabel('network.offline'), countOfLabel('a · b'), countOfLabel('a · 1,2'), countOfLabel('a ·')]).toEqual([null, null, null, null]);
  });

  it('dashes an arrow never taken and thickens the busiest', () => {
    expect([edgeStyle(0, 10), edgeStyle(10, 10)]).toEqual([{ dashed: true, width: 1.5 }, { dashed: false, width: 7 }]);
  });
});
