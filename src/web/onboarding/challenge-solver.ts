/**
 * The proof child's solver: one Web Worker per challenge (loaded only when the login screen first
 * wants a solution, never with the first page), ended when the answer comes or the chart moves on.
 * Answers the request's `altcha` field: base64 of ALTCHA's JSON payload.
 */
import { fromPromise } from 'xstate';
import type { OtpChallenge } from '../../domain/api';
import type { SolveReply } from './challenge-worker';

/** The `altcha` field for a challenge and the number that solves it. */
export const altchaField = (challenge: OtpChallenge, number: number): string =>
  btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature }));

export const solveChallenge = fromPromise<string | null, OtpChallenge>(
  ({ input, signal }) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module', name: 'otp-challenge' });
      const end = () => {
        worker.terminate();
        signal.removeEventListener('abort', abort);
      };
      const abort = () => {
        end();
        reject(new Error('aborted'));
      };
      signal.addEventListener('abort', abort);
      worker.onmessage = (message: MessageEvent<SolveReply>) => {
        end();
        resolve(message.data.number === null ? null : altchaField(input, message.data.number));
      };
      worker.onerror = (event) => {
        end();
        reject(new Error(event.message || 'The challenge solver failed'));
      };
      worker.postMessage(input);
    }),
);
