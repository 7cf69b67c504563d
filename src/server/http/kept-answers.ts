/**
 * The bounded store under both answer caches, the farmer's (answer-cache.ts, decision 025) and the
 * admin lists' (list-answers.ts, decision 027): least recently used first out, bounded by entries and
 * by size, where an entry's size is its answer plus the compressed forms kept with it. Whether an
 * entry still holds is the caller's to say (the versions it was built at, its expiry).
 */
import { compressForApi, type ApiEncoding } from './compression';

/**
 * The bytes in a memory block of their own, exactly their size, so that what the bound counts is
 * what an entry holds. zlib's one-shot output is a view of its 16 KB working chunk: a farmer's 2 KB
 * brotli answer, kept as it came, held all 16 KB (the scale bench's server passed 200 MB of RSS
 * with 5,000 farmers' answers kept; thirteenth session, decision 028). `Buffer.from` of a text under
 * 4 KB is likewise a view of a shared 8 KB block.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** A text's UTF-8 bytes to keep, in a block of their own (`ownBytes`). */
export const ownUtf8 = (text: string): Buffer => ownBytes(Buffer.from(text, 'utf8'));

export interface Encodable {
  /** The answer compressed, per encoding, once a client asked for it. */
  encoded: Partial<Record<ApiEncoding, Buffer>>;
}

export class KeptAnswers<E extends Encodable> {
  private readonly entries = new Map<string, E>();
  private total = 0;

  /**
   * `answer` is what an entry sends uncompressed, its UTF-8 bytes: their length (`length`, when the
   * entry knows it without making them) counts, with its compressed forms.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxSize: number,
    private readonly answer: (entry: E) => Buffer,
    private readonly length: (entry: E) => number = (entry) => answer(entry).length,
  ) {}

  private sizeOf(entry: E): number {
    let n = this.length(entry);
    for (const bytes of Object.values(entry.encoded)) n += bytes.length;
    return n;
  }

  /** The entry of `key` if `holds` says it is still true (it becomes the most recently used); otherwise it is dropped. */
  find(key: string, holds: (entry: E) => boolean): E | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (!holds(entry)) {
      this.total -= this.sizeOf(entry);
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  /** Stores the entry under `key` in place of any other (when it fits the bounds) and returns it either way, to send it. */
  keep(key: string, entry: E): E {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.total -= this.sizeOf(old);
    }
    const size = this.sizeOf(entry);
    if (size > this.maxSize || this.maxEntries < 1) return entry;
    this.entries.set(key, entry);
    this.total += size;
    this.evict();
    return entry;
  }

  /** The entry's answer in `encoding`, compressed on first use and kept with it (counted in the bound). */
  encode(key: string, entry: E, encoding: ApiEncoding): Buffer {
    const known = entry.encoded[encoding];
    if (known !== undefined) return known;
    const bytes = ownBytes(compressForApi(encoding, this.answer(entry)));
    entry.encoded[encoding] = bytes;
    if (this.entries.get(key) === entry) {
      this.total += bytes.length;
      this.evict();
    }
    return bytes;
  }

  private evict(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxSize) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(entry);
    }
  }

  /** False when its bounds keep nothing: the callers then answer as without a cache. */
  get enabled(): boolean {
    return this.maxEntries > 0 && this.maxSize > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answers' lengths and their compressed bytes, in all. */
  get totalSize(): number {
    return this.total;
  }
}
