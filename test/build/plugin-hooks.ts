import type { Plugin } from 'vite';

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
