import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { bootPreloads } from '../../build/boot-preloads';
import { hook } from '../support/build/plugin-hooks';

// main.tsx's boot steps download in parallel with the entry: index.html preloads their chunks.
type Chunk = Pick<Rolldown.OutputChunk, 'type' | 'fileName' | 'isEntry' | 'imports' | 'moduleIds'> & { viteMetadata?: { importedCss: Set<string> } };

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []): Chunk => ({
  type: 'chunk',
  fileName,
  isEntry: fileName.startsWith('assets/index-'),
  imports,
  moduleIds: moduleIds.map((id) => `/work/main/${id}`),
  viteMetadata: { importedCss: new Set(css) },
});

/** A production bundle in the shape the boot's chunk groups give it (build/chunk-groups.ts). */
const bundleOf = (...chunks: Chunk[]) => Object.fromEntries(chunks.map((c) => [c.fileName, c]));
const realistic = () => [
  chunk('assets/index-EN50PM2y.js', ['src/web/main.tsx', 'src/domain/routes.ts']),
  chunk('assets/client-DILmDfsY.js', ['node_modules/react-dom/cjs/react-dom-client.production.js', 'node_modules/react-dom/client.js']),
  chunk('assets/charts-core-Dm29WsSl.js', ['node_modules/xstate/dist/xstate.esm.js', 'machines/session.machine.ts']),
  chunk('assets/charts-rest-2SfNzR_Y.js', ['machines/cart.machine.ts'], ['assets/charts-core-Dm29WsSl.js']),
  chunk('assets/boot-logic-BoxjhmfF.js', ['machines/app.machine.ts', 'src/web/boot-logic.ts'], ['assets/charts-core-Dm29WsSl.js', 'assets/charts-rest-2SfNzR_Y.js']),
  chunk('assets/boot-shell-CnQ8hyLo.js', ['src/web/app.tsx', 'src/web/boot-render.tsx'], ['assets/boot-logic-BoxjhmfF.js'], ['assets/boot-shell-Dv7H1nNS.css']),
  // A farmer screen and an admin screen: loaded on their routes, never preloaded.
  chunk('assets/home-DIgHMR73.js', ['src/web/shop/home.tsx'], ['assets/boot-shell-CnQ8hyLo.js'], ['assets/shop-layout-DW6kDYkr.css']),
  chunk('assets/admin/users-QkcBJvga.js', ['src/web/admin/users.tsx'], ['assets/boot-shell-CnQ8hyLo.js']),
];
const css = { type: 'asset', fileName: 'assets/boot-shell-Dv7H1nNS.css' };

const preloads = (bundle: Record<string, unknown> | undefined) =>
  hook(bootPreloads(), 'transformIndexHtml').call({}, '<html></html>', { path: '/index.html', filename: 'index.html', bundle });

describe('bootPreloads', () => {
  it("preloads each boot step's chunk after the chunks it imports, then the steps' stylesheets, all crossorigin", () => {
    expect(preloads({ ...bundleOf(...realistic()), [css.fileName]: css })).toEqual([
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/client-DILmDfsY.js' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/charts-core-Dm29WsSl.js' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/charts-rest-2SfNzR_Y.js' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/boot-logic-BoxjhmfF.js' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/boot-shell-CnQ8hyLo.js' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: '/assets/boot-shell-Dv7H1nNS.css' }, injectTo: 'head' },
    ]);
  });

  it('leaves out what the entry imports already: the browser fetches that with the entry', () => {
    const [entry, ...rest] = realistic();
    const tags = preloads(bundleOf({ ...entry!, imports: ['assets/charts-core-Dm29WsSl.js'] }, ...rest)) as { attrs: { href: string } }[];
    expect(tags.map((tag) => tag.attrs.href)).not.toContain('/assets/charts-core-Dm29WsSl.js');
    expect(tags).toHaveLength(5);
  });

  it('fails the build when a boot step is missing from the bundle', () => {
    const withoutLogic = realistic().map((c) => ({ ...c, moduleIds: c.moduleIds.filter((id) => !id.endsWith('boot-logic.ts')) }));
    expect(() => preloads(bundleOf(...withoutLogic))).toThrow(/expected the 3 boot steps' modules, found .*client\.js, .*boot-render\.tsx$/);
  });

  it('fails the build, naming the chunks and their modules, when two chunks import each other', () => {
    const cyclic = realistic().map((c) => (c.fileName.startsWith('assets/charts-core-') ? { ...c, imports: ['assets/charts-rest-2SfNzR_Y.js'] } : c));
    expect(() => preloads(bundleOf(...cyclic))).toThrow(
      'the chunks import each other (assets/charts-core-Dm29WsSl.js [xstate/dist/xstate.esm.js, session.machine.ts] → assets/charts-rest-2SfNzR_Y.js [cart.machine.ts] → assets/charts-core-Dm29WsSl.js [xstate/dist/xstate.esm.js, session.machine.ts])',
    );
  });

  it('adds nothing outside the production build (no bundle) or without an entry', () => {
    expect(preloads(undefined)).toBeUndefined();
    expect(preloads(bundleOf(...realistic().slice(1)))).toBeUndefined();
  });
});
