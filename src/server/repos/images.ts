/** Image rows: bytes in the database so they travel with the data and serve from any instance. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, ImagesTable } from '../db/schema';

export const UPLOAD_URL_PREFIX = '/api/uploads/';
export const imageUrl = (id: string) => `${UPLOAD_URL_PREFIX}${id}`;
export const imageIdFromUrl = (url: string) => (url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : '');

export type ImageRow = Selectable<ImagesTable>;

export const imageMeta = (db: Kysely<Database>, id: string) =>
  db.selectFrom('images').select(['id', 'kind', 'ownerId']).where('id', '=', id).executeTakeFirst();

export const readImage = (db: Kysely<Database>, id: string) =>
  db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();

/** Inserts the image; a content-addressed id already stored is left as it is. */
export async function storeImage(db: Kysely<Database>, row: ImageRow): Promise<void> {
  await db.insertInto('images').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}
