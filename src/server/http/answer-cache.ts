/**
 * Serialized answers kept per user (decision 025): a bounded LRU, by entries and by bytes, whose
 * entries carry the database versions they were built at. An entry is served only while both versions
 * still equal what the database says now (read with the session on every request), so it is never
 * stale, across instances and restarts: the database, not this map, decides. The one change no write
 * makes is the clock's: an entry may also carry the moment it stops being true (the first validity
 * end among the priced quotations it shows) and is not served from then on.
 *
 * An entry also keeps its brotli and gzip bytes once asked for (issue 11), compressed as the admin
 * list cache does (`compressForApi`, sent by `sendEncodedAnswer`): a hit costs no serialization and
 * no compression. Before, every hit was compressed again, 11% of the server's CPU on the farmer's
 * first page at 1,000 farmers (bench/scale.ts SCALE_PROFILE).
 *
 * The answer is kept as its UTF-8 bytes, as the admin list cache keeps its pages, not as the
 * serializer's string: a farmer's list names every SKU in Hindi and Gujarati too, so V8 holds that
 * string at two bytes a character, about 1.8 times its UTF-8 size (ninth session, issue 11: the
 * kept answers of 2,000 farmers took the scale bench's server past its 200 MB budget).
 */
import { brotliDecompressSync } from 'node:zlib';
import type { ApiEncoding } from './compression';
import { KeptAnswers, ownBytes, ownUtf8 } from './kept-answers';

export interface AnswerCacheLimits {
  /** At most this many answers (users). */
  maxEntries: number;
  /** At most this many bytes in all: each answer's UTF-8 plus its compressed forms. */
  maxBytes: number;
}

export const DEFAULT_ANSWER_CACHE: AnswerCacheLimits = { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 };

export interface AnswerEntry {
  version: number;
  catalogueVersion: number;
  /** The answer's JSON, UTF-8 (made from the brotli bytes on first use, for a page read from the store). */
  readonly body: Buffer;
  /** Its length. */
  size: number;
  /** Epoch ms from which the answer may no longer be true (Infinity: never, short of a write). */
  expiresAt: number;
  /** The body compressed, per encoding, once a client asked for it. */
  encoded: Partial<Record<ApiEncoding, Buffer>>;
}

export class AnswerCache {
  private readonly kept: KeptAnswers<AnswerEntry>;

  constructor(limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE) {
    this.kept = new KeptAnswers(limits.maxEntries, limits.maxBytes, (entry) => entry.body, (entry) => entry.size);
  }

  /**
   * The answer stored for `key` at exactly these versions and still true at `now`; an entry at other
   * versions, or past its expiry, is dropped.
   */
  get(key: string, version: number, catalogueVersion: number, now = -Infinity): string | undefined {
    return this.entry(key, version, catalogueVersion, now)?.body.toString('utf8');
  }

  /** As `get`, the whole entry (to send it compressed through `encode`). */
  entry(key: string, version: number, catalogueVersion: number, now = -Infinity): AnswerEntry | undefined {
    return this.kept.find(key, (entry) => entry.version === version && entry.catalogueVersion === catalogueVersion && now < entry.expiresAt);
  }

  /** Stores the answer (when it fits the bounds) and returns its entry either way, to send it. */
  set(key: string, version: number, catalogueVersion: number, body: string, expiresAt = Infinity): AnswerEntry {
    const bytes = ownUtf8(body);
    return this.kept.keep(key, { version, catalogueVersion, body: bytes, size: bytes.length, expiresAt, encoded: {} });
  }

  /**
   * As `set`, for a farmer's stored page (decision 029): its brotli bytes and its JSON's length. The
   * JSON is made from them only if a client takes no brotli; it is counted in the bound from the start.
   */
  keepStored(key: string, version: number, catalogueVersion: number, size: number, br: Buffer, expiresAt: number): AnswerEntry {
    let json: Buffer | undefined;
    const entry: AnswerEntry = {
      version,
      catalogueVersion,
      get body() {
        return (json ??= ownBytes(brotliDecompressSync(br)));
      },
      size,
      expiresAt,
      encoded: { br },
    };
    return this.kept.keep(key, entry);
  }

  /** The entry's body in `encoding`, compressed on first use and kept with it (counted in the bound). */
  encode(key: string, entry: AnswerEntry, encoding: ApiEncoding): Buffer {
    return this.kept.encode(key, entry, encoding);
  }

  get size(): number {
    return this.kept.size;
  }

  get totalBytes(): number {
    return this.kept.totalSize;
  }
}
