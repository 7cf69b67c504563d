/**
 * The proof-of-work solver, in a Web Worker so the phone screen stays responsive while the farmer
 * types: tries numbers until one hashes to the challenge (altcha-lib's solver, SHA-256 by WebCrypto),
 * then posts the number back, or null when none in the range does.
 */
import { solveChallenge } from 'altcha-lib/v1';
import type { OtpChallenge } from '../../domain/api';

export interface SolveReply {
  number: number | null;
  took: number;
}

self.onmessage = async (message: MessageEvent<OtpChallenge>) => {
  const { algorithm, challenge, salt, maxnumber } = message.data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  const reply: SolveReply = { number: solution?.number ?? null, took: solution?.took ?? 0 };
  self.postMessage(reply);
};
