/**
 * Where and when an order is delivered, and the problems a farmer reports with a delivery: the
 * vocabulary and bounds the server, the charts and the screens share. Pure.
 */
import { indiaToday } from './india-date';

/** What went wrong with a delivery, as the farmer picks it. */
export const PROBLEM_KINDS = ['short_weight', 'wet', 'wrong_material', 'damaged', 'other'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** Each problem's English words (the farmer's and the admin's screens translate them by kind). */
export const PROBLEM_KIND_TEXT: Record<ProblemKind, string> = {
  short_weight: 'Short weight',
  wet: 'Wet material',
  wrong_material: 'Wrong material',
  damaged: 'Damaged',
  other: 'Something else',
};

/** The longest note a farmer (or the admin closing it) writes about a problem, in characters. */
export const PROBLEM_NOTE_MAX = 500;

/** Problems one order may carry over its life (one open at a time): a closed one may be reported again, not without end. */
export const PROBLEMS_PER_ORDER_MAX = 5;

/** An Indian PIN code: six digits, the first not 0. */
export const PIN_CODE_PATTERN = '^[1-9][0-9]{5}$';

/** The longest line of a delivery address, and of each of its other parts, in characters. */
export const ADDRESS_LINE_MAX = 500;
export const ADDRESS_PART_MAX = 100;

/** How far ahead a farmer may ask for delivery: from tomorrow to this many days on. */
export const PREFERRED_DATE_DAYS = 30;

const DAY_MS = 86_400_000;

/** The first and last preferred delivery date a farmer may pick at `now`, as India's calendar days (`YYYY-MM-DD`). */
export const preferredDateRange = (now: number): { first: string; last: string } => ({
  first: indiaToday(now + DAY_MS),
  last: indiaToday(now + PREFERRED_DATE_DAYS * DAY_MS),
});

/** Is `date` (`YYYY-MM-DD`) a preferred delivery date the farmer may pick at `now`? */
export const isPreferredDateAllowed = (date: string, now: number): boolean => {
  const { first, last } = preferredDateRange(now);
  return date >= first && date <= last;
};

/** A map link for a pin, opened by the admin or the driver in any map app. */
export const mapLink = (location: { lat: number; long: number }): string =>
  `https://www.google.com/maps/search/?api=1&query=${location.lat.toFixed(6)},${location.long.toFixed(6)}`;
