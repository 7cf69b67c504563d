/**
 * How long something has waited for the back office (a quotation for its price, a farmer for
 * verification), in the three bands the admin's dashboard counts and its lists filter by. The
 * dashboard's figure and the list it links to read the same bounds, so the list shows exactly the
 * rows the figure counted. Pure.
 */
export const WAITING_AGES = ['lt4h', '4to24h', 'gt24h'] as const;
export type WaitingAge = (typeof WAITING_AGES)[number];

export const HOUR_MS = 3_600_000;

/** Times in epoch ms, both ends inclusive; a missing end is open. */
export interface TimeRange {
  from?: number;
  to?: number;
}

/** The waiting start times of the rows in `age` at `now`: under 4 h, 4 to 24 h (both ends), over 24 h. */
export function waitingSince(age: WaitingAge, now: number): TimeRange {
  switch (age) {
    case 'lt4h':
      return { from: now - 4 * HOUR_MS + 1 };
    case '4to24h':
      return { from: now - 24 * HOUR_MS, to: now - 4 * HOUR_MS };
    case 'gt24h':
      return { to: now - 24 * HOUR_MS - 1 };
  }
}

/** The last start time of a pending quotation that is late at `now`: waiting longer than `replyHours`. */
export const lateSince = (now: number, replyHours: number): number => now - replyHours * HOUR_MS - 1;

/** Whether a quotation asked at `createdAt` (ISO) is late at `now`: still PENDING and waiting longer than `replyHours` (unknown: never). */
export const isLateQuotation = (status: string, createdAt: string, now: number, replyHours: number | null): boolean =>
  replyHours !== null && status === 'PENDING' && Date.parse(createdAt) <= lateSince(now, replyHours);
