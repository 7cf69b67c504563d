import type { Plugin } from 'vite';
import { chunkCycle } from './chunk-cycle.ts';

/**
 * main.tsx boots in steps, each a dynamic import evaluated in its own task (React DOM, the charts,
 * the shell). Their scripts must not wait for the entry to run before they download: index.html gets
 * a modulepreload for each step's chunk and the chunks those import, so all of them download in
 * parallel with the entry (the browser fetches and compiles them, and evaluates them when imported).
 */
const BOOT_STEPS = /[/\\](?:react-dom[/\\]client\.js|src[/\\]web[/\\]boot-(?:logic|render)\.tsx?)$/;

export function bootPreloads(): Plugin {
  return {
    name: 'boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        // The chunks holding the steps' modules (a step may share its chunk with others).
        const steps = chunks.filter((chunk) => chunk.moduleIds.some((id) => BOOT_STEPS.test(id)));
        const found = chunks.flatMap((chunk) => chunk.moduleIds.filter((id) => BOOT_STEPS.test(id)));
        if (found.length !== 3) throw new Error(`bootPreloads: expected the 3 boot steps' modules, found ${found.join(', ') || 'none'}`);
        const cycle = chunkCycle(chunks);
        const holding = (fileName: string) => chunks.find((chunk) => chunk.fileName === fileName)?.moduleIds.map((id) => id.replace(/^.*[/\\](?:node_modules|src|machines)[/\\]/, '')).join(', ');
        if (cycle) throw new Error(`bootPreloads: the chunks import each other (${cycle.map((name) => `${name} [${holding(name)}]`).join(' → ')}); one evaluates before the other's classes exist (a "not a constructor" at start-up). Move the modules into one group.`);
        const known = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (fileName: string) => {
          if (known.has(fileName)) return;
          known.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          wanted.push(fileName);
        };
        steps.forEach((chunk) => visit(chunk.fileName));
        // The steps' stylesheets (the shell's styles.css): fetched now, applied when the shell's step
        // is imported. Linked as a stylesheet here they would block the splash's first paint.
        const styles = [...new Set(wanted.flatMap((fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        }))];
        return [
          ...wanted.map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const })),
          // crossorigin as Vite's preload helper links it (`crossOrigin = ""`): without it the browser
          // cannot reuse the preload and fetches the file again.
          ...styles.map((fileName) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
