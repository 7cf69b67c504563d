/**
 * A chart's exported definition (docs/statecharts/<id>.json) drawn as a Mermaid stateDiagram-v2: the
 * offline page of diagrams (scripts/statecharts.ts) and the analyst's view, which labels each arrow
 * with its traffic, draw the same picture from the same code.
 */

export interface Def {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial?: { target: unknown[] };
  states: Record<string, Def>;
  transitions: { eventType: string; target?: unknown[]; guard?: unknown; source: string }[];
  invoke: { id: string; src: unknown }[];
  tags?: string[];
}

/** What the analyst's view adds to the picture: text after an arrow's label, and after a state's name. */
export interface MermaidDecoration {
  edge?: (edge: { source: string; target: string; event: string }) => string;
  state?: (id: string) => string;
}

export const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
/** A target as the definition gives it: '#id' or a state node. */
const targetId = (target: unknown): string =>
  (typeof target === 'string' ? target : String((target as { id?: string }).id ?? '')).replace(/^#/, '');

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function eventLabel(eventType: string, node: Def): string {
  if (eventType === '') return 'always';
  const invoke = (prefix: string, word: string) => {
    const id = eventType.slice(prefix.length);
    const found = node.invoke.find((i) => i.id === id);
    return `${word} ${typeof found?.src === 'string' ? found.src : id}`;
  };
  if (eventType.startsWith('xstate.done.actor.')) return invoke('xstate.done.actor.', 'done');
  if (eventType.startsWith('xstate.error.actor.')) return invoke('xstate.error.actor.', 'error');
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.split('.')[2]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/**
 * The chart as a Mermaid stateDiagram-v2. Each arrow is written inside the innermost box that holds
 * both its ends, as Mermaid wants for nested states.
 */
export function mermaidOf(def: Def, decoration: MermaidDecoration = {}): string {
  const nodes = new Map<string, Def>();
  const index = (node: Def) => {
    nodes.set(node.id, node);
    Object.values(node.states).forEach(index);
  };
  index(def);
  const edges = new Map<string, string[]>();
  /** Boxes holding an "any state" point (see addEdge). */
  const anyStateBoxes = new Set<string>();
  const anyStateId = (box: string) => `${mermaidId(box)}__any`;
  const parentOf = (id: string) => nodes.get(id.split('.').slice(0, -1).join('.'));
  const addEdge = (from: string, to: string, label: string) => {
    const source = nodes.get(from);
    // A region's own transition applies in each of its states: drawn from each (Mermaid cannot
    // start an arrow at a region).
    if (source && parentOf(from)?.type === 'parallel' && Object.keys(source.states).length > 0) {
      for (const child of Object.values(source.states)) {
        if (child.type !== 'history') addEdge(child.id, to === from ? child.id : to, label);
      }
      return;
    }
    // Mermaid cannot loop a box onto itself: such a transition (one that changes no state) is listed.
    if (from === to && source && (source.type === 'compound' || source.type === 'parallel')) {
      edges.set('', [...(edges.get('') ?? []), `%% ${mermaidId(from)} : ${label} (stays)`]);
      return;
    }
    const a = from.split('.');
    const b = to.split('.');
    // A box's own transition into one of its states (an event it answers in whichever state it is):
    // Mermaid draws an arrow from a box to its inside as a label without a line, so it starts at an
    // "any state" point drawn inside the box.
    if (source?.type === 'compound' && to.startsWith(`${from}.`)) {
      anyStateBoxes.add(from);
      edges.set(from, [...(edges.get(from) ?? []), `${anyStateId(from)} --> ${mermaidId(to)} : ${label}`]);
      return;
    }
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
    // An arrow from something inside a box to the box itself is drawn to the outside of the box.
    if (common === a.length || common === b.length) common -= 1;
    let box = a.slice(0, common).join('.');
    // Nor can it draw arrows inside a box split into parallel regions, or from a region itself,
    // except at the top level of the diagram.
    const touchesRegion = [from, to].some((id) => parentOf(id)?.type === 'parallel');
    if (touchesRegion) box = '';
    while (box !== '' && nodes.get(box)?.type === 'parallel') box = box.split('.').slice(0, -1).join('.');
    edges.set(box, [...(edges.get(box) ?? []), `${mermaidId(from)} --> ${mermaidId(to)} : ${label}`]);
  };
  const collect = (node: Def) => {
    for (const t of node.transitions) {
      const guard = guardLabel(t.guard);
      const label = `${eventLabel(t.eventType, node)}${guard ? ` [${guard}]` : ''}`;
      const targets = t.target && t.target.length > 0 ? t.target.map(targetId) : [node.id];
      for (const target of targets) addEdge(node.id, target, `${label}${decoration.edge?.({ source: node.id, target, event: t.eventType }) ?? ''}`);
    }
    for (const child of Object.values(node.states)) collect(child);
  };
  collect(def);

  const lines = ['stateDiagram-v2'];
  const box = (node: Def, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(node.states).filter((c) => c.type !== 'history');
    const first = node.initial?.target[0];
    if (node.type !== 'parallel' && first) lines.push(`${pad}[*] --> ${mermaidId(targetId(first))}`);
    children.forEach((child, index) => {
      const id = mermaidId(child.id);
      lines.push(`${pad}state "${child.key}${decoration.state?.(child.id) ?? ''}" as ${id}`);
      if (child.type === 'compound' || child.type === 'parallel') {
        lines.push(`${pad}state ${id} {`);
        box(child, depth + 1);
        lines.push(`${pad}}`);
      }
      if (child.type === 'final') lines.push(`${pad}${id} --> [*]`);
      if (node.type === 'parallel' && index < children.length - 1) lines.push(`${pad}--`);
    });
    if (anyStateBoxes.has(node.id)) lines.push(`${pad}state "(any state)" as ${anyStateId(node.id)}`);
    for (const edge of edges.get(node.id) ?? []) lines.push(`${pad}${edge}`);
  };
  lines.push(`  state "${def.key}" as ${mermaidId(def.id)}`);
  // A machine without states is one plain box; Mermaid refuses an empty composite.
  if (Object.keys(def.states).length > 0) {
    lines.push(`  state ${mermaidId(def.id)} {`);
    box(def, 2);
    lines.push('  }');
  }
  lines.push(`  [*] --> ${mermaidId(def.id)}`);
  for (const edge of edges.get('') ?? []) lines.push(`  ${edge}`);
  return lines.join('\n') + '\n';
}
