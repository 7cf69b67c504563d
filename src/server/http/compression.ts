/**
 * API answers above about 1 KB go out compressed (issue 9, item 1), brotli or gzip as the client
 * accepts. Registered inside the /api scope only: the web app's static files are compressed once at
 * build and served as they are (web.ts), so nothing is compressed twice. Images are not compressible
 * types, so protected photos and SKU images go out as stored.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes an answer goes out as it is: compressing it saves less than its headers cost. */
export const COMPRESS_THRESHOLD = 1024;

export async function installApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Every API answer is made per request, so compressing it is paid every time. On a 62 KB admin
    // page of 50 (bench/scale.ts): quality 5 took 0.81 ms for 3.5 KB, quality 4 0.53 ms for 4.0 KB,
    // and gzip 6 0.67 ms for 4.3 KB; 4 saves a third of the time for half a KB on the wire.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}
