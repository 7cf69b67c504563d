/**
 * Seeds an empty catalogue with the eight sample SKUs. Each picture is an SVG drawn for this project,
 * rendered by sharp to a 400×400 WebP and stored like any SKU upload (content-addressed, public).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { imageUrl, storeImage } from '../repos/images';
import { TRANSLATED_LANGUAGES, TRANSLATED_TEXT_FIELDS } from '../../domain/types';
import { createSku, translationColumn } from '../repos/skus';
import { contentId } from '../uploads/images';
import { loadSharp } from '../memory-budget';
import { CATALOGUE } from './catalogue';

const rendered = new Map<string, Promise<Buffer>>();

/** Renders a product picture (an SVG) to its 400×400 WebP. */
export async function renderSvg(svg: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(svg, { density: 96 }).resize(400, 400).webp({ quality: 82 }).toBuffer();
}

/** The WebP that scripts/build-server.mjs renders beside the compiled server for `file`. */
export const prerenderedName = (file: string) => file.replace(/\.svg$/, '.webp');

/**
 * The product picture as WebP (once per process): the compiled server reads the one rendered at
 * build, so it never loads sharp to seed; from the sources (tsx, tests) it is rendered here.
 */
export function renderPicture(file: string): Promise<Buffer> {
  let job = rendered.get(file);
  if (!job) {
    const prerendered = fileURLToPath(new URL(prerenderedName(file), import.meta.url));
    job = existsSync(prerendered) ? readFile(prerendered) : readFile(fileURLToPath(new URL(file, import.meta.url))).then(renderSvg);
    rendered.set(file, job);
  }
  return job;
}

/**
 * A catalogue seeded before SKUs had translations (migration 0003): each sample SKU still under its
 * English sample name and with no Hindi or Gujarati text yet gets the sample's; one seeded before SKUs
 * had search words (migration 0020) gets the sample's search words where it has none in either
 * language. Admin-typed texts are never overwritten. Returns how many SKUs were filled.
 */
export async function seedTranslations(db: Kysely<Database>, now: number): Promise<number> {
  let filled = 0;
  for (const item of CATALOGUE) {
    const values = Object.fromEntries(
      TRANSLATED_LANGUAGES.flatMap((language) =>
        TRANSLATED_TEXT_FIELDS.map((field) => [translationColumn(language, field), item.translations?.[language]?.[field] ?? null]),
      ),
    );
    const updated = await db
      .updateTable('skus')
      .set((eb) => ({ ...values, version: eb('version', '+', 1), updatedAt: now }))
      .where('name', '=', item.name)
      .where((eb) => eb.and(Object.keys(values).map((column) => eb(column as 'hindiName', 'is', null))))
      .executeTakeFirst();
    filled += Number(updated.numUpdatedRows);
    const words = { hindiSearchWords: item.translations?.hindi?.searchWords ?? null, gujratiSearchWords: item.translations?.gujrati?.searchWords ?? null };
    const given = await db
      .updateTable('skus')
      .set((eb) => ({ ...words, version: eb('version', '+', 1), updatedAt: now }))
      .where('name', '=', item.name)
      .where('hindiSearchWords', 'is', null)
      .where('gujratiSearchWords', 'is', null)
      .executeTakeFirst();
    filled += Number(given.numUpdatedRows);
  }
  return filled;
}

/** Inserts the sample catalogue when there are no SKUs yet; returns how many were added. */
export async function seedDatabase(db: Kysely<Database>, now: number): Promise<number> {
  const any = await db.selectFrom('skus').select('id').limit(1).executeTakeFirst();
  if (any) {
    await seedTranslations(db, now);
    return 0;
  }
  const pictures = await Promise.all(CATALOGUE.map((item) => renderPicture(item.picture)));
  for (const [i, { picture: _picture, ...item }] of CATALOGUE.entries()) {
    const webp = pictures[i]!;
    const id = contentId(webp);
    await storeImage(db, { id, kind: 'sku', ownerId: null, mime: 'image/webp', data: webp, iv: null, tag: null, createdAt: now });
    await createSku(db, { ...item, image: imageUrl(id) }, now);
  }
  return CATALOGUE.length;
}
