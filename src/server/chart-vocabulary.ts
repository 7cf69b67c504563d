/**
 * The charts the analyst's view knows, read once at start-up from their exported definitions
 * (docs/statecharts/<id>.json, written from machines/ by `npm run statecharts`, which a test keeps in
 * step): each chart's state paths and event types, the only ones a recorded transition may name; and
 * the definition itself, whose transitions the view counts. Read from this module's own url: dist/server
 * sits as deep as src/server, so the path holds for the built server too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vocabularyOf, type ChartDefinition, type ChartVocabulary } from '../domain/analytics';

export const STATECHARTS_DIR = fileURLToPath(new URL('../../docs/statecharts/', import.meta.url));

export interface KnownCharts {
  vocabulary: ReadonlyMap<string, ChartVocabulary>;
  definitions: ReadonlyMap<string, ChartDefinition>;
  /** Per chart, the transitions (`from --event--> to`) the generated model paths walk; empty when none. */
  tested: ReadonlyMap<string, ReadonlySet<string>>;
}

export function loadKnownCharts(dir: string = STATECHARTS_DIR): KnownCharts {
  const definitions = new Map<string, ChartDefinition>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const definition = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as ChartDefinition;
    if (typeof definition.id === 'string' && `${definition.id}.json` === file) definitions.set(definition.id, definition);
  }
  if (definitions.size === 0) throw new Error(`No chart definitions in ${dir}: run npm run statecharts`);
  const tested = new Map<string, ReadonlySet<string>>();
  for (const id of definitions.keys()) {
    const path = `${dir}/tested/${id}.json`;
    const covered = existsSync(path) ? ((JSON.parse(readFileSync(path, 'utf8')) as { covered?: string[] }).covered ?? []) : [];
    tested.set(id, new Set(covered));
  }
  return {
    vocabulary: new Map([...definitions].map(([id, d]) => [id, vocabularyOf(d)])),
    definitions,
    tested,
  };
}

let known: KnownCharts | null = null;
/** The charts, read on first use and kept. */
export const knownCharts = (): KnownCharts => (known ??= loadKnownCharts());
