/**
 * The app actor's `inspect` hook for recording use: it keeps each snapshot the actor system reports
 * (which actor, its snapshot, the event's type, when) until the recorder, loaded later on its own,
 * takes them; then hands each over as it comes. Nothing here reads a snapshot: the recorder does, and
 * only the chart's id and state. Bounded, so a recorder that never comes costs little.
 */
import type { InspectionEvent } from 'xstate';

export interface Tapped {
  actor: object;
  snapshot: unknown;
  event: string;
  at: number;
}

const EARLY_LIMIT = 2_000;

export interface TransitionTap {
  inspect: (event: InspectionEvent) => void;
  /** From now on every snapshot goes to `sink`, the ones kept so far first. */
  attach: (sink: (tapped: Tapped) => void) => void;
  /** Recording is off for this page: what was kept is dropped and nothing more is kept. */
  close: () => void;
}

export function transitionTap(now: () => number = Date.now): TransitionTap {
  let early: Tapped[] | null = [];
  let sink: ((tapped: Tapped) => void) | null = null;
  return {
    inspect(event) {
      if (event.type !== '@xstate.snapshot') return;
      const tapped = { actor: event.actorRef, snapshot: event.snapshot, event: event.event.type, at: now() };
      if (sink) sink(tapped);
      else if (early && early.length < EARLY_LIMIT) early.push(tapped);
    },
    attach(next) {
      sink = next;
      for (const tapped of early ?? []) next(tapped);
      early = null;
    },
    close() {
      sink = null;
      early = null;
    },
  };
}
