/**
 * The server's resident-memory budget: 150 MB after the polling load (bench/README.md), so one small
 * instance serves a district's farmers.
 * - sharp (libvips) is loaded on the first image to encode, not at start: it alone adds some 30 MB
 *   resident, and a server that only answers polls never needs it. The seed pictures come
 *   pre-rendered with the compiled server (scripts/build-server.mjs), so a fresh start needs none.
 * - Once loaded it keeps no operation cache (50 MB by default) and one worker thread: every image here
 *   is encoded once (an upload, a seed picture) and never again, so that cache would only hold memory.
 * - Uploads are decoded one at a time (uploads/images.ts DECODE_CONCURRENCY): glibc keeps what each
 *   decode freed in its pool thread's arena, so decodes side by side add up; six parallel 20-megapixel
 *   PNG uploads stay near 220 MB resident, where unbounded they passed 250 MB.
 * - V8's young generation is capped by `--max-semi-space-size` on the `npm start` command line
 *   (package.json): under a polling load the default lets it grow to 32 MB of short-lived answers.
 */
import type Sharp from 'sharp';

export const RSS_BUDGET_MB = 150;

let sharp: Promise<typeof Sharp> | undefined;

/** sharp with the settings above, imported once on first use. */
export function loadSharp(): Promise<typeof Sharp> {
  sharp ??= import('sharp').then(({ default: loaded }) => {
    loaded.cache(false);
    loaded.concurrency(1);
    return loaded;
  });
  return sharp;
}
