/**
 * Every module of machines/ loads. XState checks a chart's config when the module builds it (a
 * compound state without an initial state throws), so a broken chart throws at import and the app
 * would not start. The modules are imported inside the tests: under Stryker a mutant that breaks a
 * module at load then fails a test, whereas a test file that fails to import has no tests and the
 * Vitest runner counts its mutant as survived (scripts/mutation.ts runs this file for every file of
 * machines/).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '..', '..', 'machines');
const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));

describe('the modules of machines/', () => {
  it('are found', () => {
    expect(modules).toContain('session.machine.ts');
  });

  for (const name of modules) {
    it(`loads machines/${name}`, async () => {
      await expect(import(join(dir, name))).resolves.toBeTypeOf('object');
    });
  }
});
