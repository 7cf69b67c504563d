/**
 * Model-based paths over a production machine, with transition coverage (STYLE.md, Tests).
 *
 * `modelPaths(machine, { events })` walks the machine's own chart with xstate/graph's TestModel:
 * every reachable state is reached by its shortest path, then extended by each event the state
 * accepts (`snapshot.can`). Actor results (`xstate.done.actor.*`, `xstate.error.actor.*`) and timer
 * ticks (`xstate.after.*`) are just more events in `events`, so nothing real has to run: provide the
 * machine with actors that never settle and let the paths deliver their answers.
 *
 * Each path is replayed in a real actor with an inspector that records the transitions each
 * microstep took (eventless `always` ones included). Only paths that take a transition no earlier
 * path took are kept, so the set stays small enough to drive rendered views with.
 *
 * `assertFullCoverage` prints `transitions covered X/Y` for the machine and fails below Y/Y, naming
 * what was missed. `definedTransitions` counts every transition the chart defines: each `on`,
 * `always`, `after`, `onDone`/`onError` branch of every state node, guarded branches separately.
 */
import { createActor, createEmptyActor, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

/** Where each chart's tested transitions are written for the analyst's view (served with the app). */
const STATECHARTS = join(import.meta.dirname, '..', '..', '..', 'docs', 'statecharts');

type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number];
type AnyStateNode = AnyStateMachine['root'];

export interface ModelStep {
  event: AnyEventObject;
  /** The snapshot after the event, from the replay in a real actor. */
  snapshot: SnapshotFrom<AnyStateMachine>;
}

export interface ModelPath {
  /** A readable name: the events in order. */
  name: string;
  events: AnyEventObject[];
  steps: ModelStep[];
  /** Transitions this path took (labels), in order. */
  took: string[];
}

export interface ModelPathOptions<M extends AnyStateMachine = AnyStateMachine> {
  /** Events to try in each state; a function may pick them from the snapshot (e.g. matching ids). */
  events: readonly AnyEventObject[] | ((snapshot: SnapshotFrom<M>) => readonly AnyEventObject[]);
  /** The machine's input, if it takes one. */
  input?: unknown;
  /** How two snapshots count as the same state; defaults to value + context. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Upper bound on states visited, a guard against an unbounded context. */
  limit?: number;
}

function label(t: AnyTransition): string {
  const targets = t.target?.map((n) => n.id).join(',') ?? '(self)';
  const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]` : '';
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`;
}

function collectTransitions(node: AnyStateNode, into: AnyTransition[]): AnyTransition[] {
  for (const list of node.transitions.values()) into.push(...(list as AnyTransition[]));
  if (node.always) into.push(...(node.always as AnyTransition[]));
  for (const child of Object.values(node.states)) collectTransitions(child as AnyStateNode, into);
  return into;
}

/** Every transition the chart defines, as readable labels (duplicates numbered). */
export function definedTransitions(machine: AnyStateMachine): Map<AnyTransition, string> {
  const labels = new Map<AnyTransition, string>();
  const seen = new Map<string, number>();
  for (const t of collectTransitions(machine.root, [])) {
    const base = label(t);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    labels.set(t, n === 1 ? base : `${base} #${n}`);
  }
  return labels;
}

/** Replays events in a real actor, recording snapshots and the transitions each microstep took. */
export function replay(
  machine: AnyStateMachine,
  events: readonly AnyEventObject[],
  input?: unknown,
): { steps: ModelStep[]; taken: AnyTransition[] } {
  const taken: AnyTransition[] = [];
  const actor = createActor(machine, {
    input,
    inspect: (ev) => {
      // By session id, not `=== actor`: a chart whose initial state takes `always` transitions emits
      // microsteps while createActor is still running, before `actor` is assigned.
      if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
        taken.push(...(ev as unknown as { _transitions: AnyTransition[] })._transitions);
      }
    },
  });
  actor.start();
  const steps: ModelStep[] = [];
  for (const event of events) {
    actor.send(event);
    steps.push({ event, snapshot: actor.getSnapshot() });
  }
  actor.stop();
  return { steps, taken };
}

const defaultSerialize = (snapshot: SnapshotFrom<AnyStateMachine>): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });

/** For each path modelPaths made: the snapshots every path of its set reaches (its start included). */
const reachedBy = new WeakMap<ModelPath, ReadonlySet<SnapshotFrom<AnyStateMachine>>>();

/**
 * The machine as xstate/graph walks it, but with a fresh actor system for each step: the walk runs no
 * actions, so a stopped child's `systemId` is never released, and a chart that starts a child with a
 * `systemId` again (the admin users' images) would collide with its own earlier step.
 */
function withFreshSystems(machine: AnyStateMachine): AnyStateMachine {
  return Object.assign(Object.create(machine) as AnyStateMachine, {
    transition: (snapshot: never, event: never, scope: object) => {
      // A child joins the system of its parent, the scope's `self`.
      const self = createEmptyActor();
      return machine.transition(snapshot, event, { ...scope, self, system: self.system } as never);
    },
  });
}

/** Paths through the production machine that together take every transition they can reach. */
export function modelPaths<M extends AnyStateMachine>(typedMachine: M, typedOptions: ModelPathOptions<M>): ModelPath[] {
  // Each test's events and serializer read its own chart's snapshot; the walk itself is chart-blind.
  const machine: AnyStateMachine = typedMachine;
  const options = typedOptions as unknown as ModelPathOptions;
  const eventsIn = (snapshot: SnapshotFrom<AnyStateMachine>) =>
    (typeof options.events === 'function' ? options.events(snapshot) : options.events).filter((e) => snapshot.can(e));
  const serialize = options.serializeState ?? defaultSerialize;
  const model = new TestModel(withFreshSystems(machine), {
    events: (snapshot: SnapshotFrom<AnyStateMachine>) => eventsIn(snapshot),
    serializeState: (snapshot: SnapshotFrom<AnyStateMachine>) => serialize(snapshot),
    input: options.input,
    limit: options.limit ?? 2000,
  } as never);

  const candidates: AnyEventObject[][] = [];
  // Keep paths that are prefixes of others: their end states must still be extended by every event.
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const prefix = path.steps.map((s) => s.event as AnyEventObject);
    candidates.push(prefix);
    for (const event of eventsIn(path.state as SnapshotFrom<AnyStateMachine>)) candidates.push([...prefix, event]);
  }
  // Longest first, so the kept set is small: a long path usually covers what its prefixes do.
  candidates.sort((a, b) => b.length - a.length);

  const labels = definedTransitions(machine);
  const covered = new Set<AnyTransition>();
  const kept: ModelPath[] = [];
  const reached = new Set<SnapshotFrom<AnyStateMachine>>();
  for (const events of candidates) {
    const { steps, taken } = replay(machine, events, options.input);
    if (!taken.some((t) => !covered.has(t))) continue;
    taken.forEach((t) => covered.add(t));
    kept.push({
      name: events.map((e) => e.type).join(' → ') || '(start)',
      events,
      steps,
      took: taken.map((t) => labels.get(t) ?? label(t)),
    });
  }
  // Every state any kept path reaches, so driveView can refuse an assertion key that names none of them.
  const initial = createActor(machine, { input: options.input }).getSnapshot();
  reached.add(initial);
  for (const path of kept) {
    path.steps.forEach((step) => reached.add(step.snapshot));
    reachedBy.set(path, reached);
  }
  return kept;
}

export interface Coverage {
  covered: number;
  total: number;
  missing: string[];
}

/** Which of the machine's transitions the paths took. */
export function transitionCoverage(machine: AnyStateMachine, paths: readonly ModelPath[], input?: unknown): Coverage {
  const labels = definedTransitions(machine);
  const covered = new Set<AnyTransition>();
  for (const path of paths) replay(machine, path.events, input).taken.forEach((t) => covered.add(t));
  const missing = [...labels.entries()].filter(([t]) => !covered.has(t)).map(([, l]) => l);
  return { covered: labels.size - missing.length, total: labels.size, missing };
}

/** Prints `transitions covered X/Y` for the machine and throws below Y/Y, listing what was missed. */
export function assertFullCoverage(
  machine: AnyStateMachine,
  paths: readonly ModelPath[],
  input?: unknown,
): Coverage {
  const coverage = transitionCoverage(machine, paths, input);
  console.log(`[${machine.id}] transitions covered ${coverage.covered}/${coverage.total}`);
  if (coverage.missing.length > 0) {
    throw new Error(`[${machine.id}] transitions not covered:\n  ${coverage.missing.join('\n  ')}`);
  }
  writeTestedTransitions(machine);
  return coverage;
}

/**
 * `transitions covered X/Y` as a file per chart, docs/statecharts/tested/<id>.json: every transition
 * the generated paths take, as `source --event--> target` (the analyst's view compares them with real
 * use). Written only for the charts of docs/statecharts, and only when it changed.
 */
export function writeTestedTransitions(machine: AnyStateMachine): void {
  if (!existsSync(join(STATECHARTS, `${machine.id}.json`))) return;
  const covered = new Set<string>();
  for (const t of definedTransitions(machine).keys()) {
    const targets = t.target && t.target.length > 0 ? t.target.map((n) => n.id) : [t.source.id];
    for (const target of targets) covered.add(`${t.source.id} --${t.eventType}--> ${target}`);
  }
  const text = `${JSON.stringify({ chart: machine.id, covered: [...covered].sort() }, null, 2)}\n`;
  const file = join(STATECHARTS, 'tested', `${machine.id}.json`);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(join(STATECHARTS, 'tested'), { recursive: true });
  writeFileSync(file, text);
}

/**
 * Drives a rendered view along a path: `perform` turns each event into a user gesture or an
 * actor's reply, then the assertion for the state reached runs. Assertions are keyed by state
 * (anything `snapshot.matches` accepts, as a dotted string); the deepest matching keys all run.
 *
 * It fails, so a view test cannot pass by saying nothing:
 * - when a state reached has no key;
 * - when a key matches no state that any path of the set (from modelPaths) reaches: a typo or a
 *   dead key like `''` would otherwise never run;
 * - when an assertion that ran made no `expect` call.
 */
export async function driveView(
  path: ModelPath,
  view: {
    perform: (event: AnyEventObject) => Promise<void> | void;
    assertions: Record<string, (snapshot: SnapshotFrom<AnyStateMachine>) => Promise<void> | void>;
    /** Runs before the first event, for the initial state. */
    initial?: SnapshotFrom<AnyStateMachine>;
  },
): Promise<void> {
  const reached = [...(reachedBy.get(path) ?? path.steps.map((step) => step.snapshot)), ...(view.initial ? [view.initial] : [])];
  const dead = Object.keys(view.assertions).filter((key) => !reached.some((s) => s.matches(toStateValue(key) as never)));
  if (dead.length > 0) {
    throw new Error(`Assertion keys that match no state any path reaches: ${dead.map((k) => JSON.stringify(k)).join(', ')}`);
  }
  const check = async (snapshot: SnapshotFrom<AnyStateMachine>) => {
    const keys = Object.keys(view.assertions).filter((k) => snapshot.matches(toStateValue(k) as never));
    if (keys.length === 0) throw new Error(`No assertion for state ${JSON.stringify(snapshot.value)} (path: ${path.name})`);
    for (const key of keys) {
      const before = expect.getState().assertionCalls;
      await view.assertions[key]!(snapshot);
      if (expect.getState().assertionCalls === before) {
        throw new Error(`The assertion for ${JSON.stringify(key)} checked nothing at ${JSON.stringify(snapshot.value)} (path: ${path.name})`);
      }
    }
  };
  if (view.initial) await check(view.initial);
  for (const step of path.steps) {
    await view.perform(step.event);
    await check(step.snapshot);
  }
}

/** 'a.b.c' → { a: { b: 'c' } }, the shape `matches` takes for nested states. */
export function toStateValue(key: string): unknown {
  const parts = key.split('.');
  return parts.reduceRight<unknown>((acc, part) => (acc === undefined ? part : { [part]: acc }), undefined);
}
