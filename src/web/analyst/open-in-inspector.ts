/**
 * "Open in inspector": a sampled journey sent to the Stately inspector through @statelyai/inspect's
 * manual calls. Each chart the journey touches is announced as an actor with its definition and first
 * state, then each step as an event to it with the snapshot it led to, up to the replay's position.
 * The journey holds no payload or context, so the inspector shows states and event types only.
 */
import type { Journey } from '../../domain/schemas/analytics';
import type { Def } from '../../domain/statechart-mermaid';

/** A state path (`registration.filling.profile.empty`) as an XState state value under the chart. */
export function stateValueOf(chart: string, path: string): unknown {
  const parts = path.split('.').slice(1);
  if (parts.length === 0) return {};
  return parts.reduceRight<unknown>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined);
}

export async function openInInspector(journey: Journey, upTo: number, definitionOf: (chart: string) => Promise<Def | undefined>): Promise<void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  const announced = new Set<string>();
  for (const t of journey.transitions.slice(0, Math.max(upTo, 1))) {
    const actorId = `${t.chart}:${journey.id}`;
    if (!announced.has(actorId)) {
      announced.add(actorId);
      const definition = await definitionOf(t.chart);
      inspector.actor(actorId, { status: 'active', context: {}, value: stateValueOf(t.chart, t.from) }, definition ? { definition: JSON.stringify(definition) } : {});
    }
    inspector.event(actorId, { type: t.event });
    inspector.snapshot(actorId, { status: 'active', context: {}, value: stateValueOf(t.chart, t.to) });
  }
}
