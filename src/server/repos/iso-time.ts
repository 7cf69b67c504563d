/**
 * Epoch milliseconds → ISO 8601 UTC (`2026-01-15T06:00:00.000Z`), exactly as `Date#toISOString`.
 * The polling path formats 20 times per answer; `toISOString` cost as much as a fifth of the
 * quotation query, so the date part of the last day seen is kept and the time of day is plain
 * arithmetic. A property test checks it against `toISOString` (decision 023).
 */
const DAY_MS = 86_400_000;
/** Beyond year 9999 (or before 1970), leave it to Date. */
const LAST_FAST_MS = 253_402_300_799_999;

let lastDay = Number.NaN;
let lastDayPrefix = '';

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

export function isoTime(epochMs: number | bigint): string {
  const ms = Number(epochMs);
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_FAST_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11); // YYYY-MM-DDT
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${lastDayPrefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
