/**
 * The one set of migrations, portable between SQLite and PostgreSQL: text ids made in the app,
 * integer money and epoch-millisecond times (bigint), 0/1 flags, quantities as numeric(12,1). No app
 * code is imported here.
 * `bytea` is PostgreSQL's byte type; SQLite accepts the name and stores the Buffer as a blob.
 * One migration has a PostgreSQL step only (0011: a collation, where SQLite already compares bytes),
 * and one a PostgreSQL word (0012: an unlogged table, dropped again by 0013).
 */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Migrations see the database as it was then, not the app's current table types (KY migrations docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every table the migrations make, in creation order. */
const TABLES = [
  'users',
  'sessions',
  'otp_verifications',
  'otp_sends',
  'counters',
  'skus',
  'quotations',
  'quotation_lines',
  'orders',
  'images',
] as const;

/** Tables added by later migrations, for ANALYZE. */
const LATER_TABLES = ['sms_outbox', 'list_counts', 'audit_log', 'rate_events', 'spent_challenges', 'order_problems'] as const;

/** Every table of the latest schema. */
export const APP_TABLES = [...TABLES, ...LATER_TABLES] as const;

const initial: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile_number', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('preferred_language', 'text')
      .addColumn('profile_photo', 'text')
      .addColumn('aadhaar', 'text')
      .addColumn('gender', 'text')
      .addColumn('age', 'integer')
      .addColumn('farm_address', 'text')
      .addColumn('geo_lat', 'double precision')
      .addColumn('geo_long', 'double precision')
      .addColumn('geo_accuracy', 'double precision')
      .addColumn('profile_updated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('recorded_at', 'timestamp', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('otp_verifications')
      .addColumn('mobile_number', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('otp_sends')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile_number', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('otp_sends_number_idx').on('otp_sends').columns(['mobile_number', 'sent_at']).execute();

    await db.schema
      .createTable('counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    await db
      .insertInto('counters')
      .values([
        { name: 'sku', value: 1000 },
        { name: 'quotation', value: 100000 },
        { name: 'order', value: 100000 },
      ])
      .execute();

    await db.schema
      .createTable('skus')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('display_id', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category_name', 'text', (c) => c.notNull())
      .addColumn('brand_name', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('available_qty', 'bigint', (c) => c.notNull())
      .addColumn('minimum_price', 'bigint', (c) => c.notNull())
      .addColumn('sku_quantity_unit', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('quotations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('display_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quotations_user_idx').on('quotations').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('quotation_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('quotation_id', 'text', (c) => c.notNull().references('quotations.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('sku_id', 'text', (c) => c.notNull().references('skus.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('goods_price_paisa', 'bigint', (c) => c.notNull())
      .addColumn('discount_paisa', 'bigint', (c) => c.notNull())
      .addColumn('shipping_price_paisa', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('quotation_lines_quotation_idx')
      .on('quotation_lines')
      .columns(['quotation_id', 'position'])
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('display_id', 'text', (c) => c.notNull().unique())
      .addColumn('quotation_id', 'text', (c) => c.notNull().unique().references('quotations.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount_paid_paisa', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('delivery_otp', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text')
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('data', 'bytea', (c) => c.notNull())
      .addColumn('iv', 'bytea')
      .addColumn('tag', 'bytea')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of [...TABLES].reverse()) {
      await db.schema.dropTable(table).execute();
    }
  },
};

/**
 * The versions a farmer's quotation answers are tagged with (decision 025). Each farmer's
 * `quotations_version` is bumped by every write that changes what their quotation list shows, in the
 * same transaction; the `catalogue` counter row was bumped by every SKU edit until lines kept their
 * SKU as quoted (0013 removes it).
 */
const answerVersions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('quotations_version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto('counters').values({ name: 'catalogue', value: 0 }).execute();
  },
  async down(db: AnyDb) {
    await db.deleteFrom('counters').where('name', '=', 'catalogue').execute();
    await db.schema.alterTable('users').dropColumn('quotations_version').execute();
  },
};

/** The SKU text columns each translated language gets (a farmer reads the catalogue in Hindi or Gujarati): `hindi_name`, `gujrati_brand_name`, … */
const SKU_TRANSLATION_COLUMNS = ['hindi', 'gujrati'].flatMap((language) =>
  ['name', 'description', 'category_name', 'brand_name'].map((field) => `${language}_${field}`),
);

/**
 * A SKU's Hindi and Gujarati texts beside its English fields, each nullable (null falls back
 * to English). Existing SKUs keep their rows and simply have no translation yet.
 */
const skuTranslations: Migration = {
  async up(db: AnyDb) {
    for (const column of SKU_TRANSLATION_COLUMNS) {
      await db.schema.alterTable('skus').addColumn(column, 'text').execute();
    }
  },
  async down(db: AnyDb) {
    for (const column of SKU_TRANSLATION_COLUMNS) {
      await db.schema.alterTable('skus').dropColumn(column).execute();
    }
  },
};

/**
 * The transactional outbox of SMS notifications, so a farmer is told once that a price came. A row is written in the same transaction
 * as the change it reports; the sender claims due rows with a lease (`lease_until`), sends, and marks
 * them sent, or schedules the next attempt (`next_attempt_at`) until `attempts` runs out.
 */
const smsOutbox: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sms_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_number', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('lease_owner', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('sms_outbox_due_idx').on('sms_outbox').columns(['state', 'next_attempt_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sms_outbox').execute();
  },
};

/**
 * Lists at business scale (tens of thousands of farmers). Every admin and farmer list is a keyset page over an index in its
 * own sort order (no OFFSET); `total` without a search is a maintained count in `list_counts`, kept by
 * the writers in their transactions. The audit trail, the quotation's pricing time (validity), and the
 * expression index the name search ranges over.
 */
const scaleLists: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('quotations').addColumn('priced_at', 'bigint').execute();
    // Keyset pages: each list's sort order as an index, with and without its status filter.
    await db.schema.dropIndex('quotations_user_idx').execute();
    const indexes = [
      'create index quotations_user_page_idx on quotations (user_id, created_at, display_id)',
      'create index quotations_page_idx on quotations (created_at, display_id)',
      'create index quotations_status_page_idx on quotations (status, created_at, display_id)',
      'create index quotations_expiry_idx on quotations (status, priced_at)',
      'create index orders_page_idx on orders (created_at, display_id)',
      'create index orders_status_page_idx on orders (status, created_at, display_id)',
      'create index orders_user_idx on orders (user_id)',
      'create index users_page_idx on users (is_verified, created_at desc, id)',
      'create index users_name_idx on users (lower(name))',
    ];
    for (const statement of indexes) await sql.raw(statement).execute(db);

    await db.schema
      .createTable('list_counts')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    const counts = [
      sql`select 'users' as name, count(*) as value from users`,
      sql`select 'quotations', count(*) from quotations`,
      sql`select 'quotations:' || status, count(*) from quotations group by status`,
      sql`select 'orders', count(*) from orders`,
      sql`select 'orders:' || status, count(*) from orders group by status`,
    ];
    for (const select of counts) await sql`insert into list_counts (name, value) ${select}`.execute(db);

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('by_user_id', 'text', (c) => c.references('users.id'))
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('list_counts').execute();
    for (const name of [
      'users_name_idx',
      'users_page_idx',
      'orders_user_idx',
      'orders_status_page_idx',
      'orders_page_idx',
      'quotations_expiry_idx',
      'quotations_status_page_idx',
      'quotations_page_idx',
      'quotations_user_page_idx',
    ]) {
      await db.schema.dropIndex(name).execute();
    }
    await db.schema.createIndex('quotations_user_idx').on('quotations').columns(['user_id', 'created_at']).execute();
    await db.schema.alterTable('quotations').dropColumn('priced_at').execute();
  },
};

/**
 * The date an admin expects the order to arrive, shown to the farmer on /order-status. An
 * ISO calendar date (`YYYY-MM-DD`) as text, null until set.
 */
const expectedDelivery: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('orders').addColumn('expected_delivery_date', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('orders').dropColumn('expected_delivery_date').execute();
  },
};

/** When the farmer last sent the sign-up form (epoch ms), so the waiting screen shows it on any phone. */
const profileSubmittedAt: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('profile_submitted_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('profile_submitted_at').execute();
  },
};

/**
 * Quintal and tonne take one decimal (2.5 quintal), so a line's quantity is numeric(12,1),
 * exact on PostgreSQL (which hands it back as text; the readers already take Number of it) and a
 * NUMERIC column on SQLite (2.5 stays 2.5). Portable without ALTER COLUMN TYPE, which SQLite lacks:
 * add the new column, copy, drop the old, rename. Money stays integer paisa: a line's goods price is
 * rounded half up once, when it is made.
 */
const decimalQuantity: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('quotation_lines')
      .addColumn('quantity_decimal', sql`numeric(12, 1)`, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.updateTable('quotation_lines').set({ quantity_decimal: sql`quantity` }).execute();
    await db.schema.alterTable('quotation_lines').dropColumn('quantity').execute();
    await db.schema.alterTable('quotation_lines').renameColumn('quantity_decimal', 'quantity').execute();
  },
  async down(db: AnyDb) {
    // Whole numbers again: a decimal quantity is rounded (half up) on the way back.
    await db.schema
      .alterTable('quotation_lines')
      .addColumn('quantity_whole', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.updateTable('quotation_lines').set({ quantity_whole: sql`round(quantity)` }).execute();
    await db.schema.alterTable('quotation_lines').dropColumn('quantity').execute();
    await db.schema.alterTable('quotation_lines').renameColumn('quantity_whole', 'quantity').execute();
  },
};

/**
 * Version counters of an admin list answer cache an earlier release kept (one row per list); 0013
 * removes them with the cache.
 */
const LIST_VERSIONS = ['list:users', 'list:quotations', 'list:orders'];
const listVersions: Migration = {
  async up(db: AnyDb) {
    await db.insertInto('counters').values(LIST_VERSIONS.map((name) => ({ name, value: 0 }))).execute();
  },
  async down(db: AnyDb) {
    await db.deleteFrom('counters').where('name', 'in', LIST_VERSIONS).execute();
  },
};

/**
 * Two repairs of what 0005 left:
 * - `priced_at` came with no value for the quotations already priced, so a COMPLETED quotation of an
 *   upgraded database never expired and showed no validity. Its pricing time is its last write: an
 *   admin's save COMPLETED is the last write a COMPLETED quotation gets (a farmer's delete or order
 *   moves it on). The sweep then expires those past their validity as it expires any.
 * - The users' counts by verification (`users:VERIFIED`, `users:UNVERIFIED`) were added with each
 *   new user but not moved by a verification, so they drifted; they are counted again here, and the
 *   writers keep them since (repos/users.ts).
 */
const USER_STATUS_COUNTS = ['users:VERIFIED', 'users:UNVERIFIED'];
const upgradeRepairs: Migration = {
  async up(db: AnyDb) {
    await sql`update quotations set priced_at = updated_at where status = 'COMPLETED' and priced_at is null`.execute(db);
    await sql`delete from list_counts where name in (${sql.join(USER_STATUS_COUNTS)})`.execute(db);
    await sql`insert into list_counts (name, value)
      select case when is_verified = 1 then 'users:VERIFIED' else 'users:UNVERIFIED' end, count(*) from users group by is_verified`.execute(db);
  },
  // Data only: the pricing times and the counts stay as they are now true.
  async down() {},
};

/**
 * The searched text columns compare by code point on PostgreSQL too. A search is
 * a range `[prefix, prefixEnd(prefix))` over an index (repos/search.ts), which holds only where text
 * sorts by code point: SQLite always compares bytes, but a PostgreSQL database created under a
 * linguistic collation (en_US, ICU) sorts `:` before the digits, so a search ending in 9 (`98765…9`,
 * `QT1000019`) found nothing. Each column, and with it each index on it (the mobile number's unique
 * index, `lower(name)`'s, the display ids'), takes the "C" collation, whatever the database's default.
 */
const SEARCHED_COLUMNS = [
  ['users', 'mobile_number'],
  ['users', 'name'],
  ['quotations', 'display_id'],
  ['orders', 'display_id'],
] as const;
const codePointSearch: Migration = {
  async up(db: AnyDb) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const [table, column] of SEARCHED_COLUMNS) await sql.raw(`alter table ${table} alter column ${column} type text collate "C"`).execute(db);
  },
  async down(db: AnyDb) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const [table, column] of SEARCHED_COLUMNS) await sql.raw(`alter table ${table} alter column ${column} type text collate "default"`).execute(db);
  },
};

/**
 * A store of pre-rendered farmer pages that an earlier release kept (a derived store, unlogged on
 * PostgreSQL); 0013 drops it. Kept so that databases of every release migrate in order.
 */
const farmerPages: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('farmer_pages')
      .$call((t) => (postgres ? t.modifyFront(sql`unlogged`) : t))
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('quotations_version', 'integer', (c) => c.notNull())
      .addColumn('catalogue_version', 'integer', (c) => c.notNull())
      .addColumn('validity_days', 'integer', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('br', 'bytea', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('farmer_pages').execute();
  },
};

/**
 * A quotation line keeps its SKU as it was quoted: the names in three languages, the image, the unit
 * and the minimum price per unit, copied when the farmer asks (and when an admin switches a line to
 * another SKU). A catalogue edit no longer changes a quotation under the farmer, nor re-means a
 * quantity already asked in another unit. Existing lines take their SKU as it is now.
 *
 * The derived stores of answers go: the farmers' stored pages, the catalogue counter they and the
 * answer tags were checked against, and the admin lists' version counters.
 */
const LIST_VERSION_NAMES = ['list:users', 'list:quotations', 'list:orders'];
const linesAsQuoted: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('quotation_lines').addColumn('sku_name', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('quotation_lines').addColumn('sku_hindi_name', 'text').execute();
    await db.schema.alterTable('quotation_lines').addColumn('sku_gujrati_name', 'text').execute();
    await db.schema.alterTable('quotation_lines').addColumn('sku_image', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('quotation_lines').addColumn('sku_unit', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('quotation_lines').addColumn('sku_minimum_price', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update quotation_lines set
        sku_name = skus.name, sku_hindi_name = skus.hindi_name, sku_gujrati_name = skus.gujrati_name,
        sku_image = skus.image, sku_unit = skus.sku_quantity_unit, sku_minimum_price = skus.minimum_price
      from skus where skus.id = quotation_lines.sku_id`.execute(db);
    await db.schema.dropTable('farmer_pages').execute();
    await db.deleteFrom('counters').where('name', 'in', ['catalogue', ...LIST_VERSION_NAMES]).execute();
  },
  async down(db: AnyDb) {
    await db.insertInto('counters').values(['catalogue', ...LIST_VERSION_NAMES].map((name) => ({ name, value: 0 }))).execute();
    await farmerPages.up(db);
    for (const column of ['sku_name', 'sku_hindi_name', 'sku_gujrati_name', 'sku_image', 'sku_unit', 'sku_minimum_price']) {
      await db.schema.alterTable('quotation_lines').dropColumn(column).execute();
    }
  },
};

/**
 * Safe to launch. Budgets shared by every instance: one row per counted event (a login code to a new
 * number, an upload, a profile write) in its bucket, counted over the last hour. Proof-of-work
 * solutions already used, until they would expire anyway. The user's data facts: when the account
 * was verified (the Aadhaar image's retention counts from it), when a verified farmer changed the
 * name or Aadhaar, the Aadhaar notice consented to and when, and when the account was closed.
 * Indexes for the sweep that deletes login codes and sent SMS past 30 days, and for an owner's images.
 */
const safeLaunch: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rate_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_events_bucket_idx').on('rate_events').columns(['bucket', 'at']).execute();
    await db.schema.createIndex('rate_events_at_idx').on('rate_events').column('at').execute();
    await db.schema
      .createTable('spent_challenges')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('spent_challenges_expiry_idx').on('spent_challenges').column('expires_at').execute();
    for (const column of ['verified_at', 'details_changed_at', 'aadhaar_consent_at', 'removed_at']) {
      await db.schema.alterTable('users').addColumn(column, 'bigint').execute();
    }
    await db.schema.alterTable('users').addColumn('aadhaar_consent', 'text').execute();
    // Accounts verified before this release count their retention from their last change.
    await sql`update users set verified_at = updated_at where is_verified = 1`.execute(db);
    await db.schema.createIndex('users_verified_at_idx').on('users').column('verified_at').execute();
    await db.schema.createIndex('images_owner_idx').on('images').columns(['owner_id', 'created_at']).execute();
    await db.schema.createIndex('otp_sends_sent_idx').on('otp_sends').column('sent_at').execute();
    await db.schema.createIndex('sms_outbox_created_idx').on('sms_outbox').column('created_at').execute();
  },
  async down(db: AnyDb) {
    for (const index of ['sms_outbox_created_idx', 'otp_sends_sent_idx', 'images_owner_idx', 'users_verified_at_idx']) {
      await db.schema.dropIndex(index).execute();
    }
    for (const column of ['aadhaar_consent', 'removed_at', 'aadhaar_consent_at', 'details_changed_at', 'verified_at']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
    await db.schema.dropTable('spent_challenges').execute();
    await db.schema.dropTable('rate_events').execute();
  },
};

/**
 * Bargaining and proof of delivery. A quotation keeps its pricing's number (`revision`, 0 before the
 * first), the farmer's decline (reason and note), the counter-offer waiting for an answer (total,
 * note and when; `counter_at` null when none waits, and indexed for the admin's "countered" list) and
 * the last revision's total, which the farmer sees struck through beside the new one. An order
 * records how it was delivered (`delivered_with`: "code" or "admin") and the wrong delivery codes
 * tried since its last move, which lock the code after five.
 */
const bargainingAndDeliveryProof: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('quotations').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    for (const column of ['decline_reason', 'decline_note', 'counter_note']) {
      await db.schema.alterTable('quotations').addColumn(column, 'text').execute();
    }
    for (const column of ['counter_total_paisa', 'counter_at', 'previous_total_paisa']) {
      await db.schema.alterTable('quotations').addColumn(column, 'bigint').execute();
    }
    // Quotations priced before this release are their first revision.
    await sql`update quotations set revision = 1 where priced_at is not null`.execute(db);
    await db.schema.createIndex('quotations_counter_idx').on('quotations').columns(['counter_at', 'created_at']).execute();
    await db.schema.alterTable('orders').addColumn('delivered_with', 'text').execute();
    await db.schema.alterTable('orders').addColumn('delivery_code_tries', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('orders').dropColumn('delivery_code_tries').execute();
    await db.schema.alterTable('orders').dropColumn('delivered_with').execute();
    await db.schema.dropIndex('quotations_counter_idx').execute();
    for (const column of ['previous_total_paisa', 'counter_at', 'counter_total_paisa', 'counter_note', 'decline_note', 'decline_reason', 'revision']) {
      await db.schema.alterTable('quotations').dropColumn(column).execute();
    }
  },
};

/**
 * Where and when to deliver, and the farmer's problems with a delivery. An order keeps the delivery
 * place (the address as JSON text: line, village, district, PIN code, landmark), its pin and the date
 * the farmer would like it; all null on orders placed before this release. A farmer reports a problem
 * with a delivered order (short weight, wet, ...) with a note and a photo; an admin closes it with a
 * note. At most one problem per order is open, held by a partial unique index (SQLite and PostgreSQL
 * both have them), which the admin's "problem reported" list also reads.
 */
const deliveryPlaceAndProblems: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('orders').addColumn('delivery_address', 'text').execute();
    await db.schema.alterTable('orders').addColumn('delivery_lat', 'double precision').execute();
    await db.schema.alterTable('orders').addColumn('delivery_long', 'double precision').execute();
    await db.schema.alterTable('orders').addColumn('preferred_date', 'text').execute();
    await db.schema
      .createTable('order_problems')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('photo_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('admin_note', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .execute();
    await db.schema.createIndex('order_problems_order_idx').on('order_problems').columns(['order_id', 'created_at']).execute();
    await sql`create unique index order_problems_open_idx on order_problems (order_id) where status = 'open'`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('order_problems').execute();
    for (const column of ['preferred_date', 'delivery_long', 'delivery_lat', 'delivery_address']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};

/**
 * The back office's dashboard: its figures are counts over indexes. Farmers waiting for verification
 * by when they sent the form (accounts that sent it before the time was kept count from their last
 * change); open orders by their expected date (due today, late); the quotations priced since a day
 * (the conversion of the last 30 days).
 */
const backOffice: Migration = {
  async up(db: AnyDb) {
    await sql`update users set profile_submitted_at = updated_at where profile_updated = 1 and profile_submitted_at is null`.execute(db);
    await db.schema.createIndex('users_waiting_idx').on('users').columns(['is_verified', 'profile_submitted_at']).execute();
    await db.schema.createIndex('orders_due_idx').on('orders').columns(['status', 'expected_delivery_date']).execute();
    await db.schema.createIndex('quotations_priced_idx').on('quotations').columns(['priced_at', 'status']).execute();
  },
  async down(db: AnyDb) {
    for (const index of ['quotations_priced_idx', 'orders_due_idx', 'users_waiting_idx']) await db.schema.dropIndex(index).execute();
  },
};

/**
 * What the analyst's view reads: the charts' transitions counted per day (and each chart's total a
 * day, so the list of charts reads a few rows a day), time in state as daily
 * histograms, the onboarding funnel per day, each install's day (the daily cap, kept two days) and a
 * bounded sample of whole journeys for replay. No user id anywhere: an install id is random.
 */
const analytics: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('analytics_counts')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('chart', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text', (c) => c.notNull())
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_counts_pk', ['chart', 'day', 'from_state', 'to_state', 'event'])
      .execute();
    await db.schema.createIndex('analytics_counts_day_idx').on('analytics_counts').columns(['day']).execute();
    // The analyst's reads take a chart's days from the index alone, counts included.
    await db.schema.createIndex('analytics_counts_read_idx').on('analytics_counts').columns(['chart', 'day', 'from_state', 'to_state', 'event', 'count']).execute();
    await db.schema
      .createTable('analytics_chart_days')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('chart', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_chart_days_pk', ['day', 'chart'])
      .execute();
    await db.schema
      .createTable('analytics_dwell')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('chart', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('bucket', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_dwell_pk', ['chart', 'day', 'state', 'bucket'])
      .execute();
    await db.schema.createIndex('analytics_dwell_day_idx').on('analytics_dwell').columns(['day']).execute();
    await db.schema.createIndex('analytics_dwell_read_idx').on('analytics_dwell').columns(['chart', 'day', 'state', 'bucket', 'count']).execute();
    await db.schema
      .createTable('analytics_funnel')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_funnel_pk', ['day', 'step'])
      .execute();
    await db.schema
      .createTable('analytics_installs')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('install_id', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('steps', 'integer', (c) => c.notNull())
      .addColumn('open', 'text', (c) => c.notNull())
      .addColumn('journey_id', 'text')
      .addPrimaryKeyConstraint('analytics_installs_pk', ['day', 'install_id'])
      .execute();
    await db.schema
      .createTable('analytics_journeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('length', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analytics_journeys_day_idx').on('analytics_journeys').columns(['day', 'created_at']).execute();
    await db.schema
      .createTable('analytics_journey_steps')
      .addColumn('journey_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('chart', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text', (c) => c.notNull())
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_journey_steps_pk', ['journey_id', 'seq'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['analytics_journey_steps', 'analytics_journeys', 'analytics_installs', 'analytics_funnel', 'analytics_dwell', 'analytics_chart_days', 'analytics_counts']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

/**
 * A write the phone may send more than once (a request sent again after its answer was lost on the
 * way) is done once: the farmer's key for it, the route, a hash of what was asked and the answer
 * given, kept a day. The key row is written first in the write's own transaction, so on PostgreSQL a
 * second instance's insert of the same key waits for the first to commit and then finds it.
 */
const idempotencyKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('body_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('answer', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').columns(['created_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};

/** Search words per SKU in Hindi and Gujarati: the words farmers type for it besides its name. */
const skuSearchWords: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('skus').addColumn('hindi_search_words', 'text').execute();
    await db.schema.alterTable('skus').addColumn('gujrati_search_words', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('skus').dropColumn('gujrati_search_words').execute();
    await db.schema.alterTable('skus').dropColumn('hindi_search_words').execute();
  },
};

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_answer_versions': answerVersions,
  '0003_sku_translations': skuTranslations,
  '0004_sms_outbox': smsOutbox,
  '0005_scale_lists': scaleLists,
  '0006_expected_delivery': expectedDelivery,
  '0007_decimal_quantity': decimalQuantity,
  '0008_profile_submitted_at': profileSubmittedAt,
  '0009_list_versions': listVersions,
  '0010_upgrade_repairs': upgradeRepairs,
  '0011_code_point_search': codePointSearch,
  '0012_farmer_pages': farmerPages,
  '0013_lines_as_quoted': linesAsQuoted,
  '0014_safe_launch': safeLaunch,
  '0015_bargaining_and_delivery_proof': bargainingAndDeliveryProof,
  '0016_delivery_place_and_problems': deliveryPlaceAndProblems,
  '0017_back_office': backOffice,
  '0018_analytics': analytics,
  '0019_idempotency_keys': idempotencyKeys,
  '0020_sku_search_words': skuSearchWords,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the database to the latest schema; throws with the failing migration's error. On PostgreSQL
 * with several schemas (the tests' schema per file), name the schema: Kysely's check for its own
 * bookkeeping tables otherwise sees another schema's tables.
 */
export async function migrateToLatest(db: AnyDb, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Brings the database to the named migration (tests: a database as an older release left it). */
export async function migrateTo(db: AnyDb, name: string, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * PostgreSQL only: refresh the planner's statistics for the app's tables (in the connection's schema)
 * after migrating and seeding, or after a bulk load. Until autovacuum gets to a freshly filled table
 * the planner takes it for nearly empty; the bench's quotation polling ran at half speed that way.
 * SQLite needs no statistics for these plans: every hot lookup has its index.
 */
export async function analyzePostgres(db: AnyDb): Promise<void> {
  await sql.raw(`analyze ${APP_TABLES.join(', ')}`).execute(db);
}
