/**
 * A CSV export whose database read fails part-way must reach the admin as a broken download, never as
 * a shorter file that ends cleanly and passes for the whole list; and the server goes on answering.
 * On a listening server (real sockets, real compression), its database failing on the export's second
 * page only.
 */
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { databases, useTestApp, type Session } from '../support/server/app';
import { insertQuotation, insertUser } from '../support/server/back-office';
import { parseCsv } from '../support/csv';

/** Three export pages of 50 and a bit. */
const QUOTATIONS = 120;

interface TableRef {
  table?: { identifier?: { name?: string } };
}

/** Whether a select reads the quotations' lines (the export reads them once per page). */
function readsLines(node: { kind: string; from?: { froms?: TableRef[] }; joins?: { table?: TableRef }[] }): boolean {
  if (node.kind !== 'SelectQueryNode') return false;
  const tables = [...(node.from?.froms ?? []), ...(node.joins ?? []).map((j) => j.table ?? {})];
  return tables.some((t) => t.table?.identifier?.name === 'quotation_lines');
}

/**
 * The database failing once armed: the `failOn`-th read of quotation lines after arming throws as a
 * lost connection would, and every read after it succeeds again.
 */
function failingLineRead(): { plugin: KyselyPlugin; arm(failOn: number): void; failed: () => boolean } {
  let remaining = 0;
  let failed = false;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (remaining > 0 && readsLines(args.node as never) && --remaining === 0) {
        failed = true;
        throw new Error('Connection terminated unexpectedly');
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return {
    plugin,
    arm(failOn) {
      remaining = failOn;
      failed = false;
    },
    failed: () => failed,
  };
}

/** How a download ended: its status, and its whole body or the error that broke it off. */
async function download(url: string, headers: Record<string, string>): Promise<{ status: number; body?: string; broken?: unknown }> {
  const res = await fetch(url, { headers });
  try {
    return { status: res.status, body: await res.text() };
  } catch (broken) {
    return { status: res.status, broken };
  }
}

describe.each(databases())('a CSV export whose database fails on its second page, on %s', (kind) => {
  const t = useTestApp(kind);
  const failing = failingLineRead();
  let app: FastifyInstance;
  let base: string;
  let admin: Session;

  beforeAll(async () => {
    admin = await t.admin();
    const db = t.db;
    const farmer = await insertUser(db, { submittedAt: t.clock.now(), name: 'रमेश पटेल' });
    for (let i = 0; i < QUOTATIONS; i++) {
      await insertQuotation(db, { userId: farmer, status: 'PENDING', createdAt: t.clock.now() - (i + 1) * 60_000, displayId: `QT${900000 + i}` });
    }
    // The same app on the same database, its reads passing through the failing plugin; sessions are shared.
    app = await buildApp({ ...t.options, db: t.db.withPlugin(failing.plugin) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['uncompressed', 'identity'],
    ['gzip', 'gzip'],
    ['brotli', 'br'],
  ])('breaks off (%s) and the server goes on answering', async (_, encoding) => {
    const headers = { ...admin.auth, 'accept-encoding': encoding };
    failing.arm(2);
    const broken = await download(`${base}/api/quotations/all.csv`, headers);
    expect(failing.failed()).toBe(true);
    // Either the answer is an error, or the 200 whose first page went out is cut off: never a clean end.
    if (broken.status === 200) {
      expect(broken.body).toBeUndefined();
      expect(broken.broken).toBeInstanceOf(Error);
    } else {
      expect(broken.status).toBe(500);
    }

    // The server answers the next export whole, on the same database connection or pool.
    const whole = await download(`${base}/api/quotations/all.csv`, headers);
    expect(whole.status).toBe(200);
    const rows = parseCsv(whole.body!.slice(1));
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: QUOTATIONS }, (_, i) => `QT${900000 + i}`));
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
