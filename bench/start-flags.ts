import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The node flags of `npm start` (package.json), so a bench runs the server exactly as production does. */
export function startFlags(root: string): string[] {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}
