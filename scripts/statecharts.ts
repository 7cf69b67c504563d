/**
 * `npm run statecharts`: writes every machine of machines/*.machine.ts under docs/statecharts/ as
 * <id>.json (the machine's definition, importable into Stately) and <id>.mmd (a Mermaid
 * stateDiagram-v2), and index.html: one page drawing every diagram with the Mermaid copied beside it
 * (mermaid.min.js, not committed), so analysts read the charts offline. `--check` writes nothing and
 * exits 1 when a committed file is stale.
 * New machines are picked up by their file name; nothing to register.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { mermaidOf, type Def } from '../src/domain/statechart-mermaid';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MACHINES_DIR = join(root, 'machines');
export const OUT_DIR = join(root, 'docs', 'statecharts');


const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'definition' in value && 'root' in value && 'provide' in value;

/** Every machine exported by machines/*.machine.ts, by file name order. */
export async function loadMachines(): Promise<AnyStateMachine[]> {
  const files = readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const machines: AnyStateMachine[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    // In export-name order: a module namespace lists its names sorted under one loader and as
    // written under another, and the page must come out the same from both.
    for (const name of Object.keys(mod).sort()) {
      const value = mod[name];
      if (isMachine(value) && !machines.includes(value)) machines.push(value);
    }
  }
  return machines;
}


/** The chart as a Mermaid stateDiagram-v2 (src/domain/statechart-mermaid.ts). */
const toMermaid = (machine: AnyStateMachine): string => mermaidOf(definitionOf(machine));

type Node = AnyStateMachine['root'];
interface AlwaysDef {
  eventType: '';
  source: string;
  target?: string[];
  guard?: unknown;
  actions: unknown[];
}

/**
 * The machine's definition with its eventless (`always`) transitions added: xstate leaves them out of
 * `definition`, and the route guards are exactly such transitions.
 */
export function definitionOf(machine: AnyStateMachine): Def {
  const withAlways = (node: Node, def: Def): Def => {
    const always: AlwaysDef[] = (node.always ?? []).map((t) => ({
      eventType: '',
      source: `#${node.id}`,
      ...(t.target ? { target: t.target.map((n) => `#${n.id}`) } : {}),
      ...(t.guard ? { guard: typeof t.guard === 'function' ? 'guard' : t.guard } : {}),
      actions: (t.actions ?? []).map((a) => (typeof a === 'function' ? { type: 'inline' } : a)),
    }));
    const states = Object.fromEntries(
      Object.entries(def.states).map(([key, child]) => [key, withAlways(node.states[key] as Node, child)]),
    );
    return { ...def, states, ...(always.length > 0 ? { always, transitions: [...def.transitions, ...always] } : {}) };
  };
  return withAlways(machine.root, machine.definition as unknown as Def);
}

/** Where the page's Mermaid comes from: the installed package, copied beside index.html. */
export const MERMAID_SOURCE = join(root, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
export const MERMAID_COPY = 'mermaid.min.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One page with every chart drawn by the Mermaid beside it (no network), each linked to its JSON. */
export function indexPage(charts: { id: string; mermaid: string }[]): string {
  const toc = charts.map(({ id }) => `      <li><a href="#chart-${id}">${id}</a></li>`).join('\n');
  const sections = charts
    .map(
      ({ id, mermaid }) => `    <section id="chart-${id}">
      <h2>${id}</h2>
      <p><a href="${id}.json">${id}.json</a> (the definition, importable into Stately) · <a href="${id}.mmd">${id}.mmd</a></p>
      <pre class="mermaid">
${escapeHtml(mermaid)}</pre>
    </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Statecharts</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem; color: #1b1b1b; }
      section { border-top: 1px solid #ccc; padding: 1rem 0; overflow-x: auto; }
      pre.mermaid { background: #fafafa; }
      #no-mermaid { background: #fff3cd; padding: 0.5rem; }
      ul { columns: 3; }
    </style>
  </head>
  <body>
    <h1>Statecharts</h1>
    <p>Every machine in <code>machines/</code>, as <code>npm run statecharts</code> wrote it. Arrows read
      <code>event [guard]</code>; see README.md for how to read them and how to open them in Stately.</p>
    <p id="no-mermaid" hidden>Mermaid did not load: run <code>npm run statecharts</code>, which copies
      <code>${MERMAID_COPY}</code> beside this page. The chart texts below are still the diagrams' sources.</p>
    <ul>
${toc}
    </ul>
${sections}
    <script src="${MERMAID_COPY}"></script>
    <script>
      if (typeof mermaid === 'undefined') document.getElementById('no-mermaid').hidden = false;
      else mermaid.initialize({ startOnLoad: true, securityLevel: 'strict', maxTextSize: 500000, maxEdges: 2000 });
    </script>
  </body>
</html>
`;
}

/** The files `npm run statecharts` writes, by name. */
export async function renderStatecharts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const charts: { id: string; mermaid: string }[] = [];
  for (const machine of await loadMachines()) {
    const mermaid = toMermaid(machine);
    files.set(`${machine.id}.json`, `${JSON.stringify(definitionOf(machine), null, 2)}\n`);
    files.set(`${machine.id}.mmd`, mermaid);
    charts.push({ id: machine.id, mermaid });
  }
  files.set('index.html', indexPage(charts));
  return files;
}

/** Chart files in docs/statecharts whose machine no longer exists. */
function orphans(files: Map<string, string>): string[] {
  if (!existsSync(OUT_DIR)) return [];
  return readdirSync(OUT_DIR).filter((f) => (f.endsWith('.json') || f.endsWith('.mmd')) && !files.has(f));
}

/** Names of committed files that differ from what the machines give now (missing and orphaned ones included). */
export async function staleStatecharts(): Promise<string[]> {
  const files = await renderStatecharts();
  const stale: string[] = [];
  for (const [name, text] of files) {
    const path = join(OUT_DIR, name);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(name);
  }
  return [...stale, ...orphans(files)];
}

async function main() {
  if (process.argv.includes('--check')) {
    const stale = await staleStatecharts();
    if (stale.length > 0) {
      console.error(`Stale statecharts (run npm run statecharts): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('statecharts are up to date');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const files = await renderStatecharts();
  for (const name of orphans(files)) rmSync(join(OUT_DIR, name));
  for (const [name, text] of files) writeFileSync(join(OUT_DIR, name), text);
  copyFileSync(MERMAID_SOURCE, join(OUT_DIR, MERMAID_COPY));
  console.log(`wrote ${files.size} files to docs/statecharts/ and copied ${MERMAID_COPY} beside index.html`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
