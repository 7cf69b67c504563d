/** The page-visibility source the shop's polling charts listen to, flipped by the test. (Promise effects: controlled.ts.) */
import { fromCallback } from 'xstate';
import type { PageVisibilityEvent } from '../../../machines/quotation-list.machine';

/** A visibility source the test flips: it sends page.hidden / page.visible to its parent. */
export function controlledVisibility() {
  const listeners = new Set<(event: PageVisibilityEvent) => void>();
  const logic = fromCallback<PageVisibilityEvent>(({ sendBack }) => {
    listeners.add(sendBack);
    return () => listeners.delete(sendBack);
  });
  return {
    logic,
    hide: () => listeners.forEach((send) => send({ type: 'page.hidden' })),
    show: () => listeners.forEach((send) => send({ type: 'page.visible' })),
    listening: () => listeners.size,
  };
}
