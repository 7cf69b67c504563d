/**
 * `npm start` / `npm run serve`: load config, answer 503 while starting, migrate, seed, listen, close
 * gracefully on SIGTERM/SIGINT.
 * Bad configuration or a failed start prints one line on stderr and exits 1.
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'kysely';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { driverHandle, openDatabase } from './db/connect';
import { analyzePostgres, migrateToLatest } from './db/migrations';
import { countedSms, createMetrics, listenForMetrics } from './ops/metrics';
import { scheduleSqliteBackups, type BackupSchedule } from './ops/backup';
import { listenWhileStarting } from './ops/readiness';
import { pruneSessions } from './repos/sessions';
import { loadSecrets } from './secrets';
import { seedDatabase } from './seed/seed';
import { createOutboxSender } from './sms/outbox';
import { consoleTransport, type SmsTransport } from './sms/transport';
import { twilioTransport } from './sms/twilio';

const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

function smsFor(config: ServerConfig): SmsTransport {
  return config.sms.transport === 'twilio' ? twilioTransport(config.sms.twilio) : consoleTransport();
}

async function main() {
  const config = loadConfig();
  const secrets = loadSecrets(config);
  // A chosen port answers 503 UNAVAILABLE until the app is ready (an ephemeral one has no one asking yet).
  const starting = config.port === 0 ? null : await listenWhileStarting(config.port, config.host);
  mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'sqlite', file: join(config.dataDir, 'krishi.sqlite') },
  );
  const schema = config.databaseUrl
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  await migrateToLatest(db, schema);
  const seeded = await seedDatabase(db, Date.now());
  if (config.databaseUrl) await analyzePostgres(db);

  const sms = smsFor(config);
  const metrics = config.metricsPort === null ? null : createMetrics(db);
  const app = await buildApp({
    metrics,
    db,
    config,
    secrets,
    sms,
    webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    logger: { level: config.logLevel },
  });
  // The app's plugins and routes are in place before it takes the port over: the gap is one listen call.
  await app.ready();
  await starting?.close();
  await app.listen({ port: config.port, host: config.host });
  const metricsListener = metrics && config.metricsPort !== null ? await listenForMetrics(metrics, config.metricsPort) : null;
  const outbox = createOutboxSender({ db, sms: countedSms(sms, 'notification', metrics), enabled: config.smsNotifications, log: app.log });
  await outbox.start();

  const port = (app.server.address() as { port: number }).port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`Krishi is running at http://${shownHost}:${port}`];
  if (metricsListener) lines.push(`Metrics for Prometheus at http://127.0.0.1:${metricsListener.port}/metrics`);
  if (seeded > 0) lines.push(`Seeded the sample catalogue (${seeded} products).`);
  lines.push(
    config.adminMobileNumbers.length > 0
      ? `Admin login: mobile number ${config.adminMobileNumbers.join(' or ')}`
      : 'No admin number is configured: set ADMIN_MOBILE_NUMBERS to make admins.',
  );
  if (config.sms.transport === 'console') lines.push('Login codes are not sent by SMS: they appear in this console as [sms] lines.');
  process.stdout.write(`${lines.join('\n')}\n`);

  // The server's own backups go through its own connection, so its writes never restart the copy.
  const handle = driverHandle(db);
  const { dir: backupDir, everyHours, keep } = config.backup;
  let backups: BackupSchedule | null = null;
  if (everyHours > 0 && backupDir && handle?.kind === 'sqlite') {
    mkdirSync(backupDir, { recursive: true });
    backups = scheduleSqliteBackups({ source: handle.sqlite, dir: backupDir, everyHours, keep, log: app.log });
  }

  const prune = setInterval(() => void pruneSessions(db, Date.now()).catch(() => undefined), 60 * 60 * 1000);
  prune.unref();

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // A load balancer polling /api/ready stops sending new farmers here before the listener closes.
    app.readiness.drain();
    if (config.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    clearInterval(prune);
    await backups?.stop();
    await outbox.stop();
    await app.close();
    await metricsListener?.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  const message = error instanceof Error ? error.message : String(error);
  fail(`Start-up failed: ${message.split('\n')[0]}`);
});
