import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMachines, MACHINES_DIR, OUT_DIR, renderStatecharts, staleStatecharts } from '../../scripts/statecharts';

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

  it('never loops a box onto itself or starts an arrow at a parallel region, which Mermaid cannot draw', async () => {
    const files = await renderStatecharts();
    const session = files.get('session.mmd') ?? '';
    expect(session).not.toMatch(/^\s*session_account --> session_account /m);
    expect(session).not.toMatch(/^\s*session_route --> /m);
    expect(session).toContain('session_route_shown --> session_route_deciding : nav.go');
  });

  it('counts a chart file whose machine is gone as stale', async () => {
    const orphan = join(OUT_DIR, 'noSuchMachine.mmd');
    writeFileSync(orphan, 'stateDiagram-v2\n');
    try {
      expect(await staleStatecharts()).toContain('noSuchMachine.mmd');
    } finally {
      rmSync(orphan);
    }
  });

  it('has committed docs/statecharts files that match the machines (run npm run statecharts)', async () => {
    expect(await staleStatecharts()).toEqual([]);
  });
});
