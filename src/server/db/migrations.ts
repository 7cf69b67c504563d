/**
 * The one set of migrations, portable between SQLite and PostgreSQL: text ids made in the app,
 * integer money and epoch-millisecond times (bigint), 0/1 flags. No app code is imported here.
 * `bytea` is PostgreSQL's byte type; SQLite accepts the name and stores the Buffer as a blob.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

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
 * Decision 025: the versions the quotation answer cache is checked against. Each farmer's
 * `quotations_version` is bumped by every write that changes what their quotation list shows, in the
 * same transaction; the `catalogue` counter row is bumped by every SKU edit (lines show SKU names,
 * images and units).
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

const migrations: Record<string, Migration> = { '0001_initial': initial, '0002_answer_versions': answerVersions };

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

/**
 * PostgreSQL only: refresh the planner's statistics for the app's tables (in the connection's schema)
 * after migrating and seeding, or after a bulk load. Until autovacuum gets to a freshly filled table
 * the planner takes it for nearly empty; the bench's quotation polling ran at half speed that way
 * (decision 024). SQLite needs no statistics for these plans: every hot lookup has its index.
 */
export async function analyzePostgres(db: AnyDb): Promise<void> {
  await sql.raw(`analyze ${TABLES.join(', ')}`).execute(db);
}
