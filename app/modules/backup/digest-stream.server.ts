import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { EntryDigest } from "./manifest";

/**
 * A pass-through that counts and hashes what flows through it: the manifest records the bytes a
 * snapshot actually holds, and a restore checks the bytes it actually wrote.
 */
export function digestStream(): Transform & { digest: () => EntryDigest } {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  // Read once, when the stream has ended: a hash cannot be finished twice.
  return Object.assign(stream, { digest: (): EntryDigest => ({ size, sha256: hash.digest("hex") }) });
}
