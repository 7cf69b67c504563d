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
 */
import type { ApiEncoding } from './compression';
import { KeptAnswers } from './kept-answers';

export interface AnswerCacheLimits {
  /** At most this many answers (users). */
  maxEntries: number;
  /**
   * At most this much in all: UTF-16 code units of answer text (≈ bytes for the ASCII-heavy JSON)
   * plus the bytes of its compressed forms.
   */
  maxChars: number;
}

export const DEFAULT_ANSWER_CACHE: AnswerCacheLimits = { maxEntries: 5_000, maxChars: 32 * 1024 * 1024 };

export interface AnswerEntry {
  version: number;
  catalogueVersion: number;
  body: string;
  /** Epoch ms from which the answer may no longer be true (Infinity: never, short of a write). */
  expiresAt: number;
  /** The body compressed, per encoding, once a client asked for it. */
  encoded: Partial<Record<ApiEncoding, Buffer>>;
}

export class AnswerCache {
  private readonly kept: KeptAnswers<AnswerEntry>;

  constructor(limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE) {
    this.kept = new KeptAnswers(limits.maxEntries, limits.maxChars, (entry) => entry.body);
  }

  /**
   * The answer stored for `key` at exactly these versions and still true at `now`; an entry at other
   * versions, or past its expiry, is dropped.
   */
  get(key: string, version: number, catalogueVersion: number, now = -Infinity): string | undefined {
    return this.entry(key, version, catalogueVersion, now)?.body;
  }

  /** As `get`, the whole entry (to send it compressed through `encode`). */
  entry(key: string, version: number, catalogueVersion: number, now = -Infinity): AnswerEntry | undefined {
    return this.kept.find(key, (entry) => entry.version === version && entry.catalogueVersion === catalogueVersion && now < entry.expiresAt);
  }

  /** Stores the answer (when it fits the bounds) and returns its entry either way, to send it. */
  set(key: string, version: number, catalogueVersion: number, body: string, expiresAt = Infinity): AnswerEntry {
    return this.kept.keep(key, { version, catalogueVersion, body, expiresAt, encoded: {} });
  }

  /** The entry's body in `encoding`, compressed on first use and kept with it (counted in the bound). */
  encode(key: string, entry: AnswerEntry, encoding: ApiEncoding): Buffer {
    return this.kept.encode(key, entry, encoding);
  }

  get size(): number {
    return this.kept.size;
  }

  get totalChars(): number {
    return this.kept.totalSize;
  }
}
