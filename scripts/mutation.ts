/**
 * `npm run test:mutation [-- files…]`: Stryker over machines/ and src/domain/, one file at a time.
 *
 * A chart's config is built when its module loads, so most of a machine's mutants are "static": each
 * one reruns every test that imports the file. Over the whole suite that is ~17 hours on two cores;
 * run per file, with only the test files that import it (directly or through a test helper), it is
 * minutes. Each file's report lands in reports/mutation/<file>.json; the summary adds them up and
 * prints the score per file and per folder, and is the incremental base of the file's next run
 * (delete the report to measure a file from scratch). Not in CI: it is slow.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const TEST_DIRS = ['test/machines', 'test/domain', 'test/support'];
const OUT = join(root, 'reports', 'mutation');

const listTs = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listTs(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

const text = new Map(TEST_DIRS.flatMap(listTs).map((f) => [f, readFileSync(join(root, f), 'utf8')]));

/** The module name a file is imported by: machines/cart.machine.ts → "machines/cart.machine". */
const moduleOf = (file: string) => file.replace(/\.ts$/, '');
const imports = (source: string, module: string) => new RegExp(`from '[./]*/?${module.replace(/[.]/g, '\\.')}'`).test(source);

const sources = new Map(['machines', 'src/domain'].flatMap(listTs).map((f) => [f, readFileSync(join(root, f), 'utf8')]));

/**
 * Imports every module of machines/ inside its tests: a mutant that makes a module throw at load
 * (a chart XState refuses) fails no test of a file that imports it statically, because that file
 * never runs; the Vitest runner then reports the mutant as survived.
 */
const LOAD_TEST = 'test/machines/modules-load.test.ts';

/** Test files importing `file` directly or through a test helper, or importing a module that imports it. */
export function testsFor(file: string): string[] {
  const importers = [...sources].filter(([, src]) => new RegExp(`from '\\./${basename(file, '.ts').replace(/[.]/g, '\\.')}'`).test(src));
  const modules = [moduleOf(file), ...importers.map(([f]) => moduleOf(f))];
  const helpers = [...text].filter(([f, src]) => !f.endsWith('.test.ts') && modules.some((m) => imports(src, m))).map(([f]) => f);
  return [...text]
    .filter(([f, src]) => f.endsWith('.test.ts') && (modules.some((m) => imports(src, m)) || helpers.some((h) => imports(src, basename(h, '.ts')))))
    .map(([f]) => f)
    .concat(file.startsWith('machines/') ? [LOAD_TEST] : [])
    .sort();
}

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function score(report: Report) {
  let detected = 0;
  let undetected = 0;
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) {
      if (DETECTED.has(m.status)) detected++;
      else if (UNDETECTED.has(m.status)) undetected++;
    }
  }
  return { detected, undetected };
}

const pct = (d: number, u: number) => (d + u === 0 ? 'n/a' : `${((100 * d) / (d + u)).toFixed(1)}%`);

function main() {
  const asked = process.argv.slice(2);
  const files = asked.length > 0 ? asked : [...listTs('machines'), ...listTs('src/domain')].filter((f) => !f.endsWith('.d.ts'));
  mkdirSync(OUT, { recursive: true });
  for (const file of files) {
    const tests = testsFor(file);
    const out = join(OUT, `${file.replace(/[/\\]/g, '__')}.json`);
    if (tests.length === 0) {
      console.log(`${file}: no test imports it`);
      continue;
    }
    console.log(`${file}: ${tests.length} test file(s)`);
    // The last report of the file is the incremental base: killed mutants whose killing test is
    // unchanged are not run again, so a rerun after new tests costs the survivors, not the whole file.
    const run = spawnSync('npx', ['stryker', 'run', '--mutate', file, '--incremental', '--incrementalFile', out], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, MUTATION_TESTS: tests.join(',') },
    });
    if (run.status !== 0) throw new Error(`stryker failed on ${file}`);
    renameSync(join(OUT, 'current.json'), out);
  }
  summary();
}

/** Prints the score of every file with a report, then per folder. */
function summary() {
  const byFolder = new Map<string, { detected: number; undetected: number }>();
  for (const name of readdirSync(OUT).filter((n) => n.endsWith('.ts.json')).sort()) {
    const report = JSON.parse(readFileSync(join(OUT, name), 'utf8')) as Report;
    const s = score(report);
    const file = name.replace(/\.json$/, '').replace(/__/g, '/');
    console.log(`${pct(s.detected, s.undetected).padStart(7)}  ${s.detected}/${s.detected + s.undetected}  ${file}`);
    const folder = file.startsWith('machines/') ? 'machines/' : 'src/domain/';
    const f = byFolder.get(folder) ?? { detected: 0, undetected: 0 };
    byFolder.set(folder, { detected: f.detected + s.detected, undetected: f.undetected + s.undetected });
  }
  for (const [folder, s] of byFolder) console.log(`mutation score ${folder}: ${pct(s.detected, s.undetected)} (${s.detected} detected of ${s.detected + s.undetected})`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv[2] === '--summary' && existsSync(OUT)) summary();
  else main();
}
