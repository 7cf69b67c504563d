/**
 * API answers above about 1 KB go out compressed (issue 9, item 1), brotli or gzip as the client
 * accepts. Registered inside the /api scope only: the web app's static files are compressed once at
 * build and served as they are (web.ts), so nothing is compressed twice. Images are not compressible
 * types, so protected photos and SKU images go out as stored. The admin list answer cache
 * (list-answers.ts) compresses its pages once with these very settings and sends them as the plugin would.
 */
import { brotliCompressSync, constants, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes an answer goes out as it is: compressing it saves less than its headers cost. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one call on the event loop; larger ones through a zlib
 * stream on libuv's threadpool. The plugin's default follows the core count (8 KB on this 2-core
 * machine), which sent every list page (12–60 KB) through a stream: a zlib context allocated per
 * answer, a threadpool hop and stream events (zlib's processChunk alone 7.8% of the server's samples
 * on the farmer's first page, bench/scale.ts SCALE_PROFILE). A page is at most 60 KB of JSON (issue
 * 11), so one call.
 */
export const COMPRESS_SYNC_UP_TO = 128 * 1024;

/** The encodings offered, preferred first. */
export const API_ENCODINGS = ['br', 'gzip'] as const;
export type ApiEncoding = (typeof API_ENCODINGS)[number];

// Every API answer is made per request, so compressing it is paid on every answer that is built, and
// most are sent once or twice (a poll of an unchanged list is a 304 with no body). Measured on the
// scale bench's answers (tenth session, node:zlib one-shot calls, µs per call → bytes):
//
//   answer                          br q1        br q4 (before)   gzip 1       gzip 6 (before)
//   farmer's first page, 12.7 KB    52 → 2,215   168 → 1,986      60 → 2,234   119 → 2,032
//   admin page of 50, 64.4 KB      101 → 4,331   396 → 3,925     187 → 4,985   514 → 4,223
//
// In the server under load, brotli q4 was 20% of the busy time of a farmer's first ask (bench/scale.ts
// SCALE_PROFILE). Quality 1 costs a quarter of that for about 230 bytes more per changed farmer's
// list; gzip (only for a client without brotli) follows at level 1.
const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const GZIP_OPTIONS: ZlibOptions = { level: 1 };

/** `bytes` compressed as the plugin compresses an answer in `encoding`. */
export function compressForApi(encoding: ApiEncoding, bytes: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(bytes, BROTLI_OPTIONS) : gzipSync(bytes, GZIP_OPTIONS);
}

export async function installApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_SYNC_UP_TO,
    encodings: [...API_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
