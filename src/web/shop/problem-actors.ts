/**
 * The effects of reporting a problem (machines/problem-report.machine.ts): the photo made small on the
 * phone and uploaded as kind `problem`, and the report itself. A 409 (one open already, or the order
 * moved) is an expected answer: null. The app loads this module, with the chart, when a delivered
 * order's problem sheet is first shown (src/web/app-logic.ts).
 */
import { fromPromise } from 'xstate';
import { problemReportMachine, type SendProblemOutput } from '../../../machines/problem-report.machine';
import type { DataResponse, UploadResponse } from '../../domain/api';
import type { ProblemKind } from '../../domain/delivery';
import type { OrderProblem } from '../../domain/types';
import { api, isApiFailure } from '../api/client';
import { prepareImage } from '../onboarding/browser-actors';

export const sendProblem = fromPromise<SendProblemOutput, { orderId: string; kind: ProblemKind; note?: string; photo?: string }>(async ({ input, signal }) => {
  const { orderId, ...body } = input;
  try {
    return (await api<DataResponse<OrderProblem>>('POST', `/orders/${encodeURIComponent(orderId)}/problem`, { body, signal })).data;
  } catch (error) {
    if (isApiFailure(error) && error.status === 409) return null;
    throw error;
  }
});

/** The photo as an upload of kind `problem`: the farmer and admins see it, nobody else. */
export const uploadProblemPhoto = fromPromise<{ url: string }, { kind: 'problem'; file: Blob }>(async ({ input, signal }) => {
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('file', input.file, 'problem.jpg');
  return api<UploadResponse>('POST', '/uploads', { body: form, signal });
});

export const realProblemActors = { preparePhoto: prepareImage, uploadPhoto: uploadProblemPhoto, sendProblem };

/** The chart with its effects; `replaced` swaps some of them (tests). */
export const providedProblemReport = (replaced: Partial<typeof realProblemActors> = {}) => problemReportMachine.provide({ actors: { ...realProblemActors, ...replaced } });
