/**
 * Drives a rendered admin screen along model paths: each event of a path becomes a gesture (a click, a
 * typed value, a chosen option) or an effect's answer; each state reached runs the screen's assertions.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { createActor, waitFor as chartReaches } from 'xstate';
import { expect } from 'vitest';
import { SEARCH_DELAY_MS } from '../../../machines/admin-list';
import { driveView, toStateValue, type ModelPath } from '../machines/model-coverage';
import type { ControlledCall } from '../machines/controlled';
import { createIntl } from 'react-intl';
import en from '../../../locales/en.json';
import type { AuditEntry } from '../../../src/domain/types';
import { historyRows } from '../../../src/web/admin/history-format';
import { answer, renderAdmin, type AdminEffects, type RenderedAdmin } from './admin-harness';

export type Snapshot = SnapshotFrom<AnyStateMachine>;
type Effect = { calls: ControlledCall<unknown, unknown>[]; last: () => ControlledCall<unknown, unknown> };

export interface ScreenDriver {
  path: string;
  /** Invoke id → the effect that answers it (a reload runs the same effect as the load). */
  effects: Record<string, keyof AdminEffects>;
  /** The gesture for every event that is not an effect's answer. */
  gestures: (event: AnyEventObject, rendered: RenderedAdmin) => Promise<void>;
  assertions: Record<string, (snapshot: Snapshot) => void>;
}

/** The bottom sheet, once open. */
export const sheet = () => screen.getByRole('dialog');

export const click = async (element: HTMLElement) => {
  await userEvent.click(element);
};

/** A typed value, as a paste: one change event. */
export const typeInto = (element: HTMLElement, value: string) => {
  fireEvent.change(element, { target: { value } });
};

export const expectEnabled = (element: HTMLElement, enabled: boolean) => {
  if ((element as HTMLButtonElement).disabled === enabled) {
    throw new Error(`${element.textContent || element.getAttribute('aria-label') || element.id} should be ${enabled ? 'enabled' : 'disabled'}`);
  }
};

export const buttonIn = (container: HTMLElement, name: string | RegExp) => within(container).getByRole('button', { name });

/** Under a paged list: 'Showing n of total', and 'Load more' exactly while the server has another page. */
export function expectPageFooter(snapshot: Snapshot) {
  const { total, nextCursor } = snapshot.context as { total: number; nextCursor: string | null };
  const listed = (snapshot.context as Record<string, unknown[]>);
  const rows = Object.values(listed).find(Array.isArray)!;
  expect(screen.getByText(/^Showing \d+ of \d+$/).textContent).toBe(`Showing ${rows.length} of ${total}`);
  const more = screen.queryByRole('button', { name: /Load more|Loading/ });
  if (nextCursor === null) expect(more).toBeNull();
  else expectEnabled(more!, snapshot.can({ type: 'list.more' }));
}

/** The audit trail under a sheet's form: loading, failed, or one entry per change with who and what. */
export const expectHistory = (snapshot: Snapshot) => expectHistoryIn(sheet(), snapshot);

export function expectHistoryIn(container: HTMLElement, snapshot: Snapshot) {
  const { history, historyFailed } = snapshot.context as { history: AuditEntry[] | null; historyFailed: boolean };
  const section = within(container).getByRole('region', { name: 'History' });
  if (historyFailed) expect(section.textContent).toContain('Could not load the history.');
  else if (history === null) expect(section.textContent).toContain('Loading...');
  else {
    const entries = within(section).getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL');
    expect(entries.map((li) => li.textContent)).toEqual(
      history.map((entry) => expect.stringContaining(`${entry.by?.name ?? 'Automatic'}`)),
    );
    // Each change as the admin reads it (labels, rupees, status labels: history-format.ts, tested on its own).
    const intl = createIntl({ locale: 'en', messages: en });
    for (const [index, entry] of history.entries()) {
      for (const row of historyRows(intl, entry)) {
        expect(entries[index]!.textContent).toContain(`${row.label}: ${row.from} → ${row.to}`);
      }
    }
  }
}

export async function runPath(machine: AnyStateMachine, path: ModelPath, driver: ScreenDriver): Promise<void> {
  const rendered = renderAdmin(driver.path);
  await driveView(path, {
    // The chart as the screen's location starts it (a dashboard link's filters).
    initial: createActor(machine, { input: { location: driver.path } }).getSnapshot(),
    perform: async (event) => {
      // The path starts the chart; rendering the screen already did.
      if (event.type === 'xstate.init') return;
      // The search's quiet time passes on the real clock: the screen's own timer fires, and the
      // chart (`xstate.after.SEARCH_DELAY.<chart>.<state…>`) leaves the state the timer ends.
      if (event.type.startsWith('xstate.after.SEARCH_DELAY.')) {
        const [chartId, ...state] = event.type.split('.').slice(3);
        const chart = rendered.app().system.get(chartId!)!;
        const waiting = toStateValue(state.join('.'));
        await act(() => chartReaches(chart, (snapshot) => !snapshot.matches(waiting as never), { timeout: SEARCH_DELAY_MS + 5_000 }));
        return;
      }
      const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)?.[2];
      if (invoked) {
        const name = driver.effects[invoked];
        if (!name) throw new Error(`No effect answers ${event.type}`);
        await answer(rendered.effects[name] as unknown as Effect, event);
        return;
      }
      await driver.gestures(event, rendered);
    },
    assertions: Object.fromEntries(
      Object.entries(driver.assertions).map(([state, assert]) => [state, (snapshot: Snapshot) => waitFor(() => assert(snapshot))]),
    ),
  });
  rendered.unmount();
}
