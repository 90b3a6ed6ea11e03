import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { createS3Client } from "~/adapters/storage/s3-storage.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStorage, type ObjectStorage } from "~/adapters/storage/object-storage.server";
import { startS3Server } from "../support/s3-server";

/**
 * The storage contract's `list()` (what a backup copies and a restore checks is empty), on the folder
 * storage and on S3 through s3rver, as the rest of the contract in object-storage.test.ts.
 */
interface Backend {
  storage: ObjectStorage;
  /** Puts files where the storage keeps its objects under names no key can take. */
  putForeign: () => Promise<void>;
  close: () => Promise<void>;
}

const backends: Array<[string, () => Promise<Backend>]> = [
  [
    "filesystem (DATA_DIR/objects)",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "objects-list-"));
      const storage = await createObjectStorage({ dataDir, s3: undefined });
      const root = path.join(dataDir, "objects");
      const putForeign = async () => {
        mkdirSync(path.join(root, ".tmp"), { recursive: true });
        writeFileSync(path.join(root, ".tmp", "half-written"), "x");
        writeFileSync(path.join(root, ".hidden"), "x");
        writeFileSync(path.join(root, "with space"), "x");
      };
      return { storage, putForeign, close: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3 = await startS3Server();
      const storage = await createObjectStorage({ dataDir: tmpdir(), s3: s3.settings });
      // A bucket may hold keys the site never makes (another program's, a hidden one): they are not its files.
      const client = createS3Client(s3.settings);
      const putForeign = async () => {
        for (const Key of ["_private/notes.txt", "with space.txt"]) await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key, Body: "x" }));
      };
      return { storage, putForeign, close: async () => (client.destroy(), storage.close(), await s3.close()) };
    },
  ],
];

const listed = async (storage: ObjectStorage) => {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
};

describe.each(backends)("object storage list(): %s", (_name, open) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(() => backend.close());

  it("lists nothing in an empty storage", async () => {
    expect(await listed(backend.storage)).toEqual([]);
  });

  it("lists every stored key, nested ones included, and no removed one", async () => {
    const options = { contentType: "application/octet-stream" };
    for (const key of ["a.bin", "podcast/audio/x.mp3", "podcast/audio/y.mp3", "shop/covers/deep/z.png"]) await backend.storage.put(key, Buffer.from(key), options);
    await backend.storage.delete("podcast/audio/y.mp3");
    expect(await listed(backend.storage)).toEqual(["a.bin", "podcast/audio/x.mp3", "shop/covers/deep/z.png"]);
  });

  it("lists no file a key could not name (the folder storage's own temporary files, another program's objects)", async () => {
    await backend.putForeign();
    expect(await listed(backend.storage)).toEqual(["a.bin", "podcast/audio/x.mp3", "shop/covers/deep/z.png"]);
  });
});
