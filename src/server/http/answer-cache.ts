/**
 * Serialized answers kept per user (decision 025): a bounded LRU, by entries and by bytes, whose
 * entries carry the database versions they were built at. An entry is served only while both versions
 * still equal what the database says now (read with the session on every request), so it is never
 * stale, across instances and restarts: the database, not this map, decides. The one change no write
 * makes is the clock's: an entry may also carry the moment it stops being true (the first validity
 * end among the priced quotations it shows) and is not served from then on.
 */
export interface AnswerCacheLimits {
  /** At most this many answers (users). */
  maxEntries: number;
  /** At most this many UTF-16 code units of answer text in all (≈ bytes for the ASCII-heavy JSON). */
  maxChars: number;
}

export const DEFAULT_ANSWER_CACHE: AnswerCacheLimits = { maxEntries: 5_000, maxChars: 32 * 1024 * 1024 };

interface Entry {
  version: number;
  catalogueVersion: number;
  body: string;
  /** Epoch ms from which the answer may no longer be true (Infinity: never, short of a write). */
  expiresAt: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(private readonly limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE) {}

  /**
   * The answer stored for `key` at exactly these versions and still true at `now`; an entry at other
   * versions, or past its expiry, is dropped.
   */
  get(key: string, version: number, catalogueVersion: number, now = -Infinity): string | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.version !== version || entry.catalogueVersion !== catalogueVersion || now >= entry.expiresAt) {
      this.chars -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.body;
  }

  set(key: string, version: number, catalogueVersion: number, body: string, expiresAt = Infinity): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.chars -= old.body.length;
    }
    if (body.length > this.limits.maxChars || this.limits.maxEntries < 1) return;
    this.entries.set(key, { version, catalogueVersion, body, expiresAt });
    this.chars += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.chars <= this.limits.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalChars(): number {
    return this.chars;
  }
}
