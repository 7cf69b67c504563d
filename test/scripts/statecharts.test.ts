import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadMachines, MACHINES_DIR, renderStatecharts, staleStatecharts } from '../../scripts/statecharts';

describe('npm run statecharts', () => {
  it('finds a machine in every machines/*.machine.ts file', async () => {
    const files = readdirSync(MACHINES_DIR).filter((f) => f.endsWith('.machine.ts'));
    const machines = await loadMachines();
    expect(machines.length).toBeGreaterThanOrEqual(files.length);
  });

  it('draws the route guards of the session, which xstate leaves out of the definition', async () => {
    const files = await renderStatecharts();
    const mermaid = files.get('session.mmd') ?? '';
    expect(mermaid).toContain('session_route_deciding --> session_route_deciding : always [isNotVerified]');
    expect(JSON.parse(files.get('session.json') ?? '{}').states.route.states.deciding.always.length).toBeGreaterThan(9);
  });

  it('has committed docs/statecharts files that match the machines (run npm run statecharts)', async () => {
    expect(await staleStatecharts()).toEqual([]);
  });
});
