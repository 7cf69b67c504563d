/**
 * Dates as the business keeps them: India's calendar (Asia/Kolkata, UTC+5:30 all year, no daylight
 * saving), whatever the clock of the server or of the admin's phone is set to. Pure.
 */

/** India is 5 h 30 min ahead of UTC, the whole year. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** India's date at `now` (ms since the epoch), `YYYY-MM-DD`: at 23:59 IST it is still today, at 00:00 IST tomorrow. */
export const indiaToday = (now: number): string => new Date(now + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An expected delivery date (`YYYY-MM-DD`) may not be set before India's today; the one already stored
 * may be sent back unchanged however old it is, and none (null) is always allowed. The server and the
 * admin's order chart keep this one rule.
 */
export const isPastDeliveryDate = (date: string | null, stored: string | null, now: number): boolean =>
  date !== null && date !== stored && date < indiaToday(now);

const CALENDAR_DAY_PARTS = { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

/**
 * A calendar date (`YYYY-MM-DD`) as an Indian reader writes it in `locale`'s language: day first and the
 * month by name ("Thu, 3 December 2026", "गुरु, 3 दिसंबर 2026"), so it never reads as a US mm/dd date.
 * The language's Indian form (en → en-IN); the date is a day, not a moment, so it is formatted in UTC.
 */
export function formatCalendarDay(date: string, locale: string): string {
  const language = locale.split('-')[0] ?? locale;
  return new Intl.DateTimeFormat(`${language}-IN`, CALENDAR_DAY_PARTS).format(new Date(`${date}T00:00:00Z`));
}
