/**
 * A figure that is expensive to read and may be a little old (the dashboard's summary): read once,
 * then served from memory. Past `freshMs` an ask still gets the kept answer at once, and one read
 * starts behind it, so an admin who keeps the dashboard open never waits for the database; only an
 * answer older than `maxAgeMs` (nobody asked for that long), or none yet, is read while the ask waits.
 * One read at a time: asks that come during a read share it.
 */
export interface StaleWhileRefresh<T> {
  (now: number): Promise<T>;
  /** Forget the kept answer (the next ask reads). */
  clear(): void;
}

export function staleWhileRefresh<T>(
  read: (now: number) => Promise<T>,
  {
    freshMs,
    maxAgeMs,
    stillHolds = () => true,
    onRefreshFailed,
  }: {
    freshMs: number;
    maxAgeMs: number;
    /** Whether an answer read at `keptAt` may answer for `now` at all (not across India's midnight, for figures by day). */
    stillHolds?: (keptAt: number, now: number) => boolean;
    onRefreshFailed?: (error: unknown) => void;
  },
): StaleWhileRefresh<T> {
  let kept: { at: number; value: T } | null = null;
  let reading: Promise<T> | null = null;

  const start = (now: number): Promise<T> => {
    reading ??= read(now)
      .then((value) => {
        // One read at a time, so the last to end is the last started: the newest answer.
        kept = { at: now, value };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const ask = (now: number): Promise<T> => {
    const age = kept === null ? Infinity : now - kept.at;
    // A clock that went back (or a kept answer from the future) is no answer for now.
    if (kept === null || age < 0 || age >= maxAgeMs || !stillHolds(kept.at, now)) return start(now);
    if (age >= freshMs && reading === null) start(now).catch((error: unknown) => onRefreshFailed?.(error));
    return Promise.resolve(kept.value);
  };
  return Object.assign(ask, {
    clear: () => {
      kept = null;
    },
  });
}
