/**
 * `npm run backup -- <file>`: a consistent copy of the database while the server runs.
 * SQLite (DATA_DIR/krishi.sqlite): SQLite's online backup, checked with integrity_check.
 * PostgreSQL (DATABASE_URL): pg_dump --format=custom, or the command to run where pg_dump is installed.
 * Secrets (DATA_DIR/secrets.json, or OTP_HMAC_SECRET and AADHAAR_KEY) are not in the copy: keep them apart.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { backupPostgres, backupSqlite, hasPgDump, pgDumpCommand } from '../src/server/ops/backup';

const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

async function main() {
  const named = process.argv[2];
  if (!named) fail('Usage: npm run backup -- <file>   (for example: npm run backup -- /backups/krishi-monday.sqlite)');
  // npm runs scripts from the package folder; a relative name means the folder the person typed it in.
  const target = resolve(process.env.INIT_CWD ?? process.cwd(), named!);
  const config = loadConfig();

  if (config.databaseUrl) {
    if (!hasPgDump()) {
      process.stdout.write(`pg_dump is not installed here (apt-get install postgresql-client). Run:\n  ${pgDumpCommand(config.databaseUrl, target)}\n`);
      process.exit(2);
    }
    const result = await backupPostgres(config.databaseUrl, target);
    process.stdout.write(`Backed up PostgreSQL to ${result.file}: ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s (restore with pg_restore).\n`);
    return;
  }
  const source = join(config.dataDir, 'krishi.sqlite');
  if (!existsSync(source)) fail(`No database at ${source}: set DATA_DIR to the server's data folder.`);
  const result = await backupSqlite(source, target);
  process.stdout.write(
    `Backed up ${source} to ${result.file}: ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s, integrity ok.\n` +
      `Secrets are not in it: keep ${join(config.dataDir, 'secrets.json')} (or OTP_HMAC_SECRET and AADHAAR_KEY) apart.\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  fail(`Backup failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
});
