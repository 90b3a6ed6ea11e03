import { pipeline } from "node:stream/promises";
import { BackupError } from "./backup-error";
import { digestStream } from "./digest-stream.server";
import { expectedEntries, MANIFEST_NAME, parseManifest, sameDigest, type EntryDigest, type Manifest } from "./manifest";
import { drain, type SnapshotEntries } from "./snapshot-reader.server";

const SHOWN_PROBLEMS = 10;

/**
 * Reads the whole snapshot once and checks every entry the manifest names against its size and
 * sha256, before a restore changes anything. A missing or damaged entry refuses the snapshot.
 */
export async function verifySnapshot(entries: SnapshotEntries, signal?: AbortSignal): Promise<Manifest> {
  const digests = new Map<string, EntryDigest>();
  let manifestText: string | undefined;
  for await (const { name, body } of entries()) {
    signal?.throwIfAborted();
    if (name === MANIFEST_NAME) {
      const parts: Buffer[] = [];
      for await (const part of body) parts.push(part as Buffer);
      manifestText = Buffer.concat(parts).toString("utf8");
      continue;
    }
    const digest = digestStream();
    await pipeline(body, digest, drain);
    digests.set(name, digest.digest());
  }
  if (manifestText === undefined) {
    throw new BackupError("This snapshot has no manifest.json: it was not made by `npm run backup`, or its making did not finish.");
  }
  const manifest = parseManifest(manifestText);
  const problems: string[] = [];
  for (const [name, expected] of expectedEntries(manifest)) {
    const found = digests.get(name);
    if (!found) problems.push(`${name} is missing`);
    else if (!sameDigest(found, expected)) problems.push(`${name} is damaged: its bytes differ from those the manifest lists`);
  }
  if (problems.length > 0) {
    const more = problems.length > SHOWN_PROBLEMS ? `\n  …and ${problems.length - SHOWN_PROBLEMS} more` : "";
    throw new BackupError(`The snapshot is damaged, so nothing was restored:\n  ${problems.slice(0, SHOWN_PROBLEMS).join("\n  ")}${more}`);
  }
  return manifest;
}
