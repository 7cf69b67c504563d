/**
 * A screen's script that could not be fetched (patchy data, or CHUNK_TIMEOUT_MS passed). Its own
 * module, free of React and react-intl, so that routes.tsx (in the entry script) can throw it
 * without pulling the error screen's dependencies into the first task; ErrorScreen reads it.
 */
export class ChunkLoadError extends Error {
  constructor(readonly chunk: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = 'ChunkLoadError';
  }
}
