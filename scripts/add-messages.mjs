#!/usr/bin/env node
/**
 * Merges messages into locales/{en,hi,gu}.json, sorted by key, so several people can add keys without
 * clobbering each other. Usage: node scripts/add-messages.mjs file.json
 * where file.json is { "en": {key: text}, "hi": {...}, "gu": {...} }.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const locale of ['en', 'hi', 'gu']) {
  const path = new URL(`../locales/${locale}.json`, import.meta.url);
  let current;
  try {
    current = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    current = {};
  }
  const merged = { ...current, ...(input[locale] ?? {}) };
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
  const tmp = new URL(`../locales/.${locale}.json.${process.pid}`, import.meta.url);
  writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(tmp, path);
}
console.log('merged', Object.keys(input.en ?? {}).length, 'keys');
