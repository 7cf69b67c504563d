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

  it("draws a box's own transition into its inside from an \"any state\" point inside it, never from the box", async () => {
    const files = await renderStatecharts();
    const order = files.get('orderLifecycle.mmd') ?? '';
    expect(order).toContain('state "(any state)" as orderLifecycle__any');
    expect(order).toContain('orderLifecycle__any --> orderLifecycle_DELIVERED : admin.setStatus [isTarget]');
    expect(order).not.toMatch(/^\s*orderLifecycle --> /m);
    expect(files.get('protectedImage.mmd')).toContain('protectedImage__any --> protectedImage_deciding : image.url [isNewUrl]');
  });

  it('writes one offline page that draws every chart with the local Mermaid and links each to its JSON', async () => {
    const files = await renderStatecharts();
    const page = files.get('index.html') ?? '';
    for (const machine of await loadMachines()) {
      expect(page).toContain(`<section id="chart-${machine.id}">`);
      expect(page).toContain(`<a href="${machine.id}.json">`);
    }
    expect(page).toContain('<script src="mermaid.min.js"></script>');
    expect(page).not.toMatch(/(src|href)="https?:/);
    // The chart text is escaped into the page: Mermaid reads it back from the element's text.
    expect(page).toContain('session_route_deciding --&gt; session_route_deciding : always [isNotVerified]');
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
