/**
 * Backups of the farmers' data. SQLite: SQLite's online backup (better-sqlite3's `backup()`), which
 * copies a consistent snapshot page by page while the server goes on writing, into a file beside the
 * target that is renamed only once it is whole and passes `integrity_check`. PostgreSQL: `pg_dump
 * --format=custom`, or, where pg_dump is not installed, the exact command to run elsewhere.
 * Secrets (DATA_DIR/secrets.json or the environment) are never in a backup: they are kept apart.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/**
 * A consistent copy of a SQLite database, written to `target` as one self-contained file. `source`
 * is the file (another process, such as the running server, may write meanwhile) or the server's own
 * connection.
 */
export async function backupSqlite(source: string | SQLite.Database, target: string): Promise<BackupResult> {
  const started = performance.now();
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const own = typeof source !== 'string';
  const live = own ? source : new SQLite(source, { fileMustExist: true });
  try {
    if (!own) live.pragma('busy_timeout = 5000');
    // SQLite starts a backup over when another connection writes between its steps, so from outside
    // the copy is one step: a read snapshot, which in WAL mode never holds the server's writes up.
    // Through the server's own connection its writes reach the copy as they happen, so the copy goes
    // in small steps and requests are answered between them.
    await live.backup(partial, { progress: () => (own ? 1000 : 0x7fffffff) });
  } finally {
    if (!own) live.close();
  }
  const copy = new SQLite(partial);
  try {
    // One file a person can move: no -wal beside it. The server turns WAL back on when it opens it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed SQLite's integrity check: ${String(check)}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, ms: Math.round(performance.now() - started) };
}

/** The pg_dump arguments for a whole-database custom-format dump (`extra` narrows it, e.g. to one schema). */
export function pgDumpArgs(url: string, target: string, extra: string[] = []): string[] {
  return ['--format=custom', `--file=${target}`, ...extra, `--dbname=${url}`];
}

/** The command an operator can paste, with any password in the url left out (pg_dump reads PGPASSWORD or ~/.pgpass). */
export function pgDumpCommand(url: string, target: string): string {
  const shown = new URL(url);
  if (shown.password) shown.password = '';
  const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  return ['pg_dump', ...pgDumpArgs(shown.toString(), target)].map(quote).join(' ');
}

export const hasPgDump = (): boolean => !spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).error;

/** Runs pg_dump; rejects with its own error line when it fails. */
export async function backupPostgres(url: string, target: string, extra: string[] = []): Promise<BackupResult> {
  const started = performance.now();
  const partial = `${target}.partial`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pg_dump', pgDumpArgs(url, partial, extra), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed: ${stderr.trim().split('\n')[0] ?? `exit ${code}`}`))));
  }).catch((error: unknown) => {
    rmSync(partial, { force: true });
    throw error;
  });
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, ms: Math.round(performance.now() - started) };
}

const STAMPED = /^krishi-\d{8}T\d{6}Z\.sqlite$/;

/** `krishi-20260128T031500Z.sqlite`: names that sort by time. */
export const stampedName = (at: Date) => `krishi-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.sqlite`;

/** Deletes all but the newest `keep` scheduled backups in `dir` (other files there are left alone). */
export function pruneBackups(dir: string, keep: number): string[] {
  const stamped = readdirSync(dir)
    .filter((name) => STAMPED.test(name))
    .sort();
  const gone = stamped.slice(0, Math.max(0, stamped.length - keep));
  for (const name of gone) rmSync(join(dir, name), { force: true });
  return gone;
}

export interface BackupSchedule {
  stop(): Promise<void>;
}

/**
 * The server's own backups on SQLite: every `everyHours` a stamped copy in `dir`, the newest `keep`
 * kept. One process owns a SQLite file, so only it takes them; a failed backup is logged and the next
 * one tried on time.
 */
export function scheduleSqliteBackups(options: {
  source: SQLite.Database;
  dir: string;
  everyHours: number;
  keep: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): BackupSchedule {
  let running: Promise<void> | null = null;
  const take = () => {
    if (running) return;
    running = backupSqlite(options.source, join(options.dir, stampedName(new Date())))
      .then((result) => {
        const pruned = pruneBackups(options.dir, options.keep);
        options.log.info({ file: result.file, bytes: result.bytes, ms: result.ms, pruned: pruned.length }, 'backup written');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'backup failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(take, options.everyHours * 3600 * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
