import { describe, expect, it } from 'vitest';
import { chunkFileNames, codeSplitting } from '../../build/chunk-groups';

// The boot's chunk groups (main.tsx's steps) and the chunk names the service worker and the
// server's caching go by (admin screens under assets/admin/, texts as messages-<locale>).
const groupsOf = (id: string) => codeSplitting.groups.filter((group) => group.test.test(`/work/main/${id}`)).map((group) => group.name);
const nameOf = (facadeModuleId: string | null) => chunkFileNames({ facadeModuleId, name: 'x', isEntry: false, isDynamicEntry: true, moduleIds: [], exports: [] });

describe('chunk groups', () => {
  it.each([
    ['node_modules/xstate/dist/xstate.esm.js', 'charts-core'],
    ['machines/session.machine.ts', 'charts-core'],
    ['machines/session-routing.ts', 'charts-core'],
    ['machines/screen-charts.ts', 'charts-core'],
    ['src/domain/money.ts', 'charts-core'],
    ['machines/cart.machine.ts', 'charts-rest'],
    ['machines/admin-list.ts', 'charts-rest'],
    ['machines/app.machine.ts', 'boot-logic'],
    ['src/web/boot-logic.ts', 'boot-logic'],
    ['src/web/api/client.ts', 'boot-logic'],
    ['node_modules/wouter/esm/index.js', 'boot-logic'],
    ['src/web/app.tsx', 'boot-shell'],
    ['src/web/styles.css', 'boot-shell'],
    ['node_modules/react-intl/index.js', 'boot-shell'],
    ['node_modules/react/jsx-runtime.js', 'boot-shell'],
    // The recorder's tap is on the root actor from its start: with the shell that starts it.
    ['src/web/shell/transition-tap.ts', 'boot-shell'],
  ])('puts %s in %s, and in no other group', (id, group) => {
    expect(groupsOf(id)).toEqual([group]);
  });

  it("leaves the entry's own domain modules, the screens and React DOM to the bundler", () => {
    // The analyst's view and the recorder come with their own screens and chunks, never at boot.
    for (const id of ['src/domain/analytics.ts', 'src/domain/statechart-mermaid.ts', 'machines/analyst-view.machine.ts', 'src/web/shell/transition-recorder.ts']) {
      expect(groupsOf(id)).toEqual([]);
    }
    for (const id of ['src/domain/routes.ts', 'src/domain/types.ts', 'src/web/shop/home.tsx', 'src/web/admin/users.tsx', 'node_modules/react-dom/client.js']) {
      expect(groupsOf(id)).toEqual([]);
    }
  });

  it('names admin screens and admin texts under assets/admin/, the farmer texts by locale, the rest by name', () => {
    expect(nameOf('/work/main/src/web/admin/users.tsx')).toBe('assets/admin/[name]-[hash].js');
    expect(nameOf('\0virtual:messages/gu/admin')).toBe('assets/admin/[name]-[hash].js');
    expect(nameOf('\0virtual:messages/hi/app')).toBe('assets/messages-hi-[hash].js');
    expect(nameOf('/work/main/src/web/shop/home.tsx')).toBe('assets/[name]-[hash].js');
    expect(nameOf(null)).toBe('assets/[name]-[hash].js');
  });
});
