/**
 * The filters the back office's lists take beside `q` and `status`, the ones the dashboard's figures
 * link to, and what each means at `now`: the same bounds the dashboard counted with
 * (domain/waiting-age, repos/summary), so a figure and its list agree. The CSV exports take the same.
 */
import { Type } from 'typebox';
import { indiaToday } from '../../domain/india-date';
import { StringEnum } from '../../domain/schemas/common';
import { ORDER_STATUSES, QUOTATION_STATUSES, type QuotationStatus } from '../../domain/types';
import { lateSince, waitingSince, WAITING_AGES, type TimeRange } from '../../domain/waiting-age';
import { awaitingFarmerPricedAt } from '../repos/summary';
import { badRequest } from './errors';
import { searchQuery } from './list-query';

const age = Type.Optional(StringEnum(WAITING_AGES, { description: 'How long it has waited: under 4 h, 4 to 24 h, over 24 h' }));
const flag = (description: string) => Type.Optional(Type.Literal('true', { description }));

export const USER_STATUSES = ['VERIFIED', 'UNVERIFIED'] as const;

export const userListQuery = Type.Object(
  { ...searchQuery(USER_STATUSES).properties, age },
  { additionalProperties: false },
);

export const quotationListQuery = Type.Object(
  {
    ...searchQuery(QUOTATION_STATUSES).properties,
    countered: flag('Only those with a counter-offer waiting for an answer'),
    age,
    late: flag('Only the pending ones waiting longer than QUOTATION_REPLY_HOURS'),
    expiring: Type.Optional(Type.Literal('1d', { description: 'Only the priced ones whose validity ends within a day' })),
    sort: Type.Optional(Type.Literal('lateFirst', { description: 'The late pending ones first, oldest first; then the rest, newest first' })),
  },
  { additionalProperties: false },
);

export const orderListQuery = Type.Object(
  {
    ...searchQuery(ORDER_STATUSES).properties,
    late: flag('Only those not delivered whose expected date has passed (in India)'),
    due: Type.Optional(Type.Literal('today', { description: 'Only those not delivered expected today (in India)' })),
    problem: Type.Optional(Type.Literal('open', { description: 'Only those with a delivery problem the farmer reported and no admin has closed' })),
  },
  { additionalProperties: false },
);

/** The users list's `age`: the users waiting for verification whose form was sent in that band. */
export function userFilters(query: { status?: 'VERIFIED' | 'UNVERIFIED'; age?: (typeof WAITING_AGES)[number] }, now: number) {
  if (query.age === undefined) return {};
  if (query.status === 'VERIFIED') throw badRequest('age picks users waiting for verification: not with status VERIFIED');
  return { status: 'UNVERIFIED' as const, submitted: waitingSince(query.age, now) };
}

/** What the quotations list's filters mean at `now`: the status they imply and the ranges of times they take. */
export function quotationFilters(
  query: { status?: QuotationStatus; age?: (typeof WAITING_AGES)[number]; late?: 'true'; expiring?: '1d'; sort?: 'lateFirst' },
  now: number,
  rules: { validityDays: number; replyHours: number },
): { status?: QuotationStatus; created?: TimeRange; priced?: TimeRange; lateBefore?: number } {
  const waiting = query.age !== undefined || query.late === 'true';
  if (waiting && query.expiring !== undefined) throw badRequest('expiring picks priced quotations: not with age or late');
  const implied: QuotationStatus | undefined = waiting ? 'PENDING' : query.expiring ? 'COMPLETED' : undefined;
  if (implied && query.status !== undefined && query.status !== implied) throw badRequest(`These filters pick ${implied} quotations: not with status ${query.status}`);
  const status = implied ?? query.status;
  const late = lateSince(now, rules.replyHours);
  let created: TimeRange | undefined = query.age === undefined ? undefined : waitingSince(query.age, now);
  if (query.late === 'true') created = { ...created, to: Math.min(created?.to ?? late, late) };
  return {
    ...(status === undefined ? {} : { status }),
    ...(created ? { created } : {}),
    ...(query.expiring ? { priced: awaitingFarmerPricedAt(now, rules.validityDays, 'day') } : {}),
    // Only the pending ones can be late: another status's list has nothing to put first.
    ...(query.sort === 'lateFirst' && (status === undefined || status === 'PENDING') ? { lateBefore: late } : {}),
  };
}

/** What the orders list's filters mean at `now`: India's today for `late` and `due`, and the open problems. */
export function orderFilters(query: { late?: 'true'; due?: 'today'; problem?: 'open' }, now: number) {
  if (query.late === 'true' && query.due === 'today') throw badRequest('late and due=today pick different orders: send one');
  const when: 'late' | 'today' | undefined = query.late === 'true' ? 'late' : query.due === 'today' ? 'today' : undefined;
  return {
    ...(when ? { due: { when, today: indiaToday(now) } } : {}),
    ...(query.problem === 'open' ? { problemOpen: true } : {}),
  };
}
