/**
 * Records the charts' transitions on the phone and sends them in batches (loaded on its own, after
 * the first screen, and never under Global Privacy Control). From each snapshot the actor system
 * reports it keeps the chart's id, the states before and after (as the chart's JSON names them), the
 * event's type and the time: never the event's payload, the context or any id. Batches of at most
 * MAX_BATCH_TRANSITIONS go by `navigator.sendBeacon` every SEND_EVERY_MS and when the page hides,
 * grouped by a random install id made here. With "Help improve the app" off nothing is kept or sent.
 */
import { MAX_BATCH_TRANSITIONS, SEND_EVERY_MS, START_EVENT, type RecordedTransition } from '../../domain/analytics';
import type { Tapped } from './transition-tap';

/** The charts of docs/statecharts: only these are recorded (the server refuses any other). */
const KNOWN_CHARTS = new Set(
  Object.keys(import.meta.glob('../../../docs/statecharts/*.json')).map((path) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length)),
);
/** Kept while the server cannot be reached: a day of busy use, at most. */
const BUFFER_LIMIT = 5_000;
const INSTALL_KEY = 'krishi:installId';

/** The leaf states of a snapshot's value, as paths under the chart's id (`registration.filling.profile.empty`). */
export function leavesOf(chart: string, value: unknown): string[] {
  if (typeof value === 'string') return [`${chart}.${value}`];
  if (typeof value !== 'object' || value === null) return [chart];
  const entries = Object.entries(value);
  if (entries.length === 0) return [chart];
  return entries.flatMap(([key, inner]) => leavesOf(`${chart}.${key}`, inner));
}

const shared = (a: string, b: string) => {
  const x = a.split('.');
  const y = b.split('.');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
  return n;
};
const nearest = (to: string, candidates: string[]) => candidates.reduce((best, c) => (shared(c, to) > shared(best, to) ? c : best));

/**
 * The transitions between two sets of leaves: each state entered, from the state left nearest to it
 * (the same region of a parallel chart), and each state left with no state entered in its place, to
 * the entered state nearest to it. So every state entered and every state left is counted once.
 */
export function movesBetween(before: string[], after: string[]): [string, string][] {
  const left = before.filter((s) => !after.includes(s));
  const entered = after.filter((s) => !before.includes(s));
  if (left.length === 0 || entered.length === 0) return [];
  const moves: [string, string][] = entered.map((to) => [nearest(to, left), to]);
  for (const from of left) if (!moves.some(([f]) => f === from)) moves.push([from, nearest(from, entered)]);
  return moves;
}

interface StateNodeLike {
  id: string;
  parent?: StateNodeLike;
  ownEvents: string[];
}
interface MachineLike {
  id: string;
  getStateNodeById: (id: string) => StateNodeLike;
}

/** The state that answered an event without changing state (a self or targetless transition), if any. */
function answeringState(machine: MachineLike, leaves: string[], event: string): string | null {
  for (const leaf of leaves) {
    for (let node: StateNodeLike | undefined = machine.getStateNodeById(leaf); node; node = node.parent) {
      if (node.ownEvents.includes(event)) return node.id;
    }
  }
  return null;
}

/** Turns the actor system's snapshots into transitions, one chart actor at a time. */
export function transitionReader(known: ReadonlySet<string> = KNOWN_CHARTS) {
  const last = new WeakMap<object, { snapshot: unknown; leaves: string[] }>();
  return (tapped: Tapped): RecordedTransition[] => {
    const machine = (tapped.actor as { logic?: Partial<MachineLike> }).logic;
    const chart = machine?.id;
    const value = (tapped.snapshot as { value?: unknown } | null)?.value;
    if (typeof chart !== 'string' || !known.has(chart) || value === undefined || typeof machine?.getStateNodeById !== 'function') return [];
    const previous = last.get(tapped.actor);
    const leaves = leavesOf(chart, value);
    last.set(tapped.actor, { snapshot: tapped.snapshot, leaves });
    const at = tapped.at;
    if (!previous) return tapped.event === START_EVENT ? leaves.map((to) => ({ chart, from: chart, to, event: START_EVENT, at })) : [];
    // The same snapshot back: no transition took the event.
    if (previous.snapshot === tapped.snapshot) return [];
    const moves = movesBetween(previous.leaves, leaves);
    if (moves.length > 0) return moves.map(([from, to]) => ({ chart, from, to, event: tapped.event, at }));
    const state = answeringState(machine as MachineLike, leaves, tapped.event);
    return state ? [{ chart, from: state, to: state, event: tapped.event, at }] : [];
  };
}

/** This phone's install id, made once: random, never the user's. */
export function installIdOf(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const kept = storage.getItem(INSTALL_KEY);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  storage.setItem(INSTALL_KEY, id);
  return id;
}

export interface RecorderOptions {
  attach: (sink: (tapped: Tapped) => void) => void;
  /** Whether "Help improve the app" is on, asked at every transition and before every send. */
  enabled: () => boolean;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  send: (url: string, body: string) => boolean;
  every?: (run: () => void, ms: number) => void;
  onHide?: (run: () => void) => void;
  /** The charts recorded: those of docs/statecharts unless given. */
  known?: ReadonlySet<string>;
}

export const TRANSITIONS_URL = '/api/analytics/transitions';

/** Starts recording; answers `flush`, which sends what is kept (the page's hiding calls it too). */
export function startRecorder(options: RecorderOptions): { flush: () => void } {
  const read = transitionReader(options.known);
  let kept: RecordedTransition[] = [];
  options.attach((tapped) => {
    // Read even while off, so that turning it back on starts from the states the charts are in.
    const transitions = read(tapped);
    if (!options.enabled()) return;
    if (kept.length + transitions.length <= BUFFER_LIMIT) kept.push(...transitions);
  });
  const flush = () => {
    if (!options.enabled()) {
      kept = [];
      return;
    }
    const installId = installIdOf(options.storage);
    while (kept.length > 0) {
      const batch = kept.slice(0, MAX_BATCH_TRANSITIONS);
      // A beacon the browser refuses (its queue is full) is tried again at the next send.
      if (!options.send(TRANSITIONS_URL, JSON.stringify({ installId, transitions: batch }))) return;
      kept = kept.slice(batch.length);
    }
  };
  (options.every ?? ((run, ms) => setInterval(run, ms)))(flush, SEND_EVERY_MS);
  (options.onHide ?? ((run) => document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && run())))(flush);
  return { flush };
}
