import type { Readable } from "node:stream";

/**
 * Files the site stores (audio, covers, downloads) behind one contract with two implementations: a
 * folder (DATA_DIR/objects, the default) and an S3-compatible bucket when S3_* is set. The contract
 * tests in tests/integration/object-storage.test.ts run against both. Every method checks its key
 * (keys.ts) and throws InvalidObjectKeyError before touching storage.
 */
export interface ObjectStorage {
  readonly kind: "filesystem" | "s3";
  /** Stores a whole body under `key`, replacing what was there. A stream is never held in memory. */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<ObjectInfo>;
  /** Stores a file from local disk (a finished upload, a generated file); the file is left in place. */
  putFile(key: string, file: string, options: PutOptions): Promise<ObjectInfo>;
  /**
   * The object's bytes, all of them or the inclusive `range` (its end is clamped to the last byte).
   * null when there is no such object. A range that starts at or past the end throws RangeError.
   * The caller must read or destroy `body`.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key, in no promised order (a backup copies them all; a restore checks the storage is
   * empty). A key put while the listing runs may or may not be listed.
   */
  list(): AsyncIterable<string>;
  /** Releases connections (S3); the filesystem storage has none. */
  close(): void;
}

export interface PutOptions {
  /** A MIME type such as `audio/mpeg`, decided by the caller from the file's checked content. */
  contentType: string;
  cacheControl?: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
  cacheControl?: string;
  /** A strong validator, quoted as in an ETag header; it changes whenever the object is put again. */
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The bytes `body` holds when a range was asked for. */
  range?: ByteRange;
}

/** `type/subtype` with optional parameters, nothing that could break a header. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:\s*;\s*[a-z0-9_.-]+=[a-z0-9_.-]+)*$/i;

/** Shared by both implementations, so both refuse the same options. */
export function checkPutOptions(options: PutOptions): void {
  if (!CONTENT_TYPE.test(options.contentType)) throw new TypeError(`Invalid content type: ${JSON.stringify(options.contentType)}`);
  if (options.cacheControl !== undefined && !/^[\x20-\x7e]{1,200}$/.test(options.cacheControl)) {
    throw new TypeError("Invalid Cache-Control value");
  }
}

/** The inclusive range actually served: end clamped to the last byte, or RangeError if none is left. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  const end = Math.min(range.end, size - 1);
  if (!Number.isSafeInteger(range.start) || range.start < 0 || range.start > end) {
    throw new RangeError(`Range ${range.start}-${range.end} is not satisfiable for ${size} bytes`);
  }
  return { start: range.start, end };
}
