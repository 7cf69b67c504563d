/**
 * `npm run lint:api`: the API description as the server serves it (GET /api/openapi.json), checked
 * by Redocly's recommended rules. Built in memory: no server or database to start.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrations';

const REDOCLY = '@redocly/cli@2.77.0';

const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
await migrateToLatest(db);
const app = await buildApp({
  db,
  config: loadConfig({}),
  secrets: { otpHmacSecret: randomBytes(32), aadhaarKey: randomBytes(32) },
  sms: { send: async () => undefined },
});
const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
await app.close();
await db.destroy();
const file = join(mkdtempSync(join(tmpdir(), 'krishi-api-')), 'openapi.json');
writeFileSync(file, answer.body);
const lint = spawnSync('npx', ['--yes', REDOCLY, 'lint', file], { stdio: 'inherit' });
process.exit(lint.status ?? 1);
