/**
 * The proof child's solver: one Web Worker per challenge, ended when the answer comes or the chart
 * moves on. The app imports this module only when the login screen first wants a solution, so
 * neither it nor the worker rides with the first page. Answers the request's `altcha` field: base64
 * of ALTCHA's JSON payload, or null when no number in the range solves the challenge.
 */
import type { OtpChallenge } from '../../domain/api';
import type { SolveReply } from './challenge-worker';

/** The `altcha` field for a challenge and the number that solves it. */
export const altchaField = (challenge: OtpChallenge, number: number): string =>
  btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature }));

export function solveInWorker(challenge: OtpChallenge, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve, reject) => {
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
      resolve(message.data.number === null ? null : altchaField(challenge, message.data.number));
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(event.message || 'The challenge solver failed'));
    };
    worker.postMessage(challenge);
  });
}
