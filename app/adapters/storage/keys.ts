import { randomUUID } from "node:crypto";

/**
 * Object keys: the names objects are stored under, in a folder or a bucket. They are made by the
 * site (`newObjectKey`), never taken from an uploaded file's name, and checked again by every storage
 * call, so a key can never reach outside its storage:
 * - segments separated by `/`, no empty segment, so no leading or trailing slash;
 * - each segment from `a-z A-Z 0-9 . _ -`, starting with a letter or a digit (so no `..`, `.` or
 *   hidden names; the filesystem storage keeps its own files in dot-folders keys cannot name);
 * - at most 256 characters.
 */
const SEGMENT = "[A-Za-z0-9][A-Za-z0-9._-]*";
const KEY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
export const MAX_KEY_LENGTH = 256;

export class InvalidObjectKeyError extends Error {
  override name = "InvalidObjectKeyError";
  constructor(key: string) {
    super(`Invalid object key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

export function isValidObjectKey(key: string): boolean {
  return typeof key === "string" && key.length > 0 && key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Throws InvalidObjectKeyError unless `key` follows the rules above; returns it otherwise. */
export function assertObjectKey(key: string): string {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
  return key;
}

/**
 * A fresh random key under a prefix: `newObjectKey("podcast/audio", "mp3")` →
 * `podcast/audio/3f0c…-….mp3`. The extension is lowercased; pass "" for none.
 */
export function newObjectKey(prefix: string, extension: string): string {
  const ext = extension.replace(/^\./, "").toLowerCase();
  if (ext && !/^[a-z0-9]{1,10}$/.test(ext)) throw new InvalidObjectKeyError(`${prefix}/*.${ext}`);
  return assertObjectKey(`${prefix}/${randomUUID()}${ext ? `.${ext}` : ""}`);
}
