/**
 * The server's resident-memory budget (issue 9): 150 MB after the polling load. libvips (sharp)
 * keeps up to 50 MB of operation cache and a worker thread per core by default; every image here is
 * encoded once (an upload, a seed picture) and never again, so that cache only holds memory.
 */
import sharp from 'sharp';

export const RSS_BUDGET_MB = 150;

export function limitImageMemory(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}
