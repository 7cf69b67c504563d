import { describe, expect, it } from 'vitest';
import { definedTransitions, modelPaths, replay } from '../support/machines/model-coverage';
import { SESSION_INPUTS, sessionEvents, sessionModelMachine, sessionSerialize } from '../support/machines/session-model';

describe('the session chart, model-based', () => {
  it('has generated paths, from four restored users (the analyst among them), that take every transition it defines', () => {
    const labels = definedTransitions(sessionModelMachine);
    const covered = new Set<unknown>();
    for (const input of Object.values(SESSION_INPUTS)) {
      const paths = modelPaths(sessionModelMachine, {
        events: sessionEvents,
        serializeState: sessionSerialize,
        input,
        limit: 4000,
      });
      for (const path of paths) replay(sessionModelMachine, path.events, input).taken.forEach((t) => covered.add(t));
    }
    const missing = [...labels.entries()].filter(([t]) => !covered.has(t)).map(([, label]) => label);
    console.log(`[session] transitions covered ${labels.size - missing.length}/${labels.size}`);
    expect(missing).toEqual([]);
  });
});
