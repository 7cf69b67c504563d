/**
 * Drives a rendered admin screen along model paths: each event of a path becomes a gesture (a click, a
 * typed value, a chosen option) or an effect's answer; each state reached runs the screen's assertions.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { createActor } from 'xstate';
import { driveView, type ModelPath } from '../support/model-coverage';
import type { ControlledCall } from '../support/controlled';
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

export async function runPath(machine: AnyStateMachine, path: ModelPath, driver: ScreenDriver): Promise<void> {
  const rendered = renderAdmin(driver.path);
  await driveView(path, {
    initial: createActor(machine).getSnapshot(),
    perform: async (event) => {
      // The path starts the chart; rendering the screen already did.
      if (event.type === 'xstate.init') return;
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
