import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { onTestFinished } from 'vitest';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/** A plugin's hook as Vite calls it, whether the plugin wrote it as a function or as `{ order, handler }`. */
export function hook(plugin: Plugin, name: keyof Plugin): Hook {
  const declared: unknown = plugin[name];
  const handler = declared && typeof declared === 'object' && 'handler' in declared ? declared.handler : declared;
  if (typeof handler !== 'function') throw new Error(`${plugin.name} has no ${name} hook`);
  return handler as Hook;
}

/** What Vite gives a hook as `this`, as far as the build's plugins use it: errors end the build. */
export const pluginContext = (watched: string[] = []) => ({
  addWatchFile: (file: string) => void watched.push(file),
  error: (message: string): never => {
    throw new Error(message);
  },
});

/** A project folder of the test's own (locales/, public/, dist/), gone when the test ends. */
export function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'krishi-build-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  return root;
}
