/**
 * Closing a farmer's problem from the admin's order sheet (machines/problem-close.machine.ts): POST
 * /orders/{id}/problem/close with the admin's note. A 409 (already closed) is an expected answer: null.
 * The app loads this module, with the chart, when the sheet first shows a problem (src/web/app-logic.ts).
 */
import { fromPromise } from 'xstate';
import { problemCloseMachine, type CloseProblemOutput } from '../../../machines/problem-close.machine';
import type { DataResponse } from '../../domain/api';
import type { Order } from '../../domain/types';
import { api, isApiFailure } from '../api/client';

export const closeProblem = fromPromise<CloseProblemOutput, { orderId: string; note: string }>(async ({ input, signal }) => {
  try {
    return (await api<DataResponse<Order>>('POST', `/orders/${encodeURIComponent(input.orderId)}/problem/close`, { body: { note: input.note }, signal })).data;
  } catch (error) {
    if (isApiFailure(error) && error.status === 409) return null;
    throw error;
  }
});

/** The chart with its effect; `replaced` swaps it (tests). */
export const providedProblemClose = (replaced: { closeProblem?: typeof closeProblem } = {}) => problemCloseMachine.provide({ actors: { closeProblem, ...replaced } });
