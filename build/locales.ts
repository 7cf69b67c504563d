import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder: the build reads the locale catalogues and public/ from it. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** The app's languages, as the catalogues under locales/ name them. */
export const LOCALES = ['en', 'hi', 'gu'] as const;

export const localeFile = (root: string, locale: string) => join(root, 'locales', `${locale}.json`);

/** One language's catalogue: message id → ICU message text. */
export const readLocale = (root: string, locale: string) =>
  JSON.parse(readFileSync(localeFile(root, locale), 'utf8')) as Record<string, string>;
