/**
 * Each farmer's first page of GET /api/quotations, built when it changes rather than when it is
 * asked for (decision 029). After every write that changes what a farmer's list shows, the writing
 * route builds that farmer's first page once (`refresh`), serializes and compresses it, and stores it
 * in `farmer_pages` with the versions it was built at and the clock's end it holds until. A first
 * ask that neither the answer cache (decision 025) nor a held tag answers then reads that row, one
 * point lookup, instead of building the page: the build (the page's reads, serialization, brotli),
 * about 1 ms of the one JavaScript thread per ask, was the farmer's first ask's whole cost (decision 028).
 *
 * A stored page is never the truth: it is served only while its versions are the ones the database
 * holds now (read with the session on the same request) and its end has not come, as the answer cache's
 * entries are, and only in the answer's format of the running code (a row outlives a deploy, unlike
 * the cache). So a row that is missing (an older database, a refresh that failed, a crash between a
 * write and its refresh) or left behind by the farmer's version, the validity rule or the format is
 * simply not served: that ask builds the page as before. A row left behind only by the catalogue (a
 * SKU edit moves the catalogue version of every page) is served in the catalogue of now: its lines'
 * SKUs taken from the SKUs of now (`onNewCatalogue`), the very page a build gives, for a fraction of
 * the build. Rows missing or left behind are stored again
 * in the background (`FarmerPages.catchUp`, after a SKU edit and as the server starts; `refreshLater`,
 * after an admin's list read expired quotations of many farmers). Rows only move forward: a refresh stores
 * its page only over one at older or equal versions, so two refreshes racing leave the newer page.
 *
 * Why a refresh labels its page with versions read before the page: a write landing between the two
 * reads gives a page newer than its label, and a label the database has already moved past, so that
 * row is never served; the later write's own refresh stores the page for its versions.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import type { SkuRef } from '../../domain/types';
import { catalogueVersion } from '../repos/answer-versions';
import { lineSku, skuRefsAtLeast } from '../repos/lines';
import { DEFAULT_PAGE } from '../repos/paging';
import { farmerQuotationPage, type QuotationRules } from '../repos/quotations';
import { compressForApi } from './compression';
import { ANSWER_FORMAT } from './etag';
import { GAP_WINDOW_MS, threadGap } from './thread-gaps';
import { ownBytes } from './kept-answers';
import { pageOf } from './list-query';
import { lineSchema, quotationSchema } from './schemas';

/**
 * The farmer's page as JSON: the route's response schema compiled by fast-json-stringify, as Fastify
 * compiles it (no shared schemas are added), so a stored page and a built one are the same bytes.
 */
export const serializeFarmerPage: (page: unknown) => string = fastJson(pageOf(quotationSchema) as Schema);

/**
 * The stored page's shape: the tagged answers' format (a bump there is a bump here) and the page size.
 * A row of another format, left by an earlier release or by another release beside this one in a
 * rolling deploy, is never served.
 */
export const FARMER_PAGE_FORMAT = `${ANSWER_FORMAT}/${DEFAULT_PAGE}`;

export interface StoredPage {
  quotationsVersion: number;
  catalogueVersion: number;
  /** The validity rule it was built under (a restart may change QUOTATION_VALIDITY_DAYS). */
  validityDays: number;
  format: string;
  /** The first validity end the page shows (epoch ms); Infinity when none. */
  expiresAt: number;
  /** The answer's JSON length (UTF-8 bytes), and its brotli bytes: what nearly every phone takes. */
  size: number;
  br: Buffer;
}

// Only the brotli bytes are stored, a few KB that SQLite keeps in the row's own page: the JSON is
// five times that, and on SQLite its overflow pages made each first ask's read three times slower
// (decision 029). A client that takes no brotli gets the JSON decompressed from them (AnswerCache.keepStored).
const storedRow = prepared((db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('farmerPages')
    .select(['quotationsVersion', 'catalogueVersion', 'validityDays', 'format', 'expiresAt', 'size', 'br'])
    .where('userId', '=', userId),
);

const currentVersions = prepared((db: Kysely<Database>, userId: string) =>
  db.selectFrom('users').select('quotationsVersion').select(catalogueVersion().as('catalogueVersion')).where('id', '=', userId),
);

/** The farmer's stored first page, if any (whether it still holds is the caller's to check). */
export async function findStoredPage(db: Kysely<Database>, userId: string): Promise<StoredPage | undefined> {
  const row = (await storedRow(db, userId))[0];
  if (row === undefined) return undefined;
  return {
    quotationsVersion: Number(row.quotationsVersion),
    catalogueVersion: Number(row.catalogueVersion),
    validityDays: Number(row.validityDays),
    format: row.format,
    expiresAt: row.expiresAt === null ? Infinity : Number(row.expiresAt),
    size: Number(row.size),
    br: ownBytes(Buffer.from(row.br)),
  };
}

type PageLabel = Pick<StoredPage, 'quotationsVersion' | 'catalogueVersion' | 'validityDays' | 'format'>;

/** Whether a stored page was built at these versions, under `rules`, in this release's format (the clock aside). */
const storedPageCurrent = (page: PageLabel, quotationsVersion: number, catalogue: number, rules: QuotationRules): boolean =>
  page.quotationsVersion === quotationsVersion &&
  page.catalogueVersion === catalogue &&
  page.validityDays === rules.validityDays &&
  page.format === FARMER_PAGE_FORMAT;

/** Whether a stored page may answer a farmer whose versions, read with the session, are these, at `now`, under `rules`. */
export const storedPageHolds = (page: StoredPage, quotationsVersion: number, catalogue: number, now: number, rules: QuotationRules): boolean =>
  storedPageCurrent(page, quotationsVersion, catalogue, rules) && now < page.expiresAt;

/**
 * Whether a stored page holds at `now` for the farmer's version but was built under an older
 * catalogue (a SKU edit since): `onNewCatalogue` gives it at the catalogue of now.
 */
export const storedPageBehindCatalogue = (page: StoredPage, quotationsVersion: number, catalogue: number, now: number, rules: QuotationRules): boolean =>
  page.catalogueVersion < catalogue && storedPageHolds(page, quotationsVersion, page.catalogueVersion, now, rules);

/**
 * One line's SKU reference, and a quotation's image, as the page's serializer writes them: the same
 * sub-schemas compiled the same way, so the same bytes.
 */
const serializeSkuRef: (ref: SkuRef) => string = fastJson(lineSchema.properties.skuIdentifier as Schema);
const serializeText: (text: string) => string = fastJson({ type: 'string' });

/** Each SKU's reference and image as JSON, per set of kept references (a new set after each SKU edit). */
const serializedRefs = new WeakMap<Map<string, SkuRef>, Map<string, { ref: string; image: string }>>();

function serializedRef(refs: Map<string, SkuRef>, skuId: string): { ref: string; image: string } {
  let byId = serializedRefs.get(refs);
  if (byId === undefined) serializedRefs.set(refs, (byId = new Map()));
  let serialized = byId.get(skuId);
  if (serialized === undefined) {
    const ref = lineSku(refs, skuId);
    serialized = { ref: serializeSkuRef(ref), image: serializeText(ref.image) };
    byId.set(skuId, serialized);
  }
  return serialized;
}

// The marks the page's JSON is cut at. Each is a key the serializer writes with its quotes bare, which
// no string value can hold (its quotes come out escaped): a quotation's lines, whose image comes
// just before them (the schema's order); a line, whose SKU reference comes first, then its quantity.
const PAGE_START = '{"data":[';
const QUOTATION_IMAGE = ',"image":';
const QUOTATION_LINES = ',"skusDetail":[';
const LINE_SKU = '{"skuIdentifier":';
const SKU_ID = '{"_id":"';
const LINE_QUANTITY = ',"quantity":';

/**
 * A stored page's JSON cut around what the catalogue decides: each quotation's image and each line's
 * SKU reference (`holes`, with the SKU each names; a quotation's image is its first line's SKU
 * image, as a build sets it), between the `pieces` kept as they are (one more than the holes). Undefined
 * when the JSON is not a page of quotations that each have lines (a damaged row: then it is built).
 * A line's fields after its SKU reference are numbers, so the line ends at the first brace after them.
 */
function skuHoles(json: string): { pieces: string[]; holes: { skuId: string; image: boolean }[] } | undefined {
  if (!json.startsWith(PAGE_START)) return undefined;
  const pieces: string[] = [];
  const holes: { skuId: string; image: boolean }[] = [];
  const skuIdAt = (at: number): string | undefined => {
    if (!json.startsWith(LINE_SKU + SKU_ID, at)) return undefined;
    const start = at + LINE_SKU.length + SKU_ID.length;
    const end = json.indexOf('"', start);
    return end > start ? json.slice(start, end) : undefined;
  };
  let copied = 0;
  for (let lines = json.indexOf(QUOTATION_LINES); lines >= 0; lines = json.indexOf(QUOTATION_LINES, copied)) {
    const image = json.lastIndexOf(QUOTATION_IMAGE, lines);
    if (image < copied) return undefined;
    let line = lines + QUOTATION_LINES.length;
    const first = skuIdAt(line);
    if (first === undefined) return undefined;
    pieces.push(json.slice(copied, image + QUOTATION_IMAGE.length));
    holes.push({ skuId: first, image: true });
    copied = lines;
    for (;;) {
      const skuId = skuIdAt(line);
      if (skuId === undefined) return undefined;
      const ref = line + LINE_SKU.length;
      const quantity = json.indexOf(LINE_QUANTITY, ref);
      const end = quantity < 0 ? -1 : json.indexOf('}', quantity);
      if (end < 0) return undefined;
      pieces.push(json.slice(copied, ref));
      holes.push({ skuId, image: false });
      copied = quantity;
      if (json[end + 1] === ']') break;
      if (json[end + 1] !== ',') return undefined;
      line = end + 2;
    }
  }
  pieces.push(json.slice(copied));
  return { pieces, holes };
}

/**
 * The JSON of a stored page that holds but for the catalogue (`storedPageBehindCatalogue`), at the
 * catalogue `catalogue` or newer: each line's SKU reference, and each quotation's image (its first
 * line's SKU image, as a build sets it), from the SKU references of now; everything else as stored.
 * It is the page a build gives (a test compares the two, byte for byte): the farmer's version being
 * the page's, none of the page's own rows has changed since, a quotation shows of its SKUs only
 * their references, and the clock has not reached the page's end, so a build would expire nothing.
 * It costs no page read and no tracker reads, and the stored JSON is not parsed: the references of
 * now, serialized once per SKU and catalogue, are put between the stored JSON's pieces (`skuHoles`).
 * So a SKU edit, which leaves every stored page behind, no longer sends every farmer's next ask, and
 * the catch-up walk, to a whole build. Undefined when the row holds no page (then it is built).
 */
export async function onNewCatalogue(db: Kysely<Database>, stored: StoredPage, catalogue: number): Promise<string | undefined> {
  let json: string;
  try {
    json = brotliDecompressSync(stored.br).toString('utf8');
  } catch {
    return undefined;
  }
  const page = skuHoles(json);
  if (page === undefined) return undefined;
  const refs = await skuRefsAtLeast(db, catalogue, page.holes.map((h) => h.skuId));
  let out = page.pieces[0]!;
  page.holes.forEach((hole, i) => {
    const serialized = serializedRef(refs, hole.skuId);
    out += (hole.image ? serialized.image : serialized.ref) + page.pieces[i + 1]!;
  });
  return out;
}

/**
 * Builds the farmer's first page at the default size and stores it, over a stored page only at older
 * or equal versions. Resolves to the page stored, or undefined when the farmer does not exist. With
 * `reuseStored` (the background worker), a stored page behind only the catalogue is brought to it
 * (`onNewCatalogue`) instead of built; a write's refresh has just moved the farmer's version past
 * the stored page's, so it builds without looking.
 */
export async function storeFarmerPage(
  db: Kysely<Database>,
  userId: string,
  now: number,
  rules: QuotationRules,
  reuseStored = false,
): Promise<StoredPage | undefined> {
  // A build that expires quotations moves the farmer's version past the one read before it: read and
  // build again (the second build finds nothing more to expire at the same moment).
  for (let attempt = 0; attempt < 2; attempt++) {
    const versions = (await currentVersions(db, userId))[0];
    if (versions === undefined) return undefined;
    const before = reuseStored ? await findStoredPage(db, userId) : undefined;
    let json: string | undefined;
    let expiresAt = Infinity;
    if (before !== undefined && storedPageBehindCatalogue(before, Number(versions.quotationsVersion), Number(versions.catalogueVersion), now, rules)) {
      json = await onNewCatalogue(db, before, Number(versions.catalogueVersion));
      expiresAt = before.expiresAt;
    }
    if (json === undefined) {
      const built = await farmerQuotationPage(db, { userId, limit: DEFAULT_PAGE }, now, rules);
      if (built.expired > 0 && attempt === 0) continue;
      json = serializeFarmerPage(built.page);
      expiresAt = built.expiresAt;
    }
    const body = Buffer.from(json, 'utf8');
    const stored: StoredPage = {
      quotationsVersion: Number(versions.quotationsVersion),
      catalogueVersion: Number(versions.catalogueVersion),
      validityDays: rules.validityDays,
      format: FARMER_PAGE_FORMAT,
      expiresAt,
      size: body.length,
      br: ownBytes(compressForApi('br', body)),
    };
    const row = { ...stored, userId, expiresAt: Number.isFinite(expiresAt) ? expiresAt : null };
    await db
      .insertInto('farmerPages')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('userId')
          .doUpdateSet((eb) => ({
            quotationsVersion: eb.ref('excluded.quotationsVersion'),
            catalogueVersion: eb.ref('excluded.catalogueVersion'),
            validityDays: eb.ref('excluded.validityDays'),
            format: eb.ref('excluded.format'),
            expiresAt: eb.ref('excluded.expiresAt'),
            size: eb.ref('excluded.size'),
            br: eb.ref('excluded.br'),
          }))
          .where((eb) =>
            eb.and([
              eb('farmerPages.quotationsVersion', '<=', eb.ref('excluded.quotationsVersion')),
              eb('farmerPages.catalogueVersion', '<=', eb.ref('excluded.catalogueVersion')),
            ]),
          ),
      )
      .execute();
    return stored;
  }
  return undefined;
}

/** How many users (and their stored pages) one step of the catch-up walk reads (`FarmerPages.catchUp`). */
export const CATCH_UP_BATCH = 100;

/**
 * One step of the catch-up walk: the next `limit` users after `after` (by id), and of them the farmers
 * whose page no farmer's ask would serve, for a reason no write of theirs will mend soon: a farmer with
 * quotations and no stored page at all (a database from before the stored pages, a refresh that failed
 * before any was stored, or PostgreSQL emptying the unlogged table after a crash), or a page built at an
 * older catalogue version (a SKU edit), under another validity rule or format (a deploy), or at an
 * older quotations version than the farmer's (a refresh that failed or never ran). The clock's end is
 * the expiry sweep's: it expires those quotations and stores the page. `next` is where the walk goes
 * on, null at the end. A window of the users' key, not a search for the next farmers behind: that
 * search, with none behind, read the whole table (148 ms on SQLite at 20,000 farmers, the one thread
 * blocked). The walk follows the users rather than the stored pages so that a missing page is found:
 * walking `farmer_pages` saw only the rows that exist, and a farmer without one built the page on every
 * first ask until a write of theirs stored it.
 */
export async function pagesBehind(
  db: Kysely<Database>,
  after: string,
  rules: QuotationRules,
  limit = CATCH_UP_BATCH,
): Promise<{ behind: string[]; next: string | null }> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('farmerPages', 'farmerPages.userId', 'users.id')
    .select(['users.id as userId', 'users.quotationsVersion as farmerVersion', catalogueVersion().as('catalogue')])
    .select(['farmerPages.quotationsVersion', 'farmerPages.catalogueVersion', 'farmerPages.validityDays', 'farmerPages.format'])
    .select((eb) => eb.exists(eb.selectFrom('quotations').select(eb.lit(1).as('one')).whereRef('quotations.userId', '=', 'users.id')).as('hasQuotations'))
    .where('users.id', '>', after)
    .orderBy('users.id')
    .limit(limit)
    .execute();
  // No stored row: its columns come back null (`format` is never null in a row).
  const behind = rows.filter((r) =>
    r.format === null
      ? Number(r.hasQuotations) === 1
      : !storedPageCurrent(
          { quotationsVersion: Number(r.quotationsVersion), catalogueVersion: Number(r.catalogueVersion), validityDays: Number(r.validityDays), format: r.format },
          Number(r.farmerVersion),
          Number(r.catalogue),
          rules,
        ),
  );
  return { behind: behind.map((r) => r.userId), next: rows.length < limit ? null : rows[rows.length - 1]!.userId };
}

/**
 * How long the worker waits for a gap between requests (`threadGap`) before it builds its next page
 * anyway: under unbroken load it still stores about ten pages a second.
 */
export const BACKGROUND_MAX_WAIT_MS = 100;
/**
 * After a gap (a window the thread was idle for), the worker goes on storing pages for up to this
 * long before it looks for the next gap: as long as the idle window it found, so it takes at most
 * about half of an idle thread, and a request arriving meanwhile waits for at most this and one build.
 * Without it each page cost a whole window of waiting, and a walk over 20,000 idle farmers took 100 s.
 */
export const BACKGROUND_SLICE_MS = GAP_WINDOW_MS;
/** How often, and how far apart, a walk step whose read failed is tried (a database failing over). */
export const WALK_ATTEMPTS = 3;
export const WALK_RETRY_MS = 1_000;

/**
 * What the routes hold (`app.deps.farmerPages`): the store, with the server's clock and rules, and
 * its background worker. The worker stores pages one farmer at a time in the gaps between requests
 * (`threadGap`): after a gap, for a slice of BACKGROUND_SLICE_MS; after BACKGROUND_MAX_WAIT_MS with
 * no gap, one page. So it takes the thread when the requests leave it free, and a request waits for
 * at most a slice and one build (about 1 ms): first the farmers named by
 * `refreshLater`, then the catch-up walk (`catchUp`) over every farmer whose page is missing or
 * behind (`pagesBehind`), in user id order. A SKU edit starts a walk, as the app's start does; one asked for
 * during a walk lets the walk go on to the end and then walk once more from the beginning: each step
 * judges its rows against the catalogue version it reads, so only the rows passed before the edit
 * can be behind it, and an edit never sends the walk back to farmers it has just stored (edits
 * coming faster than a walk would otherwise never let it reach the last farmers). A step whose read
 * fails is tried again after WALK_RETRY_MS, at most WALK_ATTEMPTS times, before the walk is dropped
 * (the next edit or start begins another; the asks meanwhile build their pages).
 */
export class FarmerPages {
  private readonly waiting = new Set<string>();
  /** The catch-up walk under way: the last farmer id it has queued, and whether to walk again after it. */
  private walk: { after: string; again: boolean } | null = null;
  private worker: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly rules: QuotationRules,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Users a walk step reads (tests use fewer, to walk several steps over a few farmers). */
    private readonly batch = CATCH_UP_BATCH,
    /** How the worker takes turns with the requests (tests count the waits, with a slice of their own). */
    private readonly turns: { gap: (maxMs: number) => Promise<boolean>; sliceMs: number } = { gap: threadGap, sliceMs: BACKGROUND_SLICE_MS },
  ) {}

  /** The farmer's stored page; undefined too when it cannot be read (the ask then builds the page). */
  async find(userId: string): Promise<StoredPage | undefined> {
    try {
      return await findStoredPage(this.db, userId);
    } catch (error) {
      this.log.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'the stored farmer page was not read');
      return undefined;
    }
  }

  /**
   * After a write that changed this farmer's list (committed, and answered only after this): stores
   * the farmer's new first page. A failure is logged and dropped, never the write's answer: the
   * write stands, and the next ask builds the page as without the store. The background worker's
   * stores bring a page behind only the catalogue to it instead of building (`reuseStored`).
   */
  async refresh(userId: string, reuseStored = false): Promise<void> {
    try {
      await storeFarmerPage(this.db, userId, this.now(), this.rules, reuseStored);
    } catch (error) {
      this.log.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'the farmer page was not stored');
    }
  }

  /**
   * Stores these farmers' pages in the background: after a write that changed many farmers' lists at
   * once (an admin's list read, or the expiry sweep's batch, that expired their quotations), which
   * should not wait for them.
   */
  refreshLater(userIds: Iterable<string>): void {
    for (const userId of userIds) this.waiting.add(userId);
    this.wake();
  }

  /** Stores, in the background, every farmer's page that is missing or behind (`pagesBehind`). */
  catchUp(): void {
    if (this.walk === null) this.walk = { after: '', again: false };
    else this.walk.again = true;
    this.wake();
  }

  /** Resolves once the background worker has nothing left to do (tests; the bench). */
  async idle(): Promise<void> {
    while (this.worker !== null) await this.worker;
  }

  /** No more background stores; resolves once the one under way has finished (the app's close). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    this.walk = null;
    await this.idle();
  }

  private wake(): void {
    if (this.worker !== null || this.stopped) return;
    this.worker = this.work()
      .catch((error: unknown) => this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the farmer page worker stopped'))
      .finally(() => {
        this.worker = null;
        // Work asked for after the loop found none, before this ran.
        if (this.waiting.size > 0 || this.walk !== null) this.wake();
      });
  }

  private async work(): Promise<void> {
    // Until when the stores may go on without waiting: a slice after a gap found, none after a wait
    // that ran out under load.
    let sliceEnd = 0;
    while (!this.stopped) {
      const next = this.waiting.values().next();
      if (!next.done) {
        this.waiting.delete(next.value);
        if (performance.now() >= sliceEnd) {
          const found = await this.turns.gap(BACKGROUND_MAX_WAIT_MS);
          sliceEnd = found ? performance.now() + this.turns.sliceMs : 0;
        }
        if (this.stopped) return;
        await this.refresh(next.value, true);
        continue;
      }
      const walk = this.walk;
      if (walk === null) return;
      const step = await this.walkStep(walk.after);
      if (this.stopped) return;
      if (step === undefined) {
        this.walk = null;
        return;
      }
      for (const userId of step.behind) this.waiting.add(userId);
      if (step.next !== null) walk.after = step.next;
      else if (walk.again) this.walk = { after: '', again: false };
      else this.walk = null;
    }
  }

  /** One step of the walk, in a gap between requests; undefined when its read failed WALK_ATTEMPTS times. */
  private async walkStep(after: string): Promise<Awaited<ReturnType<typeof pagesBehind>> | undefined> {
    for (let attempt = 1; ; attempt++) {
      await this.turns.gap(BACKGROUND_MAX_WAIT_MS);
      if (this.stopped) return undefined;
      try {
        return await pagesBehind(this.db, after, this.rules, this.batch);
      } catch (error) {
        const err = error instanceof Error ? error.message : String(error);
        if (attempt === WALK_ATTEMPTS) {
          this.log.warn({ err, attempt }, 'the stored farmer pages were not caught up; the walk is dropped');
          return undefined;
        }
        this.log.warn({ err, attempt }, 'a step of the stored farmer pages walk failed; it is tried again');
        await sleep(WALK_RETRY_MS);
      }
    }
  }
}
