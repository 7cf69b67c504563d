/**
 * What an admin list's `q` names, as subqueries each list narrows by: the users whose mobile number or
 * name starts with it, and the quotations or orders whose number does. Each is a range over an index
 * (paging.ts `prefixEnd`), and a search's `total` is a count bounded by SEARCH_COUNT_CAP.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { prefixEnd, SEARCH_COUNT_CAP, type Search } from './paging';

/**
 * A query on `users` narrowed to the users a mobile-number or name search names (a range of the
 * unique mobile index or of users_name_idx). The users list narrows itself with it directly: through
 * `users.id in (…)` PostgreSQL counted a broad search with a hash join over every user.
 */
export function narrowUsers<O>(users: SelectQueryBuilder<Database, 'users', O>, search: Extract<Search, { kind: 'mobile' | 'name' }>) {
  const [from, to] = [search.prefix, prefixEnd(search.prefix)];
  return search.kind === 'mobile'
    ? users.where('users.mobileNumber', '>=', from).where('users.mobileNumber', '<', to)
    : users.where((eb) => eb.fn('lower', ['users.name']), '>=', from).where((eb) => eb.fn('lower', ['users.name']), '<', to);
}

/** Ids of the users a mobile-number or name search names. */
export const matchingUserIds = (db: Kysely<Database>, search: Extract<Search, { kind: 'mobile' | 'name' }>) =>
  narrowUsers(db.selectFrom('users').select('users.id'), search);

/** Ids (and owners) of the quotations whose number starts with the search's prefix. */
export const matchingQuotations = (db: Kysely<Database>, search: Search) =>
  db
    .selectFrom('quotations')
    .select(['quotations.id', 'quotations.userId'])
    .where('quotations.displayId', '>=', search.prefix)
    .where('quotations.displayId', '<', prefixEnd(search.prefix));

/** Ids, quotations and owners of the orders whose number starts with the search's prefix. */
export const matchingOrders = (db: Kysely<Database>, search: Search) =>
  db
    .selectFrom('orders')
    .select(['orders.id', 'orders.quotationId', 'orders.userId'])
    .where('orders.displayId', '>=', search.prefix)
    .where('orders.displayId', '<', prefixEnd(search.prefix));

/** How many rows a filtered list holds, counted over its index up to SEARCH_COUNT_CAP. */
export async function boundedCount<T extends keyof Database>(
  db: Kysely<Database>,
  filtered: SelectQueryBuilder<Database, T, object>,
): Promise<number> {
  const matches = filtered.select((eb) => eb.lit(1).as('one')).limit(SEARCH_COUNT_CAP);
  const counted = await db.selectFrom(matches.as('matches')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(counted.n);
}
