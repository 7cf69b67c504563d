/** SKUs: the catalogue, created and edited by admins with optimistic versions. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SkuBody } from '../../domain/api';
import {
  TRANSLATED_LANGUAGES,
  TRANSLATED_TEXT_FIELDS,
  type Sku,
  type TranslatedTextField,
  type SkuTexts,
  type SkuTranslations,
  type TranslatedLanguage,
} from '../../domain/types';
import { newId, nextDisplayId } from '../db/ids';
import { appendAudit, diff } from './audit';
import type { Database, SkusTable } from '../db/schema';

export type SkuRow = Selectable<SkusTable>;

type TranslationColumn = `${TranslatedLanguage}${Capitalize<TranslatedTextField>}`;
type TranslationColumns = { [C in TranslationColumn]: string | null };

/** The column of one translated field: ('hindi', 'categoryName') → hindiCategoryName. */
export const translationColumn = (language: TranslatedLanguage, field: TranslatedTextField): TranslationColumn =>
  `${language}${field[0]!.toUpperCase()}${field.slice(1)}` as TranslationColumn;

/** The translations a row holds, leaving out the fields it has none for. */
export function translationsOf(row: Partial<TranslationColumns>, fields: readonly TranslatedTextField[] = TRANSLATED_TEXT_FIELDS): SkuTranslations {
  const out: SkuTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const texts: SkuTexts = {};
    for (const field of fields) {
      const value = row[translationColumn(language, field)];
      if (value) texts[field] = value;
    }
    if (Object.keys(texts).length > 0) out[language] = texts;
  }
  return out;
}

/**
 * The columns a body's translations set: a field given sets it ('' clears it to null); with
 * `complete` (a new SKU) every field the body leaves out is null too.
 */
function translationValues(translations: SkuTranslations | undefined, complete: boolean): Partial<TranslationColumns> {
  const out: Partial<TranslationColumns> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    for (const field of TRANSLATED_TEXT_FIELDS) {
      const given = translations?.[language]?.[field];
      if (given !== undefined) out[translationColumn(language, field)] = given.trim() === '' ? null : given.trim();
      else if (complete) out[translationColumn(language, field)] = null;
    }
  }
  return out;
}

export const toSku = (row: SkuRow): Sku => ({
  _id: row.id,
  skuDisplayId: row.displayId,
  name: row.name,
  description: row.description,
  categoryName: row.categoryName,
  brandName: row.brandName,
  image: row.image,
  availableQty: Number(row.availableQty),
  minimumPrice: Number(row.minimumPrice),
  skuQuantityUnit: row.skuQuantityUnit,
  translations: translationsOf(row),
  version: row.version,
});

/** The whole catalogue in display-id order (every farmer's home screen asks). */
export async function listSkus(db: Kysely<Database>): Promise<Sku[]> {
  return (await db.selectFrom('skus').selectAll().orderBy('displayId', 'asc').execute()).map(toSku);
}

/** By `_id` or by display id (SKU1001). */
export const findSku = (db: Kysely<Database> | Transaction<Database>, id: string) =>
  db
    .selectFrom('skus')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('displayId', '=', id)]))
    .executeTakeFirst();

/**
 * What the audit trail records of a SKU: its English fields by name and each translated text as
 * `language.field` (hindi.name), the key the admin's SKU draft uses, so one change is one field.
 */
function auditedFields(row: SkuRow): Record<string, unknown> {
  const { _id, skuDisplayId: _displayId, version: _version, translations: _translations, ...fields } = toSku(row);
  const audited: Record<string, unknown> = fields;
  for (const language of TRANSLATED_LANGUAGES) {
    for (const field of TRANSLATED_TEXT_FIELDS) audited[`${language}.${field}`] = row[translationColumn(language, field)];
  }
  return audited;
}

/** Creates a SKU with its audit row (every field from nothing) in one transaction; `byUserId` null is the seed. */
export async function createSku(db: Kysely<Database>, body: SkuBody, now: number, byUserId: string | null = null): Promise<SkuRow> {
  const { translations, ...english } = body;
  return db.transaction().execute(async (trx) => {
    const row = {
      id: newId(),
      displayId: await nextDisplayId(trx, 'sku'),
      ...english,
      ...(translationValues(translations, true) as TranslationColumns),
      version: 1,
      createdAt: now,
      updatedAt: now,
    } satisfies SkuRow;
    await trx.insertInto('skus').values(row).execute();
    await appendAudit(trx, { entity: 'sku', entityId: row.id, at: now, byUserId, changes: diff({}, auditedFields(row)) });
    return row;
  });
}

export type SkuUpdate = { ok: true; row: SkuRow } | { ok: false; reason: 'missing' | 'stale' };

/**
 * Applies the fields only when the stored version is still `version`, with the audit row of what
 * changed (field by field, translations included) in the same transaction. Every write bumps the
 * version, so the row read here at that version is the row the update changes.
 */
export async function updateSku(
  db: Kysely<Database>,
  id: string,
  version: number,
  fields: Partial<SkuBody>,
  now: number,
  byUserId: string,
): Promise<SkuUpdate> {
  const { translations, ...english } = fields;
  return db.transaction().execute(async (trx): Promise<SkuUpdate> => {
    const current = await findSku(trx, id);
    if (!current) return { ok: false, reason: 'missing' };
    if (current.version !== version) return { ok: false, reason: 'stale' };
    const result = await trx
      .updateTable('skus')
      .set({ ...english, ...translationValues(translations, false), version: version + 1, updatedAt: now })
      .where('id', '=', current.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: 'stale' };
    const row = (await findSku(trx, current.id))!;
    await appendAudit(trx, { entity: 'sku', entityId: row.id, at: now, byUserId, changes: diff(auditedFields(current), auditedFields(row)) });
    return { ok: true, row };
  });
}
