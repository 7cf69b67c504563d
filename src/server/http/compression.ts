/**
 * API answers above about 1 KB go out compressed, brotli or gzip as the client accepts: a farmer's
 * page of quotations is a tenth of its JSON in brotli, which is most of what a poll costs on prepaid
 * 3G. Registered inside the /api scope only: the web app's static files are compressed once at build
 * and served as they are (web.ts), so nothing is compressed twice. Images are not compressible types,
 * so protected photos and SKU images go out as stored.
 */
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes an answer goes out as it is: compressing it saves less than its headers cost. */
const COMPRESS_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one call on the event loop; larger ones through a zlib
 * stream on libuv's threadpool. The plugin's default follows the core count (8 KB on a 2-core
 * server), which sends every list page (12–60 KB) through a stream: a zlib context per answer, a
 * threadpool hop and stream events. A page is at most about 60 KB of JSON, so one call.
 */
const COMPRESS_SYNC_UP_TO = 128 * 1024;

// Every answer is made per request and most are sent once (an unchanged poll is a 304 with no body),
// so compression is paid on every answer built. Brotli at quality 1 costs a quarter of quality 4's
// time for about 10% more bytes on a farmer's page; gzip (only for a client without brotli) at level 1.
const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const GZIP_OPTIONS: ZlibOptions = { level: 1 };

export async function installApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_SYNC_UP_TO,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
